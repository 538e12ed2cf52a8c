/**
 * The shared board every game's rules read: a dense index of hexes (0..n-1) with their neighbours, terrain flags,
 * cities and hexside features (rivers, lakes, straits, borders, rail or road links), plus the flood fills that run
 * over it (supply, retreat distances). Hot loops work on indices and typed arrays, never on id strings.
 * Terrain flags and hexside kinds are the game's own vocabulary; nothing here knows a rulebook.
 */

/** One key per unordered pair of adjacent indices (a hexside). */
export const sideKey = (a: number, b: number): number => (a < b ? a * 65536 + b : b * 65536 + a);

export interface HexBoard {
  /** Hex ids by index. */
  ids: string[];
  index: Map<string, number>;
  /** On-board neighbours of each index. */
  nb: number[][];
  /** Terrain flags per index (the game's bits; 0 = its default terrain). */
  terrain: Uint8Array;
  /** Hexside features by kind ('river', 'lake', 'strait', 'border', 'rail', 'autobahn' ...): sets of sideKey. */
  hexsides: Map<string, Set<number>>;
  /** City names by index. */
  cityName: Map<number, string>;
}

export interface HexBoardSpec {
  ids: readonly string[];
  /** Ids around an id (off-board ids are dropped). */
  around(id: string): readonly string[];
  /** Terrain flags by id. */
  terrain?: Readonly<Record<string, number>>;
  hexsides?: readonly { kind: string; a: string; b: string }[];
  cities?: Readonly<Record<string, string>>;
}

export function buildHexBoard(spec: HexBoardSpec): HexBoard {
  const ids = [...spec.ids];
  const index = new Map(ids.map((id, i) => [id, i]));
  const nb = ids.map((id) =>
    spec
      .around(id)
      .map((n) => index.get(n))
      .filter((n): n is number => n !== undefined),
  );
  const terrain = new Uint8Array(ids.length);
  for (const [id, f] of Object.entries(spec.terrain ?? {})) {
    const i = index.get(id);
    if (i !== undefined) terrain[i] |= f;
  }
  const hexsides = new Map<string, Set<number>>();
  for (const s of spec.hexsides ?? []) {
    const a = index.get(s.a);
    const b = index.get(s.b);
    if (a === undefined || b === undefined) continue;
    let set = hexsides.get(s.kind);
    if (!set) hexsides.set(s.kind, (set = new Set()));
    set.add(sideKey(a, b));
  }
  const cityName = new Map<number, string>();
  for (const [id, name] of Object.entries(spec.cities ?? {})) {
    const i = index.get(id);
    if (i !== undefined) cityName.set(i, name);
  }
  return { ids, index, nb, terrain, hexsides, cityName };
}

/** The hexsides of one kind (an empty set when the board has none). */
export function hexsidesOf(b: HexBoard, kind: string): Set<number> {
  let s = b.hexsides.get(kind);
  if (!s) b.hexsides.set(kind, (s = new Set()));
  return s;
}

/** Does a hexside of this kind lie between adjacent indices a and c? */
export const hexsideIs = (b: HexBoard, kind: string, a: number, c: number): boolean => b.hexsides.get(kind)?.has(sideKey(a, c)) ?? false;

// ---------------------------------------------------------------- flood fills

export interface TraceRules {
  /** May the trace enter hex i at all (e.g. not enemy-occupied)? */
  canEnter(i: number): boolean;
  /** May the trace go on from hex i after entering it (e.g. not out of an enemy zone of control)? */
  canLeave(i: number): boolean;
  /** May the trace cross from a to b (hexside rules); default yes. */
  canCross?(a: number, b: number): boolean;
}

/** Every index reachable from the sources (sources that may not be entered are skipped): supply and similar traces. */
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
