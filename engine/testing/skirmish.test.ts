import { describe, expect, it } from 'vitest';
import { FixedDice, SeededDice, noDice } from '../core/dice';
import { RuleError } from '../core/errors';
import { distance, hex, hexKey, range, type Hex } from '../core/hex';
import { fold, type Actor, type Viewer } from '../core/ruleset';
import {
  PIECE_IDS,
  TOKENS,
  allActors,
  randomPlay,
  setupDice,
  sideActor,
  skirmish,
  type SkCommand,
  type SkEvent,
  type SkState,
} from './skirmish';

const red = sideActor('red');
const blue = sideActor('blue');
const redNorth: Actor = { side: 'red', commands: ['red-north'] };

function errorOf(f: () => unknown): RuleError {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('expected a RuleError');
}

function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Apply a command, returning the new state and its events. */
function play(s: SkState, c: SkCommand, actor: Actor, dice = noDice): [SkState, SkEvent[]] {
  const evs = skirmish.decide(s, skirmish.parseCommand(c), actor, dice);
  return [fold(skirmish, evs, s), evs];
}

const fixedStart = () => fold(skirmish, skirmish.setup('duel', {}, setupDice([1, 2, 3, 4, 4, 3, 2, 1])));

describe('skirmish set-up', () => {
  it('is deterministic for fixed dice and puts the rolls into the event', () => {
    const a = skirmish.setup('duel', {}, new FixedDice([1, 2, 3, 4, 4, 3, 2, 1, 3, 1, 6, 2, 4, 1, 2]));
    const b = skirmish.setup('duel', {}, new FixedDice([1, 2, 3, 4, 4, 3, 2, 1, 3, 1, 6, 2, 4, 1, 2]));
    expect(a).toEqual(b);
    expect(a).toHaveLength(1);
    const e = a[0];
    if (e.type !== 'setup') throw new Error('setup expected');
    const byId = Object.fromEntries(e.pieces.map((p) => [p.id, p]));
    expect(PIECE_IDS.map((id) => byId[id].strength)).toEqual([1, 2, 3, 4, 4, 3, 2, 1]);
    expect(new Set(e.pieces.map((p) => p.token))).toEqual(new Set(TOKENS));
    // listed in token order, whatever the shuffle
    expect(e.pieces.map((p) => p.token)).toEqual([...TOKENS]);
    expect(e.maxTurns).toBe(20);
    for (const p of e.pieces) expect(distance(p.pos, hex(0, 0))).toBeLessThanOrEqual(4);
  });

  it('uses exactly 15 dice (8 d4 then the shuffle) and the long option doubles the turns', () => {
    const d = new FixedDice([...Array(8).fill(2), 1, 1, 1, 1, 1, 1, 1]);
    const [e] = skirmish.setup('duel', { long: true }, d);
    expect(d.remaining).toBe(0);
    expect(e.type === 'setup' && e.maxTurns).toBe(40);
    expect(() => skirmish.setup('duel', {}, new FixedDice([1, 1, 1]))).toThrow(/exhausted/);
  });

  it('rejects unknown scenarios and options', () => {
    expect(errorOf(() => skirmish.setup('campaign', {}, new SeededDice(1))).code).toBe('BAD_COMMAND');
    expect(errorOf(() => skirmish.setup('duel', { fog: true }, new SeededDice(1))).code).toBe('BAD_COMMAND');
  });

  it('shuffles tokens so a token does not name a fixed piece', () => {
    const holders = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const [e] = skirmish.setup('duel', {}, new SeededDice(seed));
      if (e.type === 'setup') holders.add(e.pieces.find((p) => p.token === 't1')!.id!);
    }
    expect(holders.size).toBeGreaterThan(4);
  });

  it('declares roles, a test-only flag and a public status', () => {
    expect(skirmish.testOnly).toBe(true);
    expect(skirmish.roles('duel').sides.map((s) => s.commands.map((c) => c.id))).toEqual([
      ['red-north', 'red-south'],
      ['blue-north', 'blue-south'],
    ]);
    expect(allActors()).toHaveLength(4);
    const st = skirmish.status(fixedStart());
    expect(st.finished).toBe(false);
    expect(st.waitingFor.map((w) => w.command)).toEqual(['red-north', 'red-south']);
  });
});

describe('skirmish rules', () => {
  it('moves one hex, once per piece per turn, and alternates turns', () => {
    let s = fixedStart();
    [s] = play(s, { type: 'move', piece: 'r1', to: hex(-2, -1) }, redNorth);
    expect(errorOf(() => play(s, { type: 'move', piece: 'r1', to: hex(-1, -1) }, redNorth))).toMatchObject({
      code: 'ILLEGAL',
      rule: 'S3.2',
    });
    [s] = play(s, { type: 'endTurn' }, red);
    expect(s.active).toBe('blue');
    expect(s.turn).toBe(1);
    [s] = play(s, { type: 'endTurn' }, blue);
    expect(s.active).toBe('red');
    expect(s.turn).toBe(2);
    [s] = play(s, { type: 'move', piece: 'r1', to: hex(-1, -1) }, redNorth);
    expect(Object.values(s.pieces).find((p) => p.id === 'r1')!.pos).toEqual(hex(-1, -1));
  });

  it('raises the right error codes', () => {
    const s = fixedStart();
    expect(errorOf(() => skirmish.decide(s, { type: 'endTurn' }, blue, noDice)).code).toBe('NOT_YOUR_TURN');
    const forbidden = errorOf(() => skirmish.decide(s, { type: 'move', piece: 'r3', to: hex(-2, 1) }, redNorth, noDice));
    expect(forbidden.code).toBe('FORBIDDEN');
    expect(forbidden.message).toContain('red-south');
    expect(errorOf(() => skirmish.decide(s, { type: 'move', piece: 'b1', to: hex(2, -2) }, red, noDice)).code).toBe('FORBIDDEN');
    expect(errorOf(() => skirmish.decide(s, { type: 'endTurn' }, { side: 'green', commands: [] }, noDice)).code).toBe('FORBIDDEN');
    expect(errorOf(() => skirmish.decide(s, { type: 'move', piece: 'r1', to: hex(-1, -1) }, red, noDice))).toMatchObject({
      code: 'ILLEGAL',
      rule: 'S3.1',
    });
    expect(errorOf(() => skirmish.decide(s, { type: 'move', piece: 'r1', to: hex(-4, -1) }, red, noDice))).toMatchObject({
      code: 'ILLEGAL',
      rule: 'S3.3',
    });
    expect(errorOf(() => skirmish.decide(s, { type: 'move', piece: 'r1', to: hex(-3, 0) }, red, noDice))).toMatchObject({
      code: 'ILLEGAL',
      rule: 'S3.4',
    });
    expect(errorOf(() => skirmish.decide(s, { type: 'attack', piece: 'r1', target: 't5' }, red, noDice))).toMatchObject({
      code: 'ILLEGAL',
      rule: 'S4.1',
    });
    expect(errorOf(() => skirmish.decide(s, { type: 'attack', piece: 'r1', target: 't2' }, red, noDice))).toMatchObject({
      code: 'ILLEGAL',
      rule: 'S4.1',
    });
    for (const bad of [
      null,
      'move',
      {},
      { type: 'fly' },
      { type: 'move', piece: 'r9', to: { q: 0, r: 0 } },
      { type: 'move', piece: 'r1', to: { q: 0.5, r: 0 } },
      { type: 'move', piece: 'r1' },
      { type: 'endTurn', extra: 1 },
      { type: 'attack', piece: 'r1', target: 'b1' },
    ]) {
      const e = errorOf(() => skirmish.parseCommand(bad));
      expect(e.code).toBe('BAD_COMMAND');
      expect(e.message.length).toBeGreaterThan(10);
    }
  });

  it('fights a battle: rolls in the event, both strengths revealed, loser weakened or removed, game ends', () => {
    let s = fixedStart(); // strengths r1..r4 = 1,2,3,4; b1..b4 = 4,3,2,1; tokens t1..t8 = r1..b4
    // Walk r4 (strength 4) next to b4 (strength 1, at 3,1): r4 (-3,2) -> ... -> (2,1)
    const path: Hex[] = [hex(-2, 2), hex(-1, 2), hex(0, 1), hex(1, 1), hex(2, 1)];
    for (const to of path) {
      [s] = play(s, { type: 'move', piece: 'r4', to }, red);
      [s] = play(s, { type: 'endTurn' }, red);
      [s] = play(s, { type: 'endTurn' }, blue);
    }
    const [s2, evs] = play(s, { type: 'attack', piece: 'r4', target: 't8' }, red, new FixedDice([1, 3]));
    expect(evs[0]).toEqual({
      type: 'revealed',
      pieces: [
        { token: 't4', strength: 4 },
        { token: 't8', strength: 1 },
      ],
    });
    expect(evs[1]).toMatchObject({
      type: 'battle',
      attackerRoll: 1,
      defenderRoll: 3,
      winner: 't4',
      loser: 't8',
      loserStrength: 0,
      eliminated: true,
    });
    expect(s2.pieces.t8).toBeUndefined();
    expect(errorOf(() => play(s2, { type: 'attack', piece: 'r4', target: 't7' }, red, new FixedDice([1, 1])))).toMatchObject({
      rule: 'S4.2',
    });
    // a tie goes to the defender: r4 (4) + 1 vs b3 (2) + 3
    expect(s2.pieces.t7.pos).toEqual(hex(3, 0));
    let s3 = s2;
    [s3] = play(s3, { type: 'endTurn' }, red);
    const [s4, evs4] = play(s3, { type: 'attack', piece: 'b3', target: 't4' }, blue, new FixedDice([3, 1]));
    expect(evs4[1]).toMatchObject({ winner: 't4', loser: 't7', loserStrength: 1, eliminated: false });
    expect(s4.pieces.t7.strength).toBe(1);
    expect(skirmish.view(s4, { kind: 'side', side: 'red' }).pieces.find((p) => p.token === 't7')!.strength).toBe(1);
    expect(skirmish.view(s4, { kind: 'spectator' }).pieces.find((p) => p.token === 't7')!.id).toBeUndefined();
  });

  it('ends after the last turn, and refuses commands once over', () => {
    let s = fixedStart();
    for (let t = 0; t < 20; t++) {
      [s] = play(s, { type: 'endTurn' }, red);
      [s] = play(s, { type: 'endTurn' }, blue);
    }
    expect(s.finished).toBe(true);
    expect(skirmish.status(s)).toMatchObject({ finished: true, result: 'draw on time, 4 pieces each', waitingFor: [] });
    expect(skirmish.legal(s, red)).toEqual([]);
    expect(errorOf(() => play(s, { type: 'endTurn' }, red))).toMatchObject({ code: 'ILLEGAL', rule: 'S5' });
  });
});

describe('skirmish properties over random games', () => {
  const games = Array.from({ length: 20 }, (_, i) => randomPlay(i + 1, 400));

  it('random games have battles and finish', () => {
    expect(games.filter((g) => g.state.finished).length).toBeGreaterThan(15);
    expect(games.reduce((n, g) => n + g.events.filter((e) => e.type === 'battle').length, 0)).toBeGreaterThan(40);
  });

  it('folds deterministically, without mutating events or earlier states', () => {
    for (const g of games.slice(0, 4)) {
      const evs = deepFreeze(structuredClone(g.events));
      let s = deepFreeze(skirmish.initial());
      for (const e of evs) s = deepFreeze(skirmish.evolve(s, e));
      expect(s).toEqual(fold(skirmish, g.events));
      expect(s).toEqual(g.state);
      expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    }
  });

  it('replays: the same commands with the same seed give the same events', () => {
    const g = games[3];
    const dice = new SeededDice(4);
    const evs = skirmish.setup('duel', {}, dice);
    let s = fold(skirmish, evs);
    for (const c of g.commands) {
      const out = skirmish.decide(s, skirmish.parseCommand(JSON.parse(JSON.stringify(c.command))), c.actor, dice);
      s = fold(skirmish, out, s);
      evs.push(...out);
    }
    expect(evs).toEqual(g.events);
  });

  it('legal lists exactly the commands decide accepts, for every seat', () => {
    const actors: Actor[] = [...allActors(), red, blue, { side: 'red', commands: [] }];
    let checked = 0;
    const mismatches: string[] = [];
    const stackLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0; // most candidates are refused: skip building stack traces
    for (const g of games.slice(0, 4)) {
      let s = fold(skirmish, g.events.slice(0, 1));
      const steps = [s];
      for (const e of g.events.slice(1)) steps.push((s = skirmish.evolve(s, e)));
      for (const st of steps.filter((_, i) => i % 20 === 0)) {
        // every hex next to a piece (adjacent, too far, occupied, off board) plus a far one
        const near = new Map<string, Hex>([['9,9', hex(9, 9)]]);
        for (const p of Object.values(st.pieces)) for (const h of range(p.pos, 1)) near.set(hexKey(h), h);
        for (const actor of actors) {
          const legalKeys = new Set(skirmish.legal(st, actor).map((a) => JSON.stringify(a.command)));
          const candidates: SkCommand[] = [{ type: 'endTurn' }];
          for (const piece of PIECE_IDS) {
            for (const target of TOKENS) candidates.push({ type: 'attack', piece, target });
            for (const to of near.values()) candidates.push({ type: 'move', piece, to });
          }
          for (const c of candidates) {
            let ok = true;
            try {
              skirmish.decide(st, c, actor, new SeededDice(7));
            } catch (e) {
              if (!(e instanceof RuleError)) throw e;
              ok = false;
            }
            if (ok !== legalKeys.has(JSON.stringify(c)))
              mismatches.push(`${actor.side}/${actor.commands} ${JSON.stringify(c)} accepted=${ok}`);
            checked++;
          }
        }
      }
    }
    Error.stackTraceLimit = stackLimit;
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(50_000);
  });

  it('redaction never leaks hidden ids or strengths, for every viewer', () => {
    const viewers: Viewer[] = [
      { kind: 'side', side: 'red' },
      { kind: 'side', side: 'blue', commands: ['blue-south'] },
      { kind: 'spectator' },
    ];
    for (const g of games) {
      const full = fold(skirmish, g.events);
      const tokenSide = Object.fromEntries((g.events[0].type === 'setup' ? g.events[0].pieces : []).map((p) => [p.token, p]));
      for (const viewer of viewers) {
        const mine = (side: string) => viewer.kind === 'side' && viewer.side === side;
        const hiddenIds = PIECE_IDS.filter((id) => !mine(id.startsWith('r') ? 'red' : 'blue'));
        const revealed = new Set<string>();
        let before = skirmish.initial();
        let folded = skirmish.initial();
        const leaks: string[] = [];
        const leak = (what: string) =>
          leaks.push(`seed ${games.indexOf(g) + 1} ${viewer.kind}/${'side' in viewer ? viewer.side : ''}: ${what}`);
        for (const e of g.events) {
          const r = skirmish.redact(e, viewer, before);
          before = skirmish.evolve(before, e);
          if (!r) continue;
          const json = JSON.stringify(r);
          for (const id of hiddenIds) if (json.includes(`"${id}"`)) leak(`${id} in ${json}`);
          if (r.type === 'revealed') for (const p of r.pieces) revealed.add(p.token);
          if (r.type === 'setup')
            for (const p of r.pieces)
              if (!mine(p.side) && Object.keys(p).sort().join() !== 'pos,side,token') leak(`setup piece ${JSON.stringify(p)}`);
          folded = skirmish.evolve(folded, r);
          // the viewer's own fold of what it received holds no hidden field either
          for (const p of Object.values(folded.pieces))
            if (!mine(p.side) && (p.id !== undefined || (!revealed.has(p.token) && p.strength !== undefined)))
              leak(`folded piece ${JSON.stringify(p)}`);
          // and its view of the server state equals the view of its own fold
          if (JSON.stringify(skirmish.view(folded, viewer)) !== JSON.stringify(skirmish.view(before, viewer)))
            leak(`views differ after ${json}`);
        }
        expect(leaks).toEqual([]);
        const v = skirmish.view(full, viewer);
        for (const p of v.pieces) {
          if (mine(p.side)) {
            expect(p.id).toBe(tokenSide[p.token].id);
            continue;
          }
          expect(p.id).toBeUndefined();
          expect(p.command).toBeUndefined();
          if (!revealed.has(p.token)) expect(p.strength).toBeUndefined();
        }
        for (const id of hiddenIds) expect(JSON.stringify(v)).not.toContain(`"${id}"`);
      }
      // omniscient sees everything
      const vo = skirmish.view(full, { kind: 'omniscient' });
      expect(vo.pieces.every((p) => p.id !== undefined && p.strength !== undefined)).toBe(true);
      expect(g.events.every((e) => skirmish.redact(e, { kind: 'omniscient' }, skirmish.initial()) === e)).toBe(true);
    }
  });

  it('every legal command of a random mid-game state decides, and random illegal ones are refused', () => {
    const pick = new SeededDice(99);
    let refused = 0;
    for (const g of games) {
      const s = fold(skirmish, g.events.slice(0, Math.floor(g.events.length / 2)));
      for (const actor of allActors()) {
        for (const a of skirmish.legal(s, actor)) expect(() => skirmish.decide(s, a.command, actor, new SeededDice(3))).not.toThrow();
        for (let i = 0; i < 20; i++) {
          const c: SkCommand = { type: 'move', piece: pick.pick(PIECE_IDS), to: hex(pick.roll(11) - 6, pick.roll(11) - 6) };
          const isLegal = skirmish.legal(s, actor).some((a) => JSON.stringify(a.command) === JSON.stringify(c));
          if (!isLegal) {
            expect(() => skirmish.decide(s, c, actor, noDice)).toThrow(RuleError);
            refused++;
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
  });
});
