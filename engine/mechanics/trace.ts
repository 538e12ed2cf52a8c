/**
 * Flood fills over a hex graph given as dense integer indices (hot loops: supply, zones of control).
 * `neighbours[i]` lists the indices adjacent to i. The caller supplies the rules as predicates.
 */

export interface TraceRules {
  /** May the trace enter hex i at all (e.g. not enemy-occupied)? */
  canEnter(i: number): boolean;
  /** May the trace go on from hex i after entering it (e.g. not out of an enemy zone of control)? */
  canLeave(i: number): boolean;
  /** May the trace cross from a to b (hexside rules); default yes. */
  canCross?(a: number, b: number): boolean;
}

/** Every index reachable from the sources (sources that may not be entered are skipped). */
export function floodFrom(sources: Iterable<number>, neighbours: readonly (readonly number[])[], rules: TraceRules): Uint8Array {
  const seen = new Uint8Array(neighbours.length);
  const queue: number[] = [];
  for (const s of sources) {
    if (seen[s] || !rules.canEnter(s)) continue;
    seen[s] = 1;
    queue.push(s);
  }
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k];
    if (!rules.canLeave(i)) continue;
    for (const n of neighbours[i]) {
      if (seen[n] || !rules.canEnter(n)) continue;
      if (rules.canCross && !rules.canCross(i, n)) continue;
      seen[n] = 1;
      queue.push(n);
    }
  }
  return seen;
}

/** Breadth-first hop counts from the sources to every index (-1 = unreachable) with an optional step filter. */
export function hopDistances(
  sources: Iterable<number>,
  neighbours: readonly (readonly number[])[],
  canStep?: (a: number, b: number) => boolean,
): Int32Array {
  const d = new Int32Array(neighbours.length).fill(-1);
  const queue: number[] = [];
  for (const s of sources) {
    if (d[s] >= 0) continue;
    d[s] = 0;
    queue.push(s);
  }
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k];
    for (const n of neighbours[i]) {
      if (d[n] >= 0) continue;
      if (canStep && !canStep(i, n)) continue;
      d[n] = d[i] + 1;
      queue.push(n);
    }
  }
  return d;
}

/**
 * Marks every index whose zone of control is entered by units at `occupied` indices: the six neighbours of
 * each occupied hex, minus hexsides the caller says block zones of control.
 */
export function zoneOfControl(
  occupied: Iterable<number>,
  neighbours: readonly (readonly number[])[],
  blocks?: (a: number, b: number) => boolean,
): Uint8Array {
  const z = new Uint8Array(neighbours.length);
  for (const i of occupied) for (const n of neighbours[i]) if (!blocks?.(i, n)) z[n] = 1;
  return z;
}
