import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../core/dice';
import { board } from '../board';
import { declareAttack, shifts, strengths } from '../combat';
import { printedMap, ring1 } from '../map';
import { ALLIED, SOVIET, game, makeState, testMap } from './helpers';
import type { Command, Event, State } from '../types';
import type { OuMap } from '../map';

const T = '2222';
const around = ring1(T);

function run(map: OuMap, s: State, c: Command, side: 'allied' | 'soviet', dice: number[]) {
  const rs = game(map);
  const d = new FixedDice(dice);
  const ev = rs.decide(s, c, side === 'allied' ? ALLIED : SOVIET, d);
  return { ev, s: ev.reduce((x: State, e: Event) => rs.evolve(x, e), s), rs, left: d.remaining };
}
const fight = (units: Record<string, string | [string, number]>, extra: object = {}) =>
  makeState(printedMap(), { units, order: { allied: 'fight-move', soviet: 'fight-move' }, alliedUpTo: 30, ...extra });

describe('combat strength and shifts (11.2 steps 3 and 6)', () => {
  it('10.2 example: attackers across a river are halved per unit and the forest gives the defender 1L', () => {
    const map = testMap({
      terrain: { [T]: 'forest' },
      rivers: [
        [around[0], T],
        [around[1], T],
      ],
    });
    const s = makeState(map, {
      units: { 'us-2-ad': around[0], 'us-3-ad': around[1], 'su-7-rc': T },
      order: { allied: 'fight-move' },
      alliedUpTo: 30,
    });
    const c = declareAttack(map, s, ALLIED, T, ['us-2-ad', 'us-3-ad'], [], null);
    const b = board(map, s);
    expect(strengths(b, s, c).attack).toBe(8); // 8 + 8 halved to 4 + 4 (the book's pair totals 12 with its counters)
    expect(shifts(b, s, c)).toEqual({ forest: -1 });
  });

  it('gives one right shift for concentric attacks (opposite hexes, alternate triple, more than three) but not into cities', () => {
    const map = printedMap();
    const s1 = fight({ 'us-2-ad': around[0], 'us-3-ad': around[3], 'su-7-rc': T });
    expect(shifts(board(map, s1), s1, declareAttack(map, s1, ALLIED, T, ['us-2-ad', 'us-3-ad'], [], null))).toEqual({ concentric: 1 });
    const s2 = fight({ 'us-2-ad': around[0], 'us-3-ad': around[2], 'us-4-ad': around[4], 'su-7-rc': T });
    expect(shifts(board(map, s2), s2, declareAttack(map, s2, ALLIED, T, ['us-2-ad', 'us-3-ad', 'us-4-ad'], [], null))).toEqual({
      concentric: 1,
    });
    const s3 = fight({ 'us-2-ad': around[0], 'us-3-ad': around[1], 'su-7-rc': T });
    expect(shifts(board(map, s3), s3, declareAttack(map, s3, ALLIED, T, ['us-2-ad', 'us-3-ad'], [], null))).toEqual({});
    const city = testMap({ cities: { [T]: 'Torgau' } });
    const s4 = makeState(city, {
      units: { 'us-2-ad': around[0], 'us-3-ad': around[3], 'su-7-rc': T },
      order: { allied: 'fight-move' },
      alliedUpTo: 30,
    });
    expect(shifts(board(city, s4), s4, declareAttack(city, s4, ALLIED, T, ['us-2-ad', 'us-3-ad'], [], null))).toEqual({ city: -2 });
  });

  it('shifts for the 1AAA alone against Soviet mechanized units, and never concentric against it (11.2 step 6)', () => {
    const map = printedMap();
    const s = fight({ 'aaa-18-abc': around[0], 'su-11g-tc': T });
    expect(shifts(board(map, s), s, declareAttack(map, s, ALLIED, T, ['aaa-18-abc'], [], null))).toEqual({ airborne: -1 });
    const d = fight({ 'aaa-18-abc': T, 'su-11g-tc': around[0], 'su-12g-tc': around[3] }, { step: 'soviet-1' });
    expect(shifts(board(map, d), d, declareAttack(map, d, SOVIET, T, ['su-11g-tc', 'su-12g-tc'], [], null))).toEqual({ airborne: 1 });
  });

  it('halves out-of-supply Soviet defenders but not Allied ones (9.4.2)', () => {
    const map = printedMap();
    const s = fight({ 'us-2-ad': around[0], 'su-7-rc': T }, { alliedUpTo: 42 }); // no Soviet source left
    expect(strengths(board(map, s), s, declareAttack(map, s, ALLIED, T, ['us-2-ad'], [], null)).defense).toBe(3);
  });

  it('enforces who may attack together (11.0, 7.1.2, 5.3)', () => {
    const map = printedMap();
    const s = fight({
      'us-2-ad': around[0],
      'uk-7-ad': around[1],
      'de-7-fj': around[2],
      'pl-3-id': around[3],
      'aaa-18-abc': around[4],
      'su-7-rc': T,
    });
    expect(() => declareAttack(map, s, ALLIED, T, ['us-2-ad', 'uk-7-ad'], [], null)).toThrow(/two army groups/);
    expect(() => declareAttack(map, s, ALLIED, T, ['uk-7-ad', 'de-7-fj'], [], null)).toThrow(/German/);
    expect(() => declareAttack(map, s, ALLIED, T, ['aaa-18-abc', 'de-7-fj'], [], null)).toThrow(/German/);
    expect(() => declareAttack(map, s, ALLIED, T, ['us-2-ad', 'aaa-18-abc'], [], 'UK')).toThrow(/marker supports only/);
    expect(declareAttack(map, s, ALLIED, T, ['uk-7-ad', 'pl-3-id', 'aaa-18-abc'], [], 'UK').att).toHaveLength(3);
  });
});

describe('combat resolution (11.2 step 7, 11.3, 11.4)', () => {
  const map = printedMap();
  it('DE reduces a two-step defender in place: no retreat, no advance', () => {
    // 16 vs 5 = 3:1, upper row column 4; die 6 = DE
    const r = run(
      map,
      fight({ 'us-2-ad': around[0], 'us-3-ad': around[1], 'su-7-rc': T }),
      { type: 'attack', target: T, units: ['us-2-ad', 'us-3-ad'] },
      'allied',
      [6],
    );
    expect(r.ev.find((e) => e.type === 'resolved')).toMatchObject({ odds: '3:1', row: 'upper', column: 4, die: 6, result: 'DE' });
    expect(r.s.u['su-7-rc']).toEqual({ at: T, s: 1 });
    expect(r.s.combat).toBeNull();
  });

  it('DR retreats the defender one hex toward its supply and offers the advance', () => {
    // attackers west of the target (2121, 2122), so the Soviet unit can fall back east
    let r = run(
      map,
      fight({ 'us-2-ad': around[3], 'us-3-ad': around[4], 'su-7-rc': T }),
      { type: 'attack', target: T, units: ['us-2-ad', 'us-3-ad'] },
      'allied',
      [3],
    );
    expect(r.s.combat?.stage).toBe('retreat');
    expect(r.rs.legal(r.s, ALLIED)).toEqual([]);
    const opts = r.rs.legal(r.s, SOVIET);
    expect(opts[0].command.type).toBe('retreat');
    const dest = (opts[0].command as { moves: [string, string][] }).moves[0][1];
    expect(Number(dest.slice(0, 2))).toBeGreaterThanOrEqual(22); // eastward (ruling A14)
    r = { ...r, ...run(map, r.s, opts[0].command, 'soviet', []) };
    expect(r.s.combat?.stage).toBe('advance');
    r = { ...r, ...run(map, r.s, { type: 'advance', units: ['us-2-ad'] }, 'allied', []) };
    expect(r.s.u['us-2-ad'].at).toBe(T);
    expect(r.s.ctl[map.index.get(T)!]).toBe('a'); // 2.1.2
    expect(r.s.combat).toBeNull();
  });

  it('eliminates defending artillery on a DR (11.3 exception a) and turns DR into BB in a city (exception b)', () => {
    const r = run(
      map,
      fight({ 'us-2-ad': around[0], 'us-3-ad': around[1], 'us-4-ad': around[2], 'su-4-bac': T }),
      { type: 'attack', target: T, units: ['us-2-ad', 'us-3-ad', 'us-4-ad'] },
      'allied',
      [1],
    );
    expect(r.ev.find((e) => e.type === 'resolved')).toMatchObject({ column: 7, result: 'DR' });
    expect(r.s.u['su-4-bac'].at).toBe('dead');
    const city = testMap({ cities: { [T]: 'Torgau' } });
    const s = makeState(city, {
      units: { 'us-2-ad': around[0], 'us-3-ad': around[1], 'us-4-ad': around[2], 'su-7-rc': T },
      order: { allied: 'fight-move' },
      alliedUpTo: 30,
    });
    const c = run(city, s, { type: 'attack', target: T, units: ['us-2-ad', 'us-3-ad', 'us-4-ad'] }, 'allied', [6]);
    // 24 vs 5 = 4:1 (column 5), city 2L -> column 3; die 6 = DE
    expect(c.ev.find((e) => e.type === 'resolved')).toMatchObject({ column: 5, final: 3, result: 'DE' });
    const c2 = run(city, s, { type: 'attack', target: T, units: ['us-2-ad', 'us-3-ad', 'us-4-ad'] }, 'allied', [4]);
    expect(c2.ev.find((e) => e.type === 'resolved')).toMatchObject({ raw: 'DR', result: 'BB' });
  });

  it('AL1: the attacker loses one step', () => {
    const r = run(map, fight({ 'us-2-ad': around[0], 'su-7-rc': T }), { type: 'attack', target: T, units: ['us-2-ad'] }, 'allied', [1]);
    expect(r.ev.find((e) => e.type === 'resolved')).toMatchObject({ odds: '1:1', column: 2, result: 'AL1' });
    expect(r.s.u['us-2-ad'].s).toBe(1);
    expect(r.s.combat).toBeNull();
  });

  it('BB: both lose a step, then the attacker may press on and the defender must lose a step or retreat', () => {
    let r = run(
      map,
      fight({ 'us-2-ad': around[0], 'us-3-ad': around[1], 'su-7-rc': T, 'su-12-rc': T }),
      { type: 'attack', target: T, units: ['us-2-ad', 'us-3-ad'] },
      'allied',
      [3],
    );
    // 16 vs 10 = 1:1, column 2, die 3 = BB
    expect(r.ev.find((e) => e.type === 'resolved')).toMatchObject({ result: 'BB' });
    expect(r.s.combat?.stage).toBe('loss');
    expect(r.rs.legal(r.s, SOVIET).map((a) => a.command.type)).toEqual(['loss', 'loss']);
    r = { ...r, ...run(map, r.s, { type: 'loss', unit: 'su-7-rc' }, 'soviet', []) };
    r = { ...r, ...run(map, r.s, { type: 'loss', unit: 'us-2-ad' }, 'allied', []) };
    expect(r.s.combat?.stage).toBe('bb-att');
    // a one-step unit may not be chosen while a whole two-step unit is involved (11.3)
    expect(() => run(map, r.s, { type: 'bb-extra', unit: 'us-2-ad' }, 'allied', [])).toThrow(/two-step|may not take/);
    r = { ...r, ...run(map, r.s, { type: 'bb-extra', unit: 'us-3-ad' }, 'allied', []) };
    expect(r.s.combat?.stage).toBe('bb-def');
    r = { ...r, ...run(map, r.s, { type: 'bb-defend', unit: 'su-12-rc' }, 'soviet', []) };
    expect(r.s.combat?.stage).toBe('bb-att');
    r = { ...r, ...run(map, r.s, { type: 'bb-extra', unit: null }, 'allied', []) };
    expect(r.s.combat).toBeNull();
    expect([r.s.u['su-7-rc'].s, r.s.u['su-12-rc'].s, r.s.u['us-2-ad'].s, r.s.u['us-3-ad'].s]).toEqual([1, 1, 1, 1]);
  });

  it('heavy bombers: a halved 0 is an automatic AL1 with no CRT roll; 2-3 shift right (11.2 step 6)', () => {
    const s = fight({ 'us-2-ad': around[0], 'su-7-rc': T });
    const short = run(map, s, { type: 'attack', target: T, units: ['us-2-ad'], bomber: 'US' }, 'allied', [1]);
    expect(short.ev.find((e) => e.type === 'bomber')).toMatchObject({ die: 1, effect: 'AL1' });
    expect(short.ev.find((e) => e.type === 'resolved')).toMatchObject({ die: null, result: 'AL1' });
    const hit = run(map, s, { type: 'attack', target: T, units: ['us-2-ad'], bomber: 'US' }, 'allied', [6, 6]);
    expect(hit.ev.find((e) => e.type === 'resolved')).toMatchObject({ column: 2, final: 5, shifts: { bomber: 3 } });
    expect(() => run(map, hit.s, { type: 'attack', target: T, units: ['us-2-ad'], bomber: 'US' }, 'allied', [6])).toThrow();
  });

  it('automatic DE past the top column and AL1 below the bottom one, without a die (11.2 step 6 a/b)', () => {
    const big = fight({ 'us-2-ad': around[0], 'us-3-ad': around[1], 'us-4-ad': around[3], 'su-25-rc': [T, 1] });
    // 24 vs 3 = 8:1 -> clamp to 6:1 (column 7), concentric +1 -> off the table
    const r = run(map, big, { type: 'attack', target: T, units: ['us-2-ad', 'us-3-ad', 'us-4-ad'] }, 'allied', []);
    expect(r.ev.find((e) => e.type === 'resolved')).toMatchObject({ column: 7, die: null, result: 'DE' });
    expect(r.s.u['su-25-rc'].at).toBe('dead');
    expect(r.s.combat?.stage).toBe('advance');
  });

  it('Soviet artillery fires from up to three hexes, unhalved by rivers, and supports defenses (11.1)', () => {
    const m = testMap({ rivers: [[around[0], T]] });
    const s = makeState(m, {
      step: 'soviet-1',
      units: { 'su-7-rc': around[0], 'su-4-bac': '2522', 'us-2-ad': T },
      order: { soviet: 'fight-move' },
      alliedUpTo: 30,
    });
    const c = declareAttack(m, s, SOVIET, T, ['su-7-rc'], ['su-4-bac'], null);
    expect(strengths(board(m, s), s, c).attack).toBe(3 + 8);
    expect(() => declareAttack(m, s, SOVIET, T, ['su-4-bac'], [], null)).toThrow();
    const far = makeState(m, {
      step: 'soviet-1',
      units: { 'su-7-rc': around[0], 'su-4-bac': '2622', 'us-2-ad': T },
      order: { soviet: 'fight-move' },
      alliedUpTo: 30,
    });
    expect(() => declareAttack(m, far, SOVIET, T, ['su-7-rc'], ['su-4-bac'], null)).toThrow(/range/);
    // defensive support: the Soviet side is asked before the roll
    const d = fight({ 'us-2-ad': around[0], 'su-7-rc': T, 'su-4-bac': '2422' });
    const r = run(map, d, { type: 'attack', target: T, units: ['us-2-ad'] }, 'allied', []);
    expect(r.s.combat?.stage).toBe('support');
    const r2 = run(map, r.s, { type: 'support', artillery: ['su-4-bac'] }, 'soviet', [6]);
    expect(r2.ev.find((e) => e.type === 'resolved')).toMatchObject({ attack: 8, defense: 13 });
  });
});
