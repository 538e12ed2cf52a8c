/**
 * Odds-ratio combat tables: attacker-to-defender ratios rounded the usual wargame way, columns looked up in
 * one or more rows of odds labels over a shared grid, net column shifts, and what happens past either end of
 * the table. Nothing here knows a particular game: the rows, grid and the off-table outcomes are data.
 */

/** A ratio written a:d with one side equal to 1 (e.g. 3:1 or 1:2). */
export interface Odds {
  att: number;
  def: number;
}

export const oddsLabel = (o: Odds): string => `${o.att}:${o.def}`;

/**
 * Attacker total over defender total. When the attacker is at least as strong, the ratio is rounded down to
 * n:1; when weaker, the defender's multiple is rounded up to 1:n. A defender total of 0 counts as 1.
 */
export function oddsRatio(attack: number, defense: number): Odds {
  const d = Math.max(defense, 0);
  const a = Math.max(attack, 0);
  if (d === 0) return { att: Math.max(a, 1), def: 1 };
  if (a === 0) return { att: 1, def: Number.POSITIVE_INFINITY };
  if (a >= d) return { att: Math.floor(a / d), def: 1 };
  return { att: 1, def: Math.ceil(d / a) };
}

/** Parse "3:1" / "1:2" labels. */
export function parseOdds(label: string): Odds {
  const m = /^(\d+):(\d+)$/.exec(label);
  if (!m) throw new Error(`bad odds label ${label}`);
  return { att: Number(m[1]), def: Number(m[2]) };
}

/** Compare odds on one scale: 1:3 < 1:2 < 1:1 < 2:1 < ... */
export function oddsValue(o: Odds): number {
  return o.def === 1 ? o.att : 1 / o.def;
}

/**
 * Index of the column for these odds in a row of labels ordered from worst to best for the attacker. Odds
 * beyond either end are clamped to the end column (shifts are then counted from there).
 */
export function oddsColumn(row: readonly string[], odds: Odds): number {
  const v = oddsValue(odds);
  let best = 0;
  for (let i = 0; i < row.length; i++) if (oddsValue(parseOdds(row[i])) <= v) best = i;
  return best;
}

export type ShiftedColumn =
  | { kind: 'column'; index: number }
  | { kind: 'above' } // shifted past the best column
  | { kind: 'below' }; // shifted past the worst column

/** Apply a net shift (positive = toward the attacker's best column) to a column index in a table of n columns. */
export function shiftColumn(index: number, shift: number, columns: number): ShiftedColumn {
  const i = index + shift;
  if (i >= columns) return { kind: 'above' };
  if (i < 0) return { kind: 'below' };
  return { kind: 'column', index: i };
}

/** Halve a combat factor, rounding up (the common out-of-supply and river rule). */
export const halveUp = (x: number): number => Math.ceil(x / 2);
