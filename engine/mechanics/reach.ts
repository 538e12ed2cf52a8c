/**
 * Costed reach: every hex a moving group can get to with its movement allowance, with the cheapest path to each.
 *
 * A group may hold units that pay different costs (light and heavy, mechanized and foot): each pays from its own
 * allowance. Costs are kept per cost class and paths are searched over all classes at once (Pareto labels), so a
 * hex is reached exactly when some single path is within every class's allowance. A hex may be one the move can
 * only pass through (a friendly stack it may not end in): such hexes are kept apart from the hexes the move may
 * end in. The rules (costs, who may enter where, where a move must stop) are the caller's.
 */

export interface ReachRules {
  start: number;
  neighbours: readonly (readonly number[])[];
  /** Movement points left per cost class. */
  budget: readonly number[];
  /** Cost of stepping from `from` into `to` for class k, or null when that class may not cross. */
  cost(from: number, to: number, k: number): number | null;
  /**
   * How the move may use `to` entered from `from`: 'end' (may stop there or go on), 'pass' (may only go on), or
   * null (may not enter). `passing` is true when `from` itself was entered only in passing.
   */
  enter(from: number, to: number, passing: boolean): 'end' | 'pass' | null;
  /** Entering this hex ends the move (an enemy zone of control); never asked of the start hex. */
  stops?(i: number): boolean;
}

export interface ReachLabel {
  /** Hex index. */
  at: number;
  /** Entered only in passing: not a place to end the move. */
  passing: boolean;
  /** Cost spent so far per class. */
  spent: number[];
  prev: ReachLabel | null;
}

export interface Reach {
  /** Per hex index the move may end in (start excluded), the label of least total (the dearest class) cost. */
  best: Map<number, ReachLabel>;
  /** Every label, when it was taken up, from which the move could still go on (the start included): exits off the map. */
  open: ReachLabel[];
}

/** The highest cost any class pays: what a mixed group's move costs. */
export const dearest = (l: Pick<ReachLabel, 'spent'>): number => Math.max(...l.spent);

/** Hex indices entered along a label's path, in order (start excluded). */
export function pathOf(l: ReachLabel): number[] {
  const p: number[] = [];
  for (let x: ReachLabel | null = l; x?.prev; x = x.prev) p.push(x.at);
  return p.reverse();
}

export function costedReach(r: ReachRules): Reach {
  const n = r.neighbours.length;
  const classes = r.budget.length;
  // slot = index for hexes the move may end in, index + n for hexes entered in passing
  const labels: ReachLabel[][] = Array.from({ length: 2 * n }, () => []);
  const slot = (l: ReachLabel) => (l.passing ? l.at + n : l.at);
  const dominated = (k: number, c: number[]) => labels[k].some((l) => l.spent.every((v, j) => v <= c[j]));
  const first: ReachLabel = { at: r.start, passing: false, spent: r.budget.map(() => 0), prev: null };
  labels[r.start].push(first);
  const queue: ReachLabel[] = [first];
  const open: ReachLabel[] = [];
  for (let qi = 0; qi < queue.length; qi++) {
    const l = queue[qi];
    if (labels[slot(l)].indexOf(l) < 0) continue; // superseded by a cheaper label
    if (l.prev && !l.passing && r.stops?.(l.at)) continue;
    if (!l.passing) open.push(l);
    for (const nx of r.neighbours[l.at]) {
      const how = r.enter(l.at, nx, l.passing);
      if (!how) continue;
      const c = l.spent.slice();
      let ok = true;
      for (let k = 0; k < classes && ok; k++) {
        const step = r.cost(l.at, nx, k);
        if (step === null || c[k] + step > r.budget[k]) ok = false;
        else c[k] += step;
      }
      if (!ok) continue;
      if (how === 'pass' && r.stops?.(nx)) continue; // a hex that ends the move cannot be passed through
      const k = how === 'pass' ? nx + n : nx;
      if (dominated(k, c)) continue;
      labels[k] = labels[k].filter((o) => !o.spent.every((v, j) => c[j] <= v));
      const nl: ReachLabel = { at: nx, passing: how === 'pass', spent: c, prev: l };
      labels[k].push(nl);
      queue.push(nl);
    }
  }
  const best = new Map<number, ReachLabel>();
  for (let i = 0; i < n; i++) {
    if (i === r.start || !labels[i].length) continue;
    best.set(
      i,
      labels[i].reduce((a, x) => (dearest(x) < dearest(a) ? x : a)),
    );
  }
  return { best, open };
}
