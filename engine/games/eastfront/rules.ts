/**
 * Read-only rules queries: occupancy, hex control and ZOC (8.x), rail nets and supply lines (9.x, 10.x),
 * command and air range (5.3, 13.11), stacking and hexside limits (6.2, 6.33), production level (11.2).
 */
import { reach, zonesOfControl } from '../../mechanics/graph';
import type { Board } from './board';
import { fpMax, isHq, other, STACKING, TYPES, type Fp, type Side, type UnitType, type Weather } from './data';
import type { Ctl, State, Unit } from './state';

/** Static per-scenario facts computed once from the board (see docs/rulings/eastfront.md). */
export interface ScenarioCtx {
  /** Rail hexes that are ultimate supply sources for each side (9 sidebar; R-EDW-2). */
  sources: Record<Side, string[]>;
  /** Hexes where each side may place cadres (11.6; R-EDW-6), with capacity. */
  arrivals: Record<Side, { hex: string; cap: number }[]>;
  /** Off-board boxes (always supplied, never adjacent to anything). */
  boxes: Set<string>;
}

export const CTL: Record<Side, Ctl> = { german: 'G', soviet: 'S' };
export const isBox = (at: string | null | undefined) => !!at && at.startsWith('box:');

export function onMap(u: Unit): boolean {
  return !!u.at && !isBox(u.at);
}

/** Units per location; `skipDispersed` leaves out dispersed paras (14.6). */
export function occupancy(s: State, skipDispersed = false): Map<string, Unit[]> {
  const m = new Map<string, Unit[]>();
  for (const id of Object.keys(s.units).sort()) {
    const u = s.units[id];
    if (!u.at || (skipDispersed && u.dispersed)) continue; // 14.6: dispersed paras neither hold nor project control
    let l = m.get(u.at);
    if (!l) m.set(u.at, (l = []));
    l.push(u);
  }
  return m;
}

export function unitsAt(s: State, hex: string, side?: Side): Unit[] {
  const out: Unit[] = [];
  for (const id of Object.keys(s.units).sort()) {
    const u = s.units[id];
    if (u.at === hex && (!side || u.side === side)) out.push(u);
  }
  return out;
}

export function isBattleHex(s: State, hex: string): boolean {
  return !!s.battles[hex];
}

export function ctlAt(s: State, b: Board, hex: string): Ctl {
  return ctlIn(s.control, b, hex);
}
/** Control of `hex` in a control string (state or view). */
export function ctlIn(control: string, b: Board, hex: string): Ctl {
  const i = b.index.get(hex);
  return i === undefined ? '.' : ((control[i] as Ctl) ?? '.');
}

export const friendly = (s: State, b: Board, hex: string, side: Side) => ctlAt(s, b, hex) === CTL[side];
export const enemyCtl = (s: State, b: Board, hex: string, side: Side) => ctlAt(s, b, hex) === CTL[other(side)];

/** 8.2: the sides whose ZOC reaches each unoccupied hex (dispersed paras neither occupy nor project, 14.6). */
function zones(_s: State, b: Board, occ: Map<string, Unit[]>): Map<string, Set<string>> {
  const projectors: { hex: string; side: string }[] = [];
  for (const [hex, us] of occ) {
    if (isBox(hex) || !b.has(hex)) continue;
    const sides = new Set(us.map((u) => u.side));
    if (sides.size > 1) continue; // engaged units have no ZOC (8.2)
    for (const u of us) if (!u.unsupplied) projectors.push({ hex, side: u.side });
  }
  return zonesOfControl(
    projectors,
    b.neighbours,
    (from, to) => !occ.has(to) && b.side(from, to) !== 'river' && b.side(from, to) !== 'strait',
  );
}

/** Whether a ZOC of `side` reaches `hex` now (14.6 linkup). */
export function zocReaches(s: State, b: Board, hex: string, side: Side): boolean {
  return !!zones(s, b, occupancy(s, true)).get(hex)?.has(side);
}

/** 8.2-8.3: control from positions and ZOCs; unoccupied hexes in no ZOC keep prior control (8.34). */
export function computeControl(s: State, b: Board, prior: string = s.control): string {
  const occ = occupancy(s, true);
  const zoc = zones(s, b, occ);
  const chars = prior.split('');
  while (chars.length < b.ids.length) chars.push('.');
  for (const hex of b.playable) {
    const i = b.index.get(hex)!;
    const us = occ.get(hex);
    if (us?.length) {
      const sides = new Set(us.map((u) => u.side));
      if (sides.size === 1) chars[i] = CTL[us[0].side];
      else {
        const bt = s.battles[hex];
        chars[i] = bt ? CTL[other(bt.oa)] : chars[i];
      }
      continue;
    }
    const z = zoc.get(hex);
    if (z && z.size === 2) chars[i] = 'D';
    else if (z && z.size === 1) chars[i] = CTL[[...z][0] as Side];
  }
  return chars.join('');
}

/** 9.12/9.3: hexes in rail supply for `side`: along rails through friendly hexes, into but not through battles. */
const railMemo = new WeakMap<State, Map<string, Set<string>>>();
export function railNet(s: State, b: Board, ctx: ScenarioCtx, side: Side): Set<string> {
  // state objects are never mutated, so a result per state object is safe to reuse
  let m = railMemo.get(s);
  if (!m) railMemo.set(s, (m = new Map()));
  const hit = m.get(side);
  if (hit) return hit;
  const r = railNetRaw(s, b, ctx, side);
  m.set(side, r);
  return r;
}

function railNetRaw(s: State, b: Board, ctx: ScenarioCtx, side: Side): Set<string> {
  const starts = ctx.sources[side].filter((h) => friendly(s, b, h, side));
  const r = reach(starts, b.railNeighbours, {
    maxSteps: Infinity,
    canStep: (_f, t) => friendly(s, b, t, side),
    canLeave: (id) => !s.battles[id],
  });
  // a source that is itself a battle hex is still entered
  return new Set(r.keys());
}

/** 10.3: a land supply line of at most 2 hexes to a rail-supplied hex, through Friendly or Disputed hexes. */
export function hasSupplyLine(s: State, b: Board, side: Side, at: string, rail: Set<string>): boolean {
  if (isBox(at)) return true; // R-EDW-5: off-board boxes are always supplied
  if (rail.has(at)) return true;
  const r = reach([at], b.neighbours, { maxSteps: 2, canStep: (_f, t) => !enemyCtl(s, b, t, side) });
  for (const h of r.keys()) if (rail.has(h)) return true;
  return false;
}

/** Weather disruption (5.8, 12.22): all HQs in Mud, German HQs in Snow. */
export const disrupted = (weather: Weather, side: Side) => weather === 'mud' || (weather === 'snow' && side === 'german');

/** 5.8: a command value less one when its side is disrupted. */
export const cvIn = (weather: Weather, side: Side, cv: number) => (disrupted(weather, side) ? cv - 1 : cv);

/** Effective command value (5.8). */
export function effectiveCv(s: State, u: Unit): number {
  return cvIn(s.weather, u.side, u.cv);
}

/** 5.61 with 5.8/12.22: two supreme moves per effective CV (a disrupted SHQ III has those of a II). */
export function supremeMoves(s: State, h: Unit): number {
  return 2 * Math.max(0, effectiveCv(s, h));
}

/** 13.11, 14.3, 5.63: an HQ's air range: its effective command value, doubled for a strategic HQ. */
export function airRange(s: State, h: Unit): number {
  return effectiveCv(s, h) * (h.type === 'shq' ? 2 : 1);
}

/**
 * 5.3: hexes under command of an active HQ. Traced through hexes not enemy-controlled; the last hex may be
 * enemy-controlled so that attacks into enemy battle hexes can be supported (ruling ).
 */
const rangeMemo = new WeakMap<State, Map<string, Set<string>>>();
export function commandRange(s: State, b: Board, hq: Unit): Set<string> {
  let m = rangeMemo.get(s);
  if (!m) rangeMemo.set(s, (m = new Map()));
  const key = `${hq.id}@${hq.at}:${hq.cv}`;
  const hit = m.get(key);
  if (hit) return hit;
  const r = rangeFrom(b, s.weather, s.control, hq);
  m.set(key, r);
  return r;
}

/** 5.3, 5.8, R-5.3 from plain facts (state or a side's view): the hexes an active HQ commands. */
export function rangeFrom(b: Board, weather: Weather, control: string, hq: { side: Side; cv: number; at: string | null }): Set<string> {
  const out = new Set<string>();
  if (!hq.at || isBox(hq.at)) return out;
  const r = cvIn(weather, hq.side, hq.cv);
  if (r < 0) return out;
  const foe = CTL[other(hq.side)];
  const d = reach([hq.at], b.neighbours, { maxSteps: r, canLeave: (id) => ctlIn(control, b, id) !== foe });
  for (const h of d.keys()) out.add(h);
  return out;
}

/** 7.34: double defence (half hits): forest, marsh, mountain, major cities, and everything in Mud (12.24). */
export function doubleDefence(b: Board, weather: Weather, hex: string): boolean {
  const t = b.terrain(hex);
  return t === 'forest' || t === 'marsh' || t === 'mountain' || b.isMajor(hex) || weather === 'mud';
}

/** 7.34, 7.4: hits needed per step lost: 1, doubled by double defence, and a third (double) or half the effect when unsupported. */
export function hitsPerStep(supported: boolean, double: boolean): number {
  return supported ? (double ? 2 : 1) : double ? 3 : 2;
}

/** Defensive firepower (7.32 major cities at least DF; 2.62 mountain troops DF in mountains). */
export function defenceFp(b: Board, type: UnitType, hex: string): Fp | null {
  let fp = TYPES[type].def;
  if (!fp) return null;
  if (b.isMajor(hex)) fp = fpMax(fp, 'DF');
  if (type === 'mountain' && b.terrain(hex) === 'mountain') fp = fpMax(fp, 'DF');
  return fp;
}

/** Offensive firepower (2.62 mountain troops DF in mountains; 7.32 marsh and 12.24 Mud: SF). */
export function offenceFp(b: Board, weather: Weather, type: UnitType, hex: string): Fp | null {
  let fp = TYPES[type].off;
  if (!fp) return null;
  if (type === 'mountain' && b.terrain(hex) === 'mountain') fp = 'DF';
  if ((b.terrain(hex) === 'marsh' && weather !== 'snow') || weather === 'mud') fp = 'SF';
  return fp;
}

export function speed(s: State, u: Unit): number {
  return TYPES[u.type].speed[s.weather];
}

/** 6.21 stacking limit (weather never reduces it). */
export function stackLimit(b: Board, hex: string): number {
  return STACKING[b.terrain(hex)];
}

/**
 * 6.2: where `side`'s units on the map will stand when movement ends: designated rearguards (6.41) count at
 * the end of their retreat path, everything else where it is.
 */
const endMemo = new WeakMap<State, Map<Side, Map<string, Unit[]>>>();
export function endPositions(s: State, side: Side): Map<string, Unit[]> {
  let m = endMemo.get(s);
  if (!m) endMemo.set(s, (m = new Map()));
  const hit = m.get(side);
  if (hit) return hit;
  const r = endPositionsRaw(s, side);
  m.set(side, r);
  return r;
}

function endPositionsRaw(s: State, side: Side): Map<string, Unit[]> {
  const rg = new Map(s.rearguards.map((r) => [r.unit, r.path[r.path.length - 1]]));
  const m = new Map<string, Unit[]>();
  for (const u of liveUnits(s, side)) {
    if (!onMap(u)) continue;
    const at = rg.get(u.id) ?? u.at!;
    (m.get(at) ?? m.set(at, []).get(at)!).push(u);
  }
  return m;
}

export interface Overstack {
  hex: string;
  units: number;
  limit: number;
  /** Units a repulse pushed in and that have not moved since (7.51): tolerated beyond the limit (6.22). */
  repulsed: number;
}

/**
 * 6.21-6.22: hexes where `side` stands beyond the stacking limit at the end of movement. With `tolerate`,
 * hexes whose excess is no larger than the repulsed units there are left out (a repulse may overstack).
 */
const overMemo = new WeakMap<State, Map<string, Overstack[]>>();
export function overstacks(s: State, b: Board, side: Side, tolerate: boolean): Overstack[] {
  let m = overMemo.get(s);
  if (!m) overMemo.set(s, (m = new Map()));
  const key = `${side}:${tolerate}`;
  const hit = m.get(key);
  if (hit) return hit;
  const r = overstacksRaw(s, b, side, tolerate);
  m.set(key, r);
  return r;
}

function overstacksRaw(s: State, b: Board, side: Side, tolerate: boolean): Overstack[] {
  const rg = new Set(s.rearguards.map((r) => r.unit));
  const out: Overstack[] = [];
  for (const [hex, us] of endPositions(s, side)) {
    const limit = stackLimit(b, hex);
    if (us.length <= limit) continue;
    const repulsed = us.filter((u) => u.repulsed && !rg.has(u.id)).length;
    if (tolerate && us.length - repulsed <= limit) continue;
    out.push({ hex, units: us.length, limit, repulsed });
  }
  return out.sort((x, y) => (x.hex < y.hex ? -1 : 1));
}

/** 6.33 battle hexside limit: 2 across clear hexsides, 1 otherwise; in Mud every hexside counts as marsh. */
export function hexsideLimit(s: State, b: Board, a: string, c: string): number {
  if (s.weather === 'mud') return 1;
  return b.side(a, c) === 'clear' ? 2 : 1;
}

export const sideKey = (a: string, c: string) => (a < c ? `${a}|${c}` : `${c}|${a}`);

/** Movement stop terrain (6.1, 12.24): mountain, marsh, and in Mud also clear and forest. */
export function stopsIn(weather: Weather, b: Board, type: UnitType, hex: string): boolean {
  if (type === 'cavalry') return false;
  const t = b.terrain(hex);
  if (weather === 'snow' && t === 'marsh') return false;
  if (weather === 'mud') return true;
  return t === 'mountain' || t === 'marsh';
}

/** 11.2: basic + controlled rail-supplied major cities + resources (German double). */
export function productionLevel(s: State, b: Board, ctx: ScenarioCtx): Record<Side, number> {
  const out = { german: s.basic.german, soviet: s.basic.soviet };
  for (const side of ['german', 'soviet'] as Side[]) out[side] += cityValue(s, b, ctx, side);
  return out;
}

export function cityValue(s: State, b: Board, ctx: ScenarioCtx, side: Side): number {
  const rail = railNet(s, b, ctx, side);
  let v = 0;
  for (const [hex, c] of b.cities) {
    if (!friendly(s, b, hex, side) || !rail.has(hex)) continue;
    v += c.pp + c.resource * (side === 'german' ? 2 : 1);
  }
  return v;
}

export function hqCommandOk(u: Unit): boolean {
  return isHq(u.type) && !!u.hq;
}

export function liveUnits(s: State, side?: Side): Unit[] {
  return Object.keys(s.units)
    .sort()
    .map((k) => s.units[k])
    .filter((u) => u.at && (!side || u.side === side));
}

export function weatherIs(s: State, w: Weather) {
  return s.weather === w;
}

/**
 * Units in the order of their public tokens (dealt by a shuffle at set-up), for rules that emit one event per unit
 * while some of the units are face down: the id order follows the scenario card's letters and would name them.
 */
export function inTokenOrder(units: Unit[]): Unit[] {
  const no = (t: string) => Number(t.replace(/\D/g, '')) || 0;
  return [...units].sort((a, b) => no(a.token) - no(b.token));
}
