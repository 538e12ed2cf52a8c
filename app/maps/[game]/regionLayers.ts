/**
 * Map viewer overlays for a map's `regions` (War in the East: set-up sectors, the Barbarossa Start Line, the
 * Weatherline, Old Finland, Personnel Centres). Loaded on the client only (OpenLayers), passed to HexMap as
 * extra layers. Lines are drawn on the hexsides where a region ends.
 */
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import type BaseLayer from 'ol/layer/Base';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import type { MapData, MapHex, MapRegion } from '../../../engine/maps/model';
import { hexRing, hexsideSegment } from '../../components/map/hexGeometry';

const AXIAL = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

const SECTOR_FILL = [
  'rgba(200, 90, 60, 0.22)',
  'rgba(60, 110, 200, 0.22)',
  'rgba(90, 160, 70, 0.22)',
  'rgba(190, 150, 40, 0.25)',
  'rgba(150, 80, 170, 0.22)',
];

/** The hexsides on the edge of a set of hexes (towards hexes outside it that exist on the map). */
function edgeSegments(map: MapData, ids: Set<string>, only?: Set<string>): [number, number][][] {
  const byAxial = new Map(map.hexes.map((h) => [`${h.q},${h.r}`, h]));
  const byId = new Map(map.hexes.map((h) => [h.id, h]));
  const out: [number, number][][] = [];
  for (const id of ids) {
    const h = byId.get(id);
    if (!h) continue;
    for (const [dq, dr] of AXIAL) {
      const n = byAxial.get(`${h.q + dq},${h.r + dr}`);
      if (!n || ids.has(n.id) || (only && !only.has(n.id))) continue;
      out.push(hexsideSegment(map, h, n));
    }
  }
  return out;
}

/** Which regions each hex is in (for the hover line). */
export function regionsByHex(map: MapData): Map<string, MapRegion[]> {
  const out = new Map<string, MapRegion[]>();
  for (const r of map.regions ?? []) for (const id of r.hexes) (out.get(id) ?? out.set(id, []).get(id)!).push(r);
  return out;
}

export function regionLayers(map: MapData): BaseLayer[] {
  const regions = map.regions ?? [];
  if (!regions.length) return [];
  const byId = new Map<string, MapHex>(map.hexes.map((h) => [h.id, h]));
  const get = (id: string) => regions.find((r) => r.id === id);
  const layers: BaseLayer[] = [];

  // set-up sectors: a light tint per sector
  const sectorFeatures: Feature[] = [];
  regions
    .filter((r) => r.kind === 'sector')
    .forEach((r, i) => {
      for (const id of r.hexes) {
        const h = byId.get(id);
        if (!h) continue;
        const f = new Feature({ geometry: new Polygon([hexRing(map, h.q, h.r)]) });
        f.set('fill', SECTOR_FILL[i % SECTOR_FILL.length]);
        sectorFeatures.push(f);
      }
    });
  const fills = new Map<string, Style>();
  layers.push(
    new VectorLayer({
      source: new VectorSource({ features: sectorFeatures }),
      style: (f) => {
        const c = f.get('fill') as string;
        let s = fills.get(c);
        if (!s) fills.set(c, (s = new Style({ fill: new Fill({ color: c }) })));
        return s;
      },
      properties: { name: 'sectors' },
    }),
  );

  // lines: the Start Line (between its two sides), the Weatherline, Old Finland
  const lineFeatures: Feature[] = [];
  const addLines = (segs: [number, number][][], kind: string) => {
    for (const s of segs) {
      const f = new Feature({ geometry: new LineString(s) });
      f.set('kind', kind);
      lineFeatures.push(f);
    }
  };
  const axisLine = get('startline-axis');
  const sovLine = get('startline-soviet');
  if (axisLine && sovLine) addLines(edgeSegments(map, new Set(axisLine.hexes), new Set(sovLine.hexes)), 'startline');
  const north = get('north-of-weatherline');
  if (north) addLines(edgeSegments(map, new Set(north.hexes)), 'weatherline');
  const oldFin = get('old-finland');
  if (oldFin) addLines(edgeSegments(map, new Set(oldFin.hexes)), 'old-finland');
  const lineStyles: Record<string, Style> = {
    startline: new Style({ stroke: new Stroke({ color: '#b3261e', width: 3.5 }) }),
    weatherline: new Style({ stroke: new Stroke({ color: '#5b3fa8', width: 3, lineDash: [10, 5] }) }),
    'old-finland': new Style({ stroke: new Stroke({ color: 'rgba(40, 40, 40, 0.7)', width: 1.8, lineDash: [3, 4] }) }),
  };
  layers.push(
    new VectorLayer({
      source: new VectorSource({ features: lineFeatures }),
      style: (f) => lineStyles[f.get('kind') as string],
      properties: { name: 'region-lines' },
    }),
  );

  // Personnel Centres: a star (filled = printed, hollow = substitute)
  const pcFeatures: Feature[] = [];
  for (const prov of ['printed', 'substitute']) {
    for (const id of get(`personnel-centres-${prov}`)?.hexes ?? []) {
      const h = byId.get(id);
      if (!h) continue;
      const f = new Feature({ geometry: new Point([h.x, h.y]) });
      f.set('prov', prov);
      pcFeatures.push(f);
    }
  }
  const star = (prov: string) =>
    new Style({
      image: new RegularShape({
        points: 5,
        radius: 8,
        radius2: 3.5,
        fill: new Fill({ color: prov === 'printed' ? '#c0392b' : '#fff' }),
        stroke: new Stroke({ color: '#c0392b', width: 1.5 }),
      }),
      text: new Text({ text: 'PC', offsetY: 13, font: 'bold 9px system-ui, sans-serif', fill: new Fill({ color: '#c0392b' }) }),
      zIndex: 6,
    });
  const stars = { printed: star('printed'), substitute: star('substitute') };
  layers.push(
    new VectorLayer({
      source: new VectorSource({ features: pcFeatures }),
      style: (f) => stars[f.get('prov') as 'printed' | 'substitute'],
      properties: { name: 'personnel-centres' },
    }),
  );
  return layers;
}
