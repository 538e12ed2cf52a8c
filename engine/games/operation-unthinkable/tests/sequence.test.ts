import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../core/dice';
import { isRuleError } from '../../../core/errors';
import type { Actor } from '../../../core/ruleset';
import { printedMap } from '../map';
import { UNITS } from '../data';
import { alliedVictory } from '../steps';
import { board } from '../board';
import { ALLIED, SOVIET, game, makeState } from './helpers';
import type { Command, Event, State } from '../types';

const map = printedMap();
const rs = game(map);

function code(f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (e) {
    return isRuleError(e) ? `${e.code}:${e.rule}` : String(e);
  }
}

class Game {
  s: State;
  events: Event[];
  constructor(dice: number[], options: Record<string, boolean> = {}) {
    this.events = rs.setup('standard', options, new FixedDice(dice));
    this.s = this.events.reduce((x, e) => rs.evolve(x, e), rs.initial());
  }
  do(c: Command, a: Actor, dice: number[] = []): Event[] {
    const ev = rs.decide(this.s, c, a, new FixedDice(dice));
    this.events.push(...ev);
    this.s = ev.reduce((x, e) => rs.evolve(x, e), this.s);
    return ev;
  }
  legal(a: Actor) {
    return rs.legal(this.s, a);
  }
}

describe('set-up sequence (3.3-3.7)', () => {
  it('rolls the frontline: 1-3 Elbe, 4-6 Mulde, and splits control along it (3.3, 2.1.2)', () => {
    expect(new Game([3]).s.line).toBe('elbe');
    const g = new Game([4]);
    expect(g.s.line).toBe('mulde');
    expect(g.s.ctl[map.index.get('1005')!]).toBe('a');
    expect(g.s.ctl[map.index.get('4205')!]).toBe('s');
  });

  it('runs boundary, Soviet set-up, Allied set-up and maskirovka with team permissions', () => {
    const g = new Game([2]);
    expect(g.s.step).toBe('boundary0');
    expect(code(() => g.do({ type: 'boundary', kind: 'row', hex: '1021' }, SOVIET))).toBe('NOT_YOUR_TURN:5.1');
    expect(code(() => g.do({ type: 'boundary', kind: 'row', hex: '1021' }, { side: 'allied', commands: ['us-12ag'] }))).toBe(
      'FORBIDDEN:3.4',
    );
    g.do({ type: 'boundary', kind: 'row', hex: '1021' }, ALLIED);
    expect(g.s.step).toBe('setup-soviet');
    // a front may place only its own units, and only east of the frontline (3.5)
    expect(code(() => g.do({ type: 'place', placements: [['su-32g-rc', '3020']] }, { side: 'soviet', commands: ['1bf'] }))).toBe(
      'FORBIDDEN:3.0',
    );
    expect(code(() => g.do({ type: 'place', placements: [['su-7-rc', '1005']] }, SOVIET))).toBe('ILLEGAL:3.5');
    const fronts = ['1bf', '2bf', '1uf'].map((c) => ({ side: 'soviet', commands: [c] }));
    for (const f of fronts) {
      const place = g.legal(f).find((l) => l.command.type === 'place')!;
      g.do(place.command, f);
    }
    g.do({ type: 'end-setup' }, fronts[0]);
    expect(rs.status(g.s).waitingFor.map((w) => w.command)).toEqual(['2bf', '1uf']);
    g.do({ type: 'end-setup' }, fronts[1]);
    g.do({ type: 'end-setup' }, fronts[2]);
    expect(g.s.step).toBe('setup-allied');
    expect(code(() => g.do({ type: 'place', placements: [['uk-7-ad', '1030']] }, ALLIED))).toBe('ILLEGAL:3.6'); // UK south of the line
    g.do(g.legal(ALLIED).find((l) => l.command.type === 'place')!.command, ALLIED);
    g.do({ type: 'end-setup' }, ALLIED, [3, 4]);
    // 3.7: Elbe line = 2d6
    expect(g.s.step).toBe('maskirovka');
    expect(g.s.mask).toEqual({ n: 7, moved: [] });
    const sov = Object.keys(g.s.u).filter((id) => g.s.u[id].at.match(/^\d{4}$/) && id.startsWith('su-'));
    expect(code(() => g.do({ type: 'redeploy', unit: sov[0], hex: '1005' }, SOVIET))).toBe('ILLEGAL:3.7');
    g.do({ type: 'redeploy', unit: sov[0], hex: '4040' }, SOVIET);
    expect(g.s.mask?.moved).toEqual([sov[0]]);
    g.do({ type: 'end-maskirovka' }, SOVIET);
    expect([g.s.turn, g.s.step]).toEqual([1, 'airborne']);
  });

  it('rolls 3d6 maskirovka on the Mulde line', () => {
    const g = new Game([5]);
    g.do({ type: 'boundary', kind: 'row', hex: '1021' }, ALLIED);
    g.do(g.legal(SOVIET)[0].command, SOVIET);
    g.do({ type: 'end-setup' }, SOVIET);
    g.do(g.legal(ALLIED)[0].command, ALLIED);
    g.do({ type: 'end-setup' }, ALLIED, [1, 2, 3]);
    expect(g.s.mask?.n).toBe(6);
  });
});

describe('turn phases (5.3, 6.1, 6.2)', () => {
  it('drops airborne corps only on empty clear or autobahn hexes, any side of the line (5.3)', () => {
    const m = printedMap();
    const s = makeState(m, { step: 'airborne', units: { 'su-7-rc': '3020' }, alliedUpTo: 15 });
    const r = game(m);
    expect(code(() => r.decide(s, { type: 'airdrop', drops: [['aaa-18-abc', '3020']] }, ALLIED, new FixedDice([])))).toBe('ILLEGAL:5.3');
    expect(code(() => r.decide(s, { type: 'airdrop', drops: [['aaa-18-abc', '1823']] }, ALLIED, new FixedDice([])))).toBe('ILLEGAL:5.3'); // marsh
    const ev = r.decide(
      s,
      {
        type: 'airdrop',
        drops: [
          ['aaa-18-abc', '3021'],
          ['aaa-1-abc', '3520'],
        ],
      },
      ALLIED,
      new FixedDice([]),
    );
    const after = ev.reduce((x, e) => r.evolve(x, e), s);
    expect(after.u['aaa-18-abc'].at).toBe('3021');
    expect(after.ctl[m.index.get('3021')!]).toBe('a'); // ruling A23
    expect(after.step).toBe('order-allied');
    expect(board(m, after).inSupply('aaa-18-abc')).toBe(true); // 5.3 item 2
  });

  it('draws 1d6 + turn (+1 on the Elbe) reinforcements blind and places them on supplied east-edge hexes (6.1)', () => {
    const s = makeState(map, { step: 'soviet-2', turn: 2, units: { 'su-7-rc': '3020' }, alliedUpTo: 20 });
    const ev = rs.decide(s, { type: 'end-phase' }, SOVIET, new FixedDice([4, 1, 1, 1, 1, 1, 1, 1]));
    const drawn = ev.find((e) => e.type === 'drawn') as Extract<Event, { type: 'drawn' }>;
    expect(drawn).toMatchObject({ die: 4, count: 7 });
    expect(drawn.units).toHaveLength(7);
    const after = ev.reduce((x, e) => rs.evolve(x, e), s);
    expect(after.step).toBe('reinforce');
    const place = rs.legal(after, SOVIET)[0].command as Extract<Command, { type: 'place' }>;
    expect(place.placements.every(([, h]) => h.startsWith('42'))).toBe(true);
    expect(code(() => rs.decide(after, { type: 'place', placements: [[drawn.units[0], '4120']] }, SOVIET, new FixedDice([])))).toBe(
      'ILLEGAL:6.1',
    );
    const ev2 = rs.decide(after, place, SOVIET, new FixedDice([]));
    const done = ev2.reduce((x, e) => rs.evolve(x, e), after);
    expect(done.step).toBe('boundary'); // nothing to recycle: on to turn 3
    expect(done.turn).toBe(3);
  });

  it('recycling example (6.2.2): GT1, a UK unit rolls 3 + 1 = 4 and returns in the GT5 Recycling Phase at one step', () => {
    let s: State = {
      ...makeState(map, {
        step: 'soviet-2',
        turn: 1,
        units: { 'uk-7-ad': 'dead', 'us-2-ad': 'dead', 'pl-3-id': 'dead' },
        options: { prepared: true },
        alliedUpTo: 20,
      }),
      recyc: ['uk-7-ad', 'us-2-ad'],
    };
    const ev = rs.decide(s, { type: 'end-phase' }, SOVIET, new FixedDice([3, 6]));
    expect(ev.filter((e) => e.type === 'recycle-roll')).toEqual([
      { type: 'recycle-roll', unit: 'uk-7-ad', die: 3, mod: 1, box: 5 },
      { type: 'recycle-roll', unit: 'us-2-ad', die: 6, mod: 0, box: null }, // GT7 or later: never
    ]);
    s = ev.reduce((x, e) => rs.evolve(x, e), s);
    expect(s.u['uk-7-ad'].at).toBe('box:5');
    expect(s.u['us-2-ad'].at).toBe('out');
    // GT5 Recycling Phase: placed on a supplied west-edge hex at one step
    s = { ...s, turn: 5, step: 'reinforce', opt: { ...s.opt, prepared: true } };
    const ev5 = rs.decide({ ...s, step: 'soviet-2' }, { type: 'end-phase' }, SOVIET, new FixedDice([]));
    s = ev5.reduce<State>((x, e) => rs.evolve(x, e), { ...s, step: 'soviet-2' as const });
    expect(s.step).toBe('recycle');
    const place = rs.legal(s, ALLIED)[0].command as Extract<Command, { type: 'place' }>;
    expect(place.placements[0][0]).toBe('uk-7-ad');
    expect(place.placements[0][1].startsWith('10')).toBe(true);
    s = rs.decide(s, place, ALLIED, new FixedDice([])).reduce((x, e) => rs.evolve(x, e), s);
    expect(s.u['uk-7-ad'].s).toBe(1);
  });

  it('never recycles the Polish 2nd Corps, the 1AAA, or units eliminated out of supply (6.2.1)', () => {
    let s = makeState(map, { units: { 'pl-3-id': '1210', 'aaa-1-abc': '1212', 'uk-7-ad': '1214', 'us-2-ad': '1230' }, alliedUpTo: 20 });
    const kill = (id: string, oos: boolean) => (s = rs.evolve(s, { type: 'eliminated', unit: id, oos, why: 'test' }));
    kill('pl-3-id', false);
    kill('aaa-1-abc', false);
    kill('uk-7-ad', true);
    kill('us-2-ad', false);
    expect(s.recyc).toEqual(['us-2-ad']);
  });

  it('lets each side act only in its own turn and each command order only its own units', () => {
    const s = makeState(map, { units: { 'us-2-ad': '1230', 'uk-7-ad': '1210' }, bnd: { kind: 'row', hex: '1021' }, alliedUpTo: 20 });
    expect(code(() => rs.decide(s, { type: 'move', units: ['us-2-ad'], path: ['1231'] }, SOVIET, new FixedDice([])))).toBe(
      'NOT_YOUR_TURN:5.1',
    );
    expect(
      code(() =>
        rs.decide(s, { type: 'move', units: ['us-2-ad'], path: ['1231'] }, { side: 'allied', commands: ['uk-21ag'] }, new FixedDice([])),
      ),
    ).toBe('FORBIDDEN:3.4');
    expect(
      rs.decide(s, { type: 'move', units: ['us-2-ad'], path: ['1231'] }, { side: 'allied', commands: ['us-12ag'] }, new FixedDice([]))[0]
        .type,
    ).toBe('moved');
    // the phase ends only when every army group with units has finished (team play)
    const us = { side: 'allied', commands: ['us-12ag'] };
    const ev = rs.decide(s, { type: 'end-phase' }, us, new FixedDice([]));
    const after = ev.reduce((x, e) => rs.evolve(x, e), s);
    expect(after.step).toBe('allied-1');
    expect(rs.status(after).waitingFor).toEqual([{ side: 'allied', command: 'uk-21ag', what: expect.any(String) }]);
  });

  it('parses untrusted commands with zod and rejects junk', () => {
    expect(rs.parseCommand({ type: 'move', units: ['us-2-ad'], path: ['1231', 'exit'] })).toEqual({
      type: 'move',
      units: ['us-2-ad'],
      path: ['1231', 'exit'],
    });
    expect(code(() => rs.parseCommand({ type: 'move', units: [], path: ['1231'] }))).toBe('BAD_COMMAND:null');
    expect(code(() => rs.parseCommand({ type: 'attack', target: 'x', units: ['a'] }))).toBe('BAD_COMMAND:null');
    expect(code(() => rs.parseCommand({ type: 'nope' }))).toBe('BAD_COMMAND:null');
  });
});

describe('supply (9.0-9.4)', () => {
  it('traces from friendly edge hexes, not through enemy units or out of an enemy zone of control', () => {
    const s = makeState(map, {
      units: { 'us-2-ad': '1520', 'su-7-rc': '1320', 'su-12-rc': '1322', 'su-79-rc': '1318', 'su-9-rc': '1324' },
      alliedUpTo: 30,
    });
    const b = board(map, s);
    expect(b.inSupply('us-2-ad')).toBe(true); // around the north and south ends
    // a wall of Soviet ZOC across the map cuts the line
    const wall: Record<string, string> = { 'us-2-ad': '2020' };
    const sov = UNITS.filter((d) => d.side === 'soviet' && d.type === 'rifle' && !d.r).slice(0, 14);
    for (let r = 5, k = 0; r <= 44; r += 3, k++) wall[sov[k].id] = `14${String(r).padStart(2, '0')}`;
    const cut = makeState(map, { units: wall, alliedUpTo: 30 });
    expect(board(map, cut).inSupply('us-2-ad')).toBe(false);
    // an Allied unit standing in the gap negates the EZOC for tracing (9.1)
    // 1306 and 1506 are clear of the wall's zones; 1406 (between the units at 1405 and 1408) is not
    const held = makeState(map, { units: { ...wall, 'us-3-ad': '1406' }, alliedUpTo: 30 });
    expect(board(map, held).inSupply('us-2-ad')).toBe(true);
    // the unit in the gap is itself in supply: tracing into an EZOC is allowed
    expect(board(map, held).inSupply('us-3-ad')).toBe(true);
  });
});

describe('victory (4.1, 4.2)', () => {
  it('Allies win with five supplied exits each within five hexes of another (ruling A8)', () => {
    const s = makeState(map, { units: {} });
    const ex = (hexes: string[], sup = true) => ({
      ...s,
      exits: hexes.map((hex, k) => ({ side: 'allied' as const, unit: `u${k}`, hex, turn: 8, sup })),
    });
    expect(alliedVictory(ex(['4205', '4210', '4215', '4220', '4225']))).toBe(true);
    expect(alliedVictory(ex(['4205', '4210', '4215', '4222', '4228']))).toBe(false);
    expect(alliedVictory(ex(['4205', '4206', '4207', '4208', '4209'], false))).toBe(false);
  });

  it('Soviet sudden death from GT4 with 20 units off the west edge (4.1)', () => {
    const base = makeState(map, { step: 'soviet-1', turn: 4, units: { 'su-7-rc': '1120' }, alliedUpTo: 0 });
    const s = {
      ...base,
      exits: Array.from({ length: 19 }, (_, k) => ({ side: 'soviet' as const, unit: `x${k}`, hex: '1010', turn: 3, sup: true })),
    };
    const ev = rs.decide(s, { type: 'move', units: ['su-7-rc'], path: ['1020', 'exit'] }, SOVIET, new FixedDice([]));
    expect(ev[ev.length - 1]).toMatchObject({ type: 'ended', winner: 'soviet' });
  });

  it('ends after turn 8 (or 10 with the option) and gives the Soviets the win when the Allies fall short', () => {
    const s = makeState(map, { step: 'recycle', turn: 8, units: {} });
    const ev = rs.decide({ ...s, step: 'soviet-2' }, { type: 'end-phase' }, SOVIET, new FixedDice([]));
    expect(ev[ev.length - 1]).toMatchObject({ type: 'ended', winner: 'soviet' });
    const ten = makeState(map, { step: 'soviet-2', turn: 8, units: {}, options: { tenTurns: true } });
    const ev10 = rs.decide(ten, { type: 'end-phase' }, SOVIET, new FixedDice([]));
    expect(ev10[ev10.length - 1]).toMatchObject({ type: 'step', step: 'boundary', turn: 9 });
  });
});
