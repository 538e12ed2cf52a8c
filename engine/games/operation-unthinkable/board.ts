/**
 * Facts derived from a state and the map: occupancy, zones of control, supply, the army group boundary.
 * States are never mutated after evolve, so a Board is cached per state object.
 */
import { floodFrom, hopDistances } from '../../mechanics/board';
import { zoneOfControl } from '../../mechanics/zoc';
import { RuleError } from '../../core/errors';
import { F_AUTOBAHN, F_CITY, F_FOREST, F_MARSH, idToAxial, parseId, sideKey, type OuMap } from './map';
import { isAirborne, isArtillery, isCavalry, stackValue, unitDef, type UnitDef } from './data';
import type { Side, State } from './types';

export const other = (s: Side): Side => (s === 'allied' ? 'soviet' : 'allied');
export const onMap = (at: string): boolean => /^\d{4}$/.test(at);

/** Which side of the army group line (3.4) a hex lies: -1 north of it, 0 on it, 1 south of it (0 with no line). */
export function boundarySide(bnd: State['bnd'], hex: string): number {
  if (!bnd) return 0;
  let v: number;
  let k: number;
  if (bnd.kind === 'row') {
    v = parseId(hex).row;
    k = parseId(bnd.hex).row;
  } else if (bnd.kind === 'sw-ne') {
    const h = idToAxial(hex);
    const a = idToAxial(bnd.hex);
    v = h.q + h.r;
    k = a.q + a.r;
  } else {
    v = idToAxial(hex).r;
    k = idToAxial(bnd.hex).r;
  }
  return Math.sign(v - k);
}

const cache = new WeakMap<State, Board>();
/** Per map and army group line: static for a given line, so shared across states. */
const bsideCache = new WeakMap<OuMap, Map<string, Int8Array>>();
const regionCache = new WeakMap<OuMap, Map<string, Int32Array>>();
export function board(map: OuMap, s: State): Board {
  let b = cache.get(s);
  if (!b || b.map !== map) {
    b = new Board(map, s);
    cache.set(s, b);
  }
  return b;
}

export class Board {
  private _occ?: Map<number, string[]>;
  private _zoc: Partial<Record<Side, Uint8Array>> = {};
  private _sup: Partial<Record<Side, Uint8Array>> = {};
  private _src: Partial<Record<Side, Int32Array>> = {};
  private _reg: Partial<Record<'US' | 'UK', Int32Array>> = {};
  constructor(
    readonly map: OuMap,
    readonly s: State,
  ) {}

  idx(hex: string): number {
    const i = this.map.index.get(hex);
    if (i === undefined) throw new RuleError('ILLEGAL', '2.1', `hex ${hex} is not on the map`);
    return i;
  }
  has(hex: string): boolean {
    return this.map.index.has(hex);
  }
  get occ(): Map<number, string[]> {
    if (!this._occ) {
      const m = new Map<number, string[]>();
      for (const [id, u] of Object.entries(this.s.u)) {
        if (!onMap(u.at)) continue;
        const i = this.map.index.get(u.at);
        if (i === undefined) continue;
        const l = m.get(i);
        if (l) l.push(id);
        else m.set(i, [id]);
      }
      this._occ = m;
    }
    return this._occ;
  }
  unitsAt(i: number): string[] {
    return this.occ.get(i) ?? [];
  }
  private _side?: Int8Array;
  occupant(i: number): Side | null {
    if (!this._side) {
      const a = new Int8Array(this.map.ids.length);
      for (const [k, l] of this.occ) if (l.length) a[k] = unitDef(l[0]).side === 'allied' ? 1 : 2;
      this._side = a;
    }
    const v = this._side[i];
    return v === 0 ? null : v === 1 ? 'allied' : 'soviet';
  }
  lakeBetween(a: number, b: number): boolean {
    return this.map.lake.has(sideKey(a, b));
  }
  riverBetween(a: number, b: number): boolean {
    return this.map.river.has(sideKey(a, b));
  }
  /** Hexes into which `side`'s units project a zone of control (8.0); not across all-lake hexsides (8.1). */
  zoc(side: Side): Uint8Array {
    let z = this._zoc[side];
    if (!z) {
      const occ: number[] = [];
      for (const [i, l] of this.occ) if (unitDef(l[0]).side === side) occ.push(i);
      z = zoneOfControl(occ, this.map.nb, (a, b) => this.lakeBetween(a, b));
      this._zoc[side] = z;
    }
    return z;
  }
  /** Is hex i in an enemy zone of control for `side`? */
  ezoc(side: Side, i: number): boolean {
    return this.zoc(other(side))[i] === 1;
  }
  /** Friendly-controlled hexes of the side's own map edge: the supply sources (9.2, 9.3). */
  sources(side: Side): number[] {
    const edge = side === 'allied' ? this.map.west : this.map.east;
    const c = side === 'allied' ? 'a' : 's';
    return edge.filter((i) => this.s.ctl[i] === c);
  }
  /**
   * Hexes to which `side` can trace supply (9.1): never into enemy-occupied hexes; into but not out of an enemy
   * zone of control unless a friendly unit stands there; across any terrain, lakes included.
   */
  supply(side: Side): Uint8Array {
    let sup = this._sup[side];
    if (!sup) {
      sup = floodFrom(this.sources(side), this.map.nb, {
        canEnter: (i) => this.occupant(i) !== other(side),
        canLeave: (i) => !this.ezoc(side, i) || this.occupant(i) === side,
      });
      this._sup[side] = sup;
    }
    return sup;
  }
  /** Supply of a unit; the 1AAA is always in supply (5.3) unless `strict` (victory, 4.2). */
  inSupply(id: string, strict = false): boolean {
    const d = unitDef(id);
    if (isAirborne(d) && !strict) return true;
    const at = this.s.u[id].at;
    if (!onMap(at)) return false;
    return this.supply(d.side)[this.idx(at)] === 1;
  }
  /** Hop distance from each hex to the nearest friendly supply source (retreats, 11.3, ruling A14). */
  sourceDist(side: Side): Int32Array {
    let d = this._src[side];
    if (!d) {
      d = hopDistances(this.sources(side), this.map.nb);
      this._src[side] = d;
    }
    return d;
  }

  // ---- army group boundary (3.4) ----
  /** -1 north of the line, 0 on it, 1 south of it. */
  boundarySide(hex: string): number {
    return boundarySide(this.s.bnd, hex);
  }
  private _bside?: Int8Array;
  /** boundarySide for every map index, computed once per map and line */
  bsideAt(i: number): number {
    if (!this._bside) {
      const key = this.s.bnd ? `${this.s.bnd.kind}:${this.s.bnd.hex}` : '';
      let perMap = bsideCache.get(this.map);
      if (!perMap) bsideCache.set(this.map, (perMap = new Map()));
      let arr = perMap.get(key);
      if (!arr) perMap.set(key, (arr = Int8Array.from(this.map.ids, (id) => this.boundarySide(id))));
      this._bside = arr;
    }
    return this._bside[i];
  }
  /** US units operate on or south of the line, UK units only north of it (3.4); others anywhere. */
  regionOk(d: UnitDef, hex: string): boolean {
    if (d.side !== 'allied' || !d.ag || !this.s.bnd) return true;
    const i = this.map.index.get(hex);
    const side = i === undefined ? this.boundarySide(hex) : this.bsideAt(i);
    return d.ag === 'US' ? side >= 0 : side < 0;
  }
  /** Hops from each hex to the army group's own region. */
  regionDist(ag: 'US' | 'UK'): Int32Array {
    let d = this._reg[ag];
    const key = `${ag}|${this.s.bnd ? `${this.s.bnd.kind}:${this.s.bnd.hex}` : ''}`;
    if (!d) d = this._reg[ag] = regionCache.get(this.map)?.get(key);
    if (!d) {
      const src: number[] = [];
      const probe = { side: 'allied', ag } as UnitDef;
      this.map.ids.forEach((id, i) => {
        if (this.regionOk(probe, id)) src.push(i);
      });
      d = hopDistances(src, this.map.nb);
      this._reg[ag] = d;
      let perMap = regionCache.get(this.map);
      if (!perMap) regionCache.set(this.map, (perMap = new Map()));
      perMap.set(key, d);
    }
    return d;
  }
  adjacentToEnemy(side: Side, i: number): boolean {
    return this.map.nb[i].some((n) => this.occupant(n) === other(side));
  }

  // ---- terrain ----
  forest(i: number): boolean {
    return (this.map.terrain[i] & F_FOREST) !== 0;
  }
  marsh(i: number): boolean {
    return (this.map.terrain[i] & F_MARSH) !== 0;
  }
  city(i: number): boolean {
    return (this.map.terrain[i] & F_CITY) !== 0;
  }
  autobahn(i: number): boolean {
    return (this.map.terrain[i] & F_AUTOBAHN) !== 0;
  }
  clear(i: number): boolean {
    return (this.map.terrain[i] & (F_FOREST | F_MARSH | F_CITY)) === 0;
  }
}

/**
 * Whether these units may share a hex (7.0-7.2): opposing units never; Allied 2.5 divisions with brigades and
 * regiments at 0.5, no US with UK, Germans only with Germans, airborne corps alone; Soviet 2.5 corps with Guards
 * cavalry at 0.5 and artillery at 2.5.
 */
export function stackOk(ids: readonly string[]): boolean {
  if (ids.length <= 1) return true;
  const ds = ids.map(unitDef);
  const side = ds[0].side;
  if (ds.some((d) => d.side !== side)) return false;
  if (side === 'allied') {
    if (ds.some(isAirborne)) return false;
    const ag = ds[0].ag;
    if (ds.some((d) => d.ag !== ag)) return false;
    const german = ds.map((d) => d.nat === 'DE');
    if (german.some((g) => g !== german[0])) return false;
  }
  return ds.reduce((t, d) => t + stackValue(d), 0) <= 2.5 + 1e-9;
}

export const cavalryIn = (ids: readonly string[]): boolean => ids.some((id) => isCavalry(unitDef(id)));
export const artilleryOnly = (ids: readonly string[]): boolean => ids.every((id) => isArtillery(unitDef(id)));
