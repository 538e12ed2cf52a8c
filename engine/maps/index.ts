/**
 * MapIndex: the runtime helper over a built MapData. Neighbours by id, hexside lookup by pair, rulebook
 * names (including any "City DIR n" form, resolved on the fly), distance, cities and rails. Read-only;
 * build once per map and share.
 */
import { DIRECTIONS, distance as hexDistance, hexKey, type Hex } from '../core/hex';
import { compassStep, parseCompassName } from './grid';
import type { MapCity, MapData, MapHex, MapHexside } from './model';

export const sidePairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export class MapIndex {
  private readonly hexById = new Map<string, MapHex>();
  private readonly byAxial = new Map<string, MapHex>();
  private readonly sideByPair = new Map<string, MapHexside>();
  private readonly cityByHex = new Map<string, MapCity[]>();
  private readonly railAdj = new Map<string, Set<string>>();
  private readonly names = new Map<string, string>();
  private readonly position = new Map<string, number>();

  constructor(readonly map: MapData) {
    for (const [i, h] of map.hexes.entries()) this.position.set(h.id, i);
    for (const h of map.hexes) {
      this.hexById.set(h.id, h);
      this.byAxial.set(hexKey(h), h);
    }
    for (const s of map.hexsides) this.sideByPair.set(sidePairKey(s.a, s.b), s);
    for (const c of map.cities) (this.cityByHex.get(c.hex) ?? this.cityByHex.set(c.hex, []).get(c.hex)!).push(c);
    for (const r of map.rails) {
      (this.railAdj.get(r.a) ?? this.railAdj.set(r.a, new Set()).get(r.a)!).add(r.b);
      (this.railAdj.get(r.b) ?? this.railAdj.set(r.b, new Set()).get(r.b)!).add(r.a);
    }
    for (const [n, id] of Object.entries(map.named)) this.names.set(MapIndex.norm(n), id);
    // a hex's other printed numbers (War in the East's overlapping row: NE5131 is SE0131) resolve like names
    for (const [alias, id] of Object.entries(map.aliases ?? {})) this.names.set(MapIndex.norm(alias), id);
  }

  static norm(name: string): string {
    return name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, ' ')
      .trim();
  }

  get hexes(): readonly MapHex[] {
    return this.map.hexes;
  }
  hex(id: string): MapHex | undefined {
    return this.hexById.get(id);
  }
  at(h: Hex): MapHex | undefined {
    return this.byAxial.get(hexKey(h));
  }
  /** Position of a hex in `map.hexes` (stable for one map.json; handy for compact per-hex strings). */
  indexOf(id: string): number {
    return this.position.get(id) ?? -1;
  }
  /** Playable: on the map, not sea, lake or otherwise impassable. */
  playable(id: string): boolean {
    const h = this.hexById.get(id);
    return !!h && !h.impassable && h.terrain !== 'sea' && h.terrain !== 'lake';
  }
  /** The hexes next to `id` that exist on the map (any terrain), in DIRECTIONS order. */
  neighbours(id: string): string[] {
    const h = this.hexById.get(id);
    if (!h) return [];
    const out: string[] = [];
    for (const d of DIRECTIONS) {
      const n = this.byAxial.get(hexKey({ q: h.q + d.q, r: h.r + d.r }));
      if (n) out.push(n.id);
    }
    return out;
  }
  /** Neighbours a land unit may step to: playable and not across sea, lake or impassable hexsides. */
  landNeighbours(id: string): string[] {
    return this.neighbours(id).filter((n) => this.playable(n) && this.landCrossable(id, n));
  }
  landCrossable(a: string, b: string): boolean {
    const s = this.hexside(a, b);
    return !s || s.kind === 'river' || s.kind === 'major-river' || s.kind === 'strait' || s.kind === 'clear' || s.kind === 'rough';
  }
  hexside(a: string, b: string): MapHexside | undefined {
    return this.sideByPair.get(sidePairKey(a, b));
  }
  isRiver(a: string, b: string): boolean {
    const k = this.hexside(a, b)?.kind;
    return k === 'river' || k === 'major-river';
  }
  distance(a: string, b: string): number {
    const ha = this.hexById.get(a);
    const hb = this.hexById.get(b);
    if (!ha || !hb) throw new Error(`unknown hex ${ha ? b : a}`);
    return hexDistance(ha, hb);
  }
  cities(id: string): readonly MapCity[] {
    return this.cityByHex.get(id) ?? [];
  }
  railNeighbours(id: string): string[] {
    return [...(this.railAdj.get(id) ?? [])].sort();
  }
  /** Resolve a rulebook name: an indexed name, a place, or "Place DIR n" (1.2). Undefined when off the map. */
  named(name: string): string | undefined {
    const direct = this.names.get(MapIndex.norm(name));
    if (direct) return direct;
    const c = parseCompassName(name);
    if (!c) return undefined;
    const base = this.names.get(MapIndex.norm(c.base));
    if (!base) return undefined;
    const h = this.hexById.get(base)!;
    return this.at(compassStep(h, c.dir, c.n))?.id;
  }
  /** Resolve or throw. */
  id(name: string): string {
    const id = this.named(name);
    if (!id) throw new Error(`no hex named ${JSON.stringify(name)}`);
    return id;
  }
  label(id: string): string {
    return this.hexById.get(id)?.name ?? id;
  }
}
