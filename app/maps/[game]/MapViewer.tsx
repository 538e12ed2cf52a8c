'use client';
/**
 * The map viewer page body: loads a game's built map (map.json + map-geo.json) and shows it with HexMap.
 * `?focus=Maikop,Tbilisi` fits the first view to named hexes (rulebook names, "City DIR n" included, or hex ids
 * such as Operation Unthinkable's "1823").
 */
import dynamic from 'next/dynamic';
import { useEffect, useMemo, useState } from 'react';
import { MapIndex } from '../../../engine/maps/index';
import type BaseLayer from 'ol/layer/Base';
import type { MapData, MapRegion } from '../../../engine/maps/model';
import type { HexInfo } from '../../components/map/HexMap';

const HexMap = dynamic(() => import('../../components/map/HexMap'), {
  ssr: false,
  loading: () => (
    <p className="muted" style={{ padding: '1rem' }}>
      Loading map…
    </p>
  ),
});

const loaders: Record<string, () => Promise<[unknown, unknown]>> = {
  eastfront: () =>
    Promise.all([
      import('../../../engine/games/eastfront/map.json').then((m) => m.default),
      import('../../../engine/games/eastfront/map-geo.json').then((m) => m.default),
    ]),
  'operation-unthinkable': () =>
    Promise.all([
      import('../../../engine/games/operation-unthinkable/map.json').then((m) => m.default),
      import('../../../engine/games/operation-unthinkable/map-geo.json').then((m) => m.default),
    ]),
  'war-in-the-east': () =>
    Promise.all([
      import('../../../engine/games/war-in-the-east/map.json').then((m) => m.default),
      import('../../../engine/games/war-in-the-east/map-geo.json').then((m) => m.default),
    ]),
};

const TITLES: Record<string, string> = {
  eastfront: 'EastFront',
  'operation-unthinkable': 'Operation Unthinkable',
  'war-in-the-east': 'War in the East',
};

/** Short labels of the regions a hex is in (hover line). */
function regionLabel(r: MapRegion): string {
  if (r.kind === 'sector') return `sector ${r.id.replace('sector-', '')}`;
  if (r.id === 'north-of-weatherline') return 'north of the Weatherline';
  if (r.kind === 'startline') return 'Start Line';
  if (r.kind === 'personnel-centres') return `Personnel Centre (${r.prov})`;
  return r.name;
}

export function MapViewer({ game, focus }: { game: string; focus?: string }) {
  const [data, setData] = useState<{ map: MapData; geo: unknown } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [hover, setHover] = useState<HexInfo | null>(null);
  const [extra, setExtra] = useState<{ layers: BaseLayer[]; byHex: Map<string, MapRegion[]> } | null>(null);

  useEffect(() => {
    const load = loaders[game];
    if (!load) {
      setError(`No map for ${game}.`);
      return;
    }
    load()
      .then(([map, geo]) => setData({ map: map as MapData, geo }))
      .catch((e) => setError(String(e)));
  }, [game]);

  // region overlays (sectors, start line, Weatherline, Personnel Centres) are built on the client only
  useEffect(() => {
    if (!data) return;
    if (!data.map.regions?.length) {
      setExtra({ layers: [], byHex: new Map() });
      return;
    }
    import('./regionLayers')
      .then((m) => setExtra({ layers: m.regionLayers(data.map), byHex: m.regionsByHex(data.map) }))
      .catch((e) => setError(String(e)));
  }, [data]);

  const focusIds = useMemo(() => {
    if (!data || !focus) return undefined;
    const idx = new MapIndex(data.map);
    return focus
      .split(',')
      .map((n) => idx.named(n.trim()) ?? (idx.hex(n.trim()) ? n.trim() : data.map.aliases?.[n.trim()]))
      .filter((x): x is string => !!x);
  }, [data, focus]);

  const stats = data
    ? `${data.map.hexes.filter((h) => !h.impassable).length} playable hexes, ${data.map.grid.spacing / 1000} km apart, ${data.map.cities.length} cities, ${data.map.rails.length} rail links`
    : '';

  return (
    <main style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 44px)' }}>
      <div style={{ display: 'flex', alignItems: 'baseline', gap: '1rem', padding: '0.5rem 1rem', flexWrap: 'wrap' }}>
        <h1 style={{ margin: 0, fontSize: '1.25rem' }}>{TITLES[game] ?? game} map</h1>
        <nav style={{ fontSize: '0.85rem', display: 'flex', gap: '0.6rem' }} aria-label="maps">
          {Object.entries(TITLES)
            .filter(([g]) => g !== game)
            .map(([g, t]) => (
              <a key={g} href={`/maps/${g}`}>
                {t}
              </a>
            ))}
        </nav>
        <span className="muted" style={{ fontSize: '0.85rem' }}>
          {stats}
        </span>
        <span style={{ fontSize: '0.8rem' }}>
          <span className="tag printed">printed</span> <span className="tag derived">derived</span>{' '}
          <span className="tag substitute">substitute</span>
        </span>
        <span className="muted" data-testid="hover-name" style={{ fontSize: '0.85rem', marginLeft: 'auto' }}>
          {hover
            ? [
                `${hover.hex.name ?? hover.names[0] ?? ''} ${hover.hex.id} · ${hover.hex.terrain} · ${hover.hex.prov}`,
                ...(extra?.byHex.get(hover.hex.id) ?? []).map(regionLabel),
              ].join(' · ')
            : 'hover a hex'}
        </span>
      </div>
      {error && <p className="error">{error}</p>}
      {data && extra && (
        <HexMap
          key={focus ?? 'all'}
          map={data.map}
          background={data.geo}
          focus={focusIds}
          layers={extra.layers}
          onHexHover={setHover}
          style={{ flex: 1, minHeight: 400 }}
        />
      )}
    </main>
  );
}
