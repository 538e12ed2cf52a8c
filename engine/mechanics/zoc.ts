/** Zones of control over the shared board's dense indices. */

/**
 * Marks every index whose zone of control is entered by units at `occupied` indices: the six neighbours of each
 * occupied hex, minus hexsides the caller says block zones of control (an all-lake hexside, a strait...).
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

/** Indices adjacent to an occupied index of the other side: a move entering one stops there (the common rule). */
export function adjacentTo(i: number, neighbours: readonly (readonly number[])[], occupiedByOther: (n: number) => boolean): boolean {
  return neighbours[i].some(occupiedByOther);
}
