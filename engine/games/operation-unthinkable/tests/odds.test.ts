import { describe, expect, it } from 'vitest';
import { oddsColumn, oddsLabel, oddsRatio, shiftColumn, halveUp } from '../../../mechanics/odds';
import { crt } from '../data';
import { FixedDice } from '../../../core/dice';
import { attackCombat, attackPreview } from '../combat';
import { printedMap, ring1, type OuMap } from '../map';
import { view, viewState } from '../view';
import { ALLIED, game, makeState, testMap } from './helpers';
import type { Event, State } from '../types';

describe('odds and the CRT (11.2 steps 4-6)', () => {
  it("rounds in the defender's favour: the rulebook examples 26:7 -> 3:1 and 8:12 -> 1:2", () => {
    expect(oddsLabel(oddsRatio(26, 7))).toBe('3:1');
    expect(oddsLabel(oddsRatio(8, 12))).toBe('1:2');
    expect(oddsLabel(oddsRatio(12, 12))).toBe('1:1');
    expect(oddsLabel(oddsRatio(5, 16))).toBe('1:4');
    expect(halveUp(5)).toBe(3);
    expect(halveUp(halveUp(5))).toBe(2); // 11.2 step 3: supply then river, cumulative
  });

  it('places the two odds rows over one 8-column grid (digest 6.1, ruling A2b)', () => {
    expect(crt.upper).toHaveLength(8);
    expect(crt.lower).toHaveLength(8);
    expect(crt.results).toHaveLength(8);
    // the same odds sit one column further right for US/1AAA/German/P2C than for Soviet/UK attacks
    expect(oddsColumn(crt.upper, oddsRatio(3, 1))).toBe(oddsColumn(crt.lower, oddsRatio(3, 1)) + 1);
    // clamp: raw odds past either end start from the end column (11.2 step 6, Important)
    expect(oddsColumn(crt.upper, oddsRatio(40, 3))).toBe(7);
    expect(oddsColumn(crt.lower, oddsRatio(40, 3))).toBe(7);
    expect(oddsColumn(crt.upper, oddsRatio(1, 9))).toBe(0);
    expect(oddsColumn(crt.lower, oddsRatio(1, 9))).toBe(0);
    expect(crt.upper[oddsColumn(crt.upper, oddsRatio(26, 7))]).toBe('3:1');
    expect(crt.upper[oddsColumn(crt.upper, oddsRatio(8, 12))]).toBe('1:2');
  });

  it('shifting past the table gives the automatic results (11.2 step 6 a/b)', () => {
    expect(shiftColumn(7, 1, 8)).toEqual({ kind: 'above' });
    expect(shiftColumn(0, -1, 8)).toEqual({ kind: 'below' });
    expect(shiftColumn(3, 2, 8)).toEqual({ kind: 'column', index: 5 });
  });

  it('keeps the substitute grid consistent with the extremes: monotone in die and column', () => {
    const rank: Record<string, number> = { AL1: 0, BB: 1, DR: 2, DE: 3 };
    for (let c = 0; c < 8; c++)
      for (let d = 1; d < 6; d++) expect(rank[crt.results[c][d]]).toBeGreaterThanOrEqual(rank[crt.results[c][d - 1]]);
    for (let c = 1; c < 8; c++)
      for (let d = 0; d < 6; d++) expect(rank[crt.results[c][d]]).toBeGreaterThanOrEqual(rank[crt.results[c - 1][d]]);
    expect(crt.results[7].filter((r) => r === 'DE').length).toBeGreaterThanOrEqual(5); // next to automatic DE
    expect(crt.results[0].filter((r) => r === 'AL1').length).toBeGreaterThanOrEqual(4); // next to automatic AL1
  });
});

describe('the odds helper: what decide() will use, from what the attacker sees (11.2)', () => {
  const T = '2222';
  const around = ring1(T);
  const map = printedMap();
  const fight = (units: Record<string, string>, m = map) =>
    makeState(m, { units, order: { allied: 'fight-move', soviet: 'fight-move' }, alliedUpTo: 30 });
  const preview = (m: OuMap, s: State, units: string[], bomber: 'US' | 'UK' | null = null) =>
    attackPreview(m, viewState(view(s, { kind: 'side', side: 'allied' })), attackCombat(s, 'allied', T, units, [], bomber));

  it('11.2 step 4 examples through the helper: 26 against 7 is 3:1, 8 against 12 is 1:2', () => {
    const s = fight({ 'us-2-ad': around[0], 'us-1-id': around[0], 'us-3-ad': around[1], 'us-2-id': around[1], 'su-8g-mc': T });
    const o = preview(map, s, ['us-2-ad', 'us-1-id', 'us-3-ad', 'us-2-id']).odds!;
    expect([o.attack, o.defense, o.odds, o.row]).toEqual([26, 7, '3:1', 'upper']);
    expect(crt.upper[o.column]).toBe('3:1');
    const s2 = fight({ 'us-2-ad': around[0], 'su-7-rc': T, 'su-8g-mc': T });
    const o2 = preview(map, s2, ['us-2-ad']).odds!;
    expect([o2.attack, o2.defense, o2.odds]).toEqual([8, 12, '1:2']);
    expect(crt.upper[o2.column]).toBe('1:2');
  });

  it('10.2 example through the helper: river halving per attacker, the forest shift, and the same figures at resolution', () => {
    const m = testMap({
      terrain: { [T]: 'forest' },
      rivers: [
        [around[0], T],
        [around[1], T],
      ],
    });
    const s = fight({ 'us-2-ad': around[0], 'us-3-ad': around[1], 'su-7-rc': T }, m);
    const o = preview(m, s, ['us-2-ad', 'us-3-ad']).odds!;
    expect([o.attack, o.defense, o.odds]).toEqual([8, 5, '1:1']);
    expect(o.shifts).toEqual({ forest: -1 });
    expect(o.parts.filter((p) => p.role === 'att').map((p) => [p.printed, p.counted])).toEqual([
      [8, 4],
      [8, 4],
    ]);
    expect(o.final).toEqual({ kind: 'column', index: o.column - 1 });
    const rs = game(m);
    // no Soviet artillery can support, so the attack resolves at once
    const res = rs
      .decide(s, { type: 'attack', target: T, units: ['us-2-ad', 'us-3-ad'] }, ALLIED, new FixedDice([3]))
      .find((e) => e.type === 'resolved') as Extract<Event, { type: 'resolved' }>;
    expect([res.attack, res.defense, res.odds, res.column, res.final]).toEqual([o.attack, o.defense, o.odds, o.column, o.column - 1]);
  });

  it('halves out-of-supply attackers first, then for the river, rounding up each time (9.4.2, 11.2 step 3)', () => {
    const m = testMap({ rivers: [[around[0], T]] });
    // no Allied-held west edge hex: no supply source at all (9.2)
    const s = makeState(m, { units: { 'us-1-id': around[0], 'su-7-rc': T }, order: { allied: 'fight-move' }, alliedUpTo: 0 });
    const o = preview(m, s, ['us-1-id']).odds;
    expect(o?.parts[0]).toMatchObject({ printed: 5, counted: 2 }); // 5 -> 3 -> 2
  });

  it("never shows face-down defenders' factors: only that they are there (3.5.1)", () => {
    const s = { ...fight({ 'us-2-ad': around[0], 'su-8g-mc': T }), opt: { ...fight({}).opt, hidden: true }, revealed: false };
    const v = view(s, { kind: 'side', side: 'allied' });
    expect(JSON.stringify(v)).not.toContain('su-8g-mc');
    const vs = viewState(v);
    const p = attackPreview(map, vs, attackCombat(vs, 'allied', T, ['us-2-ad'], [], null), v.hidden.find((h) => h.hex === T)!.count);
    expect(p).toMatchObject({ odds: null, attack: 8, hiddenDefenders: 1 });
  });
});
