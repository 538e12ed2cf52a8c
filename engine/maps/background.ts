/**
 * The viewer's background: land, lakes and rivers of the map's area, projected and simplified, as a small
 * GeoJSON FeatureCollection in the map projection (metres, rounded to 100 m). Not used by rules code.
 */
import { bboxOverlaps, simplifyLine, type BBox, type Pt } from './geometry';
import { loadGeodata } from './geodata';
import { laeaDefinition, makeProjector } from './projection';
import { fromOffset } from '../core/hex';
import { gridParams, selectRivers } from './build';
import { gridToXY } from './grid';
import type { MapSpec } from './spec';

const r100 = (v: number) => Math.round(v / 100) * 100;

export function buildBackground(spec: MapSpec, tolerance = 2500): string {
  const proj = makeProjector(laeaDefinition(spec.projection));
  const geo = loadGeodata(proj);
  let xs = spec.areaKm.map((p) => p[0] * 1000);
  let ys = spec.areaKm.map((p) => p[1] * 1000);
  if (spec.cells?.length) {
    // the centres of the listed hexes
    const g = gridParams(spec, proj);
    const pts = spec.cells.map((h) => gridToXY(g, h.q, h.r));
    xs = pts.map((p) => p[0]);
    ys = pts.map((p) => p[1]);
  } else if (spec.offsetRange && spec.grid.ids) {
    // the corners of the printed-id rectangle
    const g = gridParams(spec, proj);
    const { cols, rows } = spec.offsetRange;
    const corners = [cols[0], cols[1]].flatMap((col) => [rows[0], rows[1]].map((row) => fromOffset({ col, row }, spec.grid.ids!.layout)));
    const pts = corners.map((h) => gridToXY(g, h.q, h.r));
    xs = pts.map((p) => p[0]);
    ys = pts.map((p) => p[1]);
  }
  const pad = spec.grid.spacing * 2;
  const box: BBox = { minX: Math.min(...xs) - pad, maxX: Math.max(...xs) + pad, minY: Math.min(...ys) - pad, maxY: Math.max(...ys) + pad };
  const clamp = (p: Pt): [number, number] => [
    r100(Math.max(box.minX, Math.min(box.maxX, p[0]))),
    r100(Math.max(box.minY, Math.min(box.maxY, p[1]))),
  ];
  const ring = (pts: readonly Pt[]) => {
    const s = simplifyLine(pts.map(clamp), tolerance);
    return s.length >= 4 ? s : null;
  };
  const features: string[] = [];
  const push = (kind: string, name: string, type: string, coords: unknown) =>
    features.push(JSON.stringify({ type: 'Feature', properties: { kind, name }, geometry: { type, coordinates: coords } }));
  for (const p of geo.land) {
    if (!bboxOverlaps(p.bbox, box)) continue;
    const rings = p.poly.map(ring).filter((r): r is [number, number][] => !!r);
    if (rings.length) push('land', '', 'Polygon', rings);
  }
  const lakeSet = new Set(spec.lakes);
  for (const p of geo.lakes) {
    if (!lakeSet.has(p.name) || !bboxOverlaps(p.bbox, box)) continue;
    const rings = p.poly.map(ring).filter((r): r is [number, number][] => !!r);
    if (rings.length) push('lake', p.name, 'Polygon', rings);
  }
  const { rivers, riverName } = selectRivers(spec, geo, proj);
  rivers.forEach((l, i) => {
    if (!bboxOverlaps(l.bbox, box)) return;
    const s = simplifyLine(l.pts.map(clamp), tolerance);
    if (s.length >= 2) push('river', riverName(i), 'LineString', s);
  });
  return `{"type":"FeatureCollection","features":[\n${features.join(',\n')}\n]}\n`;
}
