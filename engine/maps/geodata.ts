/**
 * Loading the Natural Earth subset in engine/maps/geodata (WGS84; see its README) and projecting it once into the
 * map's plane.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bboxOf, type BBox, type Poly, type Pt } from './geometry';
import type { Projector } from './projection';

export const DEFAULT_GEODATA_DIR = resolve(import.meta.dirname, 'geodata');

export interface GeoPolygon {
  name: string;
  props: Record<string, unknown>;
  poly: Poly;
  bbox: BBox;
}

export interface GeoLine {
  name: string;
  props: Record<string, unknown>;
  pts: Pt[];
  bbox: BBox;
}

export interface Geodata {
  land: GeoPolygon[];
  lakes: GeoPolygon[];
  rivers: GeoLine[];
  regions: GeoPolygon[];
}

interface Feature {
  properties: Record<string, unknown>;
  geometry: { type: string; coordinates: unknown };
}

function readFeatures(dir: string, file: string): Feature[] {
  return JSON.parse(readFileSync(join(dir, file), 'utf8')).features as Feature[];
}

const nameOf = (p: Record<string, unknown>) => String(p.name_en || p.name || p.NAME || '');

function polygons(features: Feature[], proj: Projector): GeoPolygon[] {
  const out: GeoPolygon[] = [];
  for (const f of features) {
    const g = f.geometry;
    if (!g) continue;
    const polys = (g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []) as number[][][][];
    for (const p of polys) {
      const poly: Poly = p.map((ring) => ring.map((c) => proj.forward([c[0], c[1]])));
      out.push({ name: nameOf(f.properties), props: f.properties, poly, bbox: bboxOf(poly[0]) });
    }
  }
  return out;
}

function lines(features: Feature[], proj: Projector): GeoLine[] {
  const out: GeoLine[] = [];
  for (const f of features) {
    const g = f.geometry;
    if (!g) continue;
    const ls = (g.type === 'LineString' ? [g.coordinates] : g.type === 'MultiLineString' ? g.coordinates : []) as number[][][];
    for (const l of ls) {
      const pts = l.map((c) => proj.forward([c[0], c[1]]));
      out.push({ name: nameOf(f.properties), props: f.properties, pts, bbox: bboxOf(pts) });
    }
  }
  return out;
}

export function loadGeodata(proj: Projector, dir = DEFAULT_GEODATA_DIR): Geodata {
  return {
    land: polygons(readFeatures(dir, 'land.geojson'), proj),
    lakes: [...polygons(readFeatures(dir, 'lakes.geojson'), proj), ...polygons(readFeatures(dir, 'lakes-europe.geojson'), proj)],
    rivers: [...lines(readFeatures(dir, 'rivers.geojson'), proj), ...lines(readFeatures(dir, 'rivers-europe.geojson'), proj)],
    regions: polygons(readFeatures(dir, 'regions.geojson'), proj),
  };
}
