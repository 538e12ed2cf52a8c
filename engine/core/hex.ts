/**
 * Hex grid geometry in axial coordinates (q, r); cube s = -q - r.
 * Chosen over a library (honeycomb-grid) because rules code needs plain, serialisable values and
 * microsecond-cheap calls in hot loops (movement, supply tracing); see docs/decisions.md.
 */
export interface Hex {
  q: number;
  r: number;
}

export type Orientation = 'pointy' | 'flat';

/** Axial direction vectors, clockwise from east (pointy-top) / from south-east (flat-top). */
export const DIRECTIONS: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
];

export const hex = (q: number, r: number): Hex => ({ q, r });
export const hexKey = (h: Hex): string => `${h.q},${h.r}`;
export function parseHexKey(key: string): Hex {
  const [q, r] = key.split(',').map(Number);
  if (!Number.isInteger(q) || !Number.isInteger(r)) throw new Error(`bad hex key ${key}`);
  return { q, r };
}
export const hexEquals = (a: Hex, b: Hex) => a.q === b.q && a.r === b.r;
export const hexAdd = (a: Hex, b: Hex): Hex => ({ q: a.q + b.q, r: a.r + b.r });
export const hexSub = (a: Hex, b: Hex): Hex => ({ q: a.q - b.q, r: a.r - b.r });
export const hexScale = (a: Hex, k: number): Hex => ({ q: a.q * k, r: a.r * k });

export function neighbor(h: Hex, dir: number): Hex {
  return hexAdd(h, DIRECTIONS[((dir % 6) + 6) % 6]);
}

export function neighbors(h: Hex): Hex[] {
  return DIRECTIONS.map((d) => hexAdd(h, d));
}

export function distance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Index of the direction from a to an adjacent b, or -1 when not adjacent. */
export function directionTo(a: Hex, b: Hex): number {
  const d = hexSub(b, a);
  return DIRECTIONS.findIndex((x) => x.q === d.q && x.r === d.r);
}

export function isAdjacent(a: Hex, b: Hex): boolean {
  return distance(a, b) === 1;
}

/** The hexes exactly `radius` steps from `center`, in ring order. */
export function ring(center: Hex, radius: number): Hex[] {
  if (radius === 0) return [center];
  const out: Hex[] = [];
  let h = hexAdd(center, hexScale(DIRECTIONS[4], radius));
  for (let side = 0; side < 6; side++) {
    for (let i = 0; i < radius; i++) {
      out.push(h);
      h = neighbor(h, side);
    }
  }
  return out;
}

/** All hexes within `radius` of `center` (the center first, then ring by ring). */
export function range(center: Hex, radius: number): Hex[] {
  const out: Hex[] = [];
  for (let k = 0; k <= radius; k++) out.push(...ring(center, k));
  return out;
}

function cubeRound(q: number, r: number): Hex {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return { q: rq + 0, r: rr + 0 };
}

/** Round fractional axial coordinates to the hex that contains them. */
export const hexRound = (q: number, r: number): Hex => cubeRound(q, r);

/** The hexes on a straight line from a to b, both ends included (nudged to break ties consistently). */
export function line(a: Hex, b: Hex): Hex[] {
  const n = distance(a, b);
  if (n === 0) return [a];
  const out: Hex[] = [];
  const eps = 1e-6;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    out.push(cubeRound(a.q + eps + (b.q - a.q) * t, a.r + 2 * eps + (b.r - a.r) * t));
  }
  return out;
}

// ---- offset coordinates (col, row) ----

export type OffsetLayout = 'odd-r' | 'even-r' | 'odd-q' | 'even-q';

export interface Offset {
  col: number;
  row: number;
}

export function toOffset(h: Hex, layout: OffsetLayout): Offset {
  switch (layout) {
    case 'odd-r':
      return { col: h.q + (h.r - (h.r & 1)) / 2, row: h.r };
    case 'even-r':
      return { col: h.q + (h.r + (h.r & 1)) / 2, row: h.r };
    case 'odd-q':
      return { col: h.q, row: h.r + (h.q - (h.q & 1)) / 2 };
    case 'even-q':
      return { col: h.q, row: h.r + (h.q + (h.q & 1)) / 2 };
  }
}

export function fromOffset(o: Offset, layout: OffsetLayout): Hex {
  switch (layout) {
    case 'odd-r':
      return { q: o.col - (o.row - (o.row & 1)) / 2, r: o.row };
    case 'even-r':
      return { q: o.col - (o.row + (o.row & 1)) / 2, r: o.row };
    case 'odd-q':
      return { q: o.col, r: o.row - (o.col - (o.col & 1)) / 2 };
    case 'even-q':
      return { q: o.col, r: o.row - (o.col + (o.col & 1)) / 2 };
  }
}

// ---- pixel / plane conversion (size = centre-to-corner distance) ----

const SQRT3 = Math.sqrt(3);

export function hexToPoint(h: Hex, size: number, orientation: Orientation): [number, number] {
  if (orientation === 'pointy') return [size * (SQRT3 * h.q + (SQRT3 / 2) * h.r), size * (1.5 * h.r)];
  return [size * 1.5 * h.q, size * ((SQRT3 / 2) * h.q + SQRT3 * h.r)];
}

export function pointToHex(x: number, y: number, size: number, orientation: Orientation): Hex {
  if (orientation === 'pointy') return cubeRound(((SQRT3 / 3) * x - (1 / 3) * y) / size, ((2 / 3) * y) / size);
  return cubeRound(((2 / 3) * x) / size, ((-1 / 3) * x + (SQRT3 / 3) * y) / size);
}

/** The six corners of a hex, counter-clockwise from angle 0 (flat) or 30 degrees (pointy). */
export function hexCorners(h: Hex, size: number, orientation: Orientation): [number, number][] {
  const [cx, cy] = hexToPoint(h, size, orientation);
  const start = orientation === 'pointy' ? 30 : 0;
  const out: [number, number][] = [];
  for (let i = 0; i < 6; i++) {
    const a = ((start + 60 * i) * Math.PI) / 180;
    out.push([cx + size * Math.cos(a), cy + size * Math.sin(a)]);
  }
  return out;
}

/** A stable key for the hexside between two adjacent hexes (order-independent). */
export function hexsideKey(a: Hex, b: Hex): string {
  const ka = hexKey(a);
  const kb = hexKey(b);
  return ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
}
