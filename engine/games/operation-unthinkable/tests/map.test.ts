import { describe, expect, it } from 'vitest';
import { hexDistance, printedMap, ring1, fromMapData } from '../map';
import mapJson from '../map.json';
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
    for (let c = 10; c <= 12; c++)
      for (let r = 5; r <= 7; r++)
        hexes.push({ id: `${c}0${r}`, q: 0, r: 0, x: 0, y: 0, terrain: c === 11 && r === 6 ? 'forest' : 'clear', prov: 'derived' });
    const md: MapData = {
      game: 'operation-unthinkable',
      version: 1,
      projection: { proj4: '', code: '' },
      grid: { orientation: 'flat', spacing: 8000, rotation: 0, origin: [0, 0] },
      hexes,
      hexsides: [
        { a: '1005', b: '1006', kind: 'river', prov: 'derived', name: 'Elbe' },
        { a: '1105', b: '1106', kind: 'lake', prov: 'derived' },
      ],
      cities: [{ hex: '1207', name: 'Torgau', kind: 'town', prov: 'derived' }],
      rails: [{ a: '1005', b: '1105', prov: 'derived' }],
      named: {},
      boxes: [],
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

  it('3.3 on the built map: the start lines follow the Elbe and Mulde hexsides and meet the printed hexes', () => {
    const md = mapJson as unknown as MapData;
    const m = fromMapData(md);
    const a = (line: 'elbe' | 'mulde', id: string) => m.frontline[line][m.index.get(id)!] === 1;
    const river = (id1: string, id2: string) =>
      md.hexsides.find((s) => (s.a === id1 && s.b === id2) || (s.a === id2 && s.b === id1))?.name ?? '';
    const crossings = (line: 'elbe' | 'mulde') => {
      const out: [string, string][] = [];
      m.ids.forEach((id, i) => {
        for (const n of m.nb[i]) if (m.frontline[line][i] === 1 && m.frontline[line][n] === 0) out.push([id, m.ids[n]]);
      });
      return out;
    };
    // the printed hexes: 1005 and 1530 are Allied on both lines; the Elbe line keeps 2535 and 2543
    for (const id of ['1005', '1530', '2535', '2543']) expect(a('elbe', id)).toBe(true);
    for (const id of ['1005', '1530', '1531']) expect(a('mulde', id)).toBe(true);
    expect(a('elbe', '2635')).toBe(false);
    // between 1530 and 2535 every Allied/Soviet hexside of the Elbe line is an Elbe hexside
    const elbeStretch = crossings('elbe').filter(
      ([x, y]) =>
        Math.min(+x.slice(2), +y.slice(2)) >= 31 &&
        Math.max(+x.slice(2), +y.slice(2)) <= 35 &&
        +x.slice(0, 2) >= 16 &&
        +x.slice(0, 2) <= 25,
    );
    expect(elbeStretch.length).toBeGreaterThan(8);
    for (const [x, y] of elbeStretch) expect(river(x, y)).toContain('Elbe');
    // the Mulde line leaves at hexside 1530/1531 and runs along the Mulde to 2244 on the south edge
    const mulde = crossings('mulde').filter(([x, y]) => Math.min(+x.slice(2), +y.slice(2)) >= 32);
    expect(mulde.length).toBeGreaterThan(15);
    // (except around the anchor 2244, which is Allied whatever bank the substitute river gives it)
    for (const [x, y] of mulde) if (x !== '2244' && y !== '2244') expect(river(x, y)).toContain('Mulde');
    expect(mulde.some(([x, y]) => x === '2244' || y === '2244')).toBe(true);
    // our substitute Mulde runs west of 2244, but the printed anchor is the line's last Allied hex (3.3)
    expect(a('mulde', '2244')).toBe(true);
    // the Mulde line gives the Allies less ground, and neither line reaches the east edge
    const count = (line: 'elbe' | 'mulde') => m.frontline[line].reduce((t, x) => t + x, 0);
    expect(count('mulde')).toBeLessThan(count('elbe'));
    for (const i of m.east) expect(m.frontline.elbe[i] + m.frontline.mulde[i]).toBe(0);
  });
});
