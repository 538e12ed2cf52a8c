/**
 * Movement routes as data (engine/core/routes.ts), built from the same rules as the path checks in paths.ts:
 * land moves (6.1-6.33, 1.38 straits, 5.1 HQs never engage, 6.41 rearguards) and rail moves (9.12, 9.21-9.22,
 * 6.53). legal() offers these so that any route or waypoint list a player sends is judged exactly without running
 * the handler; tests/properties.test.ts checks the two agree (a route decide() accepts is offered and back).
 */
import type { Route } from '../../../core/routes';
import { isHq } from '../data';
import { friendly, onMap, railNet, sideKey, speed, stopsIn } from '../rules';
import type { State, Unit } from '../state';
import { enemiesAt, type Game, remainingOwn } from './game';
import type { LandOpts } from './paths';
import { sidesFault } from './paths';

/** Land routes of `u` now (the same rules as landPath). Null when it may not move by land at all. */
export function landRoute(s: State, g: Game, u: Unit, opts: LandOpts = {}): Route | null {
  const b = g.board;
  if (!onMap(u)) return null;
  const start = u.at!;
  const max = opts.deploy ? 1 : speed(s, u);
  const leaving = enemiesAt(s, start, u.side);
  // 6.41: the last unit leaving a battle must be the rearguard
  if (leaving && !opts.retreat && remainingOwn(s, start, u.side, u.id) === 0) return null;
  const engages = !opts.noEngage && !isHq(u.type) && !leaving && !u.diseng;
  const sideOk = (a: string, c: string) => !sidesFault(s, g, [sideKey(a, c)]);
  const enemy = (h: string) => enemiesAt(s, h, u.side);
  const passable = (h: string) => !enemy(h) && !stopsIn(s.weather, b, u.type, h);
  const strait = (a: string, c: string) => b.side(a, c) === 'strait';
  const first: string[] = [];
  const direct: string[] = [];
  const ends: Record<string, string[] | null> = {};
  const steps: Record<string, string[]> = {};
  /** May the move end in `h` entered from `from`? (the engage rules and the entry hexside limit, 6.31-6.33) */
  // 1.46: no engaging into a fortress (its combat is not supported; landPath refuses it too)
  const endsFrom = (from: string, h: string) => !enemy(h) || (engages && !b.city(h)?.fortress && sideOk(from, h));
  const addEnd = (from: string, h: string) => {
    if (!endsFrom(from, h)) return;
    if (!enemy(h)) ends[h] = null;
    else if (!ends[h]?.includes(from)) (ends[h] ??= []).push(from);
  };
  for (const n of [...b.neighbours(start)].sort()) {
    // 6.32: leaving a battle only into an adjacent friendly hex that is not embattled, within its hexside limit
    if (leaving && (!friendly(s, b, n, u.side) || s.battles[n] || enemy(n) || !sideOk(start, n))) continue;
    if (strait(start, n)) {
      if (endsFrom(start, n)) direct.push(n); // 1.38: straits only as a whole move
      continue;
    }
    first.push(n);
  }
  const depth = new Map<string, number>();
  let layer: string[] = [];
  for (const n of first) {
    addEnd(start, n);
    if (!depth.has(n)) depth.set(n, 1), layer.push(n);
  }
  for (let d = 1; d < max && layer.length; d++) {
    const next: string[] = [];
    for (const h of layer) {
      if (!passable(h)) continue;
      const out = [...b.neighbours(h)].filter((n) => !strait(h, n)).sort();
      steps[h] = out;
      for (const n of out) {
        addEnd(h, n);
        if (!depth.has(n)) depth.set(n, d + 1), next.push(n);
      }
    }
    layer = next;
  }
  return { from: start, max, first, steps, ends, ...(direct.length ? { direct } : {}) };
}

/** Rail routes of `u` of up to `max` hexes (the same rules as railPath). Null when it may not move by rail. */
export function railRoute(s: State, g: Game, u: Unit, max: number): Route | null {
  const b = g.board;
  const net = railNet(s, b, g.ctx, u.side);
  const start = u.at;
  if (!start || !net.has(start) || max < 1) return null;
  const leaving = enemiesAt(s, start, u.side);
  if (leaving) {
    // 9.22: rail disengagement only from a battle the other side started, never by the rearguard
    if (!s.battles[start] || s.battles[start].oa === u.side) return null;
    if (remainingOwn(s, start, u.side, u.id) === 0) return null;
  }
  const ok = (h: string) => net.has(h) && friendly(s, b, h, u.side) && !enemiesAt(s, h, u.side);
  const first = [...b.railNeighbours(start)].filter((h) => ok(h) && (!leaving || !sidesFault(s, g, [sideKey(start, h)]))).sort();
  const steps: Record<string, string[]> = {};
  const ends: Record<string, string[] | null> = {};
  const seen = new Set<string>(first);
  let layer = [...first];
  for (const h of first) ends[h] = null;
  for (let d = 1; d < max && layer.length; d++) {
    const next: string[] = [];
    for (const h of layer) {
      if (s.battles[h]) continue; // 9.12: into but not through battle hexes
      const out = [...b.railNeighbours(h)].filter(ok).sort();
      steps[h] = out;
      for (const n of out) {
        ends[n] = null;
        if (!seen.has(n)) seen.add(n), next.push(n);
      }
    }
    layer = next;
  }
  return { from: start, max, first, steps, ends };
}

/** The route with only the ends `keep` allows (destinations that stay stack-safe under one HQ, say). */
export function keepEnds(r: Route, keep: (h: string) => boolean): Route {
  const ends: Record<string, string[] | null> = {};
  for (const [h, e] of Object.entries(r.ends)) if (keep(h)) ends[h] = e;
  const direct = r.direct?.filter(keep);
  return { ...r, ends, ...(direct ? { direct } : {}) };
}
