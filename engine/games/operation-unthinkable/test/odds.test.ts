import { describe, expect, it } from 'vitest';
import { oddsColumn, oddsLabel, oddsRatio, shiftColumn, halveUp } from '../../../mechanics/odds';
import { crt } from '../data';

describe('odds and the CRT (11.2 steps 4-6)', () => {
  it('rounds in the defender\'s favour: the rulebook examples 26:7 -> 3:1 and 8:12 -> 1:2', () => {
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
