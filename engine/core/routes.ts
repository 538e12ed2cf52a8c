/**
 * Routes as data: the walks over hexes a rule allows one piece to take, written so that whether a given route (or a
 * destination reached by way of given waypoints) is allowed is decided exactly without the rules code. A game
 * builds a Route from its movement rules (which hexes a piece may go on from, where it may stop and from which
 * hexes it may enter each stop); `routeAllows` and `routeThrough` then answer for any list of hexes a client sends.
 * Routes are walks: a hex may be entered more than once if the rules allow passing it.
 */

export interface Route {
  /** The hex the piece starts in. */
  from: string;
  /** Most hexes a route may enter. */
  max: number;
  /** Hexes the first step may enter and go on from (a piece leaving a battle may go only to some of them). */
  first: string[];
  /** Hexes a route may enter and leave again, each with the hexes the next step may enter (sorted). */
  steps: Record<string, string[]>;
  /** Hexes a route may end in; with a list, only when entered from one of those hexes (null: from any). */
  ends: Record<string, string[] | null>;
  /** Hexes only a one-hex move may enter (across straits, say): they end the move and never start a longer one. */
  direct?: string[];
}

/** May the route be `path` (the hexes entered, in order, the start excluded)? */
export function routeAllows(r: Route, path: readonly unknown[]): boolean {
  if (!path.length || path.length > r.max) return false;
  let prev = r.from;
  for (let i = 0; i < path.length; i++) {
    const h = path[i];
    if (typeof h !== 'string') return false;
    const last = i === path.length - 1;
    if (i === 0) {
      if (last && r.direct?.includes(h)) return true;
      if (!r.first.includes(h)) return false;
    } else if (!r.steps[prev]?.includes(h)) return false;
    if (last) {
      const e = r.ends[h];
      return e !== undefined && (e === null || e.includes(prev));
    }
    if (!r.steps[h]) return false;
    prev = h;
  }
  return false;
}

/**
 * The shortest allowed route to `to` that passes the waypoints in order (a waypoint may be the start itself; the
 * first hex equal to the next waypoint counts), ties broken by the order of `first` and `steps`; null if none.
 */
export function routeThrough(r: Route, to: string, via: readonly unknown[] = []): string[] | null {
  if (via.some((v) => typeof v !== 'string')) return null;
  const n = via.length;
  const k0 = n && via[0] === r.from ? 1 : 0;
  const done = (h: string, prev: string, k: number) => {
    if (h !== to || k !== n) return false;
    const e = r.ends[h];
    return e !== undefined && (e === null || e.includes(prev));
  };
  const kAfter = (h: string, k: number) => (k < n && via[k] === h ? k + 1 : k);
  if (n === k0 && r.direct?.includes(to)) return [to];
  // breadth-first over (hex, waypoints passed), one layer per hex entered
  const seen = new Set<string>();
  type Node = { h: string; k: number; back: Node | null };
  let layer: Node[] = [];
  for (const h of r.first) {
    const k = kAfter(h, k0);
    const node = { h, k, back: null };
    if (done(h, r.from, k)) return [h];
    const key = `${h}|${k}`;
    if (r.steps[h] && !seen.has(key)) seen.add(key), layer.push(node);
  }
  for (let depth = 2; depth <= r.max && layer.length; depth++) {
    const next: Node[] = [];
    for (const node of layer)
      for (const h of r.steps[node.h] ?? []) {
        const k = kAfter(h, node.k);
        const child: Node = { h, k, back: node };
        if (done(h, node.h, k)) {
          const out: string[] = [];
          for (let x: Node | null = child; x; x = x.back) out.unshift(x.h);
          return out;
        }
        const key = `${h}|${k}`;
        if (r.steps[h] && !seen.has(key)) seen.add(key), next.push(child);
      }
    layer = next;
  }
  return null;
}

/** The hexes a route may end in, in a stable order. */
export const routeEnds = (r: Route): string[] => [...new Set([...(r.direct ?? []), ...Object.keys(r.ends)])].sort();

/** The shortest allowed route to every end at once (one search; ties as routeThrough breaks them, by list order). */
export function routePaths(r: Route): Map<string, string[]> {
  const back = new Map<string, string | null>();
  const depth = new Map<string, number>();
  let layer: string[] = [];
  for (const h of r.first)
    if (r.steps[h] && !back.has(h)) {
      back.set(h, null);
      depth.set(h, 1);
      layer.push(h);
    }
  for (let d = 2; d < r.max && layer.length; d++) {
    const next: string[] = [];
    for (const p of layer)
      for (const h of r.steps[p] ?? [])
        if (r.steps[h] && !back.has(h)) {
          back.set(h, p);
          depth.set(h, d);
          next.push(h);
        }
    layer = next;
  }
  const pathTo = (h: string): string[] => {
    const out: string[] = [];
    for (let x: string | null | undefined = h; x; x = back.get(x)) out.unshift(x);
    return out;
  };
  const out = new Map<string, string[]>();
  for (const h of r.direct ?? []) out.set(h, [h]);
  const offer = (end: string, prev: string | null, len: number) => {
    const e = r.ends[end];
    if (e === undefined || (e !== null && !e.includes(prev ?? r.from)) || len > r.max) return;
    const cur = out.get(end);
    if (!cur || cur.length > len) out.set(end, prev ? [...pathTo(prev), end] : [end]);
  };
  for (const h of r.first) offer(h, null, 1);
  for (const [p, d] of [...depth].sort((a, b) => a[1] - b[1])) for (const h of r.steps[p]) offer(h, p, d + 1);
  return out;
}
