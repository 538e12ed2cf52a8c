/**
 * Invariants of the built Operation Unthinkable map (map.json): CCRR ids, adjacency, names, provenance, and
 * what the rules engine reads from it (fromMapData). Also: the build is deterministic (bytes = committed file).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import mapJson from '../map.json';
import book from './book-facts.json';
import type { MapData } from '../../../maps/model';
import { MapIndex } from '../../../maps/index';
import { buildMap, serializeMap } from '../../../maps/build';
import { F_AUTOBAHN, F_CITY, F_MARSH, fromMapData, idToAxial } from '../map';
import { ouSpec } from './spec';

const map = mapJson as unknown as MapData;
const idx = new MapIndex(map);
const PROVS = new Set(['printed', 'derived', 'substitute']);

describe('Operation Unthinkable map invariants', () => {
  it('every hex id is CCRR inside columns 10-42, rows 05-44; all 1320 present once; q, r are odd-q', () => {
    expect(map.hexes).toHaveLength(33 * 40);
    expect(new Set(map.hexes.map((h) => h.id)).size).toBe(map.hexes.length);
    for (const h of map.hexes) {
      expect(h.id).toMatch(/^\d{4}$/);
      const col = Number(h.id.slice(0, 2));
      const row = Number(h.id.slice(2));
      expect(col >= 10 && col <= 42 && row >= 5 && row <= 44).toBe(true);
      expect(idToAxial(h.id)).toEqual({ q: h.q, r: h.r });
      expect(h.impassable).toBeUndefined();
      expect(PROVS.has(h.prov)).toBe(true);
    }
  });

  it('adjacency is symmetric; hexsides and autobahn links join adjacent hexes on the map', () => {
    const asym = map.hexes.flatMap((h) =>
      idx
        .neighbours(h.id)
        .filter((n) => !idx.neighbours(n).includes(h.id))
        .map((n) => `${h.id}-${n}`),
    );
    expect(asym).toEqual([]);
    expect(idx.neighbours('2020')).toHaveLength(6);
    expect(idx.neighbours('1005').length).toBeLessThan(6);
    const bad = [...map.hexsides, ...map.rails].filter(
      (e) => !(e.a < e.b && idx.hex(e.a) && idx.hex(e.b) && idx.distance(e.a, e.b) === 1 && PROVS.has(e.prov)),
    );
    expect(bad).toEqual([]);
  });

  it('edges (2.1.1) and every hex number the rulebook names exist', () => {
    for (let row = 5; row <= 44; row++) {
      expect(idx.hex(`10${String(row).padStart(2, '0')}`)).toBeTruthy();
      expect(idx.hex(`42${String(row).padStart(2, '0')}`)).toBeTruthy();
    }
    for (const h of book.hexes) expect(idx.hex(h), h).toBeTruthy();
  });

  it('named places resolve to hexes, one place per hex; cities are tagged', () => {
    for (const [n, id] of Object.entries(map.named)) {
      expect(idx.hex(id), n).toBeTruthy();
      expect(idx.named(n)).toBe(id);
    }
    const hexes = Object.values(map.named);
    expect(new Set(hexes).size).toBe(hexes.length);
    expect(new Set(map.cities.map((c) => c.hex)).size).toBe(map.cities.length);
    for (const c of map.cities) expect(PROVS.has(c.prov)).toBe(true);
  });

  it('the rules engine reads it (fromMapData): marsh 1823/1922, cities, rivers, lakes, autobahns, edges', () => {
    const m = fromMapData(map);
    expect(m.ids).toHaveLength(1320);
    expect(m.terrain[m.index.get('1823')!] & F_MARSH).toBeTruthy();
    expect(m.terrain[m.index.get('1922')!] & F_MARSH).toBeTruthy();
    expect(m.terrain[m.index.get(map.named.Berlin)!] & F_CITY).toBeTruthy();
    expect(m.terrain[m.index.get(map.named.Berlin)!] & F_AUTOBAHN).toBeFalsy();
    expect(m.river.size).toBeGreaterThan(300);
    expect(m.lake.size).toBeGreaterThan(0);
    expect(m.autobahn.size).toBe(map.rails.length);
    expect(m.west).toHaveLength(40);
    expect(m.east).toHaveLength(40);
  });

  it('the build is deterministic and matches the committed map.json', () => {
    const json = serializeMap(buildMap(ouSpec).map);
    expect(json).toBe(readFileSync(resolve(import.meta.dirname, '../map.json'), 'utf8'));
  });
});
