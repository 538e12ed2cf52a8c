/**
 * Odds-ratio combat tables, shared by every game that has one.
 *
 * A column stands for a ratio a:d kept as a rational (3:2 is 3/2, not rounded to 1:1 or 2:1), so a table may mix
 * n:1, 1:n and fractional columns. A ladder lists the columns from worst to best for the attacker; the column
 * of an attack is the best one whose ratio the attack reaches (attack * d >= defense * a), which is the usual
 * "round in the defender's favour". Columns may be invisible: not printed, yet counted for ratios and shifts
 * (an attack at 1:4 on a table printed from 1:2 needs two shifts before it reaches the printed columns).
 * Several ladders may share one grid of results (one row of labels per attacker type). Cells may be split by
 * die ranges. Net column shifts and die-roll modifiers are applied by the game in its own order.
 * Nothing here knows a particular game: ladders, grids and off-table outcomes are data.
 */

// ---------------------------------------------------------------- rationals

/** A ratio written a:d (both positive integers), e.g. 3:1, 1:2 or 3:2. */
export interface Odds {
  att: number;
  def: number;
}

export const oddsLabel = (o: Odds): string => `${o.att}:${o.def}`;

/** Parse "3:1", "1:2", "3:2" (a dash is accepted for a colon: "3-2"). */
export function parseOdds(label: string): Odds {
  const m = /^(\d+)[:-](\d+)$/.exec(label);
  if (!m) throw new Error(`bad odds label ${label}`);
  return { att: Number(m[1]), def: Number(m[2]) };
}

/** The ratio as a number on one scale: 1:3 < 1:2 < 2:3 < 1:1 < 3:2 < 2:1 ... */
export function oddsValue(o: Odds): number {
  return o.att / o.def;
}

/** Exact comparison of two ratios (negative when a is worse for the attacker than b). */
export function compareOdds(a: Odds, b: Odds): number {
  return a.att * b.def - b.att * a.def;
}

/**
 * Does an attack of `attack` against `defense` reach the ratio `o` (attack/defense >= a/d)? A defender total of 0
 * counts as 1, and then an attack of 0 as 1 too (as oddsRatio()).
 */
export function reaches(attack: number, defense: number, o: Odds): boolean {
  const d = Math.max(defense, 0) || 1;
  const a = defense > 0 ? Math.max(attack, 0) : Math.max(attack, 1);
  return a * o.def >= d * o.att;
}

/**
 * Attacker total over defender total rounded to n:1 or 1:n in the defender's favour (the common rule): at least
 * as strong, n is rounded down; weaker, the defender's multiple is rounded up. A defender total of 0 counts as 1.
 */
export function oddsRatio(attack: number, defense: number): Odds {
  const d = Math.max(defense, 0);
  const a = Math.max(attack, 0);
  if (d === 0) return { att: Math.max(a, 1), def: 1 };
  if (a === 0) return { att: 1, def: Number.POSITIVE_INFINITY };
  if (a >= d) return { att: Math.floor(a / d), def: 1 };
  return { att: 1, def: Math.ceil(d / a) };
}

// ---------------------------------------------------------------- ladders

export interface OddsColumn {
  label: string;
  odds: Odds;
  /** false for a column that is counted but not printed (no results of its own) */
  visible: boolean;
}

/** Columns from worst to best for the attacker. */
export interface Ladder {
  columns: OddsColumn[];
}

/**
 * A ladder from printed labels, worst first; `hidden` labels are added as invisible columns (below or above the
 * printed ones by their ratio). Throws when the ratios do not strictly increase.
 */
export function ladder(labels: readonly string[], hidden: readonly string[] = []): Ladder {
  const columns: OddsColumn[] = [
    ...labels.map((label) => ({ label, odds: parseOdds(label), visible: true })),
    ...hidden.map((label) => ({ label, odds: parseOdds(label), visible: false })),
  ].sort((a, b) => compareOdds(a.odds, b.odds));
  for (let i = 1; i < columns.length; i++)
    if (compareOdds(columns[i - 1].odds, columns[i].odds) >= 0) throw new Error(`odds ladder not increasing at ${columns[i].label}`);
  return { columns };
}

/**
 * Index of the column an attack falls in: the best column whose ratio it reaches. Below the worst column gives
 * -1 unless `clamp` (then 0): games differ on whether such attacks are allowed.
 */
export function columnOf(l: Ladder, attack: number, defense: number, clamp = true): number {
  let best = -1;
  for (let i = 0; i < l.columns.length; i++) if (reaches(attack, defense, l.columns[i].odds)) best = i;
  return best < 0 && clamp ? 0 : best;
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

/**
 * Shift on a ladder, counting invisible columns, and say where the result is read: a printed column (its index
 * among the printed ones), or past the printed range at either end. Landing on an invisible column beyond the
 * printed ones counts as past that end; an invisible column between printed ones reads the printed column below.
 */
export function shiftOnLadder(l: Ladder, index: number, shift: number): ShiftedColumn {
  const to = index + shift;
  const vis = l.columns.map((c, i) => (c.visible ? i : -1)).filter((i) => i >= 0);
  if (!vis.length) throw new Error('odds ladder without printed columns');
  if (to > vis[vis.length - 1]) return { kind: 'above' };
  if (to < vis[0]) return { kind: 'below' };
  let k = 0;
  while (k + 1 < vis.length && vis[k + 1] <= to) k++;
  return { kind: 'column', index: k };
}

/** Sum of named shifts (positive favours the attacker). */
export const netShift = (shifts: Readonly<Record<string, number>>): number => Object.values(shifts).reduce((a, x) => a + x, 0);

// ---------------------------------------------------------------- tables

/** A printed column of results: one per die face (dieMin first), or split into die ranges (each `upTo` inclusive, ascending). */
export type GridColumn<R> = R[] | { ranges: { upTo: number; result: R }[] };

/**
 * Several ladders (rows of labels, by attacker type) over one grid of results, one grid column per printed
 * ladder column. Every ladder has as many printed columns as the grid.
 */
export interface OddsTable<R, Row extends string = string> {
  rows: Record<Row, Ladder>;
  grid: GridColumn<R>[];
  dieMin: number;
  dieMax: number;
}

export function oddsTable<R, Row extends string>(
  rows: Record<Row, Ladder>,
  grid: GridColumn<R>[],
  die: [number, number] = [1, 6],
): OddsTable<R, Row> {
  for (const [name, l] of Object.entries(rows) as [string, Ladder][]) {
    const printed = l.columns.filter((c) => c.visible).length;
    if (printed !== grid.length) throw new Error(`row ${name} has ${printed} printed columns for a grid of ${grid.length}`);
  }
  return { rows, grid, dieMin: die[0], dieMax: die[1] };
}

/** Clamp a modified die to the table's range (modifiers past either end read the end row). */
export function modifiedDie(
  t: Pick<OddsTable<unknown>, 'dieMin' | 'dieMax'>,
  die: number,
  modifiers: Readonly<Record<string, number>> = {},
): number {
  return Math.min(t.dieMax, Math.max(t.dieMin, die + netShift(modifiers)));
}

/** The result in a printed column for a (modified) die. */
export function readCell<R>(t: Pick<OddsTable<R>, 'grid' | 'dieMin'>, printedColumn: number, die: number): R {
  const col = t.grid[printedColumn];
  if (Array.isArray(col)) return col[die - t.dieMin];
  const hit = col.ranges.find((x) => die <= x.upTo) ?? col.ranges[col.ranges.length - 1];
  return hit.result;
}

// ---------------------------------------------------------------- compatibility (labels as plain rows)

/** Index of the column for these odds in a row of labels ordered from worst to best; beyond either end, the end column. */
export function oddsColumn(row: readonly string[], odds: Odds): number {
  const v = oddsValue(odds);
  let best = 0;
  for (let i = 0; i < row.length; i++) if (oddsValue(parseOdds(row[i])) <= v) best = i;
  return best;
}

/** Halve a combat factor, rounding up (the common out-of-supply and river rule). */
export const halveUp = (x: number): number => Math.ceil(x / 2);
