/**
 * Placing an axial hex grid on a projected plane: spacing (centre to centre), rotation and origin.
 *
 * Axial r grows southwards and q eastwards, so with rotation 0 the six neighbours of a pointy-top hex are,
 * in engine/core/hex.ts DIRECTIONS order: E (1,0), NE (1,-1), NW (0,-1), W (-1,0), SW (-1,1), SE (0,1).
 * A pointy-top grid has no north or south neighbour; EastFront names hexes only with NE, E, SE, SW, W, NW.
 */
import { hexRound, type Hex, type Orientation } from '../core/hex';

export interface GridParams {
  orientation: Orientation;
  spacing: number;
  /** Degrees counter-clockwise. */
  rotation: number;
  origin: readonly [number, number];
}

const SQRT3_2 = Math.sqrt(3) / 2;

/** Centre of a hex in projected metres. */
export function gridToXY(g: GridParams, q: number, r: number): [number, number] {
  const s = g.spacing;
  let u: number;
  let v: number;
  if (g.orientation === 'pointy') {
    u = s * (q + r / 2);
    v = -s * SQRT3_2 * r;
  } else {
    u = s * SQRT3_2 * q;
    v = -s * (r + q / 2);
  }
  const t = (g.rotation * Math.PI) / 180;
  const c = Math.cos(t);
  const sn = Math.sin(t);
  return [g.origin[0] + u * c - v * sn, g.origin[1] + u * sn + v * c];
}

/** Fractional axial coordinates of a projected point. */
export function xyToFrac(g: GridParams, x: number, y: number): [number, number] {
  const t = (g.rotation * Math.PI) / 180;
  const c = Math.cos(t);
  const sn = Math.sin(t);
  const dx = x - g.origin[0];
  const dy = y - g.origin[1];
  const u = dx * c + dy * sn;
  const v = -dx * sn + dy * c;
  const s = g.spacing;
  if (g.orientation === 'pointy') {
    const r = -v / (s * SQRT3_2);
    return [u / s - r / 2, r];
  }
  const q = u / (s * SQRT3_2);
  return [q, -v / s - q / 2];
}

/** The hex containing a projected point. */
export function xyToHex(g: GridParams, x: number, y: number): Hex {
  const [q, r] = xyToFrac(g, x, y);
  return hexRound(q, r);
}

/** Compass directions of a pointy-top grid, as axial steps (rotation 0: exact compass bearings). */
export const POINTY_COMPASS: Readonly<Record<string, Hex>> = {
  E: { q: 1, r: 0 },
  NE: { q: 1, r: -1 },
  NW: { q: 0, r: -1 },
  W: { q: -1, r: 0 },
  SW: { q: -1, r: 1 },
  SE: { q: 0, r: 1 },
};

export interface CompassRef {
  base: string;
  dir: string;
  n: number;
}

/** Parse "Kharkov NE1" / "Rostov E 2" into its base name, direction and distance (1.2). */
export function parseCompassName(name: string): CompassRef | null {
  const m = /^(.*\S)\s+(NE|NW|SE|SW|E|W)\s*(\d+)$/i.exec(name.trim());
  if (!m) return null;
  return { base: m[1], dir: m[2].toUpperCase(), n: Number(m[3]) };
}

/** The hex n steps from h in a compass direction. */
export function compassStep(h: Hex, dir: string, n: number): Hex {
  const d = POINTY_COMPASS[dir];
  if (!d) throw new Error(`unknown compass direction ${dir}`);
  return { q: h.q + d.q * n, r: h.r + d.r * n };
}
