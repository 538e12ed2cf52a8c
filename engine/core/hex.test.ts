import { describe, expect, it } from 'vitest';
import {
  DIRECTIONS,
  directionTo,
  distance,
  fromOffset,
  hex,
  hexKey,
  hexRound,
  hexsideKey,
  hexToPoint,
  line,
  neighbors,
  parseHexKey,
  pointToHex,
  range,
  ring,
  toOffset,
  type OffsetLayout,
} from './hex';

describe('hex geometry', () => {
  it('has six distinct neighbours, each at distance 1, and adjacency is symmetric', () => {
    const h = hex(3, -2);
    const ns = neighbors(h);
    expect(new Set(ns.map(hexKey)).size).toBe(6);
    for (const n of ns) {
      expect(distance(h, n)).toBe(1);
      expect(neighbors(n).some((m) => m.q === h.q && m.r === h.r)).toBe(true);
      expect(directionTo(h, n)).toBe(ns.indexOf(n));
      expect(directionTo(n, h)).toBe((ns.indexOf(n) + 3) % 6);
    }
  });

  it('measures distance along axes and diagonals', () => {
    expect(distance(hex(0, 0), hex(3, 0))).toBe(3);
    expect(distance(hex(0, 0), hex(2, -5))).toBe(5);
    expect(distance(hex(-2, 1), hex(1, 1))).toBe(3);
    expect(distance(hex(0, 0), hex(2, 2))).toBe(4);
  });

  it('rings hold 6k hexes at distance k; ranges hold 3k(k+1)+1', () => {
    for (const k of [0, 1, 2, 5]) {
      const rg = ring(hex(1, 1), k);
      expect(rg.length).toBe(k === 0 ? 1 : 6 * k);
      expect(rg.every((h) => distance(h, hex(1, 1)) === k)).toBe(true);
      expect(new Set(range(hex(1, 1), k).map(hexKey)).size).toBe(3 * k * (k + 1) + 1);
    }
  });

  it('draws lines of n+1 contiguous hexes', () => {
    const a = hex(-3, 1);
    const b = hex(4, -2);
    const l = line(a, b);
    expect(l.length).toBe(distance(a, b) + 1);
    expect(l[0]).toEqual(a);
    expect(l[l.length - 1]).toEqual(b);
    for (let i = 1; i < l.length; i++) expect(distance(l[i - 1], l[i])).toBe(1);
  });

  it('round-trips offset coordinates in all four layouts', () => {
    const layouts: OffsetLayout[] = ['odd-r', 'even-r', 'odd-q', 'even-q'];
    for (const layout of layouts)
      for (let q = -4; q <= 4; q++)
        for (let r = -4; r <= 4; r++) expect(fromOffset(toOffset(hex(q, r), layout), layout)).toEqual(hex(q, r));
    // odd-r: row 1 is shoved right, so (col 0,row 1) has axial q = 0 - 0 = 0
    expect(fromOffset({ col: 0, row: 1 }, 'odd-r')).toEqual(hex(0, 1));
    expect(toOffset(hex(-1, 2), 'odd-r')).toEqual({ col: 0, row: 2 });
  });

  it('converts to the plane and back for both orientations', () => {
    for (const o of ['pointy', 'flat'] as const)
      for (const h of range(hex(0, 0), 3)) {
        const [x, y] = hexToPoint(h, 10, o);
        expect(pointToHex(x + 2, y - 3, 10, o)).toEqual(h);
      }
    // pointy neighbours east are sqrt(3)*size apart
    const [x1] = hexToPoint(hex(1, 0), 10, 'pointy');
    expect(x1).toBeCloseTo(17.3205, 3);
  });

  it('rounds fractional coordinates and parses keys; hexside keys are order free', () => {
    expect(hexRound(0.2, 0.1)).toEqual(hex(0, 0));
    expect(hexRound(0.4, 0.4)).toEqual(hex(0, 1)); // cube (0.4,0.4,-0.8) is nearer (0,1,-1) than the origin
    expect(hexRound(0.6, 0.3)).toEqual(hex(1, 0));
    expect(parseHexKey('-3,7')).toEqual(hex(-3, 7));
    expect(() => parseHexKey('x')).toThrow();
    expect(hexsideKey(hex(0, 0), hex(1, 0))).toBe(hexsideKey(hex(1, 0), hex(0, 0)));
    expect(DIRECTIONS.length).toBe(6);
  });
});
