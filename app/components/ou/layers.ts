/**
 * OpenLayers layers the OU board puts over HexMap: hex highlights (selection, destinations, attack targets,
 * the pending combat), the army group line as a band of hexes, and the counters. A counter shows its unit
 * type and size over its attack-defence factors; face-down Soviet counters show only "?". Stacks fan out when
 * hexes are large on screen and collapse to the top counter with a count badge when they are small.
 */
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import type { MapData } from '../../../engine/maps/model';
import { hexRing } from '../map/hexGeometry';
import { NAT_COLOUR, TYPE_SHORT, unitFactors, type Counter } from './model';

export type HighlightKind = 'dest' | 'target' | 'combat' | 'selected' | 'hover' | 'line' | 'wrong';

export interface OuLayers {
  highlights: VectorLayer<VectorSource>;
  units: VectorLayer<VectorSource>;
}

const HL: Record<HighlightKind, { fill?: string; stroke?: string; width?: number; dash?: number[]; z: number }> = {
  line: { fill: 'rgba(40, 90, 200, 0.22)', stroke: 'rgba(40, 90, 200, 0.75)', width: 1.2, dash: [5, 3], z: 1 },
  wrong: { stroke: '#d03a8c', width: 2.5, dash: [3, 3], z: 2 },
  combat: { fill: 'rgba(200, 30, 30, 0.18)', stroke: '#c41e1e', width: 3, z: 3 },
  dest: { fill: 'rgba(46, 160, 67, 0.35)', stroke: '#1e7a33', width: 2, z: 4 },
  target: { fill: 'rgba(240, 120, 20, 0.4)', stroke: '#b34700', width: 3, z: 5 },
  selected: { fill: 'rgba(255, 204, 0, 0.15)', stroke: '#ffcc00', width: 4, z: 6 },
  hover: { stroke: 'rgba(30, 30, 30, 0.6)', width: 2, z: 7 },
};
const HL_STYLE = Object.fromEntries(Object.entries(HL).map(([k, v]) => [k, new Style({
  fill: v.fill ? new Fill({ color: v.fill }) : undefined,
  stroke: v.stroke ? new Stroke({ color: v.stroke, width: v.width, lineDash: v.dash }) : undefined,
  zIndex: v.z,
})])) as Record<HighlightKind, Style>;

export function createLayers(map: MapData): OuLayers {
  return {
    highlights: new VectorLayer({ source: new VectorSource(), style: (f) => HL_STYLE[f.get('kind') as HighlightKind], properties: { name: 'ou-highlights' } }),
    units: new VectorLayer({ source: new VectorSource(), style: (f, res) => counterStyle(f, res, map.grid.spacing), properties: { name: 'ou-units' } }),
  };
}

export function setHighlights(layers: OuLayers, map: MapData, items: { hex: string; kind: HighlightKind }[]) {
  const byId = new Map(map.hexes.map((h) => [h.id, h]));
  const src = layers.highlights.getSource()!;
  src.clear(true);
  src.addFeatures(items.flatMap(({ hex, kind }) => {
    const h = byId.get(hex);
    if (!h) return [];
    const f = new Feature({ geometry: new Polygon([hexRing(map, h.q, h.r)]) });
    f.set('kind', kind);
    return [f];
  }));
}

export interface CounterInfo {
  counter: Counter;
  selected: boolean;
  movable: boolean;
  index: number;
  count: number;
}

export function setCounters(layers: OuLayers, map: MapData, items: CounterInfo[]) {
  const byId = new Map(map.hexes.map((h) => [h.id, h]));
  const src = layers.units.getSource()!;
  src.clear(true);
  src.addFeatures(items.flatMap((c) => {
    const h = byId.get(c.counter.at);
    if (!h) return [];
    const f = new Feature({ geometry: new Point([h.x, h.y]) });
    f.set('counter', c);
    return [f];
  }));
}

/** Offset of counter i of n: a diagonal cascade, the way counters are stacked on a paper map. */
function offset(i: number, n: number, step: number): [number, number] {
  const k = i - (n - 1) / 2;
  return [k * step, k * step];
}

const cache = new Map<string, Style[]>();

function counterStyle(f: FeatureLike, resolution: number, spacing: number): Style[] {
  const c = f.get('counter') as CounterInfo | undefined;
  if (!c) return [];
  const px = spacing / resolution;
  const compact = c.count > 1 && px < 70;
  if (compact && c.index < c.count - 1) return [];
  const size = Math.max(12, Math.min(40, px * (c.count > 1 && !compact ? 0.42 : 0.55)));
  const [dx, dy] = compact ? [0, 0] : offset(c.index, c.count, Math.min(8, size * 0.22));
  const u = c.counter;
  const fac = unitFactors(u);
  const key = [u.id, u.steps, c.selected, c.movable, c.index, c.count, Math.round(size), compact, Math.round(dx)].join('|');
  const hit = cache.get(key);
  if (hit) return hit;
  const colour = u.hidden ? '#6b3b32' : NAT_COLOUR[u.def?.nat ?? ''] ?? '#555';
  const z = 10 + c.index + (c.selected ? 100 : 0);
  const styles: Style[] = [new Style({
    image: new RegularShape({
      points: 4, radius: size / Math.SQRT2, angle: Math.PI / 4, displacement: [dx, -dy],
      fill: new Fill({ color: colour }),
      stroke: new Stroke({ color: c.selected ? '#ffcc00' : c.movable ? '#ffffff' : '#1e1e1e', width: c.selected ? 3.5 : c.movable ? 2.2 : 1.2 }),
    }),
    zIndex: z,
  })];
  const txt = (text: string, oy: number, font: string) =>
    new Style({ text: new Text({ text, offsetX: dx, offsetY: dy + oy, font, fill: new Fill({ color: '#fff' }) }), zIndex: z });
  if (u.hidden || !u.def || !fac) styles.push(txt('?', 1, `700 ${Math.round(size * 0.5)}px system-ui, sans-serif`));
  else if (size >= 24) {
    styles.push(txt(`${TYPE_SHORT[u.def.type] ?? u.def.type} ${u.def.size}`, -size * 0.22, `600 ${Math.round(size * 0.24)}px system-ui, sans-serif`));
    styles.push(txt(`${fac[0]}-${fac[1]}`, size * 0.18, `700 ${Math.round(size * 0.32)}px system-ui, sans-serif`));
    if (u.def.f.length > 1 && u.steps < u.def.f.length) styles.push(txt('▾', size * 0.4, `${Math.round(size * 0.2)}px system-ui`));
  } else styles.push(txt(`${fac[0]}-${fac[1]}`, 1, `700 ${Math.round(size * 0.42)}px system-ui, sans-serif`));
  if (compact) {
    styles.push(new Style({
      image: new CircleStyle({ radius: 7, displacement: [size / 2, size / 2], fill: new Fill({ color: '#ffcc00' }), stroke: new Stroke({ color: '#1e1e1e', width: 1 }) }),
      text: new Text({ text: String(c.count), offsetX: size / 2, offsetY: -size / 2, font: '700 10px system-ui, sans-serif', fill: new Fill({ color: '#1e1e1e' }) }),
      zIndex: z + 1,
    }));
  }
  if (cache.size > 3000) cache.clear();
  cache.set(key, styles);
  return styles;
}
