/**
 * TEST HELPERS ONLY - a small, independent reading of the supply rules used to check the scenario data
 * (checksums, named facts, golden fixtures). The rules engine has its own supply code; the rules helper is to
 * confirm these results with it. Simplifications: every unit projects a ZOC unless engaged (supply status not
 * tracked); exit zones are entered only as rail sources.
 *
 * - rail (9.12, 9.3): a rail line is friendly as far as it runs through friendly hexes from a home-edge exit
 *   zone's rail entry hex (9 sidebar: German west edge, Soviet east and south edges); it runs into, never
 *   through, a friendly battle hex.
 * - sea (15.1, 15.3, 1.38): a friendly port joins the net when a chain of controlled sea zones links it to a
 *   friendly port already on it; a zone is controlled while its control port is friendly (Baku = EZ M, Soviet);
 *   the Kerch straits close to a side when Kerch or Kerch E1 is enemy-held.
 * - land (10.3): at most two hexes through friendly or disputed hexes to a hex on the net.
 * - control (8.2, 8.3): occupied hexes belong to their occupant (a battle hex to its Original Defender); an empty
 *   hex in one side's ZOC is that side's, in both is disputed, in none keeps its prior owner. ZOC does not cross
 *   rivers or straits.
 */
import proj4 from 'proj4';
import type { MapIndex } from '../../../../maps/index';
import { type Owner, resolveHex } from '../territory';
import type { Side, Startline } from '../types';

export type Control = Map<string, Owner | 'disputed'>;
export interface Battle {
  hex: string;
  od: Side;
}

const HOME_EDGES: Record<Side, string[]> = { german: ['west'], soviet: ['east', 'south'] };

/** Rail entry hexes of a side's home exit zones (optionally only the listed letters). */
export function railSources(idx: MapIndex, side: Side, letters?: string[]): string[] {
  return idx.map.boxes
    .filter((b) => b.kind === 'exit-zone' && HOME_EDGES[side].includes(b.edge ?? '') && (!letters || letters.includes(b.id.slice(3))))
    .map((b) => b.hexes[0]);
}

function railFrom(idx: MapIndex, control: Control, side: Side, starts: string[], battles: Battle[], net: Set<string>) {
  const od = new Map(battles.map((b) => [b.hex, b.od]));
  const queue = starts.filter((h) => control.get(h) === side && !net.has(h));
  for (const h of queue) net.add(h);
  while (queue.length) {
    const h = queue.pop()!;
    if (od.has(h)) continue; // into, not through, a battle hex
    for (const n of idx.railNeighbours(h)) {
      if (net.has(n) || control.get(n) !== side) continue;
      if (od.has(n) && od.get(n) !== side) continue;
      net.add(n);
      queue.push(n);
    }
  }
}

/** Hexes in a side's rail/sea supply. */
export function railSeaSupply(
  idx: MapIndex,
  control: Control,
  side: Side,
  opts: { battles?: Battle[]; sources?: string[]; sea?: boolean } = {},
): Set<string> {
  const battles = opts.battles ?? [];
  const net = new Set<string>();
  railFrom(idx, control, side, railSources(idx, side, opts.sources), battles, net);
  if (opts.sea === false) return net;
  const zones = idx.map.boxes.filter((b) => b.kind === 'sea-zone');
  const zoneOwner = (z: (typeof zones)[number]) => (z.control === 'Baku' ? 'soviet' : control.get(z.control ?? ''));
  const kerch = [idx.id('Kerch'), idx.id('Kerch E1')];
  const straitsOpen = kerch.every((h) => control.get(h) === side);
  const ports = idx.map.cities.filter((c) => c.port && control.get(c.hex) === side);
  for (let grew = true; grew; ) {
    grew = false;
    const reached = new Set<string>();
    for (const z of zones) if (zoneOwner(z) === side && z.ports?.some((p) => net.has(p))) reached.add(z.id);
    for (let more = true; more; ) {
      more = false;
      for (const z of zones) {
        if (reached.has(z.id) || zoneOwner(z) !== side) continue;
        const link = (z.adjacent ?? []).find((a) => reached.has(a));
        if (!link) continue;
        const throughStraits = [z.id, link].includes('SZ-AZOV') && [z.id, link].includes('SZ-E-BLACK');
        if (throughStraits && !straitsOpen) continue;
        reached.add(z.id);
        more = true;
      }
    }
    const fresh = ports.filter((c) => !net.has(c.hex) && (c.seaZones ?? []).some((z) => reached.has(z)));
    if (fresh.length)
      railFrom(
        idx,
        control,
        side,
        fresh.map((c) => c.hex),
        battles,
        net,
      ),
        (grew = true);
  }
  return net;
}

/** 10.3: a land supply line of at most two hexes through friendly or disputed hexes to the side's net. */
export function hasSupplyLine(idx: MapIndex, control: Control, side: Side, at: string, net: Set<string>): boolean {
  if (net.has(at)) return true;
  const ok = (h: string) => control.get(h) === side || control.get(h) === 'disputed';
  return idx
    .landNeighbours(at)
    .filter(ok)
    .some((n) => net.has(n) || idx.landNeighbours(n).some((m) => ok(m) && net.has(m)));
}

export interface UnitAt {
  side: Side;
  at: string;
}

/** 8.2-8.3 control from units over a prior ownership map. */
export function controlFrom(idx: MapIndex, prior: Map<string, Owner>, units: UnitAt[], battles: Battle[]): Control {
  const od = new Map(battles.map((b) => [b.hex, b.od]));
  const here = new Map<string, Side>();
  for (const u of units) here.set(u.at, u.side);
  const zoc: Record<Side, Set<string>> = { german: new Set(), soviet: new Set() };
  for (const u of units) {
    if (od.has(u.at)) continue; // engaged units have no ZOC
    for (const n of idx.landNeighbours(u.at)) {
      const kind = idx.hexside(u.at, n)?.kind;
      if (kind !== 'river' && kind !== 'major-river' && kind !== 'strait') zoc[u.side].add(n);
    }
  }
  const out: Control = new Map(prior);
  for (const h of prior.keys()) {
    if (od.has(h)) out.set(h, od.get(h)!);
    else if (here.has(h)) out.set(h, here.get(h)!);
    else if (zoc.german.has(h) && zoc.soviet.has(h)) out.set(h, 'disputed');
    else if (zoc.german.has(h)) out.set(h, 'german');
    else if (zoc.soviet.has(h)) out.set(h, 'soviet');
  }
  return out;
}

/** Ownership from a startline's stated derivation (lon/lat rings, country lists, forced hexes). */
export function ownersFromDerivation(idx: MapIndex, line: Startline): Map<string, Owner> {
  const d = line.derivation;
  const lonlat = (x: number, y: number) => proj4(idx.map.projection.proj4, 'EPSG:4326', [x, y]) as [number, number];
  const inside = (p: [number, number], ring: [number, number][]) => {
    let c = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) c = !c;
    }
    return c;
  };
  const force = (list: string[] | undefined) => new Set((list ?? []).map((n) => resolveHex(idx, n)));
  const fg = force(d.forceGerman);
  const fs = force(d.forceSoviet);
  const out = new Map<string, Owner>();
  for (const h of idx.hexes) {
    if (!idx.playable(h.id)) continue;
    const p = lonlat(h.x, h.y);
    let g = (d.germanRings ?? []).some((r) => inside(p, r)) && !(d.sovietRings ?? []).some((r) => inside(p, r));
    if (d.germanCountries?.includes(h.country ?? '')) g = true;
    if (fg.has(h.id)) g = true;
    if (fs.has(h.id)) g = false;
    out.set(h.id, d.neutralCountries.includes(h.country ?? '') ? 'neutral' : g ? 'german' : 'soviet');
  }
  return out;
}

/** Value of the cities and resources a side holds in rail/sea supply (11.2.2, 11.2.3; German resources x2, 1.5). */
export function heldValue(idx: MapIndex, control: Control, net: Set<string>, side: Side): number {
  let total = 0;
  for (const c of idx.map.cities) {
    if (control.get(c.hex) !== side || !net.has(c.hex)) continue;
    total += (c.kind === 'major' ? (c.values?.pp ?? 0) : 0) + (c.values?.resource ?? 0) * (side === 'german' ? 2 : 1);
  }
  return total;
}
