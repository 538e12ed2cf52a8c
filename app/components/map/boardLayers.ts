/**
 * The two layers every board puts over HexMap, and style pieces for them:
 * - marks: whole hexes tinted or outlined by kind (selection, destinations, targets...), styled from a table;
 * - pieces: blocks or counters drawn as squares at their hex, styled by the board's own function, which gets
 *   the piece and the hex size on screen in pixels (to fan stacks out or collapse them).
 */
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import type { MapData, MapHex } from '../../../engine/maps/model';
import { hexRing } from './hexGeometry';

export interface HexMark<K extends string = string> {
  hex: string;
  kind: K;
}

/** How one kind of mark looks; higher `z` is drawn on top. */
export interface MarkLook {
  fill?: string;
  stroke?: string;
  width?: number;
  dash?: number[];
  z: number;
}

export type PieceStyle<P> = (piece: P, hexPx: number) => Style[];

export const hexPolygon = (map: MapData, h: MapHex) => new Feature({ geometry: new Polygon([hexRing(map, h.q, h.r)]) });

export function markLayer<K extends string>(name: string, looks: Record<K, MarkLook>): VectorLayer<VectorSource> {
  const styles = new Map<string, Style>();
  for (const [k, v] of Object.entries<MarkLook>(looks)) {
    styles.set(
      k,
      new Style({
        fill: v.fill ? new Fill({ color: v.fill }) : undefined,
        stroke: v.stroke ? new Stroke({ color: v.stroke, width: v.width, lineDash: v.dash }) : undefined,
        zIndex: v.z,
      }),
    );
  }
  return new VectorLayer({ source: new VectorSource(), style: (f) => styles.get(f.get('kind') as string), properties: { name } });
}

export function pieceLayer<P>(name: string, map: MapData, style: PieceStyle<P>): VectorLayer<VectorSource> {
  return new VectorLayer({
    source: new VectorSource(),
    style: (f, resolution) => style(f.get('piece') as P, map.grid.spacing / resolution),
    properties: { name },
  });
}

/** Replace a layer's features: one per item whose hex is on the map, built by `make` at that hex. */
function refill<T>(
  layer: VectorLayer<VectorSource>,
  map: MapData,
  items: T[],
  hexOf: (t: T) => string | null | undefined,
  make: (h: MapHex, t: T) => Feature,
) {
  const byId = new Map(map.hexes.map((h) => [h.id, h]));
  const src = layer.getSource()!;
  src.clear(true);
  src.addFeatures(
    items.flatMap((t) => {
      const id = hexOf(t);
      const h = id ? byId.get(id) : undefined;
      return h ? [make(h, t)] : [];
    }),
  );
}

export function setMarks(layer: VectorLayer<VectorSource>, map: MapData, marks: HexMark[]) {
  refill(
    layer,
    map,
    marks,
    (m) => m.hex,
    (h, m) => {
      const f = hexPolygon(map, h);
      f.set('kind', m.kind);
      return f;
    },
  );
}

export function setPieces<P>(layer: VectorLayer<VectorSource>, map: MapData, pieces: P[], hexOf: (p: P) => string | null | undefined) {
  refill(layer, map, pieces, hexOf, (h, p) => new Feature({ geometry: new Point([h.x, h.y]), piece: p }));
}

/** A square piece of `size` pixels, shifted by (dx, dy) pixels from the hex centre (y down). */
export function squareStyle(o: {
  size: number;
  dx: number;
  dy: number;
  fill: string;
  border: string;
  width: number;
  dash?: number[];
  z: number;
}): Style {
  return new Style({
    image: new RegularShape({
      points: 4,
      radius: o.size / Math.SQRT2,
      angle: Math.PI / 4,
      displacement: [o.dx, -o.dy],
      fill: new Fill({ color: o.fill }),
      stroke: new Stroke({ color: o.border, width: o.width, lineDash: o.dash }),
    }),
    zIndex: o.z,
  });
}

/** White text on a piece, `oy` pixels below the piece's centre. */
export function pieceText(text: string, dx: number, dy: number, oy: number, font: string, z: number): Style {
  return new Style({ text: new Text({ text, offsetX: dx, offsetY: dy + oy, font, fill: new Fill({ color: '#fff' }) }), zIndex: z });
}

/** The yellow badge at a collapsed stack's corner giving how many pieces are in the hex. */
export function countBadge(count: number, size: number, z: number): Style {
  return new Style({
    image: new CircleStyle({
      radius: 7,
      displacement: [size / 2, size / 2],
      fill: new Fill({ color: '#ffcc00' }),
      stroke: new Stroke({ color: '#1e1e1e', width: 1 }),
    }),
    text: new Text({
      text: String(count),
      offsetX: size / 2,
      offsetY: -size / 2,
      font: '700 10px system-ui, sans-serif',
      fill: new Fill({ color: '#1e1e1e' }),
    }),
    zIndex: z,
  });
}

/** The number of pieces in a stack, a dark disc at the top piece's lower-right corner. */
export function stackBadge(count: number, size: number, dx: number, dy: number, z: number): Style {
  const x = dx + size / 2 - 2;
  const y = dy + size / 2 - 2;
  return new Style({
    image: new CircleStyle({
      radius: 8,
      displacement: [x, -y],
      fill: new Fill({ color: '#1e1e1e' }),
      stroke: new Stroke({ color: '#fff', width: 1.5 }),
    }),
    text: new Text({
      text: String(count),
      offsetX: x,
      offsetY: y,
      font: '700 11px system-ui, sans-serif',
      fill: new Fill({ color: '#fff' }),
    }),
    zIndex: z,
  });
}
