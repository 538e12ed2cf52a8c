'use client';
/**
 * `useAnnotationsLayer(map, doc, seq)`: an OpenLayers vector layer drawing a document's annotations that are
 * visible at `seq` (notes as pins with their text, arrows between hex centres, highlights as filled hexes).
 * The layer object is created once and kept for the component's life, so a board can pass it to HexMap's
 * `layers` prop (which is read when the map is built); its features follow the document and the timeline.
 */
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import { useEffect, useState } from 'react';
import type * as Y from 'yjs';
import type { MapData, MapHex } from '../../../engine/maps/model';
import { hexRing } from '../map/hexGeometry';
import { annotationsOf, listAnnotations, visibleAt, type PlacedAnnotation } from './annotations';

const INK = '#b3261e';

function hexOf(map: MapData, byId: Map<string, MapHex>, id: string): MapHex | undefined {
  const hit = byId.get(id);
  if (hit) return hit;
  const m = /^(-?\d+),(-?\d+)$/.exec(id);
  return m ? map.hexes.find((h) => h.q === Number(m[1]) && h.r === Number(m[2])) : undefined;
}

function arrowStyles(a: [number, number], b: [number, number], color: string): Style[] {
  const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
  return [
    new Style({ stroke: new Stroke({ color, width: 4 }) }),
    new Style({
      geometry: new Point(b),
      image: new RegularShape({ points: 3, radius: 10, rotation: Math.PI / 2 - angle, fill: new Fill({ color }) }),
    }),
  ];
}

export function annotationFeatures(map: MapData, list: PlacedAnnotation[], seq: number): Feature[] {
  const byId = new Map(map.hexes.map((h) => [h.id, h]));
  const out: Feature[] = [];
  for (const a of list) {
    if (!visibleAt(a, seq)) continue;
    const h = hexOf(map, byId, a.hex);
    if (!h) continue;
    const color = a.color ?? INK;
    if (a.kind === 'highlight') {
      const f = new Feature(new Polygon([hexRing(map, h.q, h.r)]));
      f.setStyle(new Style({ fill: new Fill({ color: `${color}55` }), stroke: new Stroke({ color, width: 3 }) }));
      out.push(f);
    } else if (a.kind === 'arrow') {
      const t = a.to ? hexOf(map, byId, a.to) : undefined;
      if (!t) continue;
      const f = new Feature(
        new LineString([
          [h.x, h.y],
          [t.x, t.y],
        ]),
      );
      f.setStyle(arrowStyles([h.x, h.y], [t.x, t.y], color));
      out.push(f);
    }
    if (a.kind === 'note' || a.text) {
      const f = new Feature(new Point([h.x, h.y]));
      f.setStyle(
        new Style({
          image:
            a.kind === 'note'
              ? new CircleStyle({ radius: 7, fill: new Fill({ color: '#ffd54a' }), stroke: new Stroke({ color: '#5b4400', width: 2 }) })
              : undefined,
          text: a.text
            ? new Text({
                text: a.text.length > 60 ? `${a.text.slice(0, 57)}…` : a.text,
                offsetY: -16,
                font: '600 12px system-ui, sans-serif',
                fill: new Fill({ color: '#1e1e1e' }),
                stroke: new Stroke({ color: '#fffdf7', width: 4 }),
              })
            : undefined,
        }),
      );
      out.push(f);
    }
  }
  return out;
}

export function useAnnotationsLayer(map: MapData | null, doc: Y.Doc | null, seq: number): VectorLayer<VectorSource> {
  const [layer] = useState(() => new VectorLayer({ source: new VectorSource(), zIndex: 50, properties: { name: 'annotations' } }));
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!doc) return;
    const m = annotationsOf(doc);
    const on = () => setVersion((v) => v + 1);
    m.observe(on);
    return () => m.unobserve(on);
  }, [doc]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the change counter that redraws the layer
  useEffect(() => {
    const source = layer.getSource()!;
    source.clear();
    if (map && doc) source.addFeatures(annotationFeatures(map, listAnnotations(doc), seq));
  }, [layer, map, doc, seq, version]);
  return layer;
}
