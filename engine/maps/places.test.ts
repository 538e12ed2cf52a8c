import { describe, expect, it } from 'vitest';
import efJson from '../games/eastfront/map.json';
import ouJson from '../games/operation-unthinkable/map.json';
import type { MapData } from './model';
import { compassFrom, placeNamer } from './places';

const ef = efJson as unknown as MapData;
const ou = ouJson as unknown as MapData;

/** A tiny pointy-top map: two towns on a row of hexes (centres 100 m apart, north up). */
const tiny: MapData = {
  game: 'tiny',
  version: 1,
  projection: { proj4: '', code: 'EPSG:3857' },
  grid: { orientation: 'pointy', spacing: 100, rotation: 0, origin: [0, 0] },
  hexes: [0, 1, 2, 3, 4, 5].map((q) => ({ id: `h${q}`, q, r: 0, x: q * 100, y: 0, terrain: 'clear', prov: 'substitute' as const })),
  hexsides: [],
  cities: [
    { hex: 'h0', name: 'Alpha', kind: 'town', prov: 'printed' },
    { hex: 'h5', name: 'Beta', kind: 'major', prov: 'printed' },
  ],
  rails: [],
  named: {},
  boxes: [],
};

describe('place names for hexes (any map)', () => {
  it('a city hex reads as the city; others as distance and compass point from the nearest place', () => {
    const n = placeNamer(tiny);
    expect(n('h0')).toBe('Alpha');
    expect(n('h1')).toBe('1 E of Alpha');
    expect(n('h2')).toBe('2 E of Alpha');
    expect(n('h4')).toBe('1 W of Beta');
    // equally far from both: the bigger place wins, whatever the order of the lists
    expect(n('h3')).toBe('2 W of Beta');
    expect(n('nowhere')).toBe('nowhere');
  });

  it('compass points follow the projection (north up)', () => {
    expect(compassFrom({ x: 0, y: 0 }, { x: 0, y: 10 })).toBe('N');
    expect(compassFrom({ x: 0, y: 0 }, { x: 10, y: -10 })).toBe('SE');
    expect(compassFrom({ x: 0, y: 0 }, { x: -10, y: 0 })).toBe('W');
  });

  it('EastFront: cities by name, and the rulebook’s own "City DIR n" hexes in its wording', () => {
    const n = placeNamer(ef);
    const id = (name: string) => ef.named[name];
    expect(n(id('Kamensko'))).toBe('Kamensko');
    expect(n(id('Armavir E1'))).toBe('1 E of Armavir');
    expect(n(id('Volkhov NW3'))).toBe('3 NW of Volkhov');
    // every hex gets a name that is not a coordinate
    for (const h of ef.hexes) expect(n(h.id)).not.toMatch(/^-?\d+,-?\d+$/);
  });

  it('Operation Unthinkable: printed hex numbers become places', () => {
    const n = placeNamer(ou);
    expect(n('2520')).toBe('Berlin');
    expect(n(ou.named.Bitterfeld)).toBe('Bitterfeld');
    const p = n.parts('2521');
    expect(p?.distance).toBe(1);
    expect(n('2521')).toMatch(/^1 (N|NE|E|SE|S|SW|W|NW) of Berlin$/);
    for (const h of ou.hexes) expect(n(h.id)).toMatch(/^(\d+ (N|NE|E|SE|S|SW|W|NW) of )?[A-Z]/);
  });
});
