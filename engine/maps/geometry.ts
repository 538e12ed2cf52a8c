/**
 * Small planar geometry for the map builder: point in polygon, segment intersection, bounding boxes.
 * Coordinates are projected metres; polygons are GeoJSON-style rings (first ring outer, others holes).
 */
export type Pt = readonly [number, number];
export type Ring = Pt[];
export type Poly = Ring[];

export interface BBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function bboxOf(points: Iterable<Pt>): BBox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

export const bboxContains = (b: BBox, p: Pt) => p[0] >= b.minX && p[0] <= b.maxX && p[1] >= b.minY && p[1] <= b.maxY;

export const bboxOverlaps = (a: BBox, b: BBox) => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/** Even-odd ray casting test for one ring. */
export function pointInRing(p: Pt, ring: readonly Pt[]): boolean {
  const [x, y] = p;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and outside every hole. */
export function pointInPolygon(p: Pt, poly: Poly): boolean {
  if (poly.length === 0 || !pointInRing(p, poly[0])) return false;
  for (let k = 1; k < poly.length; k++) if (pointInRing(p, poly[k])) return false;
  return true;
}

const cross = (ax: number, ay: number, bx: number, by: number) => ax * by - ay * bx;

/** True when the closed segments p1-p2 and q1-q2 share a point (collinear overlaps count). */
export function segmentsIntersect(p1: Pt, p2: Pt, q1: Pt, q2: Pt): boolean {
  const d1 = cross(q2[0] - q1[0], q2[1] - q1[1], p1[0] - q1[0], p1[1] - q1[1]);
  const d2 = cross(q2[0] - q1[0], q2[1] - q1[1], p2[0] - q1[0], p2[1] - q1[1]);
  const d3 = cross(p2[0] - p1[0], p2[1] - p1[1], q1[0] - p1[0], q1[1] - p1[1]);
  const d4 = cross(p2[0] - p1[0], p2[1] - p1[1], q2[0] - p1[0], q2[1] - p1[1]);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const onSeg = (a: Pt, b: Pt, c: Pt) =>
    Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);
  if (d1 === 0 && onSeg(q1, q2, p1)) return true;
  if (d2 === 0 && onSeg(q1, q2, p2)) return true;
  if (d3 === 0 && onSeg(p1, p2, q1)) return true;
  if (d4 === 0 && onSeg(p1, p2, q2)) return true;
  return false;
}

/** True when the segment a-b crosses the polyline. */
export function segmentCrossesLine(a: Pt, b: Pt, line: readonly Pt[]): boolean {
  for (let i = 1; i < line.length; i++) if (segmentsIntersect(a, b, line[i - 1], line[i])) return true;
  return false;
}

/** Perpendicular distance from p to segment a-b. */
export function distToSegment(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Douglas-Peucker simplification of a polyline (keeps both ends). */
export function simplifyLine(pts: readonly Pt[], tolerance: number): Pt[] {
  if (pts.length <= 2) return pts.slice();
  const keep = new Uint8Array(pts.length);
  keep[0] = 1;
  keep[pts.length - 1] = 1;
  const stack: [number, number][] = [[0, pts.length - 1]];
  while (stack.length) {
    const [s, e] = stack.pop()!;
    let maxD = -1;
    let idx = -1;
    for (let i = s + 1; i < e; i++) {
      const d = distToSegment(pts[i], pts[s], pts[e]);
      if (d > maxD) {
        maxD = d;
        idx = i;
      }
    }
    if (idx >= 0 && maxD > tolerance) {
      keep[idx] = 1;
      stack.push([s, idx], [idx, e]);
    }
  }
  return pts.filter((_, i) => keep[i]);
}

/** Signed area of a ring (positive = counter-clockwise). */
export function ringArea(ring: readonly Pt[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  return a / 2;
}

/**
 * Point-in-polygon index over many polygons: edges bucketed by horizontal band, so a query casts its ray
 * through one band's edges only. `locate` returns the index of the polygon containing the point (even-odd
 * over all of that polygon's rings, so holes work), or -1.
 */
export class PolygonIndex {
  private readonly bands: Float64Array[] = [];
  private readonly bandOwners: Int32Array[] = [];
  private readonly minY: number;
  private readonly bandH: number;

  constructor(polys: readonly Poly[], bandHeight = 20_000) {
    let minY = Infinity;
    let maxY = -Infinity;
    for (const p of polys)
      for (const ring of p)
        for (const pt of ring) {
          if (pt[1] < minY) minY = pt[1];
          if (pt[1] > maxY) maxY = pt[1];
        }
    this.minY = Number.isFinite(minY) ? minY : 0;
    this.bandH = bandHeight;
    const n = Number.isFinite(maxY) ? Math.floor((maxY - this.minY) / bandHeight) + 1 : 0;
    const tmp: number[][] = Array.from({ length: n }, () => []);
    const own: number[][] = Array.from({ length: n }, () => []);
    polys.forEach((p, pi) => {
      for (const ring of p) {
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [x1, y1] = ring[j];
          const [x2, y2] = ring[i];
          if (y1 === y2) continue;
          const b0 = Math.floor((Math.min(y1, y2) - this.minY) / bandHeight);
          const b1 = Math.floor((Math.max(y1, y2) - this.minY) / bandHeight);
          for (let b = b0; b <= b1; b++) {
            tmp[b].push(x1, y1, x2, y2);
            own[b].push(pi);
          }
        }
      }
    });
    this.bands = tmp.map((a) => Float64Array.from(a));
    this.bandOwners = own.map((a) => Int32Array.from(a));
  }

  locate(p: Pt): number {
    const b = Math.floor((p[1] - this.minY) / this.bandH);
    if (b < 0 || b >= this.bands.length) return -1;
    const e = this.bands[b];
    const o = this.bandOwners[b];
    const counts = new Map<number, number>();
    const [x, y] = p;
    for (let k = 0, m = 0; k < e.length; k += 4, m++) {
      const x1 = e[k];
      const y1 = e[k + 1];
      const x2 = e[k + 2];
      const y2 = e[k + 3];
      if (y1 > y !== y2 > y && x < ((x2 - x1) * (y - y1)) / (y2 - y1) + x1) counts.set(o[m], (counts.get(o[m]) ?? 0) + 1);
    }
    let best = -1;
    for (const [pi, c] of counts) if (c % 2 === 1 && (best < 0 || pi < best)) best = pi;
    return best;
  }

  contains(p: Pt): boolean {
    return this.locate(p) >= 0;
  }
}

/** Segment index over polylines, bucketed in square cells; `crossing` lists the lines a segment crosses. */
export class LineIndex {
  private readonly cells = new Map<string, number[]>();
  private readonly segs: number[] = [];
  private readonly owner: number[] = [];

  constructor(
    lines: readonly (readonly Pt[])[],
    private readonly cell = 25_000,
  ) {
    lines.forEach((l, li) => {
      for (let i = 1; i < l.length; i++) {
        const id = this.owner.length;
        this.segs.push(l[i - 1][0], l[i - 1][1], l[i][0], l[i][1]);
        this.owner.push(li);
        for (const key of this.keys(l[i - 1], l[i])) {
          const a = this.cells.get(key);
          if (a) a.push(id);
          else this.cells.set(key, [id]);
        }
      }
    });
  }

  private *keys(a: Pt, b: Pt): Generator<string> {
    const c = this.cell;
    const x0 = Math.floor(Math.min(a[0], b[0]) / c);
    const x1 = Math.floor(Math.max(a[0], b[0]) / c);
    const y0 = Math.floor(Math.min(a[1], b[1]) / c);
    const y1 = Math.floor(Math.max(a[1], b[1]) / c);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) yield `${x}:${y}`;
  }

  /** Indices of the lines crossed by segment a-b, ascending. */
  crossing(a: Pt, b: Pt): number[] {
    const seen = new Set<number>();
    const hit = new Set<number>();
    for (const key of this.keys(a, b)) {
      for (const id of this.cells.get(key) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const s = this.segs;
        const k = id * 4;
        if (segmentsIntersect(a, b, [s[k], s[k + 1]], [s[k + 2], s[k + 3]])) hit.add(this.owner[id]);
      }
    }
    return [...hit].sort((x, y) => x - y);
  }
}
