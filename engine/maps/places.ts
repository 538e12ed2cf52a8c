/**
 * Readable place names for hexes, for any game's map: a hex with a city or a rulebook name reads as that
 * name; any other hex as its distance and compass direction from the nearest such place ("2 SE of Kamensko").
 * Used by prompts, buttons, hover cards and logs instead of hex coordinates. Pure and game-agnostic: it reads
 * only the map's cities, hex names, rulebook names and projected centres (north is up in every map projection we
 * build). Where the rulebook itself names a hex relative to a city ("Rostov E2"), that wording wins.
 */
import { distance } from '../core/hex';
import type { MapCity, MapData, MapHex } from './model';

const COMPASS = ['E', 'NE', 'N', 'NW', 'W', 'SW', 'S', 'SE'] as const;
const RANK: Record<MapCity['kind'], number> = { capital: 0, major: 1, minor: 2, town: 3 };

interface Anchor {
  hex: MapHex;
  name: string;
  rank: number;
}

/** Compass point (8-wind) of `to` seen from `from`, by their projected centres. */
export function compassFrom(from: { x: number; y: number }, to: { x: number; y: number }): (typeof COMPASS)[number] {
  const a = Math.atan2(to.y - from.y, to.x - from.x);
  const k = Math.round(a / (Math.PI / 4));
  return COMPASS[((k % 8) + 8) % 8];
}

export interface PlaceNamer {
  /** "Kamensko", "2 SE of Kamensko"; an unknown id reads as itself. */
  (id: string): string;
  /** The anchor place and its distance, for callers that word it their own way. */
  parts(id: string): { place: string; distance: number; dir?: string } | null;
}

/**
 * Build a namer for a map. Anchors are the hexes holding a city (the biggest city when several share one) and
 * hexes the map names itself; ties in distance go to the bigger place, then to the name in alphabetical order,
 * so the answer never depends on the order of the map's lists.
 */
export function placeNamer(map: MapData): PlaceNamer {
  const byId = new Map(map.hexes.map((h) => [h.id, h]));
  const anchors = new Map<string, Anchor>();
  for (const c of map.cities) {
    const hex = byId.get(c.hex);
    if (!hex) continue;
    const cur = anchors.get(c.hex);
    const rank = RANK[c.kind] ?? 4;
    if (!cur || rank < cur.rank || (rank === cur.rank && c.name < cur.name)) anchors.set(c.hex, { hex, name: c.name, rank });
  }
  for (const h of map.hexes) if (h.name && !anchors.has(h.id)) anchors.set(h.id, { hex: h, name: h.name, rank: 4 });
  // the rulebook's own names: plain ones are places too; "Rostov E2" forms are how the book names that hex
  const printed = new Map<string, { place: string; distance: number; dir: string }>();
  for (const [n, id] of Object.entries(map.named).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const hex = byId.get(id);
    if (!hex) continue;
    const m = /^(.+) (N|NE|E|SE|S|SW|W|NW)(\d+)$/.exec(n);
    if (!m) {
      if (!anchors.has(id)) anchors.set(id, { hex, name: n, rank: 4 });
      continue;
    }
    const cur = printed.get(id);
    if (!cur || Number(m[3]) < cur.distance) printed.set(id, { place: m[1], distance: Number(m[3]), dir: m[2] });
  }
  const list = [...anchors.values()];
  const cache = new Map<string, { place: string; distance: number; dir?: string } | null>();

  const parts = (id: string) => {
    if (cache.has(id)) return cache.get(id) ?? null;
    const hex = byId.get(id);
    let out: { place: string; distance: number; dir?: string } | null = null;
    if (hex) {
      const own = anchors.get(id);
      if (own) out = { place: own.name, distance: 0 };
      else if (printed.has(id)) out = printed.get(id) ?? null;
      else {
        let best: Anchor | null = null;
        let bestD = Number.POSITIVE_INFINITY;
        for (const a of list) {
          const d = distance(hex, a.hex);
          if (d < bestD || (d === bestD && best && (a.rank < best.rank || (a.rank === best.rank && a.name < best.name)))) {
            best = a;
            bestD = d;
          }
        }
        if (best) out = { place: best.name, distance: bestD, dir: compassFrom(best.hex, hex) };
      }
    }
    cache.set(id, out);
    return out;
  };

  const name = ((id: string) => {
    const p = parts(id);
    if (!p) return id;
    return p.distance === 0 ? p.place : `${p.distance} ${p.dir} of ${p.place}`;
  }) as PlaceNamer;
  name.parts = parts;
  return name;
}

const namers = new WeakMap<MapData, PlaceNamer>();
/** One shared namer per map object. */
export function placeName(map: MapData, id: string): string {
  let n = namers.get(map);
  if (!n) namers.set(map, (n = placeNamer(map)));
  return n(id);
}
