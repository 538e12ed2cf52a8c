/**
 * Generic hex-graph mechanics shared by several games: breadth-first reach with per-step predicates,
 * bounded path tracing (supply, command range), zones of control and stacking checks. Nodes are opaque
 * string ids; each game supplies its own neighbour function and rules predicates, so nothing here knows
 * about a particular rulebook.
 */

/** Neighbour function: the ids adjacent to `id` (already filtered for impassable edges if the caller wants). */
export type Neighbours = (id: string) => readonly string[];

export interface ReachOptions {
  /** Maximum number of steps from the start (inclusive bound). */
  maxSteps: number;
  /** May the trace step from `from` into `to`? (hexside or destination restrictions) */
  canStep?: (from: string, to: string) => boolean;
  /** May the trace continue onward from `id` after entering it? (e.g. "into but not through") */
  canLeave?: (id: string, depth: number) => boolean;
}

/** Every node reachable from `starts` within `maxSteps`, with its step count. Starts have count 0. */
export function reach(starts: Iterable<string>, nb: Neighbours, opt: ReachOptions): Map<string, number> {
  const dist = new Map<string, number>();
  const queue: string[] = [];
  for (const s of starts) {
    if (!dist.has(s)) {
      dist.set(s, 0);
      queue.push(s);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i];
    const d = dist.get(id)!;
    if (d >= opt.maxSteps) continue;
    if (opt.canLeave && d > 0 && !opt.canLeave(id, d)) continue;
    for (const n of nb(id)) {
      if (dist.has(n)) continue;
      if (opt.canStep && !opt.canStep(id, n)) continue;
      dist.set(n, d + 1);
      queue.push(n);
    }
  }
  return dist;
}

/** True when some node in `targets` is reachable from `start` within `maxSteps`. */
export function canTrace(start: string, targets: (id: string) => boolean, nb: Neighbours, opt: ReachOptions): boolean {
  if (targets(start)) return true;
  const r = reach([start], nb, opt);
  for (const id of r.keys()) if (targets(id)) return true;
  return false;
}

/** Shortest path (list of ids excluding the start) or null. */
export function shortestPath(start: string, goal: string, nb: Neighbours, opt: ReachOptions): string[] | null {
  if (start === goal) return [];
  const prev = new Map<string, string>();
  const dist = new Map<string, number>([[start, 0]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i];
    const d = dist.get(id)!;
    if (d >= opt.maxSteps) continue;
    if (opt.canLeave && d > 0 && !opt.canLeave(id, d)) continue;
    for (const n of nb(id)) {
      if (dist.has(n)) continue;
      if (opt.canStep && !opt.canStep(id, n)) continue;
      dist.set(n, d + 1);
      prev.set(n, id);
      if (n === goal) {
        const path = [n];
        let c = id;
        while (c !== start) {
          path.push(c);
          c = prev.get(c)!;
        }
        return path.reverse();
      }
      queue.push(n);
    }
  }
  return null;
}

/**
 * Zones of control: each projecting unit position exerts a zone into adjacent hexes the caller allows.
 * Returns, per hex, the set of sides exerting a zone there.
 */
export function zonesOfControl(
  projectors: Iterable<{ hex: string; side: string }>,
  nb: Neighbours,
  projectsInto: (from: string, to: string, side: string) => boolean,
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const p of projectors) {
    for (const n of nb(p.hex)) {
      if (!projectsInto(p.hex, n, p.side)) continue;
      let s = out.get(n);
      if (!s) out.set(n, (s = new Set()));
      s.add(p.side);
    }
  }
  return out;
}

/** Hexes where the count of pieces per (hex, side) exceeds the hex's limit. */
export function stackingViolations(
  pieces: Iterable<{ hex: string; side: string }>,
  limit: (hex: string) => number,
): { hex: string; side: string; count: number; limit: number }[] {
  const counts = new Map<string, number>();
  for (const p of pieces) {
    const k = `${p.hex}\u0000${p.side}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const out: { hex: string; side: string; count: number; limit: number }[] = [];
  for (const [k, count] of counts) {
    const [hex, side] = k.split('\u0000');
    const l = limit(hex);
    if (count > l) out.push({ hex, side, count, limit: l });
  }
  return out;
}

/** Count of dice showing at least `target` (hit numbers such as "5-6"). */
export function countAtLeast(dice: readonly number[], target: number): number {
  let n = 0;
  for (const d of dice) if (d >= target) n++;
  return n;
}
