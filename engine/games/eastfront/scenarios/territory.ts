/**
 * Starting territory from a startline (3.2.3, 3.2.4): each side's frontline hexes are listed in
 * data/startlines.json; the German side is everything reached over land from a German frontline hex without
 * entering a Soviet frontline hex or a neutral country, every other playable hex is Soviet. Neutral countries
 * (Finland, Sweden, Turkey; Hungary in S'41) belong to neither side.
 */
import type { MapIndex } from '../../../maps/index';
import type { Side, Startline } from './types';

export type Owner = Side | 'neutral';

/** A hex reference in the data: a map id ("-10,-3"), an exit-zone box id ("EZ-T") or a rulebook name. */
export function resolveHex(idx: MapIndex, ref: string): string {
  if (idx.hex(ref)) return ref;
  const box = idx.map.boxes.find((b) => b.id === ref);
  if (box) return box.id;
  return idx.id(ref);
}

/** Owner of every playable hex at the start of a scenario, from its frontline lists. */
export function territory(idx: MapIndex, line: Startline): Map<string, Owner> {
  const neutral = new Set(line.derivation.neutralCountries);
  const soviet = new Set(line.frontline.soviet.map((n) => resolveHex(idx, n)));
  const german = new Set<string>();
  const queue = line.frontline.german.map((n) => resolveHex(idx, n));
  for (const h of queue) german.add(h);
  while (queue.length) {
    const h = queue.pop()!;
    for (const n of idx.landNeighbours(h)) {
      if (german.has(n) || soviet.has(n) || neutral.has(idx.hex(n)!.country ?? '')) continue;
      german.add(n);
      queue.push(n);
    }
  }
  const out = new Map<string, Owner>();
  for (const h of idx.hexes) {
    if (!idx.playable(h.id)) continue;
    out.set(h.id, german.has(h.id) ? 'german' : neutral.has(h.country ?? '') ? 'neutral' : 'soviet');
  }
  return out;
}

/** Frontline hexes of an ownership map: hexes with a land neighbour held by the other side (3.2.4). */
export function frontlineOf(idx: MapIndex, owner: Map<string, Owner>): Record<Side, string[]> {
  const out: Record<Side, string[]> = { german: [], soviet: [] };
  for (const [h, o] of owner) {
    if (o === 'neutral') continue;
    const enemy = o === 'german' ? 'soviet' : 'german';
    if (idx.landNeighbours(h).some((n) => owner.get(n) === enemy)) out[o].push(h);
  }
  return out;
}
