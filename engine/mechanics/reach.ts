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

/** A binary min-heap of labels by total cost spent (then by insertion order, so the search is deterministic). */
class LabelHeap {
  private a: { l: ReachLabel; k: number; n: number }[] = [];
  private seq = 0;
  get size(): number {
    return this.a.length;
  }
  push(l: ReachLabel): void {
    const a = this.a;
    a.push({ l, k: l.spent.reduce((x, y) => x + y, 0), n: this.seq++ });
    for (let i = a.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (!less(a[i], a[p])) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }
  pop(): ReachLabel {
    const a = this.a;
    const top = a[0].l;
    const last = a.pop();
    if (a.length && last) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && less(a[l], a[m])) m = l;
        if (r < a.length && less(a[r], a[m])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
}
const less = (x: { k: number; n: number }, y: { k: number; n: number }) => x.k < y.k || (x.k === y.k && x.n < y.n);

/**
 * Labels are taken up cheapest first (by total cost), so a label taken up is never dominated by one found later:
 * each hex is expanded once per non-dominated cost vector, as Dijkstra's search does with one class.
 */
export function costedReach(r: ReachRules): Reach {
  const n = r.neighbours.length;
  const classes = r.budget.length;
  // slot = index for hexes the move may end in, index + n for hexes entered in passing
  const labels: (ReachLabel[] | undefined)[] = new Array(2 * n);
  const at = (k: number): ReachLabel[] => labels[k] ?? (labels[k] = []);
  const slot = (l: ReachLabel) => (l.passing ? l.at + n : l.at);
  const dominated = (k: number, c: number[]) => {
    const ls = labels[k];
    if (!ls) return false;
    for (const l of ls) {
      let all = true;
      for (let j = 0; j < classes && all; j++) if (l.spent[j] > c[j]) all = false;
      if (all) return true;
    }
    return false;
  };
  const first: ReachLabel = { at: r.start, passing: false, spent: r.budget.map(() => 0), prev: null };
  at(r.start).push(first);
  const heap = new LabelHeap();
  heap.push(first);
  const open: ReachLabel[] = [];
  while (heap.size) {
    const l = heap.pop();
    if (at(slot(l)).indexOf(l) < 0) continue; // superseded by a cheaper label
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
      const ls = labels[k];
      const kept = ls?.length ? ls.filter((o) => !o.spent.every((v, j) => c[j] <= v)) : [];
      const nl: ReachLabel = { at: nx, passing: how === 'pass', spent: c, prev: l };
      kept.push(nl);
      labels[k] = kept;
      heap.push(nl);
    }
  }
  const best = new Map<number, ReachLabel>();
  for (let i = 0; i < n; i++) {
    const ls = labels[i];
    if (i === r.start || !ls?.length) continue;
    best.set(
      i,
      ls.reduce((a, x) => (dearest(x) < dearest(a) ? x : a)),
    );
  }
  return { best, open };
}

/**
 * The least cost to every hex one mover of a single cost class may end in: the same search as costedReach with
 * one class (hexes entered in passing kept apart, `stops` honoured), without paths, on sparse maps of the hexes
 * touched. For legal() on large maps, where a full label search per unit is too slow; take the path of the one
 * move made from costedReach.
 */
export function cheapestCosts(
  r: Omit<ReachRules, 'budget' | 'cost'> & { budget: number; cost(from: number, to: number): number | null },
): Map<number, number> {
  const n = r.neighbours.length;
  const dist = new Map<number, number>([[r.start, 0]]); // slot: index, or index + n when entered in passing
  const done = new Set<number>();
  // binary heap of [cost, insertion order, slot], cheapest first
  const hc: number[] = [];
  const hn: number[] = [];
  const hs: number[] = [];
  let seq = 0;
  const lessAt = (i: number, j: number) => hc[i] < hc[j] || (hc[i] === hc[j] && hn[i] < hn[j]);
  const swap = (i: number, j: number) => {
    [hc[i], hc[j]] = [hc[j], hc[i]];
    [hn[i], hn[j]] = [hn[j], hn[i]];
    [hs[i], hs[j]] = [hs[j], hs[i]];
  };
  const push = (c: number, s: number) => {
    hc.push(c);
    hn.push(seq++);
    hs.push(s);
    for (let i = hc.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (!lessAt(i, p)) break;
      swap(i, p);
      i = p;
    }
  };
  const pop = (): [number, number] => {
    const top: [number, number] = [hc[0], hs[0]];
    const last = hc.length - 1;
    swap(0, last);
    hc.pop();
    hn.pop();
    hs.pop();
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      let m = i;
      if (l < hc.length && lessAt(l, m)) m = l;
      if (l + 1 < hc.length && lessAt(l + 1, m)) m = l + 1;
      if (m === i) break;
      swap(i, m);
      i = m;
    }
    return top;
  };
  push(0, r.start);
  while (hc.length) {
    const [c, s] = pop();
    if (done.has(s) || c > (dist.get(s) ?? Number.POSITIVE_INFINITY)) continue;
    done.add(s);
    const passing = s >= n;
    const at = passing ? s - n : s;
    if (at !== r.start && !passing && r.stops?.(at)) continue;
    for (const nx of r.neighbours[at]) {
      const how = r.enter(at, nx, passing);
      if (!how) continue;
      const step = r.cost(at, nx);
      if (step === null || c + step > r.budget) continue;
      if (how === 'pass' && r.stops?.(nx)) continue;
      const k = how === 'pass' ? nx + n : nx;
      if (c + step < (dist.get(k) ?? Number.POSITIVE_INFINITY)) {
        dist.set(k, c + step);
        push(c + step, k);
      }
    }
  }
  const out = new Map<number, number>();
  for (const [k, c] of dist) if (k < n && k !== r.start) out.set(k, c);
  return out;
}
