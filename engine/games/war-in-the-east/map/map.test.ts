/**
 * The built War in the East map (map.json): numbering and seams (3.11, 3.13), printed hexes and cities
 * (30.32, 3.11, 29.34, 34.5), the rail branches of 32.23 and 33.23, map edges (13.53, 26.0), the Weatherline
 * (14.4), the Barbarossa set-up (31.51), the 1941 borders (6.51, 27.1), provenance, and a deterministic build.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeMap } from '../../../maps/build';
import { MapIndex } from '../../../maps/index';
import type { MapData, MapRegion } from '../../../maps/model';
import mapJson from '../map.json';
import { BOOK_CITIES, BOOK_HEXES, BOOK_RAIL_BRANCHES } from './book';
import { buildWiteMap } from './build';
import { globalOf, parseWiteId } from './ids';

const map = mapJson as unknown as MapData;
const idx = new MapIndex(map);
const PROVS = new Set(['printed', 'derived', 'substitute']);
const region = (id: string): MapRegion => {
  const r = map.regions?.find((x) => x.id === id);
  if (!r) throw new Error(`no region ${id}`);
  return r;
};
const rowOf = (id: string) => {
  const h = idx.hex(id);
  if (!h) throw new Error(id);
  return globalOf(h).row;
};

/** Rail hexes reachable from `from` within `limit` rail steps, with their distance. */
function railDistances(from: string, limit: number): Map<string, number> {
  const dist = new Map([[from, 0]]);
  let frontier = [from];
  for (let d = 1; d <= limit && frontier.length; d++) {
    const next: string[] = [];
    for (const id of frontier)
      for (const n of idx.railNeighbours(id))
        if (!dist.has(n)) {
          dist.set(n, d);
          next.push(n);
        }
    frontier = next;
  }
  return dist;
}

describe('War in the East map: hexes and numbering (3.11, 3.13)', () => {
  it('has the 101 x 68 grid less the west-edge half hexes, each id printed-style and unique', () => {
    expect(map.hexes).toHaveLength(6818);
    expect(new Set(map.hexes.map((h) => h.id)).size).toBe(map.hexes.length);
    for (const h of map.hexes) {
      expect(h.id).toMatch(/^(NW|NE|SW|SE)\d{4}$/);
      expect(parseWiteId(h.id)).toEqual({ q: h.q, r: h.r });
      expect(PROVS.has(h.prov), h.id).toBe(true);
    }
  });

  it('3.13: the overlapping row has alias ids (NE5131 = SE0131, NW5101 = SW0101); NE5031 is next to SE0131, NW5001 to NE5034', () => {
    expect(map.aliases?.NE5131).toBe('SE0131');
    expect(map.aliases?.NW5101).toBe('SW0101');
    expect(Object.keys(map.aliases ?? {})).toHaveLength(68);
    expect(idx.named('NE5131')).toBe('SE0131');
    expect(idx.distance('NE5031', 'SE0131')).toBe(1);
    expect(idx.distance('NW5001', 'NE5034')).toBe(1);
  });

  it('every hex number the rulebook prints is on the map, and the place hexes are land', () => {
    for (const b of BOOK_HEXES) expect(idx.hex(b.hex), b.hex).toBeTruthy();
    for (const b of BOOK_RAIL_BRANCHES) for (const j of b.junctions) expect(idx.playable(j), `${j} (branch ${b.branch})`).toBe(true);
    for (const c of BOOK_CITIES) for (const h of c.hexes) expect(idx.playable(h), `${c.name} ${h}`).toBe(true);
  });

  it('30.32 and the other named hexes: each printed city sits in its printed hex(es), book over geography', () => {
    for (const c of BOOK_CITIES) {
      expect(map.named[c.name], c.name).toBe(c.hexes[0]);
      const cities = map.cities.filter((x) => x.name === c.name || x.name.startsWith(`${c.name} (`));
      expect(cities.map((x) => x.hex).sort(), c.name).toEqual([...c.hexes].sort());
      for (const x of cities) expect(['printed', 'derived']).toContain(x.prov);
    }
    // 30.32 Arms and Training Centres are carried on the city hexes
    const arms = map.cities.reduce((s, c) => s + (c.values?.arms ?? 0), 0);
    const training = map.cities.reduce((s, c) => s + (c.values?.training ?? 0), 0);
    expect(arms).toBe(28); // 30.32: 28 Arms Centres on the map
    expect(training).toBe(12); // 30.32: 12 Training Centres on the map
  });

  it('3.11: Helsinki shares a row with Turku and a column with Oulu', () => {
    expect(rowOf(map.named.Helsinki)).toBe(rowOf(map.named.Turku));
    const hel = idx.hex(map.named.Helsinki)!;
    const oulu = idx.hex(map.named.Oulu)!;
    expect(globalOf(hel).col).toBe(globalOf(oulu).col);
  });
});

describe('War in the East map: rail net', () => {
  it('32.23, 33.23: each Axis branch is a connected rail path through its junction hexes in order', () => {
    for (const b of BOOK_RAIL_BRANCHES) {
      for (let i = 1; i < b.junctions.length; i++) {
        const [a, z] = [b.junctions[i - 1], b.junctions[i]];
        const straight = idx.distance(a, z);
        // a direct connection: no longer than the straight hex distance plus a short detour
        const d = railDistances(a, 2 * straight + 3).get(z);
        expect(d, `branch ${b.branch}: ${a} -> ${z} (${straight} hexes apart)`).toBeDefined();
        expect(d!).toBeLessThanOrEqual(2 * straight + 3);
      }
    }
  });

  it('rail links join adjacent playable hexes; the net is one connected network', () => {
    for (const r of map.rails) {
      expect(idx.distance(r.a, r.b)).toBe(1);
      expect(idx.playable(r.a) && idx.playable(r.b)).toBe(true);
      expect(PROVS.has(r.prov)).toBe(true);
    }
    const all = new Set(map.rails.flatMap((r) => [r.a, r.b]));
    const reach = railDistances(map.named.Moscow, 10_000);
    expect([...all].filter((h) => !reach.has(h))).toEqual([]);
  });

  it('13.53, 26.0: rail reaches the western edge south of SW1033 and the eastern edge (NE3001 and south)', () => {
    const rail = new Set(map.rails.flatMap((r) => [r.a, r.b]));
    const sw1033 = rowOf('SW1033');
    const westEdge = map.hexes.filter((h) => idx.neighbours(h.id).length < 6 && globalOf(h).col >= 67 && globalOf(h).row > sw1033);
    expect(westEdge.filter((h) => rail.has(h.id)).length).toBeGreaterThanOrEqual(4);
    const eastEdge = map.hexes.filter((h) => globalOf(h).col === 1 && globalOf(h).row >= rowOf('NE3001'));
    expect(eastEdge.filter((h) => rail.has(h.id)).length).toBeGreaterThanOrEqual(2);
  });
});

describe('War in the East map: regions', () => {
  it('14.4: the Weatherline splits Finland (13.54/13.55) with Leningrad south and Murmansk, Oulu north of it', () => {
    const north = new Set(region('north-of-weatherline').hexes);
    const finland = map.hexes.filter((h) => h.country === 'Finland' && !h.impassable);
    expect(finland.some((h) => north.has(h.id))).toBe(true);
    expect(finland.some((h) => !north.has(h.id))).toBe(true);
    expect(north.has(map.named.Leningrad)).toBe(false);
    expect(north.has(map.named.Helsinki)).toBe(false);
    expect(north.has(map.named.Murmansk)).toBe(true);
    expect(north.has(map.named.Oulu)).toBe(true);
    expect(north.has(map.named.Moscow)).toBe(false);
    // west edge to east edge: every column has hexes on both sides
    for (const col of [1, 34, 60]) {
      const inCol = map.hexes.filter((h) => globalOf(h).col === col);
      expect(inCol.some((h) => north.has(h.id)) && inCol.some((h) => !north.has(h.id)), `column ${col}`).toBe(true);
    }
  });

  it('31.51: set-up sectors lie on their side of the Start Line; reserves within five hexes of their city', () => {
    const sectors = (map.regions ?? []).filter((r) => r.kind === 'sector');
    const ids = sectors.map((r) => r.id.replace('sector-', '')).sort();
    expect(ids).toEqual(
      [
        'finland',
        'north',
        'center',
        'south',
        'rumania',
        'finnish-border',
        'baltic',
        'west',
        'kiev',
        'rumanian-border',
        'riga-reserve',
        'odessa-reserve',
        'moscow-reserve',
        'krasnodor-reserve',
      ].sort(),
    );
    for (const s of sectors) {
      expect(s.hexes.length, s.id).toBeGreaterThan(5);
      for (const id of s.hexes) {
        const h = idx.hex(id)!;
        expect(idx.playable(id)).toBe(true);
        if (s.side === 'soviet') expect(h.country, `${s.id} ${id}`).toBe('USSR');
        else expect(h.country, `${s.id} ${id}`).not.toBe('USSR');
        expect(h.country).not.toBe('Hungary'); // 31.51: no set-up in Hungary
      }
    }
    for (const [sector, city] of [
      ['riga-reserve', 'Riga'],
      ['odessa-reserve', 'Odessa'],
      ['moscow-reserve', 'Moscow'],
      ['krasnodor-reserve', 'Krasnodor'],
    ])
      for (const id of region(`sector-${sector}`).hexes) expect(idx.distance(id, map.named[city])).toBeLessThanOrEqual(5);
    // the Start Line hexes face each other across the border
    const axisLine = new Set(region('startline-axis').hexes);
    for (const id of region('startline-soviet').hexes)
      expect(
        idx.neighbours(id).some((n) => axisLine.has(n)),
        id,
      ).toBe(true);
  });

  it('6.51, 27.1: June 1941 countries; Old Finland contains 1941 Finland and Viipuri', () => {
    expect(idx.hex(map.named.Riga)?.country).toBe('USSR');
    expect(idx.hex(map.named.Lvov)?.country).toBe('USSR');
    expect(idx.hex(map.named.Kishinev)?.country).toBe('USSR');
    expect(idx.hex(map.named.Warsaw)?.country).toBe('Germany');
    expect(idx.hex(map.named.Königsberg)?.country).toBe('Germany');
    expect(idx.hex(map.named.Helsinki)?.country).toBe('Finland');
    expect(idx.hex(map.named.Viipuri)?.country).toBe('USSR');
    expect(idx.hex(map.named.Bucharest)?.country).toBe('Rumania');
    expect(idx.hex(map.named.Budapest)?.country).toBe('Hungary');
    const old = new Set(region('old-finland').hexes);
    expect(old.has(map.named.Viipuri)).toBe(true);
    expect(old.has(map.named.Helsinki)).toBe(true);
    expect(old.has(map.named.Leningrad)).toBe(false);
  });

  it('7.2-7.5: sea zones; Baltic and Black Sea coastal cities; Sevastopol controls the Black Sea', () => {
    const zone = (id: string) => map.boxes.find((b) => b.id === id);
    const baltic = zone('baltic')?.ports ?? [];
    const black = zone('black-sea')?.ports ?? [];
    for (const c of ['Helsinki', 'Turku', 'Tallinn', 'Riga', 'Königsberg']) expect(baltic, c).toContain(map.named[c]);
    expect(baltic.filter((h) => ['NW3712', 'NW3713', 'NW3812'].includes(h))).toHaveLength(2); // 7.2
    for (const c of ['Odessa', 'Sevastopol', 'Constanta', 'Novorossiysk']) expect(black, c).toContain(map.named[c]);
    expect(zone('black-sea')?.control).toBe(map.named.Sevastopol); // 7.4
    expect(baltic.filter((h) => black.includes(h))).toEqual([]); // 7.5: no city on both
    for (const h of map.hexes) if (h.terrain === 'sea') expect(h.zone, h.id).toBeTruthy();
  });

  it('every region, hexside and city is tagged printed / derived / substitute', () => {
    for (const r of map.regions ?? []) {
      expect(PROVS.has(r.prov), r.id).toBe(true);
      expect(r.src, r.id).toBeTruthy();
      for (const id of r.hexes) expect(idx.hex(id), `${r.id} ${id}`).toBeTruthy();
    }
    for (const s of map.hexsides) expect(PROVS.has(s.prov)).toBe(true);
    for (const c of map.cities) expect(PROVS.has(c.prov)).toBe(true);
  });
});

describe('War in the East map: build', () => {
  it('is deterministic and matches the committed map.json', () => {
    const json = serializeMap(buildWiteMap().map);
    expect(json).toBe(readFileSync(resolve(import.meta.dirname, '../map.json'), 'utf8'));
  });
});
