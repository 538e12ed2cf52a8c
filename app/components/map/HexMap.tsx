'use client';
/**
 * HexMap: the OpenLayers hex map used by the map viewer and (later) the play page. Vector layers only (no
 * tile servers): background land / lakes / rivers, the hex grid with terrain fill, rivers and other hexsides,
 * railways, cities with names, rail entry letters. Zooms from the whole theatre to single hexes; hovering
 * shows the hex's name, terrain and provenance.
 *
 * Load it with next/dynamic({ ssr: false }): OpenLayers touches the DOM, and the Map is created only inside
 * an effect. Callers may add their own vector layers (units, markers) and listen to hex hover / click.
 */
import 'ol/ol.css';
import { useEffect, useRef, useState } from 'react';
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls, ScaleLine } from 'ol/control';
import { shiftKeyOnly } from 'ol/events/condition';
import { defaults as defaultInteractions, KeyboardPan, KeyboardZoom } from 'ol/interaction';
import GeoJSON from 'ol/format/GeoJSON';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Polygon from 'ol/geom/Polygon';
import type BaseLayer from 'ol/layer/Base';
import VectorLayer from 'ol/layer/Vector';
import { get as getProjection } from 'ol/proj';
import { register } from 'ol/proj/proj4';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, RegularShape, Stroke, Style, Text } from 'ol/style';
import proj4 from 'proj4';
import type { MapCity, MapData, MapHex, MapHexside } from '../../../engine/maps/model';
import { placeName } from '../../../engine/maps/places';
import { hexIdAt, hexRing, hexsideSegment, mapExtent } from './hexGeometry';

export interface HexInfo {
  map: MapData;
  hex: MapHex;
  cities: MapCity[];
  sides: MapHexside[];
  names: string[];
}

export interface HexMapProps {
  map: MapData;
  /** Background GeoJSON (land, lake, river features in the map projection), e.g. map-geo.json. */
  background?: unknown;
  /** Extra layers drawn above the map (units, markers...). */
  layers?: BaseLayer[];
  onHexHover?: (info: HexInfo | null) => void;
  onHexClick?: (info: HexInfo) => void;
  /** Fit the first view to these hex ids (default: the whole map). */
  focus?: string[];
  /** Called once with the OpenLayers map after it is created (for overlays, view changes, events). */
  onReady?: (olMap: OlMap) => void;
  /** Show the built-in hover tooltip (default true). */
  tooltip?: boolean;
  className?: string;
  style?: React.CSSProperties;
}

const TERRAIN_FILL: Record<string, string> = {
  clear: 'rgba(233, 226, 196, 0.55)',
  forest: 'rgba(96, 135, 74, 0.65)',
  marsh: 'rgba(116, 160, 150, 0.65)',
  mountain: 'rgba(150, 118, 82, 0.7)',
  // War in the East terrain keys (5.8)
  woods: 'rgba(96, 135, 74, 0.65)',
  swamp: 'rgba(116, 160, 150, 0.65)',
  rough: 'rgba(150, 118, 82, 0.7)',
  city: 'rgba(150, 138, 138, 0.6)',
  sea: 'rgba(150, 186, 206, 0.55)',
  lake: 'rgba(150, 186, 206, 0.55)',
};
const WATER = '#a9c7d8';

export function hexInfo(map: MapData, id: string): HexInfo | null {
  const hex = map.hexes.find((h) => h.id === id);
  if (!hex) return null;
  return {
    map,
    hex,
    cities: map.cities.filter((c) => c.hex === id),
    sides: map.hexsides.filter((s) => s.a === id || s.b === id),
    names: Object.entries(map.named)
      .filter(([, v]) => v === id)
      .map(([k]) => k),
  };
}

function describeHex(info: HexInfo): string {
  const h = info.hex;
  const lines = [
    `<b>${placeName(info.map, h.id)}</b> <span class="muted">${h.id}</span>`,
    `${h.impassable ? 'unplayable ' : ''}${h.terrain} <span class="tag ${h.prov}">${h.prov}</span>${h.src ? ` <span class="muted">${h.src}</span>` : ''}`,
  ];
  if (h.country || h.zone) lines.push(`<span class="muted">${[h.country, h.zone].filter(Boolean).join(' · ')}</span>`);
  if (h.note) lines.push(`<span class="muted">${h.note}</span>`);
  for (const c of info.cities) {
    const vals = c.values
      ? Object.entries(c.values)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')
      : '';
    lines.push(
      `${c.kind} city${c.port ? ', port' : ''}${c.fortress ? ', fortress' : ''}${vals ? ` (${vals})` : ''} <span class="tag ${c.prov}">${c.prov}</span>`,
    );
  }
  const other = info.names.filter((n) => n !== h.name);
  if (other.length) lines.push(`<span class="muted">also: ${other.slice(0, 4).join(', ')}</span>`);
  const rivers = [...new Set(info.sides.filter((s) => s.kind === 'river' || s.kind === 'strait').map((s) => s.name ?? s.kind))];
  if (rivers.length) lines.push(`<span class="muted">hexsides: ${rivers.join(', ')}</span>`);
  return lines.join('<br/>');
}

function ensureProjection(map: MapData) {
  const code = map.projection.code;
  if (!getProjection(code)) {
    proj4.defs(code, map.projection.proj4);
    register(proj4);
  }
  return code;
}

function buildLayers(map: MapData, background: unknown): BaseLayer[] {
  const byId = new Map(map.hexes.map((h) => [h.id, h]));
  const layers: BaseLayer[] = [];

  if (background) {
    const features = new GeoJSON().readFeatures(background);
    const styles: Record<string, Style> = {
      land: new Style({ fill: new Fill({ color: '#efe9d6' }), stroke: new Stroke({ color: '#8c8570', width: 0.8 }) }),
      lake: new Style({ fill: new Fill({ color: WATER }), stroke: new Stroke({ color: '#7d9fb3', width: 0.6 }) }),
      river: new Style({ stroke: new Stroke({ color: 'rgba(74, 128, 170, 0.55)', width: 1 }) }),
    };
    layers.push(
      new VectorLayer({
        source: new VectorSource({ features }),
        style: (f) => styles[f.get('kind') as string] ?? styles.land,
        properties: { name: 'background' },
      }),
    );
  }

  // hexes
  const hexFeatures = map.hexes.map((h) => {
    const f = new Feature({ geometry: new Polygon([hexRing(map, h.q, h.r)]) });
    f.setId(h.id);
    f.set('terrain', h.terrain);
    f.set('impassable', !!h.impassable);
    return f;
  });
  const hexStyleCache = new Map<string, Style>();
  layers.push(
    new VectorLayer({
      source: new VectorSource({ features: hexFeatures }),
      style: (f) => {
        const key = `${f.get('terrain')}|${f.get('impassable')}`;
        let s = hexStyleCache.get(key);
        if (!s) {
          const t = f.get('terrain') as string;
          const blocked = f.get('impassable') && t !== 'sea' && t !== 'lake';
          s = new Style({
            fill: new Fill({ color: blocked ? 'rgba(120, 120, 120, 0.35)' : (TERRAIN_FILL[t] ?? TERRAIN_FILL.clear) }),
            stroke: new Stroke({ color: t === 'sea' || t === 'lake' ? 'rgba(80, 110, 130, 0.25)' : 'rgba(90, 80, 60, 0.45)', width: 0.7 }),
          });
          hexStyleCache.set(key, s);
        }
        return s;
      },
      properties: { name: 'hexes' },
    }),
  );

  // hexsides
  const sideFeatures: Feature[] = [];
  for (const s of map.hexsides) {
    if (s.kind === 'sea' || s.kind === 'clear') continue;
    const a = byId.get(s.a);
    const b = byId.get(s.b);
    if (!a || !b) continue;
    // lake shores are drawn by the lake hexes; an all-lake hexside between two land hexes needs a line
    if (s.kind === 'lake' && (a.impassable || b.impassable)) continue;
    const f = new Feature({ geometry: new LineString(hexsideSegment(map, a, b)) });
    f.set('kind', s.kind);
    f.set('prov', s.prov);
    sideFeatures.push(f);
  }
  const sideStyles: Record<string, Style> = {
    river: new Style({ stroke: new Stroke({ color: '#2f6fa3', width: 3 }) }),
    'major-river': new Style({ stroke: new Stroke({ color: '#2f6fa3', width: 4.5 }) }),
    strait: new Style({ stroke: new Stroke({ color: '#2f6fa3', width: 3, lineDash: [6, 4] }) }),
    impassable: new Style({ stroke: new Stroke({ color: '#b3261e', width: 3, lineDash: [2, 3] }) }),
    rough: new Style({ stroke: new Stroke({ color: 'rgba(110, 80, 40, 0.6)', width: 1.5 }) }),
    lake: new Style({ stroke: new Stroke({ color: '#7fb0d0', width: 5 }) }),
  };
  layers.push(
    new VectorLayer({
      source: new VectorSource({ features: sideFeatures }),
      style: (f) => sideStyles[f.get('kind') as string] ?? sideStyles.rough,
      properties: { name: 'hexsides' },
    }),
  );

  // rails (hex centre to hex centre)
  const railFeatures = map.rails.flatMap((r) => {
    const a = byId.get(r.a);
    const b = byId.get(r.b);
    return a && b
      ? [
          new Feature({
            geometry: new LineString([
              [a.x, a.y],
              [b.x, b.y],
            ]),
          }),
        ]
      : [];
  });
  layers.push(
    new VectorLayer({
      source: new VectorSource({ features: railFeatures }),
      style: new Style({ stroke: new Stroke({ color: 'rgba(170, 30, 30, 0.75)', width: 1.6, lineDash: [5, 4] }) }),
      properties: { name: 'rails' },
    }),
  );

  // cities, towns, rail entry letters
  const cityFeatures = map.cities.flatMap((c) => {
    const h = byId.get(c.hex);
    if (!h) return [];
    const f = new Feature({ geometry: new Point([h.x, h.y]) });
    f.set('name', c.name);
    f.set('kind', c.kind);
    f.set('fortress', !!c.fortress);
    f.set('pp', c.values?.pp ?? 0);
    return [f];
  });
  for (const h of map.hexes) {
    if (!h.railEntry) continue;
    const f = new Feature({ geometry: new Point([h.x, h.y]) });
    f.set('re', h.railEntry);
    cityFeatures.push(f);
  }
  layers.push(
    new VectorLayer({
      source: new VectorSource({ features: cityFeatures }),
      declutter: true,
      style: (f) => {
        const re = f.get('re') as string | undefined;
        if (re) {
          return new Style({
            image: new RegularShape({ points: 4, radius: 9, angle: Math.PI / 4, fill: new Fill({ color: '#2b2a27' }) }),
            text: new Text({ text: re, fill: new Fill({ color: '#fff' }), font: 'bold 11px system-ui, sans-serif' }),
            zIndex: 5,
          });
        }
        const kind = f.get('kind') as string;
        const major = kind === 'major' || kind === 'capital';
        const radius = major ? 6 : kind === 'minor' ? 4 : 2.5;
        return new Style({
          image: f.get('fortress')
            ? new RegularShape({
                points: 6,
                radius: radius + 3,
                fill: new Fill({ color: '#1e1e1e' }),
                stroke: new Stroke({ color: '#fff', width: 1.5 }),
              })
            : new CircleStyle({
                radius,
                fill: new Fill({ color: major ? '#1e1e1e' : '#fff' }),
                stroke: new Stroke({ color: '#1e1e1e', width: kind === 'town' ? 1 : 1.5 }),
              }),
          zIndex: major ? 3 : 2,
        });
      },
      properties: { name: 'cities' },
    }),
  );
  // place names in a layer of their own above every board layer (zIndex), so pieces never hide them; the text
  // sits at the top of the hex (further up as hexes grow), clear of a single piece at the centre
  const hexPx = (resolution: number) => map.grid.spacing / resolution;
  layers.push(
    new VectorLayer({
      source: new VectorSource({ features: cityFeatures.filter((f) => !f.get('re')) }),
      declutter: 'place-names',
      zIndex: 50,
      style: (f, resolution) => {
        const kind = f.get('kind') as string;
        const major = kind === 'major' || kind === 'capital';
        const showLabel = major || resolution < 2500 || (kind === 'minor' && resolution < 4500);
        if (!showLabel) return undefined;
        return new Style({
          text: new Text({
            text: major && f.get('pp') ? `${f.get('name')} ${f.get('pp')}` : (f.get('name') as string),
            offsetY: -Math.max(12, Math.min(hexPx(resolution) * 0.4, 40)),
            font: `${major ? '600 ' : ''}${major ? 12 : 11}px system-ui, sans-serif`,
            fill: new Fill({ color: '#1e1e1e' }),
            stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 3.5 }),
            overflow: true,
          }),
          zIndex: major ? 3 : 2,
        });
      },
      properties: { name: 'city-labels' },
    }),
  );
  return layers;
}

export default function HexMap({
  map,
  background,
  layers,
  onHexHover,
  onHexClick,
  onReady,
  focus,
  tooltip = true,
  className,
  style,
}: HexMapProps) {
  const target = useRef<HTMLDivElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);
  const hoverCb = useRef(onHexHover);
  const clickCb = useRef(onHexClick);
  hoverCb.current = onHexHover;
  clickCb.current = onHexClick;

  // biome-ignore lint/correctness/useExhaustiveDependencies: layers, focus, tooltip and onReady are read once per map; pass a new key to rebuild
  useEffect(() => {
    const el = target.current;
    if (!el) return;
    // focusable (set here: the lint rule reads a div, not the widget OpenLayers makes of it); a click gives it focus
    el.tabIndex = 0;
    const code = ensureProjection(map);
    const extent = mapExtent(map);
    const view = new View({ projection: code, extent, constrainOnlyCenter: true, minZoom: 0, maxZoom: 10, enableRotation: false });
    const cursorSource = new VectorSource();
    const cursorLayer = new VectorLayer({
      source: cursorSource,
      style: new Style({ stroke: new Stroke({ color: '#111', width: 3.5, lineDash: [7, 4] }) }),
      properties: { name: 'hex-cursor' },
      zIndex: 50,
    });
    const olMap = new OlMap({
      target: el,
      layers: [...buildLayers(map, background), ...(layers ?? []), cursorLayer],
      view,
      // the arrow keys move the hex cursor (below); with Shift they pan; + and - zoom
      interactions: defaultInteractions({ keyboard: false }).extend([
        new KeyboardPan({ condition: (e) => shiftKeyOnly(e) }),
        new KeyboardZoom(),
      ]),
      controls: defaultControls({ attribution: false, rotate: false }).extend([new ScaleLine({ units: 'metric' })]),
    });
    const byId = new Map(map.hexes.map((h) => [h.id, h]));
    let fitExtent = extent;
    if (focus?.length) {
      const pts = focus.map((id) => byId.get(id)).filter((h): h is MapHex => !!h);
      if (pts.length) {
        const pad = map.grid.spacing;
        fitExtent = [
          Math.min(...pts.map((h) => h.x)) - pad,
          Math.min(...pts.map((h) => h.y)) - pad,
          Math.max(...pts.map((h) => h.x)) + pad,
          Math.max(...pts.map((h) => h.y)) + pad,
        ];
      }
    }
    // Fit the board to the frame on load and whenever the frame changes size, until the player pans or zooms
    // (the frame often reaches its final size only after the first layout: a fit then drew the board small).
    let userMoved = false;
    const refit = () => {
      const size: [number, number] = [el.clientWidth, el.clientHeight];
      if (!size[0] || !size[1]) return;
      olMap.updateSize();
      if (!userMoved) view.fit(fitExtent, { size });
    };
    refit();
    const moved = () => {
      userMoved = true;
    };
    el.addEventListener('wheel', moved, { passive: true });
    // a press on the map gives it the keyboard (OpenLayers' own element inside takes the pointer events)
    const takeFocus = () => {
      if (!el.contains(document.activeElement)) el.focus({ preventScroll: true });
    };
    el.addEventListener('pointerdown', takeFocus);
    olMap.on('pointerdrag', moved);
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => refit()) : null;
    ro?.observe(el);

    // The hover card sits in a corner of the map away from the pointer, so it never covers the hexes under it.
    const placeTip = (px: number, py: number) => {
      const t = tip.current;
      if (!t) return;
      const right = px < el.clientWidth / 2;
      const bottom = py < el.clientHeight / 2;
      t.style.left = right ? '' : '8px';
      t.style.right = right ? '8px' : '';
      t.style.top = bottom ? '' : '8px';
      t.style.bottom = bottom ? '28px' : '';
    };
    const showTip = (info: HexInfo | null, px: number, py: number) => {
      const t = tip.current;
      if (!t) return;
      if (info && tooltip) {
        if (t.dataset.hex !== info.hex.id) {
          t.innerHTML = describeHex(info);
          t.dataset.hex = info.hex.id;
        }
        placeTip(px, py);
        t.style.display = 'block';
      } else t.style.display = 'none';
    };
    let last: string | null = null;
    const hoverTo = (id: string | null) => {
      if (id === last) return;
      last = id;
      hoverCb.current?.(id ? hexInfo(map, id) : null);
    };
    olMap.on('pointermove', (e) => {
      if (e.dragging) return;
      const [x, y] = e.coordinate;
      const id = hexIdAt(map, x, y);
      const info = byId.has(id) ? hexInfo(map, id) : null;
      showTip(info, e.pixel[0], e.pixel[1]);
      hoverTo(info ? id : null);
    });
    el.addEventListener('pointerleave', () => {
      showTip(null, 0, 0);
      hoverTo(null);
    });
    olMap.on('singleclick', (e) => {
      const [x, y] = e.coordinate;
      const id = hexIdAt(map, x, y);
      const info = byId.has(id) ? hexInfo(map, id) : null;
      if (info) {
        cursorAt = [info.hex.x + nudge[0], info.hex.y + nudge[1]];
        drawCursor(info.hex, false);
        clickCb.current?.(info);
      }
    });

    // Keyboard play: a hex cursor moved by the arrow keys (a step along the grid's rows or columns, in the grid's
    // own rotation), Enter or Space acts on its hex as a click does. The cursor point sits a little off the hex
    // centre so that a vertical step on a pointy grid (a horizontal one on a flat grid) falls inside a hex.
    const s = map.grid.spacing;
    const rot = (map.grid.rotation * Math.PI) / 180;
    const turn = (dx: number, dy: number): [number, number] => [
      dx * Math.cos(rot) - dy * Math.sin(rot),
      dx * Math.sin(rot) + dy * Math.cos(rot),
    ];
    const pointy = map.grid.orientation === 'pointy';
    const nudge = turn(0.25 * s, 0.25 * s);
    const STEP: Record<string, [number, number]> = pointy
      ? { ArrowRight: turn(s, 0), ArrowLeft: turn(-s, 0), ArrowUp: turn(0, 0.866 * s), ArrowDown: turn(0, -0.866 * s) }
      : { ArrowRight: turn(0.866 * s, 0), ArrowLeft: turn(-0.866 * s, 0), ArrowUp: turn(0, s), ArrowDown: turn(0, -s) };
    let cursorAt: [number, number] | null = null;
    const drawCursor = (h: MapHex, keyboard: boolean) => {
      cursorSource.clear();
      if (!keyboard) return;
      cursorSource.addFeature(new Feature({ geometry: new Polygon([hexRing(map, h.q, h.r)]) }));
      el.dataset.cursor = h.id;
      const [x0, y0, x1, y1] = view.calculateExtent(olMap.getSize());
      const mx = (x1 - x0) * 0.08;
      const my = (y1 - y0) * 0.08;
      if (!(h.x > x0 + mx && h.x < x1 - mx && h.y > y0 + my && h.y < y1 - my)) view.animate({ center: [h.x, h.y], duration: 200 });
      const px = olMap.getPixelFromCoordinate([h.x, h.y]);
      showTip(hexInfo(map, h.id), px?.[0] ?? 0, px?.[1] ?? 0);
      hoverTo(h.id);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const step = STEP[e.key];
      if (step) {
        e.preventDefault();
        if (!cursorAt) {
          const c = view.getCenter() ?? [0, 0];
          const h = byId.get(hexIdAt(map, c[0], c[1])) ?? map.hexes[Math.floor(map.hexes.length / 2)];
          cursorAt = [h.x + nudge[0], h.y + nudge[1]];
        } else {
          const next: [number, number] = [cursorAt[0] + step[0], cursorAt[1] + step[1]];
          if (!byId.has(hexIdAt(map, next[0], next[1]))) return; // the edge of the board
          cursorAt = next;
        }
        const h = byId.get(hexIdAt(map, cursorAt[0], cursorAt[1]));
        if (h) drawCursor(h, true);
      } else if ((e.key === 'Enter' || e.key === ' ') && cursorAt) {
        e.preventDefault();
        const info = hexInfo(map, hexIdAt(map, cursorAt[0], cursorAt[1]));
        if (info) clickCb.current?.(info);
      }
    };
    el.addEventListener('keydown', onKey);
    el.addEventListener('blur', () => {
      cursorSource.clear();
      showTip(null, 0, 0);
    });

    onReady?.(olMap);
    olMap.once('rendercomplete', () => {
      setRendered(true);
      if (typeof performance !== 'undefined') performance.mark('hexmap-rendercomplete');
    });
    return () => {
      ro?.disconnect();
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('wheel', moved);
      el.removeEventListener('pointerdown', takeFocus);
      olMap.setTarget(undefined);
      olMap.dispose();
    };
  }, [map, background]);

  return (
    <div className={className} style={{ position: 'relative', background: WATER, ...style }}>
      <div
        ref={target}
        data-testid="hexmap"
        data-rendered={rendered ? 'true' : 'false'}
        style={{ position: 'absolute', inset: 0 }}
        role="application"
        aria-label="Map: arrow keys move the hex cursor, Enter acts on its hex, Shift with arrows pans, + and − zoom"
      />
      <div
        ref={tip}
        data-testid="hexmap-tooltip"
        style={{
          display: 'none',
          position: 'absolute',
          zIndex: 5,
          background: 'rgba(255, 253, 247, 0.96)',
          border: '1px solid #d8d0bc',
          borderRadius: 6,
          padding: '0.35rem 0.55rem',
          font: '12px system-ui, sans-serif',
          lineHeight: 1.45,
          maxWidth: 320,
          pointerEvents: 'none',
          boxShadow: '0 2px 6px rgba(0,0,0,0.15)',
        }}
      />
    </div>
  );
}
