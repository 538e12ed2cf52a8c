/**
 * The EastFront board: a read-only index over MapData (engine/maps/model.ts) built once per ruleset.
 * Rules code asks it for neighbours, hexside kinds, terrain, cities, rails and rulebook names. Nothing here
 * is ever copied into game state; state refers to hexes by id and to hex control by the hex's index.
 */
import type { MapData, MapHexside } from '../../maps/model';
import { placeName } from '../../maps/places';

export type Terrain = 'clear' | 'forest' | 'marsh' | 'mountain';
/** What a hexside means for play: clear (limit 2), other (limit 1), river (limit 1, repulse, no ZOC). */
export type SideKind = 'clear' | 'other' | 'river' | 'strait' | 'blocked';

export interface CityInfo {
  name: string;
  major: boolean;
  /** A town (1.43): a name on the map, no game function (no arrivals, no production, no defence). */
  town: boolean;
  /** Production value (major cities) plus resource value; resources listed separately for the German double. */
  pp: number;
  resource: number;
  port: boolean;
  fortress: boolean;
}

const sideKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export function normName(s: string): string {
  return s
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

export class Board {
  readonly ids: string[];
  readonly index = new Map<string, number>();
  private readonly terr = new Map<string, Terrain>();
  private readonly nbs = new Map<string, string[]>();
  private readonly sides = new Map<string, SideKind>();
  private readonly rails = new Map<string, string[]>();
  readonly cities = new Map<string, CityInfo>();
  private readonly names = new Map<string, string>();
  readonly hexName = new Map<string, string>();
  private readonly qr = new Map<string, { q: number; r: number }>();

  constructor(
    readonly map: MapData,
    inPlay?: (id: string) => boolean,
  ) {
    const axial = new Map<string, string>();
    const playable = new Set<string>();
    for (const h of map.hexes) {
      axial.set(`${h.q},${h.r}`, h.id);
      this.qr.set(h.id, { q: h.q, r: h.r });
      const t = h.terrain;
      if (h.impassable || t === 'sea' || t === 'lake') continue;
      if (inPlay && !inPlay(h.id)) continue;
      playable.add(h.id);
      this.terr.set(h.id, t === 'forest' || t === 'marsh' || t === 'mountain' ? t : 'clear');
      if (h.name) this.hexName.set(h.id, h.name);
    }
    this.ids = map.hexes.map((h) => h.id);
    for (const [i, id] of this.ids.entries()) this.index.set(id, i);
    const listed = new Map<string, MapHexside>();
    for (const s of map.hexsides) listed.set(sideKey(s.a, s.b), s);
    const dirs = [
      [1, 0],
      [1, -1],
      [0, -1],
      [-1, 0],
      [-1, 1],
      [0, 1],
    ];
    for (const h of map.hexes) {
      if (!playable.has(h.id)) continue;
      const out: string[] = [];
      for (const [dq, dr] of dirs) {
        const n = axial.get(`${h.q + dq},${h.r + dr}`);
        if (!n || !playable.has(n)) continue;
        const k = sideKey(h.id, n);
        const s = listed.get(k);
        let kind: SideKind;
        if (s) {
          kind =
            s.kind === 'river' || s.kind === 'major-river'
              ? 'river'
              : s.kind === 'strait'
                ? 'strait'
                : s.kind === 'clear'
                  ? 'clear'
                  : s.kind === 'rough'
                    ? 'other'
                    : 'blocked';
        } else {
          // 1.3: hexside terrain is the terrain at its middle; without printed data we take "clear" only
          // when both hexes are clear (ruling R-MAP-1 in docs/rulings/eastfront.md).
          kind = this.terr.get(h.id) === 'clear' && this.terr.get(n) === 'clear' ? 'clear' : 'other';
        }
        this.sides.set(k, kind);
        if (kind !== 'blocked') out.push(n);
      }
      this.nbs.set(h.id, out);
    }
    for (const r of map.rails) {
      if (!playable.has(r.a) || !playable.has(r.b)) continue;
      if (this.sides.get(sideKey(r.a, r.b)) === 'strait') continue; // Kerch: no rail across (9.3 sidebar)
      (this.rails.get(r.a) ?? this.rails.set(r.a, []).get(r.a)!).push(r.b);
      (this.rails.get(r.b) ?? this.rails.set(r.b, []).get(r.b)!).push(r.a);
    }
    for (const c of map.cities) {
      if (!playable.has(c.hex)) continue;
      const vals = c.values ?? {};
      const major = c.kind === 'major' || c.kind === 'capital';
      this.cities.set(c.hex, {
        name: c.name,
        major,
        town: c.kind === 'town',
        pp: major ? (vals.pp ?? vals.city ?? 0) : 0,
        resource: vals.resource ?? (c.resource ? 1 : 0),
        port: !!c.port,
        fortress: !!c.fortress,
      });
    }
    for (const [name, id] of Object.entries(map.named)) {
      this.names.set(normName(name), id);
      const cur = this.hexName.get(id);
      if (playable.has(id) && (!cur || name.length < cur.length)) this.hexName.set(id, name);
    }
    for (const h of map.hexes) if (h.name && !this.names.has(normName(h.name))) this.names.set(normName(h.name), h.id);
    for (const c of map.cities) if (!this.names.has(normName(c.name))) this.names.set(normName(c.name), c.hex);
  }

  has(id: string): boolean {
    return this.terr.has(id);
  }
  terrain(id: string): Terrain {
    return this.terr.get(id) ?? 'clear';
  }
  neighbours = (id: string): readonly string[] => this.nbs.get(id) ?? [];
  adjacent(a: string, b: string): boolean {
    return (this.nbs.get(a) ?? []).includes(b);
  }
  side(a: string, b: string): SideKind {
    return this.sides.get(sideKey(a, b)) ?? 'blocked';
  }
  railNeighbours = (id: string): readonly string[] => this.rails.get(id) ?? [];
  isRail(id: string): boolean {
    return this.rails.has(id);
  }
  city(id: string): CityInfo | undefined {
    return this.cities.get(id);
  }
  isMajor(id: string): boolean {
    return !!this.cities.get(id)?.major;
  }
  /** Resolve a rulebook name ("Rostov E1") to a hex id, or undefined. */
  named(name: string): string | undefined {
    return this.names.get(normName(name));
  }
  label(id: string): string {
    // a hex with no name of its own reads as its place on the map ("2 SE of Kamensko"), never as coordinates
    return this.hexName.get(id) ?? this.cities.get(id)?.name ?? placeName(this.map, id);
  }
  /** Hex distance ignoring terrain and control (air range, 13.11). */
  dist(a: string, b: string): number {
    const x = this.qr.get(a);
    const y = this.qr.get(b);
    if (!x || !y) return Infinity;
    const dq = x.q - y.q;
    const dr = x.r - y.r;
    return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
  }
  get playable(): string[] {
    return [...this.terr.keys()];
  }
}
