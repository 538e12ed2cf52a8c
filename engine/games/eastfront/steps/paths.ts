/**
 * Movement paths (6.1-6.33, 9.21-9.22): land and rail path checks that return a Fault instead of throwing
 * (legal() probes many), which HQ may command a unit (5.3, 5.61, 5.7), and `to`/`via` resolution into a path.
 */
import type { Actor } from '../../../core';
import { RuleError } from '../../../core/errors';
import { isHq } from '../data';
import { commandRange, friendly, hexsideLimit, liveUnits, onMap, railNet, sideKey, speed, stopsIn } from '../rules';
import type { Command, State, Unit } from '../state';
import {
  commandOfHq,
  enemiesAt,
  holdsHq,
  ill,
  isFault,
  must,
  no,
  ownAt,
  remainingOwn,
  req,
  requireHolds,
  type Fault,
  type Game,
  type PathCheck,
} from './game';

export type LandOpts = { noEngage?: boolean; retreat?: boolean; deploy?: boolean };

/**
 * 6.1-6.33: validate a land path for `u` (excluding its start hex). `noEngage` for HQs (5.1) and
 * mobilizing HQs. `retreat` allows leaving a battle with no other unit left (the rearguard, 6.41).
 */
export function checkLandPath(s: State, g: Game, u: Unit, path: string[], opts: LandOpts = {}): PathCheck {
  return must(landPath(s, g, u, path, opts));
}

export const FORTRESS = 'Fortress battles (Sevastopol, Leningrad: 1.46, 7.35, 10.5) are not yet supported (rule 1.46)';

export function landPath(s: State, g: Game, u: Unit, path: string[], opts: LandOpts): PathCheck | Fault {
  const b = g.board;
  if (!onMap(u)) return no('6.1', 'units off the board cannot move by land');
  if (!path.length) return no('6.1', 'a move needs at least one hex');
  const max = opts.deploy ? 1 : speed(s, u);
  if (path.length > max) return no(opts.deploy ? '5.2.1' : '6.1', `${u.name} may move at most ${max} hexes now`);
  const start = u.at!;
  const res: PathCheck = { sides: [], attack: false, engage: false, disengage: false, river: false };
  let prev = start;
  if (enemiesAt(s, start, u.side)) {
    const first = path[0];
    if (!friendly(s, b, first, u.side) || s.battles[first] || enemiesAt(s, first, u.side))
      return no('6.32', 'a unit may only disengage into an adjacent friendly hex that is not embattled');
    if (!opts.retreat && remainingOwn(s, start, u.side, u.id) === 0)
      return no('6.41', 'the last unit leaving a battle must be designated rearguard (retreat)');
    res.disengage = true;
  }
  for (let i = 0; i < path.length; i++) {
    const h = path[i];
    if (!b.has(h)) return no('1.2', `hex ${h} is not in play`);
    if (!b.adjacent(prev, h)) return no('6.1', `${b.label(prev)} and ${b.label(h)} are not connected`);
    const last = i === path.length - 1;
    if (enemiesAt(s, h, u.side)) {
      if (!last) return no('6.31', 'a unit entering a hex with enemy units must stop there');
      if (opts.noEngage || isHq(u.type)) return no('5.1', 'HQs never voluntarily engage');
      if (res.disengage || u.diseng) return no('6.32', 'a unit that disengaged may not re-engage this phase');
      // 1.46, 7.15, 7.35: fortress combat is not implemented, so no unit may attack or engage into a fortress
      // (refused up front: a battle there could never be fought, and it is compulsory)
      if (b.city(h)?.fortress) return { ...no('1.46', FORTRESS), unsupported: true };
      res.engage = true;
      const own = ownAt(s, h, u.side, u.id).length;
      const existing = s.battles[h];
      res.attack = own === 0 || (!!existing && !!existing.fresh && existing.oa === u.side && !!existing.from);
      if (own === 0 && existing) res.attack = true;
      res.river = b.side(prev, h) === 'river' || b.side(prev, h) === 'strait';
      if (s.weather === 'snow') res.river = false; // 7.52 frozen rivers
    }
    if (!last && stopsIn(s.weather, b, u.type, h)) return no('6.1', `${u.name} must stop on entering ${b.label(h)} (mountain/marsh)`);
    // 1.38: crossing straits, a unit must start on one side and stop on the other
    if (b.side(prev, h) === 'strait' && !(i === 0 && last))
      return no('1.38', 'crossing the straits needs the whole move: start beside them and stop across');
    prev = h;
  }
  // hexside limits (6.33): leaving a battle and entering one
  if (res.disengage) res.sides.push(sideKey(start, path[0]));
  if (res.engage) res.sides.push(sideKey(path.length > 1 ? path[path.length - 2] : start, path[path.length - 1]));
  const f = sidesFault(s, g, res.sides);
  return f ?? res;
}

export function sidesFault(s: State, g: Game, keys: string[]): Fault | null {
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (keys.indexOf(k) < i) continue; // counted with its first occurrence
    const n = keys.filter((x) => x === k).length;
    const [a, c] = k.split('|');
    const lim = hexsideLimit(s, g.board, a, c);
    if ((s.sideUse[k] ?? 0) + n > lim)
      return no('6.33', `the battle hexside ${g.board.label(a)}-${g.board.label(c)} allows ${lim} unit(s) per movement phase`);
  }
  return null;
}

/** Which HQ may command `u` this phase, with the supreme-move cost (5.3, 5.61, 5.7). */
export function commandCost(s: State, g: Game, u: Unit, by: string): number | Fault {
  const h = s.units[by];
  if (!h || h.side !== u.side || !h.hq) return no('5.2', `${by} is not an active HQ of this side`);
  if (h.hq.para) return no('14.2', `${h.name} spends its whole command on the paradrop`);
  if (h.type === 'shq') {
    if (s.phase !== 'movement') return no('5.7', 'Supreme HQs command only in the Movement Phase');
    if ((h.hq.supreme ?? 0) < 1) return no('5.61', 'no supreme moves left');
    return 1;
  }
  if (s.phase === 'blitzMovement' && h.hq.mode !== 'blitzed') return no('5.7', 'only Blitz HQs command in the Blitz Movement Phase');
  if (!u.at || !commandRange(s, g.board, h).has(u.at)) return no('5.3', `${u.name} is not within command range of ${h.name}`);
  return 0;
}
export const commands = (s: State, g: Game, u: Unit, by: string) => !isFault(commandCost(s, g, u, by));

/**
 * Team authority for moving `u` under HQ `by`: the seat must hold that HQ's command; when the HQ cannot
 * command the unit but another seat's active HQ could, the refusal is FORBIDDEN rather than ILLEGAL.
 */
export function authorizedCost(s: State, g: Game, actor: Actor, u: Unit, by: string): number {
  requireHolds(g, actor, u.side, commandOfHq(g, u.side, by), `Moving ${u.name} under ${by}`, '5.3');
  const cost = commandCost(s, g, u, by);
  if (!isFault(cost)) return cost;
  const other = liveUnits(s, u.side).find((h) => h.hq && h.id !== by && !holdsHq(g, actor, u.side, h.id) && commands(s, g, u, h.id));
  if (other) throw new RuleError('FORBIDDEN', '5.3', `${u.name} is under the command of ${other.name}, held by another seat`);
  return ill(cost.rule, cost.msg);
}

export function movable(_s: State, u: Unit) {
  req(u && onMap(u), '6.1', 'unit not on the board');
  req(!u.moved, '6.1', 'a unit moves only once per Movement Phase');
  req(!u.strat, '6.53', 'units moved strategically cannot move again this turn');
  req(!u.hq, '5.4', 'active HQs move only by mobilizing');
  req(!u.dispersed, '14.6', 'dispersed paratroops cannot move until they link up');
}

// ---------------------------------------------------------------- rail (9.2)

export function railPathCheck(s: State, g: Game, u: Unit, path: string[]): { sides: string[]; disengage: boolean } {
  return must(railPath(s, g, u, path));
}

export function railPath(s: State, g: Game, u: Unit, path: string[]): { sides: string[]; disengage: boolean } | Fault {
  const b = g.board;
  const net = railNet(s, b, g.ctx, u.side);
  const start = u.at!;
  if (!net.has(start)) return no('9.21', 'a rail move must start on a friendly rail line');
  if (!path.length) return no('9.21', 'empty rail path');
  const out = { sides: [] as string[], disengage: false };
  if (enemiesAt(s, start, u.side)) {
    if (!s.battles[start] || s.battles[start].oa === u.side) return no('9.22', 'rail disengagement only from a friendly battle hex');
    if (remainingOwn(s, start, u.side, u.id) === 0) return no('9.22', 'a rearguard can never retreat by rail');
    out.disengage = true;
    out.sides.push(sideKey(start, path[0]));
  }
  let prev = start;
  for (let i = 0; i < path.length; i++) {
    const h = path[i];
    if (!b.railNeighbours(prev).includes(h)) return no('9.21', `no rail line between ${b.label(prev)} and ${b.label(h)}`);
    if (!net.has(h) || !friendly(s, b, h, u.side)) return no('9.21', `${b.label(h)} is not on a friendly rail line`);
    if (enemiesAt(s, h, u.side)) return no('6.53', 'units can never engage by strategic movement');
    if (i < path.length - 1 && s.battles[h]) return no('9.12', 'rail lines run into but not through battle hexes');
    prev = h;
  }
  return sidesFault(s, g, out.sides) ?? out;
}

/** All simple land paths of 1..max hexes from `start`, shortest first, in a stable order. */
export function* landPaths(g: Game, start: string, max: number): Generator<string[]> {
  let frontier: string[][] = [[]];
  for (let k = 1; k <= max; k++) {
    const next: string[][] = [];
    for (const p of frontier) {
      const at = p.length ? p[p.length - 1] : start;
      for (const n of [...g.board.neighbours(at)].sort()) if (n !== start && !p.includes(n)) next.push([...p, n]);
    }
    for (const p of next) yield p;
    frontier = next;
  }
}

export const followsVia = (path: string[], via: string[]) => {
  let i = 0;
  for (const h of path) if (i < via.length && h === via[i]) i++;
  return i === via.length;
};

type Routed = Extract<Command, { type: 'move' | 'rail' | 'retreat' | 'mobilize' }>;
const ROUTED = new Set<string>(['move', 'rail', 'retreat', 'mobilize']);
const isRouted = (c: Command): c is Routed => ROUTED.has(c.type);

/** The command with its route given as `path` (and `to`/`via` gone). */
function routed<C extends Routed>(c: C, path: string[]): C {
  const out = { ...c, path };
  delete out.to;
  delete out.via;
  return out;
}

/** Resolve `to`/`via` into a concrete path: the shortest legal one (ruling: ties by hex id order). */
export function resolvePath(s: State, g: Game, c: Command): Command {
  if (!isRouted(c) || !c.to) return c;
  const to = c.to;
  const via = c.via ?? [];
  const unitId = c.type === 'mobilize' ? c.hq : c.unit;
  const u = s.units[unitId];
  // only the mover's own units: a path sought for another block would tell where it stands, or that it lives
  req(u?.at && u.side === s.active, '6.1', `no unit ${unitId} of the active side`);
  const rail = c.type === 'rail' || (c.type === 'mobilize' && c.rail);
  if (rail) {
    // breadth-first along friendly rails, through the waypoints in order
    let path: string[] = [];
    let from = u.at!;
    for (const goal of [...via, to]) {
      const net = railNet(s, g.board, g.ctx, u.side);
      const prev = new Map<string, string>([[from, from]]);
      const q = [from];
      for (let i = 0; i < q.length && !prev.has(goal); i++) {
        if (q[i] !== from && s.battles[q[i]]) continue;
        for (const n of [...g.board.railNeighbours(q[i])].sort()) if (!prev.has(n) && net.has(n)) prev.set(n, q[i]), q.push(n);
      }
      req(prev.has(goal), '9.21', `no friendly rail line to ${g.board.label(goal)}`);
      const leg: string[] = [];
      for (let x = goal; x !== from; x = prev.get(x)!) leg.unshift(x);
      path = [...path, ...leg];
      from = goal;
    }
    return routed(c, path);
  }
  const opts = c.type === 'retreat' ? { retreat: true } : c.type === 'mobilize' ? { noEngage: true } : {};
  for (const p of landPaths(g, u.at!, speed(s, u))) {
    // a waypoint may be the start hex itself (the hex a one-hex move enters from)
    if (p[p.length - 1] !== to || !followsVia([u.at!, ...p], via)) continue;
    // into a battle, the last waypoint is the hex entered from (it decides 6.33 and 7.5), as legal() offers it
    if (via.length && enemiesAt(s, to, u.side) && (p.length > 1 ? p[p.length - 2] : u.at) !== via[via.length - 1]) continue;
    if (!isFault(landPath(s, g, u, p, opts))) return routed(c, p);
  }
  return ill('6.1', `no legal path for ${u.name} to ${g.board.label(to)}`);
}

/**
 * Land paths of up to `speed` hexes, breadth-first so the first valid path per destination is a shortest one.
 * With `entries`, an engaging destination gets one path per hexside it can be entered by: the hexside decides
 * a river assault (7.5) and which hexside limit is used (6.33), so the player should be able to choose it.
 */
export function landMoves(s: State, g: Game, u: Unit, opts: { noEngage?: boolean; retreat?: boolean } = {}, entries = false): string[][] {
  const out = new Map<string, string[]>();
  let frontier: string[][] = [[]];
  for (let k = 1; k <= speed(s, u) && frontier.length; k++) {
    const next: string[][] = [];
    for (const p of frontier) {
      const at = p.length ? p[p.length - 1] : u.at!;
      for (const n of g.board.neighbours(at)) {
        if (n === u.at || p.includes(n)) continue;
        const path = [...p, n];
        const engage = enemiesAt(s, n, u.side);
        const key = entries && engage ? `${n}<${at}` : n;
        if (!out.has(key) && !isFault(landPath(s, g, u, path, opts))) out.set(key, path);
        if (!engage && !stopsIn(s.weather, g.board, u.type, n)) next.push(path);
      }
    }
    frontier = next;
  }
  return [...out.values()];
}

/** Rail paths of up to `max` hexes (9.21: each 10 hexes or part of them is one rail move). */
export function railMoves(s: State, g: Game, u: Unit, max = 10): string[][] {
  const net = railNet(s, g.board, g.ctx, u.side);
  if (!u.at || !net.has(u.at)) return [];
  const prev = new Map<string, string>();
  const dist = new Map<string, number>([[u.at, 0]]);
  const q = [u.at];
  const out: string[][] = [];
  for (let i = 0; i < q.length; i++) {
    const h = q[i];
    const d = dist.get(h)!;
    if (d >= max || (d > 0 && s.battles[h])) continue;
    for (const n of g.board.railNeighbours(h)) {
      if (dist.has(n) || !net.has(n) || enemiesAt(s, n, u.side)) continue;
      dist.set(n, d + 1);
      prev.set(n, h);
      q.push(n);
      const path = [n];
      let c = h;
      while (c !== u.at) {
        path.unshift(c);
        c = prev.get(c)!;
      }
      if (!isFault(railPath(s, g, u, path))) out.push(path);
    }
  }
  return out;
}
