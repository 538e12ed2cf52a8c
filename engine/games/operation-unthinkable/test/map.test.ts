import { describe, expect, it } from 'vitest';
import { hexDistance, printedMap, ring1, fromMapData } from '../map';
import { makeState, testMap } from './helpers';
import { board } from '../board';
import type { MapData } from '../../../maps/model';

describe('map facts and CCRR geometry (2.1, rulings: grid)', () => {
  const map = printedMap();
  it('numbers hexes CCRR over columns 10-42 and rows 05-44 with the printed edges (2.1.1)', () => {
    expect(map.ids.length).toBe(33 * 40);
    expect(map.west.map((i) => map.ids[i])).toContain('1005');
    expect(map.west.map((i) => map.ids[i])).toContain('1044');
    expect(map.east.map((i) => map.ids[i])).toContain('4205');
    expect(map.east.map((i) => map.ids[i])).toContain('4244');
    expect(map.west.length).toBe(40);
  });
  it('makes 1922 adjacent to 1823 as the 10.2.1 example needs (odd columns half a hex lower)', () => {
    expect(ring1('1823')).toContain('1922');
    expect(hexDistance('1823', '1922')).toBe(1);
    expect(hexDistance('1820', '1823')).toBe(3);
    const b = board(map, makeState(map, { units: {} }));
    expect(b.marsh(map.index.get('1823')!)).toBe(true);
    expect(b.marsh(map.index.get('1922')!)).toBe(true);
  });
  it('splits the start map along the printed frontline anchors (3.3)', () => {
    const a = (line: 'elbe' | 'mulde', id: string) => map.frontline[line][map.index.get(id)!] === 1;
    for (const id of ['1005', '1530', '2535', '2543']) expect(a('elbe', id)).toBe(true);
    for (const id of ['1005', '1530', '2244']) expect(a('mulde', id)).toBe(true);
    expect(a('elbe', '1105')).toBe(false);
    expect(a('elbe', '2635')).toBe(false);
    expect(a('mulde', '2535')).toBe(false); // the Mulde line gives the Allies less ground
    expect(a('elbe', '4244')).toBe(false);
    const count = (line: 'elbe' | 'mulde') => map.frontline[line].reduce((t, x) => t + x, 0);
    expect(count('mulde')).toBeLessThan(count('elbe'));
  });
  it('reads a builder MapData: terrain, rivers, lakes, cities and autobahn links', () => {
    const hexes = [] as MapData['hexes'];
    for (let c = 10; c <= 12; c++) for (let r = 5; r <= 7; r++) hexes.push({ id: `${c}0${r}`, q: 0, r: 0, x: 0, y: 0, terrain: c === 11 && r === 6 ? 'forest' : 'clear', prov: 'derived' });
    const md: MapData = {
      game: 'operation-unthinkable', version: 1, projection: { proj4: '', code: '' }, grid: { orientation: 'flat', spacing: 8000, rotation: 0, origin: [0, 0] },
      hexes, hexsides: [{ a: '1005', b: '1006', kind: 'river', prov: 'derived', name: 'Elbe' }, { a: '1105', b: '1106', kind: 'lake', prov: 'derived' }],
      cities: [{ hex: '1207', name: 'Torgau', kind: 'town', prov: 'derived' }], rails: [{ a: '1005', b: '1105', prov: 'derived' }], named: {}, boxes: [],
    };
    const m = fromMapData(md);
    expect(m.ids.length).toBe(9);
    const b = board(m, makeState(m, { units: {} }));
    expect(b.forest(m.index.get('1106')!)).toBe(true);
    expect(b.city(m.index.get('1207')!)).toBe(true);
    expect(b.riverBetween(m.index.get('1005')!, m.index.get('1006')!)).toBe(true);
    expect(b.lakeBetween(m.index.get('1105')!, m.index.get('1106')!)).toBe(true);
    expect(b.autobahn(m.index.get('1005')!)).toBe(true);
  });
  it('builds synthetic maps for tests', () => {
    const m = testMap({ terrain: { '2020': 'forest' } });
    expect(board(m, makeState(m, { units: {} })).forest(m.index.get('2020')!)).toBe(true);
  });
});
