import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../core/dice';
import { printedMap, ring1 } from '../map';
import { stackOk } from '../board';
import { ALLIED, SOVIET, game, makeState, testMap } from './helpers';
import type { Combat, Event, State } from '../types';
import type { OuMap } from '../map';

const map = printedMap();
const rs = game(map);
const T = '2222';
const around = ring1(T);
const apply = (r: ReturnType<typeof game>, s: State, ev: Event[]) => ev.reduce((x, e) => r.evolve(x, e), s);

describe('stacking (7.0-7.2)', () => {
  it('allows 2.5 divisions or corps with brigades and Guards cavalry at half, artillery alone', () => {
    expect(stackOk(['us-2-ad', 'us-3-ad', 'us-2-cavgp'])).toBe(true);
    expect(stackOk(['us-2-ad', 'us-3-ad', 'us-4-ad'])).toBe(false);
    expect(stackOk(['uk-7-ad', 'uk-4-ab', 'uk-8-ab', 'co-1-bde'])).toBe(true);
    expect(stackOk(['uk-7-ad', 'us-2-ad'])).toBe(false); // army groups apart
    expect(stackOk(['uk-7-ad', 'de-7-fj'])).toBe(false); // Germans only with Germans
    expect(stackOk(['de-7-fj', 'de-8-fj'])).toBe(true);
    expect(stackOk(['aaa-18-abc', 'aaa-1-abc'])).toBe(false); // 7.1.1
    expect(stackOk(['su-7-rc', 'su-12-rc', 'su-1g-cc'])).toBe(true);
    expect(stackOk(['su-1g-cc', 'su-2g-cc', 'su-7g-cc', 'su-3g-cc', 'su-4g-cc-r'])).toBe(true);
    expect(stackOk(['su-4-bac', 'su-1g-cc'])).toBe(false);
    expect(stackOk(['pc-1-army', 'su-7-rc', 'su-1g-cc'])).toBe(true);
    expect(stackOk(['su-7-rc', 'us-2-ad'])).toBe(false);
  });

  it('lets units moving along an autobahn pass an airborne corps on it but not stop there (7.1.1)', () => {
    const m = testMap({
      autobahn: [
        ['2020', '2021'],
        ['2021', '2022'],
      ],
    });
    const r = game(m);
    const s = makeState(m, { units: { 'us-2-ad': '2020', 'aaa-18-abc': '2021' }, alliedUpTo: 30 });
    expect(r.decide(s, { type: 'move', units: ['us-2-ad'], path: ['2021', '2022'] }, ALLIED, new FixedDice([]))[0]).toMatchObject({
      cost: [2],
    });
    expect(() => r.decide(s, { type: 'move', units: ['us-2-ad'], path: ['2021'] }, ALLIED, new FixedDice([]))).toThrow(/overstack/);
  });

  it('keeps Polish 2nd Corps and German units from ending the Movement Phase adjacent (7.1.2)', () => {
    const s = makeState(map, { units: { 'pl-3-id': '1210', 'de-7-fj': '1212' }, alliedUpTo: 20 });
    const ev = rs.decide(s, { type: 'move', units: ['de-7-fj'], path: ['1211'] }, ALLIED, new FixedDice([]));
    const after = apply(rs, s, ev);
    expect(() => rs.decide(after, { type: 'end-phase' }, ALLIED, new FixedDice([]))).toThrow(/next to each other/);
    expect(rs.legal(after, ALLIED).some((a) => a.command.type === 'end-phase')).toBe(false);
  });
});

describe('retreats (11.3 DR)', () => {
  const dr = (m: OuMap, units: Record<string, string>, def: string[]): State => {
    const s = makeState(m, { units, order: { allied: 'fight-move' }, alliedUpTo: 30 });
    const c: Combat = {
      side: 'allied',
      target: T,
      att: ['us-2-ad'],
      art: [],
      def,
      dart: [],
      weak: [],
      bomber: null,
      stage: 'retreat',
      losses: [],
      after: 'advance',
      oos: [],
      result: 'DR',
    };
    return { ...s, combat: c };
  };
  it('costs a step to retreat into an enemy zone of control with no friendly unit, unless cavalry goes along', () => {
    // US units on both sides of the retreat hexes to the east
    const units = { 'us-2-ad': around[3], 'us-3-ad': '2422', 'su-7-rc': T, 'su-12-rc': T };
    const s = dr(map, units, ['su-7-rc', 'su-12-rc']);
    const ev = rs.decide(
      s,
      {
        type: 'retreat',
        moves: [
          ['su-7-rc', around[0]],
          ['su-12-rc', around[0]],
        ],
        loss: 'su-12-rc',
      },
      SOVIET,
      new FixedDice([]),
    );
    expect(ev.filter((e) => e.type === 'loss')).toEqual([
      { type: 'loss', unit: 'su-12-rc', oos: false, why: 'retreat into enemy zone of control' },
    ]);
    const cav = dr(map, { ...units, 'su-12-rc': 'dead', 'su-1g-cc': T }, ['su-7-rc', 'su-1g-cc']);
    const ev2 = rs.decide(
      cav,
      {
        type: 'retreat',
        moves: [
          ['su-7-rc', around[0]],
          ['su-1g-cc', around[0]],
        ],
      },
      SOVIET,
      new FixedDice([]),
    );
    expect(ev2.filter((e) => e.type === 'loss')).toEqual([]);
  });

  it('retreats the stack together, never toward the enemy, and eliminates units with nowhere to go', () => {
    const s = dr(map, { 'us-2-ad': around[3], 'su-7-rc': T, 'su-12-rc': T }, ['su-7-rc', 'su-12-rc']);
    expect(() =>
      rs.decide(
        s,
        {
          type: 'retreat',
          moves: [
            ['su-7-rc', around[0]],
            ['su-12-rc', around[1]],
          ],
        },
        SOVIET,
        new FixedDice([]),
      ),
    ).toThrow(/together/);
    expect(() =>
      rs.decide(
        s,
        {
          type: 'retreat',
          moves: [
            ['su-7-rc', around[4]],
            ['su-12-rc', around[4]],
          ],
        },
        SOVIET,
        new FixedDice([]),
      ),
    ).toThrow();
    // US units on both eastward hexes: a DR eliminates the defender (no eligible hex)
    const boxed = makeState(map, {
      units: { 'us-2-ad': around[3], 'us-2-cavgp': around[0], 'us-3-cavgp': around[1], 'su-7-rc': T },
      order: { allied: 'fight-move' },
      alliedUpTo: 30,
    });
    const ev = rs.decide(boxed, { type: 'attack', target: T, units: ['us-2-ad'] }, ALLIED, new FixedDice([4]));
    // cut off from the east edge, the defender is halved: 8 vs 3 = 2:1, die 4 = DR
    expect(ev.find((e) => e.type === 'resolved')).toMatchObject({ attack: 8, defense: 3, odds: '2:1', result: 'DR' });
    expect(ev.find((e) => e.type === 'eliminated')).toMatchObject({ unit: 'su-7-rc', why: 'no hex to retreat into' });
    expect(apply(rs, boxed, ev).combat?.stage).toBe('advance');
  });
});

describe('airborne specials (5.3, 2.3.7)', () => {
  it('the 18th Airborne Corps has four steps and a DE costs it one (ruling A12)', () => {
    const s = makeState(map, {
      step: 'soviet-1',
      units: { 'aaa-18-abc': T, 'su-11g-tc': around[0], 'su-12g-tc': around[1], 'su-8g-mc': around[2] },
      order: { soviet: 'fight-move' },
      alliedUpTo: 30,
    });
    expect(s.u['aaa-18-abc'].s).toBe(4);
    // 27 vs 9 = 3:1 lower row column 3, airborne +1 -> column 4; die 6 = DE
    const ev = rs.decide(s, { type: 'attack', target: T, units: ['su-11g-tc', 'su-12g-tc', 'su-8g-mc'] }, SOVIET, new FixedDice([6]));
    expect(ev.find((e) => e.type === 'resolved')).toMatchObject({
      odds: '3:1',
      row: 'lower',
      column: 3,
      shifts: { airborne: 1 },
      result: 'DE',
    });
    expect(apply(rs, s, ev).u['aaa-18-abc']).toEqual({ at: T, s: 3 });
  });
});

describe('more combat and victory paths', () => {
  it('the Allies win at the end of GT8 with five supplied exits close together (4.2)', () => {
    const s0 = makeState(map, { step: 'soviet-2', turn: 8, units: { 'su-7-rc': '3020' }, alliedUpTo: 42 });
    const exits = ['4210', '4212', '4214', '4216', '4218'].map((hex, k) => ({
      side: 'allied' as const,
      unit: `us-${k}`,
      hex,
      turn: 7,
      sup: true,
    }));
    const ev = rs.decide({ ...s0, exits }, { type: 'end-phase' }, SOVIET, new FixedDice([]));
    expect(ev[ev.length - 1]).toMatchObject({ type: 'ended', winner: 'allied' });
  });

  it('out-of-supply Soviet artillery supports a defense with its defense factor halved (9.4.2, ruling A19)', () => {
    // every east-edge hex Allied: no Soviet supply anywhere
    const s = makeState(map, {
      units: { 'us-2-ad': around[3], 'su-7-rc': T, 'su-4-bac': '2422' },
      order: { allied: 'fight-move' },
      alliedUpTo: 42,
    });
    let st = apply(rs, s, rs.decide(s, { type: 'attack', target: T, units: ['us-2-ad'] }, ALLIED, new FixedDice([])));
    expect(st.combat?.stage).toBe('support');
    const ev = rs.decide(st, { type: 'support', artillery: ['su-4-bac'] }, SOVIET, new FixedDice([3]));
    // su-7-rc 5 halved to 3, artillery DF 3 halved to 2
    expect(ev.find((e) => e.type === 'resolved')).toMatchObject({ attack: 8, defense: 5 });
    st = apply(rs, st, ev);
    expect(st.ph.artDef).toEqual(['su-4-bac']);
  });

  it('BB: the defender may retreat instead of losing a step, ending the combat with an advance (11.3 BB 3)', () => {
    const s = makeState(map, {
      units: { 'us-2-ad': around[3], 'us-3-ad': around[4], 'su-7-rc': T, 'su-12-rc': T },
      order: { allied: 'fight-move' },
      alliedUpTo: 30,
    });
    let st = apply(rs, s, rs.decide(s, { type: 'attack', target: T, units: ['us-2-ad', 'us-3-ad'] }, ALLIED, new FixedDice([3])));
    st = apply(rs, st, rs.decide(st, { type: 'loss', unit: 'su-7-rc' }, SOVIET, new FixedDice([])));
    st = apply(rs, st, rs.decide(st, { type: 'loss', unit: 'us-2-ad' }, ALLIED, new FixedDice([])));
    st = apply(rs, st, rs.decide(st, { type: 'bb-extra', unit: 'us-3-ad' }, ALLIED, new FixedDice([])));
    expect(st.combat?.stage).toBe('bb-def');
    st = apply(
      rs,
      st,
      rs.decide(
        st,
        {
          type: 'bb-defend',
          retreat: [
            ['su-7-rc', around[0]],
            ['su-12-rc', around[0]],
          ],
        },
        SOVIET,
        new FixedDice([]),
      ),
    );
    expect(st.u['su-7-rc'].at).toBe(around[0]);
    expect(st.combat?.stage).toBe('advance');
    st = apply(rs, st, rs.decide(st, { type: 'advance', units: ['us-2-ad', 'us-3-ad'] }, ALLIED, new FixedDice([])));
    expect(st.u['us-3-ad'].at).toBe(T);
    expect(st.combat).toBeNull();
  });

  it('a dropped airborne corps may attack on its drop turn (5.3, ruling A33)', () => {
    const s = {
      ...makeState(map, { units: { 'aaa-1-abc': around[3], 'su-7-rc': T }, order: { allied: 'fight-move' }, alliedUpTo: 15 }),
      dropped: { 'aaa-1-abc': 1 },
    };
    const ev = rs.decide(s, { type: 'attack', target: T, units: ['aaa-1-abc'], bomber: 'UK' }, ALLIED, new FixedDice([2, 6]));
    expect(ev.find((e) => e.type === 'resolved')).toMatchObject({ row: 'upper', attack: 6 });
  });
});
