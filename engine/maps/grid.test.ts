import { describe, expect, it } from 'vitest';
import { compassStep, gridToXY, parseCompassName, xyToFrac, xyToHex, type GridParams } from './grid';

describe('grid placement', () => {
  const g: GridParams = { orientation: 'pointy', spacing: 110_000, rotation: 7, origin: [1234, -5678] };
  it('round-trips centres and neighbours are one spacing apart', () => {
    for (let q = -5; q <= 5; q++)
      for (let r = -5; r <= 5; r++) {
        const [x, y] = gridToXY(g, q, r);
        const [fq, fr] = xyToFrac(g, x, y);
        expect(fq).toBeCloseTo(q, 9);
        expect(fr).toBeCloseTo(r, 9);
        expect(xyToHex(g, x + 20_000, y - 15_000)).toEqual({ q, r });
        const [ex, ey] = gridToXY(g, q + 1, r);
        expect(Math.hypot(ex - x, ey - y)).toBeCloseTo(110_000, 6);
      }
  });
  it('compass directions point the right way with rotation 0 (1.2)', () => {
    const g0: GridParams = { ...g, rotation: 0, origin: [0, 0] };
    const at = (dir: string) => {
      const h = compassStep({ q: 0, r: 0 }, dir, 1);
      return gridToXY(g0, h.q, h.r).map((v) => Math.round(v / 1000));
    };
    expect(at('E')).toEqual([110, 0]);
    expect(at('W')).toEqual([-110, 0]);
    expect(at('NE')).toEqual([55, 95]);
    expect(at('NW')).toEqual([-55, 95]);
    expect(at('SE')).toEqual([55, -95]);
    expect(at('SW')).toEqual([-55, -95]);
  });
  it('parses compass names', () => {
    expect(parseCompassName('Kharkov NE1')).toEqual({ base: 'Kharkov', dir: 'NE', n: 1 });
    expect(parseCompassName('Rostov E 2')).toEqual({ base: 'Rostov', dir: 'E', n: 2 });
    expect(parseCompassName('Krivoy-Rog SW3')).toEqual({ base: 'Krivoy-Rog', dir: 'SW', n: 3 });
    expect(parseCompassName('Rostov')).toBeNull();
    expect(compassStep({ q: 1, r: 1 }, 'SE', 2)).toEqual({ q: 1, r: 3 });
  });
});
