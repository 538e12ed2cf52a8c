/**
 * The Edelweiss walkthrough (rulebook, July II - August II 1942) replayed against the built map: every
 * move, distance, river crossing, terrain and rail move it states must be possible on map.json.
 * Speeds (Dry): armor/mech 3, infantry/mountain/HQ 2, shock 1. Units stop on entering mountain or marsh
 * (1.33, 1.34). Sea, lake and impassable hexsides bar land movement.
 */
import { describe, expect, it } from 'vitest';
import { MapIndex } from '../../../maps/index';
import type { MapData } from '../../../maps/model';
import mapJson from '../map.json';

const M = new MapIndex(mapJson as unknown as MapData);
const id = (n: string) => M.id(n);

/** Entry hexsides (previous hex) by which `to` can be reached from `from` within `speed` moves. */
function entries(from: string, to: string, speed: number): Map<string, number> {
  const a = id(from);
  const b = id(to);
  const out = new Map<string, number>();
  let frontier = new Set([a]);
  const seen = new Set([a]);
  for (let step = 1; step <= speed; step++) {
    const next = new Set<string>();
    for (const h of frontier) {
      for (const n of M.landNeighbours(h)) {
        if (n === b && !out.has(h)) out.set(h, step);
        if (seen.has(n)) continue;
        const t = M.hex(n)!.terrain;
        seen.add(n);
        if (t !== 'mountain' && t !== 'marsh') next.add(n); // must stop on entering
      }
    }
    frontier = next;
  }
  return out;
}

const reach = (from: string, to: string, speed: number) => entries(from, to, speed).size > 0;
const riverEntries = (from: string, to: string, speed: number) => [...entries(from, to, speed).keys()].filter((p) => M.isRiver(p, id(to)));

function railDistance(from: string, to: string, blocked: string[] = []): number {
  const a = id(from);
  const b = id(to);
  const bl = new Set(blocked.map(id));
  const dist = new Map([[a, 0]]);
  let frontier = [a];
  while (frontier.length) {
    const next: string[] = [];
    for (const h of frontier) {
      if (h !== a && bl.has(h)) continue; // into but not through
      for (const n of M.railNeighbours(h)) {
        if (dist.has(n) || M.hexside(h, n)?.kind === 'strait') continue;
        dist.set(n, dist.get(h)! + 1);
        next.push(n);
      }
    }
    frontier = next;
  }
  return dist.get(b) ?? Infinity;
}

describe('Edelweiss set-up', () => {
  it('every set-up hex resolves to a playable hex', () => {
    for (const n of [
      'Mariupol',
      'Voroshilovgrad',
      'Kamensko',
      'Kamensko E1',
      'Kalach',
      'Stalino',
      'Stalingrad',
      'Rostov',
      'Rostov E1',
      'Rostov E2',
      'Rostov SE1',
      'Kotelnikovo',
      'Stalingrad E1',
      'Maikop',
      'Tbilisi',
      'Moscow',
    ])
      expect(M.playable(id(n)), n).toBe(true);
  });
});

describe('Edelweiss July II 1942', () => {
  it('German moves: Rostov attacked from Mariupol, Voroshilovgrad and Kamensko, one unit across a river', () => {
    expect(reach('Mariupol', 'Rostov', 2)).toBe(true);
    expect(reach('Voroshilovgrad', 'Rostov', 2)).toBe(true);
    expect(M.distance(id('Kamensko'), id('Rostov'))).toBe(1);
    expect(M.hexside(id('Kamensko'), id('Rostov'))?.kind ?? 'clear').toBe('clear'); // X and W both cross it
    const riverIn = [...riverEntries('Mariupol', 'Rostov', 2), ...riverEntries('Voroshilovgrad', 'Rostov', 2)];
    expect(riverIn.length).toBeGreaterThan(0);
  });
  it('V and T river-assault Rostov E1 across two different river hexsides; S river-assaults Rostov E2', () => {
    const v = riverEntries('Kamensko', 'Rostov E1', 3);
    const t = riverEntries('Kamensko E1', 'Rostov E1', 2);
    expect(v.length).toBeGreaterThan(0);
    expect(t.length).toBeGreaterThan(0);
    expect(new Set([...v, ...t]).size).toBeGreaterThanOrEqual(2);
    expect(riverEntries('Kamensko E1', 'Rostov E2', 2).length).toBeGreaterThan(0);
  });
  it('R and Q river-assault Kotelnikovo from Kalach, Q through Kamensko E1', () => {
    const r = riverEntries('Kalach', 'Kotelnikovo', 2);
    expect(r.length).toBeGreaterThan(0);
    const viaSteps = M.distance(id('Kalach'), id('Kamensko E1'));
    const q = riverEntries('Kamensko E1', 'Kotelnikovo', 3 - viaSteps);
    expect(reach('Kalach', 'Kamensko E1', viaSteps)).toBe(true);
    expect(q.length).toBeGreaterThan(0);
    expect(new Set([...r, ...q]).size).toBeGreaterThanOrEqual(2);
  });
  it('Soviet moves: D two hexes to Maikop, C into Kotelnikovo, G one hex to Stalingrad SE1', () => {
    expect(M.distance(id('Rostov SE1'), id('Maikop'))).toBe(2);
    expect(reach('Rostov SE1', 'Maikop', 2)).toBe(true);
    expect(reach('Rostov E2', 'Kotelnikovo', 3)).toBe(true);
    expect(M.distance(id('Stalingrad E1'), id('Stalingrad SE1'))).toBe(1);
  });
  it('J moves 7 hexes by rail Tbilisi -> Armavir; I moves 11 by rail Maikop -> Stalingrad E1 (2 Supreme moves)', () => {
    expect(railDistance('Tbilisi', 'Armavir')).toBe(7);
    // battle hexes (Rostov, Kotelnikovo, Stalingrad) take rail in but not through; German hexes block
    const blocked = ['Rostov', 'Kotelnikovo', 'Stalingrad', 'Rostov E1', 'Kamensko', 'Kamensko E1', 'Kalach'];
    expect(railDistance('Maikop', 'Stalingrad E1', blocked)).toBe(11);
  });
});

describe('Edelweiss August I 1942', () => {
  it('V advances three hexes Rostov E1 -> Maikop ending in a river assault', () => {
    expect(M.distance(id('Rostov E1'), id('Maikop'))).toBe(3);
    expect(riverEntries('Rostov E1', 'Maikop', 3).length).toBeGreaterThan(0);
  });
  it('T to Krasnodar, S two hexes to Salsk E1, W via Rostov E1 to Kropotkin, X via Kamensko to Salsk NE1, U two hexes to Salsk', () => {
    expect(reach('Rostov E1', 'Krasnodar', 2)).toBe(true);
    expect(M.distance(id('Kamensko E1'), id('Salsk E1'))).toBe(2);
    expect(reach('Kamensko E1', 'Salsk E1', 2)).toBe(true);
    expect(M.isRiver(id('Rostov'), id('Rostov E1'))).toBe(true);
    expect(reach('Rostov E1', 'Kropotkin', 2)).toBe(true);
    expect(reach('Kamensko', 'Salsk NE1', 2)).toBe(true);
    expect(M.distance(id('Kamensko'), id('Salsk'))).toBe(2);
    expect(reach('Kamensko', 'Salsk', 2)).toBe(true);
  });
  it('Salsk NE1 is Rostov E2', () => {
    expect(id('Salsk NE1')).toBe(id('Rostov E2'));
  });
});

describe('Edelweiss August II 1942', () => {
  it('U deploys one hex to Kropotkin; range 2 covers Krasnodar, Salsk NE1, Salsk E1 and Rostov, not Kalach', () => {
    expect(M.distance(id('Salsk'), id('Kropotkin'))).toBe(1);
    for (const n of ['Krasnodar', 'Salsk NE1', 'Salsk E1', 'Rostov']) expect(M.distance(id('Kropotkin'), id(n)), n).toBeLessThanOrEqual(2);
    expect(M.distance(id('Kropotkin'), id('Kalach'))).toBeGreaterThan(2);
  });
  it('T two hexes to Novorossiysk; X and S river-assault Armavir; Y and Z from Rostov to Salsk and Salsk NE1', () => {
    expect(reach('Krasnodar', 'Novorossiysk', 2)).toBe(true);
    expect(riverEntries('Salsk NE1', 'Armavir', 3).length).toBeGreaterThan(0);
    expect(riverEntries('Salsk E1', 'Armavir', 2).length).toBeGreaterThan(0);
    expect(reach('Rostov', 'Salsk', 2)).toBe(true);
    expect(reach('Rostov', 'Salsk NE1', 2)).toBe(true);
  });
  it('Blitz at range 1 from Kropotkin: W to Tuapse and V to Tuapse E1 stopping in mountains, S via Stavropol to Armavir E1', () => {
    expect(M.distance(id('Kropotkin'), id('Maikop'))).toBeLessThanOrEqual(1);
    expect(M.distance(id('Kropotkin'), id('Armavir'))).toBeLessThanOrEqual(1);
    expect(M.hex(id('Tuapse'))!.terrain).toBe('mountain');
    expect(M.hex(id('Tuapse E1'))!.terrain).toBe('mountain');
    expect(reach('Maikop', 'Tuapse', 3)).toBe(true);
    expect(reach('Maikop', 'Tuapse E1', 3)).toBe(true);
    expect(M.distance(id('Armavir'), id('Stavropol'))).toBe(1);
    expect(reach('Stavropol', 'Armavir E1', 1)).toBe(true);
  });
  it('Soviet blitz: I deploys to Kotelnikovo E1 (= Stalingrad SE1); H three hexes to Rostov; C to Rostov E1; G one hex to Rostov E2', () => {
    expect(id('Kotelnikovo E1')).toBe(id('Stalingrad SE1'));
    expect(M.distance(id('Stalingrad E1'), id('Kotelnikovo E1'))).toBe(1);
    expect(reach('Stalingrad E1', 'Kotelnikovo', 3)).toBe(true);
    expect(M.distance(id('Kotelnikovo'), id('Rostov'))).toBe(3);
    expect(reach('Kotelnikovo', 'Rostov', 3)).toBe(true);
    expect(reach('Kotelnikovo', 'Rostov E1', 3)).toBe(true);
    expect(reach('Kotelnikovo', 'Rostov E2', 1)).toBe(true);
  });
  it('supply: railheads at Kerch, Millerovo and Voroshilovgrad; T at Novorossiysk within 2 of Kerch across the straits; R within 2 of Millerovo', () => {
    for (const n of ['Kerch', 'Millerovo', 'Voroshilovgrad', 'Rostov']) expect(M.railNeighbours(id(n)).length, n).toBeGreaterThan(0);
    expect(reach('Novorossiysk', 'Kerch', 2)).toBe(true);
    expect(reach('Kalach', 'Millerovo', 2)).toBe(true);
    const straits = M.map.hexsides.filter((s) => s.kind === 'strait');
    expect(straits.length).toBeGreaterThan(0);
    expect(straits.some((s) => s.a === id('Kerch') || s.b === id('Kerch'))).toBe(true);
    for (const s of straits) expect(M.railNeighbours(s.a)).not.toContain(s.b); // 1.38
  });
  it('supply after the Soviet blitz: H in Rostov stops the German rail net at Millerovo (not Voroshilovgrad), out of reach of Z, N and O', () => {
    // German rail reaches out from Stalino and from the north (Kharkov); H's ZOC covers Rostov's neighbours
    // and the Soviets hold the Stalingrad / Kotelnikovo battle area (10.x, 9.12).
    const blocked = new Set([
      id('Rostov'),
      ...M.neighbours(id('Rostov')),
      id('Stalingrad'),
      id('Kotelnikovo'),
      id('Stalingrad E1'),
      id('Kotelnikovo E1'),
    ]);
    const sources = [id('Stalino'), id('Kharkov')];
    const reached = new Set(sources);
    const queue = [...sources];
    while (queue.length) {
      const h = queue.pop()!;
      for (const n of M.railNeighbours(h)) if (!reached.has(n) && !blocked.has(n)) reached.add(n), queue.push(n);
    }
    expect(reached.has(id('Millerovo'))).toBe(true);
    expect(reached.has(id('Voroshilovgrad'))).toBe(false);
    for (const n of ['Stalingrad', 'Salsk NE1'])
      for (const r of reached) expect(M.distance(r, id(n)), `${n} near railhead ${r}`).toBeGreaterThan(2);
    expect(M.distance(id('Kalach'), id('Millerovo'))).toBeLessThanOrEqual(2);
  });
  it('Rostov keeps its Soviet rail line in August: the Don/Manych hexsides of Rostov E1 stop German ZOC', () => {
    expect(M.isRiver(id('Rostov E1'), id('Rostov SE1'))).toBe(true);
    expect(M.isRiver(id('Rostov E1'), id('Salsk'))).toBe(true);
  });
  it('terrain stated by the book and the combat results', () => {
    expect(M.hex(id('Tbilisi'))!.terrain).toBe('forest');
    expect(M.hex(id('Grozny'))!.terrain).toBe('forest');
    expect(M.hex(id('Ordzhonikidze'))!.terrain).toBe('mountain');
    expect(M.hex(id('Ploesti NE1'))!.terrain).toBe('mountain');
    for (const n of ['Maikop', 'Armavir', 'Kotelnikovo', 'Rostov E1']) expect(M.hex(id(n))!.terrain, n).toBe('clear');
  });
});
