/**
 * The War in the East map as the rules read it: the built map.json on the shared HexBoard (dense indices,
 * neighbours, hexside sets), plus the per-hex facts the rules need (terrain, country, impassable, the regions of
 * 31.51 and 14.4). Built once; states never hold it.
 */
import { neighbors } from '../../core/hex';
import { buildHexBoard, type HexBoard, sideKey } from '../../mechanics/board';
import mapJson from './map.json';

export type Terrain = 'clear' | 'rough' | 'woods' | 'swamp' | 'lake' | 'sea';

interface MapHex {
  id: string;
  q: number;
  r: number;
  terrain: string;
  impassable?: boolean;
  country?: string;
}
interface MapRegion {
  id: string;
  name: string;
  kind: string;
  side?: string;
  hexes: string[];
}
interface MapFile {
  hexes: MapHex[];
  hexsides: { a: string; b: string; kind: string }[];
  cities: { hex: string; name: string }[];
  named: Record<string, string>;
  regions: MapRegion[];
}

export interface WiteBoard extends HexBoard {
  terr: Terrain[];
  country: (string | undefined)[];
  /** Never enterable by land movement: sea, and hexes off the playable area (Sweden). Lakes are separate. */
  impassable: Uint8Array;
  northOfWeatherline: Uint8Array;
  river: Set<number>;
  seaSide: Set<number>;
  lakeSide: Set<number>;
  regions: Map<string, MapRegion>;
  named: Record<string, string>;
  /** Personnel Centre hexes (printed and substitute, 30.32). */
  personnelCentres: number[];
  /** Global row counted from the north (1-101) and the section letter pair, for 5.29. */
  southRow: Int16Array;
}

let cached: WiteBoard | undefined;

/** The one board of the game (built lazily on first use). */
export function witeBoard(): WiteBoard {
  if (cached) return cached;
  const m = mapJson as unknown as MapFile;
  const byKey = new Map<string, string>();
  const pos = new Map<string, MapHex>();
  for (const h of m.hexes) {
    byKey.set(`${h.q},${h.r}`, h.id);
    pos.set(h.id, h);
  }
  const b = buildHexBoard({
    ids: m.hexes.map((h) => h.id),
    around: (id) => {
      const h = pos.get(id);
      if (!h) return [];
      return neighbors({ q: h.q, r: h.r })
        .map((n) => byKey.get(`${n.q},${n.r}`))
        .filter((x): x is string => x !== undefined);
    },
    hexsides: m.hexsides.filter((s) => s.kind === 'river' || s.kind === 'sea' || s.kind === 'lake'),
    cities: Object.fromEntries(m.cities.map((c) => [c.hex, c.name])),
  });
  const idx = b.index;
  const n = b.ids.length;
  const impassable = new Uint8Array(n);
  const northOfWeatherline = new Uint8Array(n);
  const southRow = new Int16Array(n);
  m.hexes.forEach((h, i) => {
    if (h.terrain === 'sea' || (h.impassable && h.terrain !== 'lake')) impassable[i] = 1;
    southRow[i] = h.id.startsWith('S') ? Number(h.id.slice(2, 4)) : 0;
  });
  const regions = new Map(m.regions.map((r) => [r.id, r]));
  for (const id of regions.get('north-of-weatherline')?.hexes ?? []) {
    const i = idx.get(id);
    if (i !== undefined) northOfWeatherline[i] = 1;
  }
  const pcs: number[] = [];
  for (const rid of ['personnel-centres-printed', 'personnel-centres-substitute'])
    for (const id of regions.get(rid)?.hexes ?? []) {
      const i = idx.get(id);
      if (i !== undefined) pcs.push(i);
    }
  cached = {
    ...b,
    terr: m.hexes.map((h) => h.terrain as Terrain),
    country: m.hexes.map((h) => h.country),
    impassable,
    northOfWeatherline,
    river: b.hexsides.get('river') ?? new Set(),
    seaSide: b.hexsides.get('sea') ?? new Set(),
    lakeSide: b.hexsides.get('lake') ?? new Set(),
    regions,
    named: m.named,
    personnelCentres: pcs,
    southRow,
  };
  return cached;
}

export const hasSide = (set: Set<number>, a: number, c: number): boolean => set.has(sideKey(a, c));

/** Breadth-first hex distance over the board (ignores terrain), from one index. */
export function hexDistances(b: WiteBoard, from: number, maxD: number): Map<number, number> {
  const d = new Map<number, number>([[from, 0]]);
  const q = [from];
  for (let k = 0; k < q.length; k++) {
    const i = q[k];
    const di = d.get(i) ?? 0;
    if (di >= maxD) continue;
    for (const nx of b.nb[i])
      if (!d.has(nx)) {
        d.set(nx, di + 1);
        q.push(nx);
      }
  }
  return d;
}
