import { describe, expect, it } from 'vitest';
import { MapIndex } from './index';
import type { MapData } from './model';

const tiny: MapData = {
  game: 't',
  version: 1,
  projection: { proj4: '', code: 'T' },
  grid: { orientation: 'pointy', spacing: 1, rotation: 0, origin: [0, 0] },
  hexes: [
    { id: '0,0', q: 0, r: 0, x: 0, y: 0, terrain: 'clear', name: 'Alpha', prov: 'printed' },
    { id: '1,0', q: 1, r: 0, x: 1, y: 0, terrain: 'forest', prov: 'substitute' },
    { id: '0,1', q: 0, r: 1, x: 0, y: -1, terrain: 'sea', impassable: true, prov: 'substitute' },
    { id: '2,0', q: 2, r: 0, x: 2, y: 0, terrain: 'clear', prov: 'substitute' },
  ],
  hexsides: [
    { a: '0,0', b: '1,0', kind: 'river', name: 'R', prov: 'substitute' },
    { a: '0,0', b: '0,1', kind: 'sea', prov: 'substitute' },
  ],
  cities: [{ hex: '0,0', name: 'Alpha', kind: 'major', values: { pp: 2 }, prov: 'printed' }],
  rails: [{ a: '0,0', b: '1,0', prov: 'substitute' }],
  named: { Alpha: '0,0', Königsberg: '2,0' },
  boxes: [],
};

describe('MapIndex', () => {
  const M = new MapIndex(tiny);
  it('neighbours, land neighbours and hexsides by pair in either order', () => {
    expect(M.neighbours('0,0').sort()).toEqual(['0,1', '1,0']);
    expect(M.landNeighbours('0,0')).toEqual(['1,0']);
    expect(M.hexside('1,0', '0,0')?.kind).toBe('river');
    expect(M.isRiver('0,0', '1,0')).toBe(true);
    expect(M.hexside('1,0', '2,0')).toBeUndefined();
    expect(M.distance('0,0', '2,0')).toBe(2);
  });
  it('names, compass forms and accents', () => {
    expect(M.named('alpha')).toBe('0,0');
    expect(M.named('Alpha E1')).toBe('1,0');
    expect(M.named('Alpha E2')).toBe('2,0');
    expect(M.named('Alpha W1')).toBeUndefined();
    expect(M.named('KONIGSBERG')).toBe('2,0');
    expect(() => M.id('Nowhere')).toThrow();
    expect(M.cities('0,0')[0].values?.pp).toBe(2);
    expect(M.railNeighbours('1,0')).toEqual(['0,0']);
    expect(M.playable('0,1')).toBe(false);
    expect(M.indexOf('2,0')).toBe(3);
    expect(M.indexOf('9,9')).toBe(-1);
  });
});
