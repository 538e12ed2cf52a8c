/**
 * OpenLayers layers the EastFront board adds on top of HexMap: a veil over hexes outside the scenario area,
 * hex highlights (selection, destinations, battles, command reach) and the blocks themselves. Blocks are
 * drawn as squares in the side's colour; own blocks show type, id, strength and a row of step pips; enemy
 * blocks show only what the view reveals. Stacks fan out when there is room and collapse to the top block
 * with a count badge when the hexes are small on screen.
 */
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import type { MapData } from '../../../engine/maps/model';
import { hexRing } from '../map/hexGeometry';
import { SIDE_COLOUR, TYPE_SHORT } from './labels';
import type { ViewUnit } from './model';

export type HighlightKind = 'dest' | 'attack' | 'battle' | 'selected' | 'reach' | 'hover' | 'fought';

export interface BoardLayers {
  veil: VectorLayer<VectorSource>;
  highlights: VectorLayer<VectorSource>;
  units: VectorLayer<VectorSource>;
}

const HL: Record<HighlightKind, Style> = {
  reach: new Style({ fill: new Fill({ color: 'rgba(60, 110, 200, 0.12)' }), stroke: new Stroke({ color: 'rgba(60, 110, 200, 0.7)', width: 1.5, lineDash: [4, 3] }) }),
  battle: new Style({ fill: new Fill({ color: 'rgba(200, 30, 30, 0.16)' }), stroke: new Stroke({ color: '#c41e1e', width: 3 }) }),
  fought: new Style({ fill: new Fill({ color: 'rgba(120, 120, 120, 0.15)' }), stroke: new Stroke({ color: '#8a1515', width: 2, lineDash: [6, 4] }) }),
  dest: new Style({ fill: new Fill({ color: 'rgba(46, 160, 67, 0.35)' }), stroke: new Stroke({ color: '#1e7a33', width: 2 }) }),
  attack: new Style({ fill: new Fill({ color: 'rgba(240, 120, 20, 0.45)' }), stroke: new Stroke({ color: '#b34700', width: 3 }) }),
  selected: new Style({ stroke: new Stroke({ color: '#ffcc00', width: 4 }), fill: new Fill({ color: 'rgba(255, 204, 0, 0.15)' }) }),
  hover: new Style({ stroke: new Stroke({ color: 'rgba(30, 30, 30, 0.6)', width: 2 }) }),
};
const Z: Record<HighlightKind, number> = { reach: 1, battle: 2, fought: 2, dest: 3, attack: 4, selected: 5, hover: 6 };

export function createLayers(map: MapData, inPlay: (id: string) => boolean): BoardLayers {
  const veilFeatures = map.hexes
    .filter((h) => !inPlay(h.id) && !h.impassable && h.terrain !== 'sea' && h.terrain !== 'lake')
    .map((h) => new Feature({ geometry: new Polygon([hexRing(map, h.q, h.r)]) }));
  const veil = new VectorLayer({
    source: new VectorSource({ features: veilFeatures }),
    style: new Style({ fill: new Fill({ color: 'rgba(70, 70, 70, 0.28)' }) }),
    properties: { name: 'ef-out-of-play' },
  });
  const highlights = new VectorLayer({
    source: new VectorSource(),
    style: (f) => {
      const k = f.get('kind') as HighlightKind;
      return new Style({ ...styleParts(HL[k]), zIndex: Z[k] });
    },
    properties: { name: 'ef-highlights' },
  });
  const units = new VectorLayer({
    source: new VectorSource(),
    style: (f, res) => blockStyle(f, res, map.grid.spacing),
    properties: { name: 'ef-units' },
  });
  return { veil, highlights, units };
}

function styleParts(s: Style) {
  return { fill: s.getFill() ?? undefined, stroke: s.getStroke() ?? undefined };
}

export function setHighlights(layers: BoardLayers, map: MapData, items: { hex: string; kind: HighlightKind }[]) {
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

export interface BlockInfo {
  unit: ViewUnit;
  own: boolean;
  selected: boolean;
  movable: boolean;
  index: number;
  count: number;
}

export function setUnits(layers: BoardLayers, map: MapData, blocks: BlockInfo[]) {
  const byId = new Map(map.hexes.map((h) => [h.id, h]));
  const src = layers.units.getSource()!;
  src.clear(true);
  src.addFeatures(blocks.flatMap((b) => {
    const h = b.unit.at ? byId.get(b.unit.at) : undefined;
    if (!h) return [];
    const f = new Feature({ geometry: new Point([h.x, h.y]) });
    f.setProperties({ block: b });
    return [f];
  }));
}

const cache = new Map<string, Style[]>();

function pips(cv: number, max: number): string {
  return '●'.repeat(Math.max(0, cv)) + '○'.repeat(Math.max(0, max - cv));
}

/** Pixel offset of block `i` of `n` in a 2-column grid of cells `step` pixels apart. */
function offset(i: number, n: number, step: number): [number, number] {
  if (n === 1) return [0, 0];
  const rows = Math.ceil(n / 2);
  const lastAlone = n % 2 === 1 && i === n - 1;
  const x = lastAlone ? 0 : ((i % 2) - 0.5) * step;
  const y = (Math.floor(i / 2) - (rows - 1) / 2) * step;
  return [x, y];
}

function blockStyle(f: import('ol/Feature').FeatureLike, resolution: number, spacing: number): Style[] {
  const b = f.get('block') as BlockInfo | undefined;
  if (!b) return [];
  const px = spacing / resolution;
  // stacks fan out in a 2x2 grid when a hex is big enough on screen; otherwise the top block gets a count badge
  const compact = b.count > 1 && px < 62;
  if (compact && b.index > 0) return [];
  const size = b.count === 1 || compact ? Math.max(12, Math.min(34, px * 0.5)) : Math.min(34, px * 0.36);
  const [dx, dy] = compact ? [0, 0] : offset(b.index, b.count, size + 2);
  const u = b.unit;
  const key = [u.side, u.type ?? '?', u.id ?? '', u.cv ?? '', u.max ?? '', u.face, u.active, u.unsupplied, b.own, b.selected, b.movable, b.index, b.count, Math.round(size), compact, Math.round(dx), Math.round(dy)].join('|');
  const hit = cache.get(key);
  if (hit) return hit;
  const colour = SIDE_COLOUR[u.side] ?? '#555';
  const border = b.selected ? '#ffcc00' : u.active ? '#f2c14e' : b.movable ? '#ffffff' : u.face ? '#e8dcc0' : '#1e1e1e';
  const styles: Style[] = [
    new Style({
      image: new RegularShape({
        points: 4, radius: size / Math.SQRT2, angle: Math.PI / 4, displacement: [dx, -dy],
        fill: new Fill({ color: colour }),
        stroke: new Stroke({ color: border, width: b.selected ? 3.5 : b.movable || u.active ? 2.2 : 1.2, lineDash: u.unsupplied ? [3, 2] : undefined }),
      }),
      zIndex: 10 + (b.selected ? 50 : 0) + (b.count - b.index),
    }),
  ];
  const z = 11 + (b.selected ? 50 : 0) + (b.count - b.index);
  const txt = (text: string, oy: number, font: string) =>
    new Style({ text: new Text({ text, offsetX: dx, offsetY: dy + oy, font, fill: new Fill({ color: '#fff' }) }), zIndex: z });
  if (u.id && u.type) {
    const big = u.type === 'hq' || u.type === 'shq' ? ['Ø', 'I', 'II', 'III', 'IV'][u.cv ?? 0] ?? String(u.cv) : String(u.cv ?? '');
    if (size >= 28) {
      styles.push(txt(`${TYPE_SHORT[u.type] ?? u.type} ${u.id}`, -size * 0.3, `600 ${Math.round(size * 0.26)}px system-ui, sans-serif`));
      styles.push(txt(big, size * 0.05, `700 ${Math.round(size * 0.38)}px system-ui, sans-serif`));
      if (b.own && u.max) styles.push(txt(pips(u.cv ?? 0, u.max), size * 0.35, `${Math.round(size * 0.2)}px system-ui, sans-serif`));
    } else if (size >= 19) {
      styles.push(txt(u.id, -size * 0.22, `600 ${Math.round(Math.max(8, size * 0.34))}px system-ui, sans-serif`));
      styles.push(txt(big, size * 0.2, `700 ${Math.round(size * 0.42)}px system-ui, sans-serif`));
    } else styles.push(txt(big, 1, `700 ${Math.round(size * 0.6)}px system-ui, sans-serif`));
  } else {
    styles.push(txt(u.face ? '!' : '?', 1, `700 ${Math.round(size * 0.45)}px system-ui, sans-serif`));
  }
  if (compact && b.count > 1) {
    styles.push(new Style({
      image: new CircleStyle({ radius: 7, displacement: [size / 2, size / 2], fill: new Fill({ color: '#ffcc00' }), stroke: new Stroke({ color: '#1e1e1e', width: 1 }) }),
      text: new Text({ text: String(b.count), offsetX: size / 2, offsetY: -size / 2, font: '700 10px system-ui, sans-serif', fill: new Fill({ color: '#1e1e1e' }) }),
      zIndex: z + 1,
    }));
  }
  if (cache.size > 2000) cache.clear();
  cache.set(key, styles);
  return styles;
}
