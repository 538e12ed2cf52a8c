'use client';
/**
 * The map part of a game board: HexMap under the board's hex marks and pieces, with the side's team
 * annotations on top. It loads the map background, keeps a hex the board asks to centre in view, passes hex
 * clicks to the annotation form (hexPicks) and then to the board, and can drag pieces (dragPieces).
 * `window.__<id>Map` gives tests and benches the screen pixel of a hex (by id or rulebook name).
 */
import type BaseLayer from 'ol/layer/Base';
import type OlMap from 'ol/Map';
import Overlay from 'ol/Overlay';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { MapData } from '../../../engine/maps/model';
import { useSideNotes } from '../collab/GameCollab';
import { useAnnotationsLayer } from '../collab/annotationsLayer';
import { announceHexClick } from '../collab/hexPicks';
import { markLayer, pieceLayer, setMarks, setPieces, type HexMark, type MarkLook, type PieceStyle } from './boardLayers';
import { listenForDrags, type DragHandlers } from './dragPieces';
import { effectsLayer, playEffects, type MapEffect } from './effectsLayer';
import HexMap from './HexMap';

export interface MapHook {
  olMap: OlMap;
  pixelOf(idOrName: string): [number, number] | null;
}

declare global {
  interface Window {
    [hook: `__${string}Map`]: MapHook | undefined;
  }
}

export interface BoardMapPaneProps<P> {
  /** Short board id: names the layers (`<id>-highlights`, `<id>-units`) and the test hook `window.__<id>Map`. */
  id: string;
  map: MapData;
  loadGeo(): Promise<{ default: unknown }>;
  /** data- attributes of the map frame, e.g. its data-testid (tests read them). */
  frame: Record<`data-${string}`, string | number>;
  looks: Record<string, MarkLook>;
  marks: HexMark[];
  pieces: P[];
  pieceHex(p: P): string | null | undefined;
  /** A module-level function (the layer keeps the first one). */
  pieceStyle: PieceStyle<P>;
  /** Layers under the marks (e.g. a veil over hexes out of play); read once. */
  below?: BaseLayer[];
  /** Hexes the first view fits (default: the whole map). */
  focus?: string[];
  /** Pan to this hex when it changes and is out of view. */
  centre?: string | null;
  onHexClick(id: string): void;
  onHexHover(id: string | null): void;
  drag?: Omit<DragHandlers, 'onHexHover'>;
  /** Whose team annotations to draw, at which event. */
  notes: { gameId: string; side?: string; seq: number };
  /** A panel pinned to a hex on the map (the battle box), or null. */
  callout?: { hex: string; node: ReactNode } | null;
  /** Arrows and flashes for what just happened; each id plays once (none of those present at first render). */
  effects?: MapEffect[];
}

function useGeo(load: () => Promise<{ default: unknown }>) {
  const [geo, setGeo] = useState<unknown>(null);
  const [error, setError] = useState<string | null>(null);
  const first = useRef(load);
  useEffect(() => {
    let live = true;
    first
      .current()
      .then((m) => live && setGeo(m.default))
      .catch((e) => live && setError(String(e)));
    return () => {
      live = false;
    };
  }, []);
  return { geo, error };
}

export function BoardMapPane<P>(props: BoardMapPaneProps<P>) {
  const { geo, error } = useGeo(props.loadGeo);
  return (
    <div className="ef-map" {...props.frame}>
      {error && <p className="error">Could not load the map background: {error}</p>}
      {!geo && !error && (
        <p className="muted ef-loading">
          <span className="spinner" /> Loading the map…
        </p>
      )}
      {geo !== null && <LayeredMap {...props} geo={geo} />}
    </div>
  );
}

function LayeredMap<P>({
  id,
  map,
  geo,
  looks,
  marks,
  pieces,
  pieceHex,
  pieceStyle,
  below = [],
  focus,
  centre,
  onHexClick,
  onHexHover,
  drag,
  notes,
  callout,
  effects,
}: BoardMapPaneProps<P> & { geo: unknown }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the looks and the style function are fixed per board
  const layers = useMemo(
    () => ({
      marks: markLayer(`${id}-highlights`, looks),
      pieces: pieceLayer(`${id}-units`, map, pieceStyle),
      effects: effectsLayer(),
    }),
    [id, map],
  );
  // effects present when the map first shows are history, not news: mark them seen without playing them
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!effects) return;
    if (!seen.current) {
      seen.current = new Set(effects.map((e) => e.id));
      return;
    }
    return playEffects(layers.effects, map, effects, seen.current);
  }, [effects, layers, map]);
  // the callout: a DOM element OpenLayers keeps at the hex, filled by a React portal
  const calloutEl = useMemo(() => (typeof document === 'undefined' ? null : document.createElement('div')), []);
  const calloutOverlay = useMemo(
    () =>
      calloutEl
        ? new Overlay({
            element: calloutEl,
            positioning: 'bottom-center',
            offset: [0, -18],
            stopEvent: true,
            autoPan: { margin: 8, animation: { duration: 200 } },
            className: 'map-callout-anchor',
          })
        : null,
    [calloutEl],
  );
  const calloutHex = callout?.hex ?? null;
  useEffect(() => {
    const h = calloutHex ? map.hexes.find((x) => x.id === calloutHex) : undefined;
    if (!calloutOverlay) return;
    // above the hex, or below it when the hex is in the upper part of the map (so the box is not cut off)
    const ol = olRef.current;
    const px = h && ol ? ol.getPixelFromCoordinate([h.x, h.y]) : null;
    const below = !!px && px[1] < (ol?.getSize()?.[1] ?? 0) * 0.45;
    calloutOverlay.setPositioning(below ? 'top-center' : 'bottom-center');
    // clear of the hex's own pieces: half a hex on screen, at least 18 px
    const res = ol?.getView().getResolution();
    const gap = Math.max(18, Math.round((res ? map.grid.spacing / res : 0) * 0.5 + 6));
    calloutOverlay.setOffset([0, below ? gap : -gap]);
    calloutOverlay.setPosition(h ? [h.x, h.y] : undefined);
  }, [calloutHex, calloutOverlay, map]);
  const noteDoc = useSideNotes(notes.gameId, notes.side).doc;
  const annotations = useAnnotationsLayer(map, noteDoc, notes.seq);
  const olRef = useRef<OlMap | null>(null);
  const handlers = useRef<DragHandlers>({ onHexHover });
  handlers.current = { ...drag, onHexHover };
  const hook = `__${id}Map` as const;
  const painted = useRef(false);
  useEffect(() => {
    setPieces(layers.pieces, map, pieces, pieceHex);
    // the first frame with the pieces drawn: `board-units-painted` (bench/ui.ts measures navigation to it)
    const ol = olRef.current;
    if (painted.current || !ol || !pieces.length) return;
    painted.current = true;
    ol.once('rendercomplete', () => performance.mark('board-units-painted'));
  }, [layers, map, pieces, pieceHex]);
  useEffect(() => setMarks(layers.marks, map, marks), [layers, map, marks]);
  useEffect(() => {
    const ol = olRef.current;
    const h = centre ? map.hexes.find((x) => x.id === centre) : undefined;
    if (!ol || !h) return;
    const view = ol.getView();
    const [x0, y0, x1, y1] = view.calculateExtent(ol.getSize());
    if (!(h.x > x0 && h.x < x1 && h.y > y0 && h.y < y1)) view.animate({ center: [h.x, h.y], duration: 300 });
  }, [centre, map]);
  useEffect(
    () => () => {
      if (window[hook]?.olMap === olRef.current) delete window[hook];
    },
    [hook],
  );

  const onReady = (ol: OlMap) => {
    olRef.current = ol;
    if (calloutOverlay) {
      ol.addOverlay(calloutOverlay);
      // a resized map (window, phone rotation) pans the open box back into view
      ol.on('change:size', () => {
        if (calloutOverlay.getPosition()) calloutOverlay.panIntoView({ margin: 8 });
      });
    }
    if (drag) listenForDrags(ol, map, () => handlers.current);
    const byId = new Map(map.hexes.map((h) => [h.id, h]));
    const byName = new Map(Object.entries(map.named).map(([n, hex]) => [n.toUpperCase(), hex]));
    window[hook] = {
      olMap: ol,
      pixelOf: (idOrName) => {
        const h = byId.get(idOrName) ?? byId.get(byName.get(idOrName.toUpperCase()) ?? '');
        const p = h ? ol.getPixelFromCoordinate([h.x, h.y]) : null;
        return p ? [Math.round(p[0]), Math.round(p[1])] : null;
      },
    };
  };

  return (
    <>
      {calloutEl && callout && createPortal(callout.node, calloutEl)}
      <HexMap
        map={map}
        background={geo}
        layers={[...below, layers.marks, layers.pieces, layers.effects, annotations]}
        focus={focus}
        onReady={onReady}
        onHexClick={(info) => {
          announceHexClick(info.hex.id); // an annotation form waiting for a hex takes it
          onHexClick(info.hex.id);
        }}
        onHexHover={(info) => onHexHover(info?.hex.id ?? null)}
        style={{ width: '100%', height: '100%' }}
      />
    </>
  );
}
