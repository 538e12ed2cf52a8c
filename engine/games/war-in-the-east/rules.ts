/**
 * Rule facts shared by the phases: counter faces, weather (14.0), zones of control (8.0), movement costs (5.0,
 * 5.8 TEC in data/terrain.json) and the costed reach of one unit on engine/mechanics. Pure functions of a state.
 */
import { hopDistances, sideKey } from '../../mechanics/board';
import { cheapestCosts, costedReach, dearest, pathOf } from '../../mechanics/reach';
import { zoneOfControl } from '../../mechanics/zoc';
import { hasSide, witeBoard, type WiteBoard } from './board';
import { type Face, type Side, terrain, type UnitType, unitType, type Weather } from './data';
import { weatherOf } from './data/tables';
import type { State, UnitState } from './state';

export const other = (s: Side): Side => (s === 'axis' ? 'soviet' : 'axis');

/** The face a unit shows: its kampfgruppe / battlegroup face once reduced (10.3). */
export function face(u: UnitState): Face {
  const t = unitType(u.type);
  return u.kg && t.reduced ? t.reduced : t;
}

export const weather = (s: State): Weather => (s.gt >= 1 ? weatherOf(s.gt) : 'clear');

/** 14.25, 14.47: swamps and lakes are frozen in Snow, and north of the Weatherline in Mud too. */
export function frozen(b: WiteBoard, s: State, i: number): boolean {
  const w = weather(s);
  return w === 'snow' || (w === 'mud' && b.northOfWeatherline[i] === 1);
}

const SATELLITES = new Set(['rumanian', 'hungarian', 'italian', 'slovak']);

/** Units of a side on the map, by hex index. */
export function occupancy(s: State): Map<number, string[]> {
  const b = witeBoard();
  const m = new Map<number, string[]>();
  for (const [id, u] of Object.entries(s.units)) {
    if (u.at === null) continue;
    const i = b.index.get(u.at);
    if (i === undefined) continue;
    const l = m.get(i);
    if (l) l.push(id);
    else m.set(i, [id]);
  }
  return m;
}

export const sideAt = (s: State, ids: readonly string[] | undefined): Side | null => (ids?.length ? s.units[ids[0]].side : null);

/**
 * Hexes in the zone of control of `side`'s units (8.0): the six hexes around each unit, except units without one
 * (8.11: anti-tank, artillery, fortified, repair), mechanized zones not into rough, woods or unfrozen swamp
 * (8.13), never across sea or unfrozen lake hexsides (8.13), and on GT 1 during the Axis Initial Movement Phase no
 * Russian zone across the June 1941 border (30.34A).
 */
export function zocOf(s: State, side: Side, occ = occupancy(s)): Uint8Array {
  const b = witeBoard();
  const noRussianAcrossBorder = side === 'soviet' && s.gt === 1 && s.player === 'axis' && s.phase === 'initial-movement';
  const sources: number[] = [];
  const mechOnly = new Set<number>();
  for (const [i, ids] of occ) {
    const kinds = new Set(ids.filter((id) => s.units[id].side === side).map((id) => unitType(s.units[id].type).zoc));
    if (kinds.has('normal')) sources.push(i);
    else if (kinds.has('mech')) {
      sources.push(i);
      mechOnly.add(i);
    }
  }
  return zoneOfControl(sources, b.nb, (a, c) => {
    if (b.impassable[c]) return true;
    if (hasSide(b.seaSide, a, c)) return true;
    if (hasSide(b.lakeSide, a, c) && !(frozen(b, s, a) && frozen(b, s, c))) return true;
    if (mechOnly.has(a) && terrain.zoc.mechNotInto.includes(b.terr[c]) && !(b.terr[c] === 'swamp' && frozen(b, s, c))) return true;
    return noRussianAcrossBorder && b.country[a] === 'USSR' && b.country[c] !== 'USSR';
  });
}

/**
 * Movement Allowance at the start of a move (5.13): Mud turns put non-Finnish Axis units on one and halve
 * Russian and Finnish units (14.11, 14.14); north of the Weatherline the same holds every turn (14.42). A forced
 * march doubles the adjusted allowance (5.62). Supply (13.0) is not yet applied: every unit counts as supplied.
 */
export function movementAllowance(s: State, u: UnitState, from: number, forced = false): number {
  const b = witeBoard();
  const t = unitType(u.type);
  let ma = face(u).ma;
  const finnishOrRussian = t.nat === 'finnish' || t.side === 'soviet';
  const slowed = weather(s) === 'mud' || b.northOfWeatherline[from] === 1;
  if (slowed) ma = finnishOrRussian ? Math.floor(ma / 2) : Math.min(ma, 1);
  return forced ? ma * 2 : ma;
}

export interface MoveContext {
  s: State;
  side: Side;
  t: UnitType;
  forced: boolean;
  occ: Map<number, string[]>;
  ezoc: Uint8Array;
}

/** Occupancy and the enemy zone of control, computed once per state and side and shared by every unit's move. */
export interface MoveBase {
  occ: Map<number, string[]>;
  ezoc: Uint8Array;
}

export function moveBase(s: State, side: Side): MoveBase {
  const occ = occupancy(s);
  return { occ, ezoc: zocOf(s, other(side), occ) };
}

export function moveContext(s: State, unit: string, forced: boolean, base?: MoveBase): MoveContext {
  const u = s.units[unit];
  const { occ, ezoc } = base ?? moveBase(s, u.side);
  return { s, side: u.side, t: unitType(u.type), forced, occ, ezoc };
}

/**
 * May the unit step from a into c at all (ignoring Movement Points)? 5.22 no enemy-occupied hex, 5.27 no sea hex
 * or sea hexside, lakes only frozen (TEC, 14.25), 5.29 satellites never north of the SW/SE 17xx row, 14.41 no
 * armor, mechanized or cavalry north of the Weatherline, 30.34E nobody in Hungary on GT 1-4, 5.64 a force-marching
 * unit never into an enemy-controlled hex.
 */
export function mayStep(ctx: MoveContext, a: number, c: number): boolean {
  const b = witeBoard();
  const { s, t } = ctx;
  if (b.impassable[c] || hasSide(b.seaSide, a, c)) return false;
  if (b.terr[c] === 'lake' && !frozen(b, s, c)) return false;
  if (hasSide(b.lakeSide, a, c) && !(frozen(b, s, a) && frozen(b, s, c))) return false;
  const there = sideAt(s, ctx.occ.get(c));
  if (there && there !== ctx.side) return false;
  if (SATELLITES.has(t.nat) && (b.southRow[c] === 0 || b.southRow[c] < 17)) return false;
  if ((t.mech || t.class === 'cavalry') && b.northOfWeatherline[c]) return false;
  if (b.country[c] === 'Hungary' && s.gt <= 4) return false;
  if (ctx.forced && ctx.ezoc[c]) return false;
  return true;
}

/** Movement Points to step from a into c (5.12, 5.13, 8.21, TEC), for a step mayStep allows. */
export function stepCost(ctx: MoveContext, a: number, c: number): number {
  const b = witeBoard();
  const cls = ctx.t.mechCosts ? 'mech' : 'nonMech';
  const ter = b.terr[c] === 'lake' || (b.terr[c] === 'swamp' && frozen(b, ctx.s, c)) ? 'clear' : b.terr[c];
  const h = terrain.hex[ter as 'clear'];
  let cost = h.mp?.[cls] ?? 1;
  if (hasSide(b.river, a, c) && weather(ctx.s) !== 'snow') cost += terrain.hexside.river.mpExtra[cls];
  if (ctx.ezoc[c]) cost += terrain.movementExtras.enterEnemyZoc.mp;
  if (ctx.ezoc[a]) cost += terrain.movementExtras.leaveEnemyZoc.mp;
  return cost;
}

export interface Destination {
  hex: string;
  cost: number;
  path: string[];
  /** Reached only by the one-hex minimum move (5.14). */
  minimum?: boolean;
}

/**
 * Every hex one unit may end its move in (5.0), with the cheapest path: the costed reach within its allowance,
 * passing through friendly hexes it may not end in (5.16, 9.21: we never let a move end over the stacking
 * limit), plus the one-hex minimum move (5.14) into any adjacent hex it may enter, except from one
 * enemy-controlled hex directly into another.
 */
export function destinations(s: State, unit: string, forced: boolean, limit: number, base?: MoveBase): Map<string, Destination> {
  return reachOf(s, unit, forced, limit, base, true);
}

/** The same hexes and costs as destinations(), without paths: the fast search legal() uses for every unit. */
export function destinationCosts(s: State, unit: string, forced: boolean, limit: number, base?: MoveBase): Map<string, Destination> {
  return reachOf(s, unit, forced, limit, base, false);
}

function reachOf(
  s: State,
  unit: string,
  forced: boolean,
  limit: number,
  base: MoveBase | undefined,
  paths: boolean,
): Map<string, Destination> {
  const b = witeBoard();
  const u = s.units[unit];
  const out = new Map<string, Destination>();
  if (u.at === null) return out;
  const start = b.index.get(u.at);
  if (start === undefined) return out;
  const ctx = moveContext(s, unit, forced, base);
  const room = (i: number) => (ctx.occ.get(i)?.filter((id) => id !== unit).length ?? 0) < limit;
  const ma = movementAllowance(s, u, start, forced);
  const cost = (from: number, to: number) => (mayStep(ctx, from, to) ? stepCost(ctx, from, to) : null);
  const enter = (_from: number, to: number) => (room(to) ? ('end' as const) : ('pass' as const));
  if (paths) {
    const r = costedReach({ start, neighbours: b.nb, budget: [ma], cost, enter });
    for (const [i, l] of r.best) out.set(b.ids[i], { hex: b.ids[i], cost: dearest(l), path: pathOf(l).map((k) => b.ids[k]) });
  } else {
    for (const [i, c] of cheapestCosts({ start, neighbours: b.nb, budget: ma, cost, enter }))
      out.set(b.ids[i], { hex: b.ids[i], cost: c, path: [] });
  }
  for (const c of b.nb[start]) {
    const id = b.ids[c];
    if (out.has(id) || !room(c) || !mayStep(ctx, start, c)) continue;
    if (ctx.ezoc[start] && ctx.ezoc[c]) continue;
    out.set(id, { hex: id, cost: ma, path: [id], minimum: true });
  }
  return out;
}

/** Hex distance between two hexes over the board (for retreats and tests). */
export function distanceFrom(from: number): Int32Array {
  return hopDistances([from], witeBoard().nb);
}

export { sideKey };
