'use client';
/**
 * The map part of the OU board: the shared HexMap with the board's highlight and counter layers on top.
 * Clicks and hovers go to the board; `window.__ouMap` gives tests the screen pixel of a hex.
 */
import type OlMap from 'ol/Map';
import { useEffect, useMemo, useRef } from 'react';
import type { MapData } from '../../../engine/maps/model';
import HexMap, { type HexInfo } from '../map/HexMap';
import { createLayers, setCounters, setHighlights, type CounterInfo, type HighlightKind } from './layers';

declare global {
  interface Window {
    __ouMap?: { pixelOf(id: string): [number, number] | null; olMap: OlMap };
  }
}

export interface OuMapPaneProps {
  map: MapData;
  geo: unknown;
  counters: CounterInfo[];
  highlights: { hex: string; kind: HighlightKind }[];
  centre: string | null;
  onHexClick(id: string): void;
  onHexHover(id: string | null): void;
}

export function OuMapPane({ map, geo, counters, highlights, centre, onHexClick, onHexHover }: OuMapPaneProps) {
  const layers = useMemo(() => createLayers(map), [map]);
  const olRef = useRef<OlMap | null>(null);
  useEffect(() => setCounters(layers, map, counters), [layers, map, counters]);
  useEffect(() => setHighlights(layers, map, highlights), [layers, map, highlights]);
  useEffect(() => {
    const ol = olRef.current;
    const h = centre ? map.hexes.find((x) => x.id === centre) : undefined;
    if (!ol || !h) return;
    const v = ol.getView();
    const ext = v.calculateExtent(ol.getSize());
    if (!(h.x > ext[0] && h.x < ext[2] && h.y > ext[1] && h.y < ext[3])) v.animate({ center: [h.x, h.y], duration: 300 });
  }, [centre, map]);
  useEffect(() => () => {
    if (typeof window !== 'undefined' && window.__ouMap?.olMap === olRef.current) delete window.__ouMap;
  }, []);

  const onReady = (ol: OlMap) => {
    olRef.current = ol;
    const byId = new Map(map.hexes.map((h) => [h.id, h]));
    window.__ouMap = {
      olMap: ol,
      pixelOf: (id: string) => {
        const h = byId.get(id);
        const p = h ? ol.getPixelFromCoordinate([h.x, h.y]) : null;
        return p ? [Math.round(p[0]), Math.round(p[1])] : null;
      },
    };
  };

  return (
    <HexMap
      map={map}
      background={geo}
      layers={[layers.highlights, layers.units]}
      onReady={onReady}
      onHexClick={(info: HexInfo) => onHexClick(info.hex.id)}
      onHexHover={(info: HexInfo | null) => onHexHover(info?.hex.id ?? null)}
      style={{ width: '100%', height: '100%' }}
    />
  );
}
