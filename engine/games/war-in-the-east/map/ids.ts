/**
 * War in the East hex numbers (3.11, 3.13): a two-letter map section (NW, NE, SW, SE), a two-digit row counted
 * from the north edge of the section and a two-digit zig-zag column counted from the section's east edge.
 *
 * The four sections are one grid of 101 rows x 68 columns (pointy-top hexes in offset rows, odd rows half a hex
 * further east, `odd-r` with the offset column growing eastwards):
 * - global row = row on a northern section, or row + 50 on a southern one: the southern sections' row 01 lies on
 *   the northern sections' row 51 (3.13), so those hexes have two printed numbers (SE0131 = NE5131); the
 *   southern number is canonical (the book writes SE0131, SE0132, SW0101) and the northern one is an alias;
 * - global column = column on an eastern section, or column + 34 on a western one: NW5001 is the neighbour of
 *   NE5034 in the same row (3.13), the hexes of column 34 being completed where the sheets meet.
 * The layout and the W-section offset are derived (3.13's adjacencies and the grid fit, docs/maps.md).
 */
import { fromOffset, type Hex, toOffset } from '../../../core/hex';
import type { HexCodec } from '../../../maps/spec';

export const ROWS = 101;
export const COLS = 68;
/** Rows of a northern section (its row 51 is the southern sections' row 01). */
export const NORTH_ROWS = 50;
export const SECTION_COLS = 34;

const pad = (n: number) => String(n).padStart(2, '0');

/** Global row (1-101, from the north) and column (1-68, from the east) of an axial hex. */
export function globalOf(h: Hex): { row: number; col: number } {
  const o = toOffset(h, 'odd-r');
  return { row: o.row, col: COLS - o.col };
}

export function hexOfGlobal(row: number, col: number): Hex {
  return fromOffset({ col: COLS - col, row }, 'odd-r');
}

export function onMap(row: number, col: number): boolean {
  return row >= 1 && row <= ROWS && col >= 1 && col <= COLS;
}

/** The printed number of a hex (southern form on the overlapping row). */
export function witeId(h: Hex): string {
  const { row, col } = globalOf(h);
  if (!onMap(row, col)) return `${h.q},${h.r}`;
  const ns = row <= NORTH_ROWS ? 'N' : 'S';
  const ew = col <= SECTION_COLS ? 'E' : 'W';
  return `${ns}${ew}${pad(ns === 'N' ? row : row - NORTH_ROWS)}${pad(ew === 'E' ? col : col - SECTION_COLS)}`;
}

/** "SE0131", "SE 0131", "NE5131" (alias) -> hex; undefined for anything else (row references like NW3800 too). */
export function parseWiteId(ref: string): Hex | undefined {
  const m = /^([NS])([EW]) ?(\d{2})(\d{2})$/.exec(ref.trim().toUpperCase());
  if (!m) return undefined;
  const row = Number(m[3]);
  const col = Number(m[4]);
  if (row < 1 || row > NORTH_ROWS + 1 || col < 1 || col > SECTION_COLS) return undefined;
  const g = m[1] === 'N' ? row : row + NORTH_ROWS;
  return hexOfGlobal(g, m[2] === 'E' ? col : col + SECTION_COLS);
}

/** Other printed numbers of a hex: the northern sections' row 51 (3.13). */
export function witeAliases(h: Hex): string[] {
  const { row, col } = globalOf(h);
  if (row !== NORTH_ROWS + 1 || !onMap(row, col)) return [];
  const ew = col <= SECTION_COLS ? 'E' : 'W';
  return [`N${ew}51${pad(ew === 'E' ? col : col - SECTION_COLS)}`];
}

export const witeCodec: HexCodec = { id: witeId, parse: parseWiteId, aliases: witeAliases };

/**
 * Whether a hex number is a whole hex of the assembled map. The western sections' column 34 exists only in odd
 * rows: in even rows it would stick out half a hex past the others, and the book names SW1033 and SW3033
 * (even rows, column 33) as western edge hexes next to SW1134 (odd row, column 34) (13.53, 29.34). Derived.
 */
export function isMapHex(row: number, col: number): boolean {
  return onMap(row, col) && !(col === COLS && row % 2 === 0);
}

/** Every hex of the assembled map, north to south, east to west. */
export function witeCells(): Hex[] {
  const out: Hex[] = [];
  for (let row = 1; row <= ROWS; row++) for (let col = 1; col <= COLS; col++) if (isMapHex(row, col)) out.push(hexOfGlobal(row, col));
  return out;
}
