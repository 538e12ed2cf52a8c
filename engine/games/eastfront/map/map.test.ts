/**
 * Invariants of the committed EastFront map.json, the rulebook's names, and the production checksums.
 */
import { describe, expect, it } from 'vitest';
import { hexKey, neighbors } from '../../../core/hex';
import { MapIndex } from '../../../maps/index';
import type { MapData } from '../../../maps/model';
import mapJson from '../map.json';
import book from './book-facts.json';
import { places } from './places';
import { eastfrontSpec } from './spec';

const map = mapJson as unknown as MapData;
const M = new MapIndex(map);

describe('map invariants', () => {
  it('hex ids are the axial "q,r" keys and unique', () => {
    const ids = new Set<string>();
    for (const h of map.hexes) {
      expect(h.id).toBe(hexKey(h));
      expect(ids.has(h.id)).toBe(false);
      ids.add(h.id);
    }
  });
  it('adjacency is symmetric and hexsides join adjacent hexes on the map', () => {
    for (const h of map.hexes) for (const n of M.neighbours(h.id)) expect(M.neighbours(n)).toContain(h.id);
    for (const h of map.hexes) if (M.playable(h.id)) for (const n of M.landNeighbours(h.id)) expect(M.landNeighbours(n)).toContain(h.id);
    for (const s of map.hexsides) {
      expect(M.hex(s.a) && M.hex(s.b)).toBeTruthy();
      expect(M.distance(s.a, s.b)).toBe(1);
      expect(s.a < s.b).toBe(true);
    }
  });
  it('every playable hex is reachable over land from Moscow (or by the Kerch straits)', () => {
    const start = M.id('Moscow');
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) for (const n of M.landNeighbours(queue.pop()!)) if (!seen.has(n)) seen.add(n), queue.push(n);
    const unreachable = map.hexes.filter((h) => M.playable(h.id) && !seen.has(h.id)).map((h) => h.id);
    expect(unreachable).toEqual([]);
  });
  it('every hex has terrain, provenance, and whole-metre coordinates', () => {
    for (const h of map.hexes) {
      expect(['clear', 'forest', 'marsh', 'mountain', 'sea', 'lake']).toContain(h.terrain);
      expect(['printed', 'derived', 'substitute']).toContain(h.prov);
      expect(Number.isInteger(h.x) && Number.isInteger(h.y)).toBe(true);
    }
    for (const s of [...map.hexsides, ...map.cities, ...map.rails, ...map.boxes])
      expect(['printed', 'derived', 'substitute']).toContain(s.prov);
  });
  it('rails join adjacent playable hexes and never cross the Kerch straits (1.38)', () => {
    for (const r of map.rails) {
      expect(M.distance(r.a, r.b)).toBe(1);
      expect(M.playable(r.a) && M.playable(r.b)).toBe(true);
      expect(M.hexside(r.a, r.b)?.kind).not.toBe('strait');
    }
  });
});

describe('rulebook names', () => {
  it('every place resolves to exactly one playable hex, and no two rulebook places share a hex', () => {
    const byHex = new Map<string, string>();
    for (const p of places) {
      const id = M.named(p.name);
      expect(id, p.name).toBeDefined();
      expect(M.playable(id!), p.name).toBe(true);
      expect(byHex.get(id!), `${p.name} shares ${id}`).toBeUndefined();
      byHex.set(id!, p.name);
      expect(M.hex(id!)!.name).toBe(p.name);
    }
  });
  it('every named entry resolves, and compass names agree with the index (City DIR n)', () => {
    for (const [n, id] of Object.entries(map.named)) {
      expect(M.hex(id), n).toBeDefined();
      if (!n.startsWith('RE ')) expect(M.named(n)).toBe(id);
    }
    expect(M.named('Rostov E2')).toBe(M.named('Salsk NE1'));
    expect(M.named('Kharkov NE1')).toBeDefined();
  });
  it('the Edelweiss set-up table and walkthrough names are all in the index', () => {
    const setup = book.edelweiss;
    const names = [
      ...setup.german_hexes,
      ...setup.soviet_hexes.filter((h) => !h.startsWith('CADRE')),
      ...setup.out_of_play,
      ...setup.walkthrough_hexes.filter((h) => !h.startsWith('Baku')),
    ];
    for (const n of names) expect(M.named(n), n).toBeDefined();
  });
  it('compass-named hexes the rules put units in, or give land rules, are playable land', () => {
    for (const n of [
      'Kharkov NE1',
      'Kremenchug W1',
      'Tulchin NE1',
      'Perekop NW1',
      'Stalingrad NE1',
      'Tallinn E1',
      'Ploesti NE1',
      'Volkhov NE1',
    ])
      expect(M.playable(M.id(n)), n).toBe(true);
  });
  it('the hexes the 1.2 sidebar calls unplayable are on the map and unplayable', () => {
    for (const n of [
      'Memel NW1',
      'Riga NW1',
      'Riga NW2',
      'Volkhov NW2',
      'Volkhov NW3',
      'Leningrad NE4',
      'Volkhov NE3',
      'Perekop E1',
      'Odessa SE1',
      'Batumi SW2',
    ]) {
      const id = M.named(n);
      expect(id, n).toBeDefined();
      expect(M.playable(id!), n).toBe(false);
    }
    expect(M.playable(M.id('Volkhov NE1'))).toBe(true);
    expect(M.neighbours(M.id('Volkhov NE1')).some((n) => M.hex(n)!.terrain === 'lake')).toBe(true);
  });
  it('rail entry hexes A-W (no K) sit on the map edge, two or more hexes apart along each edge', () => {
    const letters = 'ABCDEFGHIJLMNOPQRSTUVW'.split('');
    for (const l of letters) {
      const id = map.named[`RE ${l}`];
      expect(id, l).toBeDefined();
      expect(M.playable(id)).toBe(true);
      expect(
        neighbors(M.hex(id)!).some((n) => !M.at(n)),
        `RE ${l} on edge`,
      ).toBe(true);
      expect(map.boxes.find((b) => b.id === `EZ-${l}`)?.hexes).toEqual([id]);
      expect(M.railNeighbours(id).length, `RE ${l} on the rail net`).toBeGreaterThan(0);
    }
    for (let i = 1; i < letters.length; i++) {
      const a = map.boxes.find((b) => b.id === `EZ-${letters[i - 1]}`)!;
      const b = map.boxes.find((b) => b.id === `EZ-${letters[i]}`)!;
      if (a.edge === b.edge) expect(M.distance(a.hexes[0], b.hexes[0]), `${a.id}-${b.id}`).toBeGreaterThanOrEqual(2);
    }
    expect(M.id('RE T')).toBe(M.id('Ivanovo'));
  });
  it('sea zones have their control ports and each port touches its zones (15.1)', () => {
    const zones = book.sea_zones.zones;
    for (const z of zones) {
      const box = map.boxes.find((b) => b.kind === 'sea-zone' && b.name === z.zone);
      expect(box, z.zone).toBeDefined();
      for (const p of z.other_ports) expect(box!.ports).toContain(M.id(p));
      if (!z.control_port.startsWith('Baku')) expect(box!.control).toBe(M.id(z.control_port));
      // the Gulf of Finland is narrower than a hex: all its hexes are part-land and playable (1.2)
      if (z.zone !== 'Gulf of Finland')
        expect(
          map.hexes.some((h) => h.zone === box!.id),
          `${z.zone} has sea hexes`,
        ).toBe(true);
    }
  });
});

describe('rail clarifications (9 sidebar, 1.6, 1.38)', () => {
  it('the Sivash hexside (Melitopol-Perekop) carries rail but no land movement', () => {
    const [a, b] = [M.id('Melitopol'), M.id('Perekop')];
    const side = M.hexside(a, b)!;
    expect(side.railOnly).toBe(true);
    expect(M.landNeighbours(a)).not.toContain(b);
    expect(M.railNeighbours(a)).toContain(b);
  });
  it('the Tulchin-Uman railroad does not enter Tulchin NE1', () => {
    const ne1 = M.id('Tulchin NE1');
    expect(M.railNeighbours(M.id('Tulchin')).length).toBeGreaterThan(0);
    expect(M.railNeighbours(ne1)).not.toContain(M.id('Tulchin'));
    expect(M.railNeighbours(ne1)).not.toContain(M.id('Uman'));
  });
  it('every port touches at least one sea zone; Sevastopol and Kerch touch two (15.1)', () => {
    for (const c of map.cities.filter((x) => x.port)) expect(c.seaZones?.length ?? 0, c.name).toBeGreaterThan(0);
    expect(map.cities.find((c) => c.name === 'Sevastopol')!.seaZones).toEqual(['SZ-E-BLACK', 'SZ-W-BLACK']);
    expect(map.cities.find((c) => c.name === 'Kerch')!.seaZones).toEqual(['SZ-AZOV', 'SZ-E-BLACK']);
  });
  it('the rail net is one connected network (Kerch straits aside)', () => {
    const start = map.rails[0].a;
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) for (const n of M.railNeighbours(queue.pop()!)) if (!seen.has(n)) seen.add(n), queue.push(n);
    const all = new Set(map.rails.flatMap((r) => [r.a, r.b]));
    expect([...all].filter((h) => !seen.has(h))).toEqual([]);
  });
});

describe('cities and production checksums (11.2.1, digest 6.1)', () => {
  const value = (owner: string, german: boolean) =>
    map.cities
      .filter((c) => c.owner === owner || (c.resource && !c.owner && owner === 'soviet'))
      .reduce((s, c) => s + (c.kind === 'major' ? (c.values?.pp ?? 0) : 0) + (c.values?.resource ?? 0) * (german ? 2 : 1), 0);
  it("S'41: Soviet cities + resources = 64 - 12 = 52; German = 54 - 40 = 14 (Ploesti 4 doubled)", () => {
    const prod = book.production;
    expect(value('soviet', false)).toBe(prod.soviet.starting[0] - prod.soviet.basic[0]);
    expect(value('german', true)).toBe(prod.german.starting[0] - prod.german.basic[0]);
  });
  it('city owners agree with the June 1941 frontier layer (Home cities, 1.44)', () => {
    for (const c of map.cities.filter((x) => x.owner)) {
      const country = M.hex(c.hex)!.country;
      if (c.owner === 'soviet') expect(country, c.name).toBe('USSR');
      else expect(['Germany', 'Rumania'], c.name).toContain(country);
    }
    for (const n of ['Kiev', 'Lvov', 'Cernauti', 'Riga', 'Grodno']) expect(M.hex(M.id(n))!.country, n).toBe('USSR');
    expect(M.hex(M.id('Ploesti'))!.country).toBe('Rumania');
    expect(map.hexes.some((h) => h.country === 'Hungary' && !h.impassable)).toBe(true);
  });
  it('printed facts: Stalino 2 + 1 (3 Soviet, 4 German), Rostov 1, Ploesti oil 4, Maikop 1, ports and fortresses', () => {
    const c = (n: string) => map.cities.find((x) => x.name === n)!;
    expect(c('Stalino').values).toEqual({ pp: 2, resource: 1 });
    expect(c('Rostov').values?.pp).toBe(1);
    expect(c('Ploesti').values?.resource).toBe(4);
    expect(c('Maikop').values?.resource).toBe(1);
    for (const n of ['Ploesti', 'Krivoy-Rog', 'Stalino', 'Maikop', 'Grozny']) expect(c(n).resource, n).toBe(true);
    for (const n of ['Leningrad', 'Sevastopol']) expect(c(n).fortress, n).toBe(true);
    for (const n of ['Leningrad', 'Odessa', 'Danzig']) expect(c(n).port, n).toBe(true);
    for (const n of ['Rostov', 'Stalingrad', 'Tbilisi']) expect(c(n).kind, n).toBe('major');
    for (const n of ['Batumi', 'Grozny']) expect(['major', 'minor']).toContain(c(n).kind); // Edelweiss cadres built there (1.44)
  });
});

describe('spec', () => {
  it('the committed map records the spec grid', () => {
    expect(map.grid.spacing).toBe(eastfrontSpec.grid.spacing);
    expect(map.grid.rotation).toBe(eastfrontSpec.grid.rotation);
    expect(map.named[eastfrontSpec.grid.anchor]).toBe('0,0');
  });
});
