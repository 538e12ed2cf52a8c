/**
 * Brief animations on the map for what just happened: an arrow for an attack, a retreat or an advance, a
 * pulsing ring on a hex where dice were rolled. A board turns its latest events into effects (each with a
 * stable id); the layer plays each id once, fading it out over `ms`, and never replays the effects that were
 * already there when the map first showed them (loading a game or travelling in time animates nothing).
 */
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, RegularShape, Stroke, Style } from 'ol/style';
import type { MapData, MapHex } from '../../../engine/maps/model';
import { hexRing } from './hexGeometry';

export interface MapEffect {
  /** Stable per happening (e.g. the event seq and kind): an id is played once. */
  id: string;
  kind: 'attack' | 'retreat' | 'advance' | 'fire';
  /** Arrows go from `from` to `hex`; a fire ring sits on `hex`. */
  from?: string;
  hex: string;
}

const COLOUR: Record<MapEffect['kind'], string> = {
  attack: '200, 40, 20',
  retreat: '40, 70, 200',
  advance: '30, 140, 60',
  fire: '255, 190, 0',
};
const MS = 2600;

function arrowStyles(f: Feature, alpha: number, width: number): Style[] {
  const g = f.getGeometry() as LineString;
  const [a, b] = [g.getFirstCoordinate(), g.getLastCoordinate()];
  const rgb = COLOUR[f.get('kind') as MapEffect['kind']];
  const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
  return [
    new Style({ stroke: new Stroke({ color: `rgba(255,255,255,${alpha * 0.8})`, width: width + 4 }), zIndex: 90 }),
    new Style({ stroke: new Stroke({ color: `rgba(${rgb},${alpha})`, width }), zIndex: 91 }),
    new Style({
      geometry: new Point(b),
      image: new RegularShape({
        points: 3,
        radius: width * 2.6,
        rotation: Math.PI / 2 - angle,
        fill: new Fill({ color: `rgba(${rgb},${alpha})` }),
        stroke: new Stroke({ color: `rgba(255,255,255,${alpha * 0.8})`, width: 1.5 }),
      }),
      zIndex: 92,
    }),
  ];
}

export function effectsLayer(): VectorLayer<VectorSource> {
  return new VectorLayer({
    source: new VectorSource(),
    style: (f) => {
      const age = (Date.now() - (f.get('born') as number)) / MS;
      const alpha = Math.max(0, 1 - age * age);
      if (f.get('kind') === 'fire') {
        const pulse = 0.5 + 0.5 * Math.sin(age * Math.PI * 6);
        return new Style({
          fill: new Fill({ color: `rgba(${COLOUR.fire},${0.25 * alpha})` }),
          stroke: new Stroke({ color: `rgba(${COLOUR.fire},${alpha})`, width: 3 + 3 * pulse }),
          zIndex: 89,
        });
      }
      return arrowStyles(f as Feature, alpha, 5);
    },
    properties: { name: 'map-effects' },
    updateWhileAnimating: true,
  });
}

/**
 * Play the effects whose ids `seen` does not hold yet (adding them to it), then keep the layer redrawing
 * until they have faded. Returns a function that stops the animation.
 */
export function playEffects(layer: VectorLayer<VectorSource>, map: MapData, effects: MapEffect[], seen: Set<string>): () => void {
  const byId = new Map<string, MapHex>(map.hexes.map((h) => [h.id, h]));
  const src = layer.getSource()!;
  const born = Date.now();
  for (const e of effects) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    const to = byId.get(e.hex);
    if (!to) continue;
    let f: Feature;
    if (e.kind === 'fire') f = new Feature({ geometry: new Polygon([hexRing(map, to.q, to.r)]) });
    else {
      const from = e.from ? byId.get(e.from) : undefined;
      if (!from || from === to) continue;
      // stop the arrow short of the hex centre so the head does not cover the pieces
      const k = 0.72;
      f = new Feature({
        geometry: new LineString([
          [from.x + (to.x - from.x) * 0.2, from.y + (to.y - from.y) * 0.2],
          [from.x + (to.x - from.x) * k, from.y + (to.y - from.y) * k],
        ]),
      });
    }
    f.set('kind', e.kind);
    f.set('born', born);
    f.set('effect', e.id);
    src.addFeature(f);
  }
  let raf = 0;
  const tick = () => {
    const now = Date.now();
    for (const f of src.getFeatures()) if (now - (f.get('born') as number) > MS) src.removeFeature(f);
    layer.changed();
    if (src.getFeatures().length) raf = requestAnimationFrame(tick);
  };
  if (src.getFeatures().length) raf = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(raf);
}
