/** Hex numbering (3.11) and the section seams (3.13), from the rulebook's own examples. */
import { describe, expect, it } from 'vitest';
import { distance } from '../../../core/hex';
import { globalOf, parseWiteId, witeAliases, witeCells, witeId } from './ids';

const h = (id: string) => {
  const x = parseWiteId(id);
  if (!x) throw new Error(`not a hex number: ${id}`);
  return x;
};
const adjacent = (a: string, b: string) => distance(h(a), h(b)) === 1;

describe('War in the East hex numbers (3.11, 3.13)', () => {
  it('round-trips every hex of the 101 x 68 map (less the 50 half hexes of the west edge); ids are unique', () => {
    const cells = witeCells();
    expect(cells).toHaveLength(101 * 68 - 50);
    const ids0 = new Set(cells.map(witeId));
    // 13.53 / 29.34: SW1033 and SW3033 (even rows) and SW1134 (odd row) are western edge hexes
    for (const id of ['SW1033', 'SW3033', 'SW1134']) expect(ids0.has(id), id).toBe(true);
    expect(ids0.has('SW1034')).toBe(false);
    expect(ids0.has('SW3034')).toBe(false);
    const ids = cells.map(witeId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of cells) expect(parseWiteId(witeId(c))).toEqual(c);
  });

  it('3.11: Helsinki NW3722 is in the row of Turku NW3727 (which lies west) and the column of Oulu NW1922 (north)', () => {
    expect(globalOf(h('NW3722')).row).toBe(globalOf(h('NW3727')).row);
    expect(distance(h('NW3722'), h('NW3727'))).toBe(5);
    // a zig-zag column: every second row is the same east-west position
    const hel = h('NW3722');
    const oulu = h('NW1922');
    expect(oulu.r).toBeLessThan(hel.r);
    expect(distance(hel, oulu)).toBe(18);
  });

  it('3.13: NE5031 is adjacent to SE0131; NW5001 is adjacent to NE5034 (same row)', () => {
    expect(adjacent('NE5031', 'SE0131')).toBe(true);
    expect(adjacent('NW5001', 'NE5034')).toBe(true);
    expect(globalOf(h('NW5001')).row).toBe(globalOf(h('NE5034')).row);
  });

  it("3.13: the southern sections' row 01 is the northern sections' row 51 (alias ids)", () => {
    expect(witeId(h('NE5131'))).toBe('SE0131');
    expect(witeId(h('NW5101'))).toBe('SW0101');
    expect(witeAliases(h('SE0131'))).toEqual(['NE5131']);
    expect(witeAliases(h('SE0231'))).toEqual([]);
    expect(parseWiteId('NW3800')).toBeUndefined(); // a row reference (32.4), not a hex
    expect(parseWiteId('SE 0131')).toEqual(h('SE0131'));
  });

  it('3.13: SW0101 is where the four sections meet (its neighbours lie on NW, NE and SE)', () => {
    const ns = witeCells()
      .filter((c) => distance(c, h('SW0101')) === 1)
      .map((c) => witeId(c).slice(0, 2));
    expect(new Set(ns)).toEqual(new Set(['NW', 'NE', 'SE', 'SW']));
  });

  it('30.32: the three Leningrad hexes and the three Moscow hexes are mutually adjacent', () => {
    for (const [a, b] of [
      ['NW3712', 'NW3713'],
      ['NW3712', 'NW3812'],
      ['NW3713', 'NW3812'],
      ['NE5031', 'SE0131'],
      ['NE5031', 'SE0132'],
      ['SE0131', 'SE0132'],
    ])
      expect(adjacent(a, b), `${a}-${b}`).toBe(true);
  });
});
