/** Movement (10.0-10.2.3) with zones of control (8.2), stacking in passing (7.0), supply (9.4.1), boundary (3.4). */
import { RuleError } from '../../core/errors';
import type { Actor } from '../../core/ruleset';
import { board, cavalryIn, onMap, other, stackOk, type Board } from './board';
import { sideKey } from './map';
import { isAirborne, movementFactor, paysLight, stackValue, tables, unitDef, type UnitDef } from './data';
import type { Event, Side, State } from './types';
import type { OuMap } from './map';
import { costedReach, dearest, pathOf, type ReachLabel } from '../../mechanics/reach';

const T = tables.terrain;

export interface GroupProps {
  /** moving with a US armored cavalry or Soviet Guards cavalry unit that began the phase with them (10.2.1) */
  scout: boolean;
  /** moving with the UK 79th Armored Division (10.2.2) */
  has79: boolean;
}

export function groupProps(ids: readonly string[]): GroupProps {
  return { scout: cavalryIn(ids), has79: ids.some((id) => unitDef(id).special === '79th') };
}

/** Half-MP to step from hex a into adjacent hex b, or null when the hexside cannot be crossed. */
export function stepCost(b: Board, d: UnitDef, from: number, to: number, g: GroupProps): number | null {
  const key = sideKey(from, to);
  if (b.map.lake.has(key) && !g.has79) return null; // 10.2.2 all-lake hexsides
  const light = paysLight(d) || g.scout;
  const river = b.map.river.has(key) && !g.has79 ? (light ? T.riverHexside.light : T.riverHexside.heavy) : 0;
  if (b.map.autobahn.has(key)) return T.autobahnHalfMP + river; // 10.2.3: other terrain ignored, rivers still count
  let c = T.hex.clear[light ? 'light' : 'heavy'];
  if (b.forest(to)) c = Math.max(c, T.hex.forest[light ? 'light' : 'heavy']);
  if (b.marsh(to)) c = Math.max(c, T.hex.marsh[light ? 'light' : 'heavy']);
  if (b.city(to)) c = Math.max(c, T.hex.city[light ? 'light' : 'heavy']);
  return c + river;
}

/** The phase kind a unit of `side` (and army group) is in now, or null outside its own phases (5.4). */
export function phaseKind(s: State, side: Side, ag?: 'US' | 'UK' | null): 'move' | 'combat' | null {
  const first = side === 'allied' ? 'allied-1' : 'soviet-1';
  const second = side === 'allied' ? 'allied-2' : 'soviet-2';
  if (s.step !== first && s.step !== second) return null;
  let order = s.order[side];
  if (side === 'allied' && s.opt.splitOrder) order = s.order[ag ?? 'US']; // ruling A32: the 1AAA follows the US order
  if (!order) return null;
  const moveFirst = order === 'move-fight';
  return (s.step === first) === moveFirst ? 'move' : 'combat';
}

export function covers(actor: Actor, d: UnitDef): boolean {
  return actor.side === d.side && actor.commands.includes(d.cmd);
}

/**
 * The actor may give orders to these units: its own side's (`sideRule`: the rule that says a player moves, sets up
 * or fights with friendly units only, e.g. 10.0 for movement) and of a command its seat holds (`commandRule`).
 */
export function requireCovers(actor: Actor, ids: readonly string[], sideRule: string, commandRule = '3.4'): void {
  for (const id of ids) {
    const d = unitDef(id);
    if (d.side !== actor.side)
      throw new RuleError('FORBIDDEN', sideRule, `${d.name} is not your unit: a player orders only friendly units`);
    if (!actor.commands.includes(d.cmd))
      throw new RuleError('FORBIDDEN', commandRule, `${d.name} belongs to command ${d.cmd}, which you do not hold`);
  }
}

export const originOf = (s: State, id: string): string => s.ph.start[id] ?? s.u[id].at;

/** Movement allowance in half-MP for this phase, fixed when the unit first moves (9.4.1 halves it out of supply). */
export function allowance(b: Board, id: string): number {
  const fixed = b.s.ph.mf[id];
  if (fixed !== undefined) return fixed;
  const full = movementFactor(unitDef(id)) * 2;
  return b.inSupply(id) ? full : full / tables.movementFactors.outOfSupplyDivisor;
}

interface MoveCtx {
  map: OuMap;
  s: State;
  b: Board;
  side: Side;
  units: string[];
  defs: UnitDef[];
  g: GroupProps;
  mf: Record<string, number>;
  used: Record<string, number>;
  from: string;
}

/**
 * A move along a given path (10.0-10.2, 8.2, 7.0, 3.4, 9.4.1, exits per ruling A10): the walk every move is
 * checked by. decide() walks the path reachable() chose; tests walk hand-made paths to check each rule.
 */
export function decideMovePath(map: OuMap, s: State, actor: Actor, units: string[], path: string[]): Event[] {
  if (!(path.length > 0)) throw new RuleError('ILLEGAL', '10.0', 'a move needs at least one hex');
  return walk(prepareMove(map, s, actor, units), path);
}

/** Checks that do not depend on the path: who moves, from where, with what allowance. */
function prepareMove(map: OuMap, s: State, actor: Actor, units: string[]): MoveCtx {
  const b = board(map, s);
  if (!(units.length > 0 && new Set(units).size === units.length)) throw new RuleError('ILLEGAL', '10.1', 'name each moving unit once');
  requireCovers(actor, units, '10.0');
  const side = actor.side as Side;
  const defs = units.map(unitDef);
  for (const d of defs) {
    if (!(phaseKind(s, side, d.ag) === 'move')) throw new RuleError('ILLEGAL', '5.4', `${d.name} is not in a Movement Phase now`);
    if (!onMap(s.u[d.id].at)) throw new RuleError('ILLEGAL', '10.0', `${d.name} is not on the map`);
    if (s.ph.done.includes(d.id)) throw new RuleError('ILLEGAL', '10.1', `${d.name} has finished moving this phase`);
    if (s.ph.ready.includes(d.cmd)) throw new RuleError('ILLEGAL', '5.0', `${d.name}'s command has ended its phase`);
    if (!(s.dropped[d.id] !== s.turn)) throw new RuleError('ILLEGAL', '5.3', `${d.name} dropped this turn and may not move`);
  }
  const from = s.u[units[0]].at;
  const origin = originOf(s, units[0]);
  for (const id of units) {
    if (!(s.u[id].at === from)) throw new RuleError('ILLEGAL', '10.1', 'a stack moves from one hex');
    if (!(originOf(s, id) === origin))
      throw new RuleError('ILLEGAL', '10.1', 'units move together only if they began the phase stacked together');
  }
  const g = groupProps(units);
  const mf: Record<string, number> = {};
  const used: Record<string, number> = {};
  for (const id of units) {
    if (s.ph.mf[id] === undefined) mf[id] = allowance(b, id);
    used[id] = s.ph.used[id] ?? 0;
  }
  return { map, s, b, side, units, defs, g, mf, used, from };
}

function walk(ctx: MoveCtx, path: string[]): Event[] {
  const { map, s, b, side, units, defs, g, mf, used, from } = ctx;
  const cap = (id: string) => s.ph.mf[id] ?? mf[id];
  const cost: number[] = units.map(() => 0);
  let cur = b.idx(from);
  let stop = false;
  let exitAt: string | null = null;
  const hexes: string[] = [];
  for (let k = 0; k < path.length; k++) {
    const step = path[k];
    if (stop) throw new RuleError('ILLEGAL', '8.2', 'a unit entering an enemy zone of control stops there');
    if (step === 'exit') {
      if (!(k === path.length - 1)) throw new RuleError('ILLEGAL', '4.2', 'leaving the map ends the move');
      const edge = side === 'allied' ? map.east : map.west;
      if (!edge.includes(cur))
        throw new RuleError(
          'ILLEGAL',
          side === 'allied' ? '4.2' : '4.1',
          side === 'allied' ? 'Allied units leave the map from the east edge' : 'Soviet units leave the map from the west edge',
        );
      units.forEach((id, j) => {
        if (!(used[id] + cost[j] + 2 <= cap(id)))
          throw new RuleError('ILLEGAL', '10.0', `${unitDef(id).name} lacks the 1 MP to leave the map (ruling A10)`);
        cost[j] += 2;
      });
      exitAt = map.ids[cur];
      break;
    }
    const nxt = b.idx(step);
    if (!map.nb[cur].includes(nxt)) throw new RuleError('ILLEGAL', '10.0', `${step} is not adjacent to ${map.ids[cur]}`);
    if (!(b.occupant(nxt) !== other(side))) throw new RuleError('ILLEGAL', '10.0', `${step} holds enemy units`);
    defs.forEach((d, j) => {
      const c = stepCost(b, d, cur, nxt, g);
      if (c === null) throw new RuleError('ILLEGAL', '10.2.2', `${d.name} may not cross the all-lake hexside into ${step}`);
      if (!(used[d.id] + cost[j] + c <= cap(d.id))) throw new RuleError('ILLEGAL', '10.0', `${d.name} lacks the MP to enter ${step}`);
      cost[j] += c;
      checkBoundaryStep(b, s, d, cur, nxt);
    });
    const there = b.unitsAt(nxt).filter((id) => !units.includes(id));
    if (!stackOk([...there, ...units])) {
      const passAirborne =
        there.length > 0 &&
        there.every((id) => isAirborne(unitDef(id))) &&
        map.autobahn.has(sideKey(cur, nxt)) &&
        k < path.length - 1 &&
        path[k + 1] !== 'exit' &&
        map.autobahn.has(sideKey(nxt, b.idx(path[k + 1])));
      if (!passAirborne)
        throw new RuleError(
          'ILLEGAL',
          there.some((id) => isAirborne(unitDef(id))) ? '7.1.1' : '7.0',
          `moving through ${step} would overstack it`,
        );
    }
    if (b.ezoc(side, nxt)) stop = true;
    hexes.push(step);
    cur = nxt;
  }
  const events: Event[] = [];
  if (hexes.length) events.push({ type: 'moved', units, path: hexes, cost, mf, stop: stop || exitAt !== null });
  else events.push({ type: 'moved', units, path: [], cost, mf, stop: true });
  if (exitAt) {
    const sup = side === 'allied' ? board(map, s).supply('allied')[map.index.get(exitAt)!] === 1 : true;
    events.push({ type: 'exited', units, hex: exitAt, side, sup });
  }
  return events;
}

/** 3.4: army groups stay on their side of the boundary; wrong-side units after a change obey (a) or (b). */
function checkBoundaryStep(b: Board, s: State, d: UnitDef, cur: number, nxt: number): void {
  const why = boundaryBlock(b, s, d, cur, nxt);
  if (why) throw new RuleError('ILLEGAL', '3.4', why);
}

/** Why the 3.4 boundary forbids this step for this unit, or null. */
function boundaryBlock(b: Board, s: State, d: UnitDef, cur: number, nxt: number): string | null {
  if (d.side !== 'allied' || !d.ag) return null;
  if (b.regionOk(d, b.map.ids[nxt])) return null;
  const w = s.wrong[d.id];
  if (!w) return d.ag === 'US' ? 'US units stay on or south of the army group line' : 'UK units stay north of the army group line';
  if (w === 'a')
    return b.adjacentToEnemy('allied', nxt) ? `${d.name} is on the wrong side of the line and may not move next to a Soviet unit` : null;
  const dist = b.regionDist(d.ag);
  return dist[nxt] < dist[cur] ? null : `${d.name} must head straight back to its own side of the line`;
}

/** Units that may move now, by the stack they share (same hex, same parent stack of 10.1). */
export function movableGroups(s: State, actor: Actor): string[][] {
  const groups = new Map<string, string[]>();
  for (const [id, u] of Object.entries(s.u)) {
    if (!onMap(u.at)) continue;
    const d = unitDef(id);
    if (!covers(actor, d) || s.ph.done.includes(id) || s.ph.ready.includes(d.cmd) || s.dropped[id] === s.turn) continue;
    if (phaseKind(s, actor.side as Side, d.ag) !== 'move') continue;
    const key = `${u.at}|${originOf(s, id)}`;
    const l = groups.get(key);
    if (l) l.push(id);
    else groups.set(key, [id]);
  }
  return [...groups.values()];
}

/** Every non-empty subset of a group (a stack moves whole or in parts, 10.1), smallest first. */
export function subsets(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let m = 1; m < 1 << ids.length; m++) out.push(ids.filter((_, k) => m & (1 << k)));
  return out.sort((a, b) => a.length - b.length);
}

/**
 * What reachable() depends on for a set of units: where it stands, and per unit its cost class, movement left,
 * army group line status and stacking kind. Sets with one signature reach the same hexes at the same costs.
 */
function reachSignature(s: State, b: Board, units: readonly string[]): string {
  const g = groupProps(units);
  const per = units
    .map((id) => {
      const d = unitDef(id);
      const left = (s.ph.mf[id] ?? allowance(b, id)) - (s.ph.used[id] ?? 0);
      return `${paysLight(d) || g.scout ? 'L' : 'H'}${left}|${d.ag ?? ''}|${s.wrong[id] ?? ''}|${d.nat === 'DE' ? 'DE' : ''}|${isAirborne(d) ? 'A' : ''}|${stackValue(d)}`;
    })
    .sort();
  return `${s.u[units[0]].at}|${g.scout}|${g.has79}|${per.join(',')}`;
}

/**
 * Each set of units that may move together now, with where it can go (legal() and the end-of-phase checks); sets
 * with the same reach share one `key`.
 */
export function moveChoices(map: OuMap, s: State, actor: Actor): { units: string[]; key: string; reach: Map<string, ReachHex> }[] {
  const b = board(map, s);
  const memo = new Map<string, Map<string, ReachHex>>();
  const out: { units: string[]; key: string; reach: Map<string, ReachHex> }[] = [];
  for (const grp of movableGroups(s, actor))
    for (const units of subsets(grp)) {
      const key = reachSignature(s, b, units);
      let reach = memo.get(key);
      if (!reach) memo.set(key, (reach = reachable(map, s, actor, units)));
      if (reach.size) out.push({ units, key, reach });
    }
  return out;
}

/**
 * A move to a destination (10.0-10.2.3): along the cheapest path reachable() finds, which legal() offers too.
 * A player wanting another route moves in legs (10.1 lets a stack go on while no other stack has moved).
 */
export function decideMoveTo(map: OuMap, s: State, actor: Actor, units: string[], to: string): Event[] {
  const ctx = prepareMove(map, s, actor, units);
  const r = reachable(map, s, actor, units).get(to);
  if (r) return walk(ctx, r.path);
  // no way there: walking the direct step names the rule that forbids it, when it is one step away
  const from = map.index.get(ctx.from);
  const dest = map.index.get(to);
  if (to === 'exit' || (from !== undefined && dest !== undefined && map.nb[from].includes(dest))) walk(ctx, [to]);
  throw new RuleError('ILLEGAL', '10.0', `${units.map((id) => unitDef(id).name).join(', ')} cannot reach ${to} this phase`);
}

/** Where a group may end a move this phase: total half-MP per unit class and one legal path (start excluded). */
export interface ReachHex {
  /** half-MP the move costs; with light and heavy units together, the dearer of the two */
  cost: number;
  /** hexes entered, in order; the last element is the destination, or 'exit' for leaving the map */
  path: string[];
}

/**
 * Every hex `units` can move to now as one move (10.0-10.2.3, 8.2, 7.0/7.1.1, 3.4, 9.4.1; exit per 4.1/4.2 and
 * ruling A10), with one path walk() accepts for each. Empty when the group may not move. Units of a group may pay
 * light and heavy costs; paths are searched over both totals at once (Pareto labels), so a hex is listed exactly
 * when some path is within every unit's allowance. Keys are hex ids and 'exit'.
 */
export function reachable(map: OuMap, s: State, actor: Actor, units: string[]): Map<string, ReachHex> {
  // states are never mutated: the answer is kept per state object (the server's offer check, then the move itself)
  let per = reachMemo.get(s);
  if (!per) reachMemo.set(s, (per = new Map()));
  const key = `${actor.side}|${[...actor.commands].sort().join(',')}|${units.join(',')}`;
  let hit = per.get(key);
  if (!hit) per.set(key, (hit = reachableOnce(map, s, actor, units)));
  return hit;
}
const reachMemo = new WeakMap<State, Map<string, Map<string, ReachHex>>>();

function reachableOnce(map: OuMap, s: State, actor: Actor, units: string[]): Map<string, ReachHex> {
  const out = new Map<string, ReachHex>();
  let ctx: MoveCtx;
  try {
    ctx = prepareMove(map, s, actor, units);
  } catch {
    return out;
  }
  const { b, side, defs, g, mf, used } = ctx;
  const light = defs.map((d) => paysLight(d) || g.scout);
  const classes = [...new Set(light)];
  const cls = light.map((l) => classes.indexOf(l));
  const rem = classes.map((_, k) => Math.min(...defs.filter((_, j) => cls[j] === k).map((d) => (s.ph.mf[d.id] ?? mf[d.id]) - used[d.id])));
  const rep = classes.map((_, k) => defs[cls.indexOf(k)]);
  const start = b.idx(ctx.from);
  const alone = stackOk(units);
  const bounded = defs.some((d) => d.side === 'allied' && d.ag);
  const r = costedReach({
    start,
    neighbours: map.nb,
    budget: rem,
    cost: (from, to, k) => stepCost(b, rep[k], from, to, g),
    enter: (from, to, passing) => {
      if (b.occupant(to) === other(side)) return null;
      if (passing && !map.autobahn.has(sideKey(from, to))) return null;
      if (bounded && defs.some((d) => boundaryBlock(b, s, d, from, to))) return null;
      const here = b.unitsAt(to);
      if (!here.length) return alone ? 'end' : null;
      const there = here.filter((id) => !units.includes(id));
      if (stackOk([...there, ...units])) return 'end';
      // 7.1.1: along the autobahn through a hex the airborne corps hold, never ending there
      return there.length > 0 && there.every((id) => isAirborne(unitDef(id))) && map.autobahn.has(sideKey(from, to)) ? 'pass' : null;
    },
    stops: (i) => b.ezoc(side, i), // 8.2: entering an enemy zone of control ends the move
  });
  const ids = (l: ReachLabel) => pathOf(l).map((i) => map.ids[i]);
  for (const [i, l] of r.best) out.set(map.ids[i], { cost: dearest(l), path: ids(l) });
  const edge = new Set(side === 'allied' ? map.east : map.west);
  const exits = r.open.filter((l) => edge.has(l.at) && l.spent.every((v, k) => v + 2 <= rem[k]));
  if (exits.length) {
    const best = exits.reduce((a, x) => (dearest(x) < dearest(a) ? x : a));
    out.set('exit', { cost: dearest(best) + 2, path: [...ids(best), 'exit'] });
  }
  return out;
}
