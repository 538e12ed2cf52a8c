/**
 * Hex and hexside outlines in the map projection, from a map's grid parameters (no polygons are stored in
 * map.json). Shared by the viewer and, later, the play page.
 */
import { gridToXY, xyToHex } from '../../../engine/maps/grid';
import type { MapData } from '../../../engine/maps/model';

export type XY = [number, number];

const gridOf = (map: MapData) => ({ ...map.grid, origin: map.grid.origin as readonly [number, number] });

export function hexCentre(map: MapData, q: number, r: number): XY {
  return gridToXY(gridOf(map), q, r);
}

/** Closed ring of the six corners (pointy-top: corners at 30 + 60k degrees, plus rotation). */
export function hexRing(map: MapData, q: number, r: number): XY[] {
  const [cx, cy] = hexCentre(map, q, r);
  const size = map.grid.spacing / Math.sqrt(3);
  const start = map.grid.orientation === 'pointy' ? 30 : 0;
  const ring: XY[] = [];
  for (let k = 0; k <= 6; k++) {
    const a = ((start + 60 * (k % 6) + map.grid.rotation) * Math.PI) / 180;
    ring.push([cx + size * Math.cos(a), cy + size * Math.sin(a)]);
  }
  return ring;
}

/** The shared edge of two adjacent hexes. */
export function hexsideSegment(map: MapData, a: { q: number; r: number }, b: { q: number; r: number }): [XY, XY] {
  const [ax, ay] = hexCentre(map, a.q, a.r);
  const [bx, by] = hexCentre(map, b.q, b.r);
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  const len = Math.hypot(bx - ax, by - ay);
  const half = map.grid.spacing / Math.sqrt(3) / 2;
  const px = (-(by - ay) / len) * half;
  const py = ((bx - ax) / len) * half;
  return [
    [mx - px, my - py],
    [mx + px, my + py],
  ];
}

const idsByAxial = new WeakMap<MapData, Map<string, string>>();

/** Hex id under a projected coordinate ("q,r", or the map's printed id such as "1530" when it has one). */
export function hexIdAt(map: MapData, x: number, y: number): string {
  const h = xyToHex(gridOf(map), x, y);
  const key = `${h.q},${h.r}`;
  let ids = idsByAxial.get(map);
  if (!ids) idsByAxial.set(map, (ids = new Map(map.hexes.map((m) => [`${m.q},${m.r}`, m.id]))));
  return ids.get(key) ?? key;
}

export function mapExtent(map: MapData): [number, number, number, number] {
  const pad = map.grid.spacing;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const h of map.hexes) {
    minX = Math.min(minX, h.x);
    minY = Math.min(minY, h.y);
    maxX = Math.max(maxX, h.x);
    maxY = Math.max(maxY, h.y);
  }
  return [minX - pad, minY - pad, maxX + pad, maxY + pad];
}
