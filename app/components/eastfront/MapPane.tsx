'use client';
/**
 * The map part of the board: HexMap (reused as is) with the board's layers on top. Clicking a hex goes to
 * the board; the layers are re-filled whenever the view or the selection changes.
 */
import type BaseLayer from 'ol/layer/Base';
import type OlMap from 'ol/Map';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import { useEffect, useMemo, useRef } from 'react';
import type { MapData } from '../../../engine/maps/model';
import HexMap, { type HexInfo } from '../map/HexMap';
import { hexIdAt } from '../map/hexGeometry';
import { createLayers, setHighlights, setUnits, type BlockInfo, type HighlightKind } from './layers';

export interface MapPaneProps {
  map: MapData;
  geo: unknown;
  inPlay: (id: string) => boolean;
  focus: string[];
  blocks: BlockInfo[];
  highlights: { hex: string; kind: HighlightKind }[];
  onHexClick(id: string): void;
  onHexHover(id: string | null): void;
  /** Pan and zoom to this hex when it changes. */
  centre?: string | null;
  /** Drag-to-move: may a drag start on this hex (the map does not pan then)? Pure check. */
  canDrag?(id: string): boolean;
  /** The pointer left the start hex: pick up a block there. */
  onDragBegin?(id: string): void;
  onDragEnd?(id: string | null): void;
  /** More layers drawn above the blocks (team annotations); read once, like HexMap's own layers. */
  extraLayers?: BaseLayer[];
}

declare global {
  interface Window {
    /** Test and bench hook: screen pixel (relative to the map element) of a hex centre by id or rulebook name, and the map. */
    __efMap?: { pixelOf(id: string): [number, number] | null; olMap: OlMap };
  }
}

export function MapPane({ map, geo, inPlay, focus, blocks, highlights, onHexClick, onHexHover, centre, canDrag, onDragBegin, onDragEnd, extraLayers = [] }: MapPaneProps) {
  const layers = useMemo(() => createLayers(map, inPlay), [map, inPlay]);
  const olRef = useRef<OlMap | null>(null);
  const cbs = useRef({ canDrag, onDragBegin, onDragEnd, onHexHover });
  cbs.current = { canDrag, onDragBegin, onDragEnd, onHexHover };
  useEffect(() => setUnits(layers, map, blocks), [layers, map, blocks]);
  useEffect(() => setHighlights(layers, map, highlights), [layers, map, highlights]);
  useEffect(() => {
    const ol = olRef.current;
    const h = centre ? map.hexes.find((x) => x.id === centre) : undefined;
    if (!ol || !h) return;
    const view = ol.getView();
    const ext = view.calculateExtent(ol.getSize());
    const inside = h.x > ext[0] && h.x < ext[2] && h.y > ext[1] && h.y < ext[3];
    if (!inside) view.animate({ center: [h.x, h.y], duration: 300 });
  }, [centre, map]);
  useEffect(() => () => {
    if (typeof window !== 'undefined' && window.__efMap?.olMap === olRef.current) delete window.__efMap;
  }, []);

  const onReady = (ol: OlMap) => {
    olRef.current = ol;
    const byId = new Map(map.hexes.map((h) => [h.id, h]));
    const byName = new Map(Object.entries(map.named).map(([n, id]) => [n.toUpperCase(), id]));
    // drag a block: a press on a hex with a block that may move takes the gesture away from panning; the
    // block is picked up once the pointer leaves that hex (a press and release in place stays a click)
    type Ev = MapBrowserEvent<PointerEvent>;
    const listen = (type: string, fn: (e: Ev) => boolean) => (ol as unknown as { on(t: string, f: (e: Ev) => boolean): void }).on(type, fn);
    let from: string | null = null;
    let begun = false;
    let over: string | null = null;
    const hexAt = (c: number[]) => {
      const id = hexIdAt(map, c[0], c[1]);
      return byId.has(id) ? id : null;
    };
    listen('pointerdown', (e) => {
      const id = hexAt(e.coordinate);
      from = id && cbs.current.canDrag?.(id) ? id : null;
      begun = false;
      over = from;
      if (!from) return true;
      e.preventDefault();
      return false;
    });
    listen('pointerdrag', (e) => {
      if (!from) return true;
      const id = hexAt(e.coordinate);
      if (id !== over) {
        if (!begun) cbs.current.onDragBegin?.(from);
        begun = true;
        over = id;
        cbs.current.onHexHover(id);
      }
      e.preventDefault();
      return false;
    });
    listen('pointerup', (e) => {
      if (from && begun) cbs.current.onDragEnd?.(hexAt(e.coordinate));
      from = null;
      begun = false;
      return true;
    });
    window.__efMap = {
      olMap: ol,
      pixelOf: (idOrName: string) => {
        const h = byId.get(idOrName) ?? byId.get(byName.get(idOrName.toUpperCase()) ?? '');
        const p = h ? ol.getPixelFromCoordinate([h.x, h.y]) : null;
        return p ? [Math.round(p[0]), Math.round(p[1])] : null;
      },
    };
  };

  return (
    <HexMap
      map={map}
      background={geo}
      layers={[layers.veil, layers.highlights, layers.units, ...extraLayers]}
      focus={focus}
      onReady={onReady}
      onHexClick={(info: HexInfo) => onHexClick(info.hex.id)}
      onHexHover={(info: HexInfo | null) => onHexHover(info?.hex.id ?? null)}
      style={{ width: '100%', height: '100%' }}
    />
  );
}
