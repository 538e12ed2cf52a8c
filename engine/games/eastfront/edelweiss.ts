/**
 * The Edelweiss play area on the EastFront map (ruling R-EDW-2): the rows from Voroshilovgrad/Stalingrad
 * south to the Caucasus edge, and from the Kerch straits east to the Caspian edge; Stalingrad NE1 and
 * Archeda are out of play (printed). Rails that leave the area, and the Soviet home-edge rail entry hexes,
 * are the ultimate supply sources.
 */
import type { MapData } from '../../maps/model';
import { normName } from './board';

export function edelweissArea(map: MapData): (id: string) => boolean {
  const named = new Map<string, string>();
  for (const [k, v] of Object.entries(map.named)) named.set(normName(k), v);
  const qr = new Map(map.hexes.map((h) => [h.id, h]));
  const at = (n: string) => qr.get(named.get(n) ?? '');
  // the northernmost row holding a set-up hex or a hex the walkthrough uses (Millerovo railhead)
  const north = Math.min(
    ...['VOROSHILOVGRAD', 'KALACH', 'MILLEROVO', 'STALINGRAD', 'STALINGRAD E1', 'KAMENSKO'].map((n) => at(n)?.r ?? Infinity),
  );
  const kerch = at('KERCH')!;
  const west = kerch.q + kerch.r / 2; // offset column of Kerch: the western edge
  const out = new Set(['STALINGRAD NE1', 'ARCHEDA'].map((n) => named.get(n)));
  return (id: string) => {
    const h = qr.get(id);
    if (!h || out.has(id)) return false;
    return h.r >= north && h.q + h.r / 2 >= west - 0.5;
  };
}

/** Soviet home-edge exit zones whose rail entry hexes lie in the area (9 sidebar: East and South edges). */
export function edelweissSovietEntries(map: MapData, inPlay: (id: string) => boolean): string[] {
  const homes = ['EZ-L', 'EZ-M', 'EZ-N', 'EZ-O', 'EZ-P'];
  return map.boxes
    .filter((b) => homes.includes(b.id))
    .flatMap((b) => b.hexes)
    .filter(inPlay);
}
