/**
 * War in the East regions, computed on the built map: the Barbarossa Start Line and set-up sectors (31.51),
 * the area north of the Weatherline (14.4), Old Finland (27.1) and the Personnel Centres (30.32).
 * All lines here are substitutes unless a rule prints them; each region says so in `prov`/`src`.
 */
import { distance } from '../../../core/hex';
import { pointInRing, type Pt } from '../../../maps/geometry';
import { OLD_FINLAND_1939 } from '../../../maps/borders1941';
import type { MapData, MapHex, MapRegion } from '../../../maps/model';
import { makeProjector } from '../../../maps/projection';
import type { LonLat } from '../../../maps/spec';
import { personnelCentres } from './personnel';

/**
 * The Weatherline (14.4: it crosses the map from the west edge to the east edge). Substitute: along about
 * 64 N through Finland (so Finland lies on both sides of it, 13.54-13.55) to the White Sea at Belomorsk (Finns
 * north of it and west of the White Sea may attack, 27.22-27.23), then south-east along the edge of the
 * roadless northern taiga to the east edge. Leningrad, Lake Ladoga and Vologda are south of it; Oulu,
 * Kandalaksha, Murmansk and Archangelsk north.
 */
export const WEATHERLINE: LonLat[] = [
  [10.0, 64.2],
  [21.0, 64.2],
  [25.0, 64.4],
  [30.0, 64.3],
  [34.6, 64.2],
  [36.5, 63.6],
  [40.0, 62.4],
  [44.0, 61.6],
  [50.0, 60.8],
  [65.0, 60.4],
];

/** Latitude of a polyline given in increasing longitude at `lon` (clamped at its ends). */
export function latAt(line: LonLat[], lon: number): number {
  if (lon <= line[0][0]) return line[0][1];
  for (let i = 1; i < line.length; i++) {
    const [x0, y0] = line[i - 1];
    const [x1, y1] = line[i];
    if (lon <= x1) return y0 + ((lon - x0) / (x1 - x0)) * (y1 - y0);
  }
  return line[line.length - 1][1];
}

/** Axis sector boundaries along the border (latitudes of the June 1941 army group boundaries, substitute). */
export const SECTOR_LAT = { northCenter: 54.3, centerSouth: 51.5 };
const AXIS_COUNTRIES = new Set(['Germany', 'Finland', 'Rumania', 'Hungary', 'Slovakia']);
/** 31.51: units set up within three hexes of their Start Line (the start line hex and two more rows). */
const SETUP_DEPTH = 3;
/** 31.51: reserves within five hexes of their city. */
const RESERVE_RANGE = 5;

export const RESERVE_CITIES: Record<string, string> = {
  'riga-reserve': 'Riga',
  'odessa-reserve': 'Odessa',
  'moscow-reserve': 'Moscow',
  'krasnodor-reserve': 'Krasnodor',
};

export function witeRegions(map: MapData): MapRegion[] {
  const proj = makeProjector(map.projection.proj4);
  const byId = new Map(map.hexes.map((h) => [h.id, h]));
  const axialId = new Map(map.hexes.map((h) => [`${h.q},${h.r}`, h.id]));
  const playable = (h: MapHex | undefined): h is MapHex => !!h && !h.impassable && h.terrain !== 'sea' && h.terrain !== 'lake';
  const nbrs = (h: MapHex): MapHex[] => {
    const out: MapHex[] = [];
    for (const [dq, dr] of [
      [1, 0],
      [1, -1],
      [0, -1],
      [-1, 0],
      [-1, 1],
      [0, 1],
    ]) {
      const id = axialId.get(`${h.q + dq},${h.r + dr}`);
      const n = id ? byId.get(id) : undefined;
      if (n) out.push(n);
    }
    return out;
  };
  const lonLat = (h: MapHex) => proj.inverse([h.x, h.y]);
  const side = (h: MapHex) => (h.country === 'USSR' ? 'soviet' : h.country && AXIS_COUNTRIES.has(h.country) ? 'axis' : undefined);
  const regions: MapRegion[] = [];
  const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();

  // ---- the Barbarossa Start Line: land hexes on either side of the June 1941 Soviet border
  const line = { axis: [] as MapHex[], soviet: [] as MapHex[] };
  const facing = new Map<string, string>(); // start line hex -> the country across the border
  for (const h of map.hexes) {
    if (!playable(h)) continue;
    const s = side(h);
    if (!s) continue;
    for (const n of nbrs(h)) {
      if (!playable(n)) continue;
      const t = side(n);
      if (!t || t === s) continue;
      if (!facing.has(h.id)) {
        line[s].push(h);
        facing.set(h.id, s === 'soviet' ? (n.country ?? '') : (h.country ?? ''));
      }
    }
  }
  const startSrc =
    '31.23, 31.51, 6.51: the Barbarossa Start Line is the Russian border of June 1941; the border itself is the substitute 1941 overlay (engine/maps/borders1941.ts)';
  regions.push({
    id: 'startline-axis',
    name: 'Barbarossa Start Line (Axis side)',
    kind: 'startline',
    side: 'axis',
    hexes: sorted(line.axis.map((h) => h.id)),
    prov: 'substitute',
    src: startSrc,
  });
  regions.push({
    id: 'startline-soviet',
    name: 'Barbarossa Start Line (Soviet side)',
    kind: 'startline',
    side: 'soviet',
    hexes: sorted(line.soviet.map((h) => h.id)),
    prov: 'substitute',
    src: startSrc,
  });

  // ---- sectors: each start line hex gets a sector from the country across the line and its latitude; the
  // hexes within SETUP_DEPTH rows of the line take the sector of the nearest start line hex (BFS, same side)
  const sectorOfLine = (h: MapHex, s: 'axis' | 'soviet'): string => {
    const c = facing.get(h.id);
    const lat = lonLat(h)[1];
    const band = lat >= SECTOR_LAT.northCenter ? 'n' : lat >= SECTOR_LAT.centerSouth ? 'c' : 's';
    if (s === 'axis') {
      if (c === 'Finland') return 'finland';
      if (c === 'Rumania') return 'rumania';
      if (c === 'Hungary') return 'hungary'; // 31.51: no Axis set-up in Hungary
      return band === 'n' ? 'north' : band === 'c' ? 'center' : 'south';
    }
    if (c === 'Finland') return 'finnish-border';
    if (c === 'Rumania') return 'rumanian-border';
    return band === 'n' ? 'baltic' : band === 'c' ? 'west' : 'kiev';
  };
  for (const s of ['axis', 'soviet'] as const) {
    const sector = new Map<string, string>();
    let frontier = [...line[s]].sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const h of frontier) sector.set(h.id, sectorOfLine(h, s));
    for (let d = 1; d < SETUP_DEPTH; d++) {
      const next: MapHex[] = [];
      for (const h of frontier)
        for (const n of nbrs(h)) {
          if (!playable(n) || side(n) !== s || sector.has(n.id)) continue;
          sector.set(n.id, sector.get(h.id)!);
          next.push(n);
        }
      frontier = next.sort((a, b) => (a.id < b.id ? -1 : 1));
    }
    const groups = new Map<string, string[]>();
    for (const [id, sec] of sector) {
      if (sec === 'hungary') continue;
      if (s === 'axis' && byId.get(id)?.country === 'Hungary') continue;
      (groups.get(sec) ?? groups.set(sec, []).get(sec)!).push(id);
    }
    for (const [sec, ids] of [...groups].sort(([a], [b]) => a.localeCompare(b)))
      regions.push({
        id: `sector-${sec}`,
        name: `Set-up sector ${sec}`,
        kind: 'sector',
        side: s,
        hexes: sorted(ids),
        prov: 'substitute',
        src: `31.51 (within three hexes of the Start Line); boundaries ours: the June 1941 army group / military district boundaries at ${SECTOR_LAT.northCenter} N and ${SECTOR_LAT.centerSouth} N, Finnish and Rumanian borders by country`,
      });
  }
  for (const [id, city] of Object.entries(RESERVE_CITIES)) {
    const c = map.named[city];
    const ch = c ? byId.get(c) : undefined;
    if (!ch) continue;
    const hexes = map.hexes.filter((h) => playable(h) && h.country === 'USSR' && distance(h, ch) <= RESERVE_RANGE).map((h) => h.id);
    regions.push({
      id: `sector-${id}`,
      name: `${city} reserve (within ${RESERVE_RANGE} hexes of ${city})`,
      kind: 'sector',
      side: 'soviet',
      hexes: sorted(hexes),
      prov: 'printed',
      src: '31.31, 31.51: reserves within five hexes of the named city',
    });
  }

  // ---- north of the Weatherline (14.4)
  regions.push({
    id: 'north-of-weatherline',
    name: 'North of the Weatherline',
    kind: 'weather',
    hexes: sorted(
      map.hexes
        .filter((h) => {
          const [lon, lat] = lonLat(h);
          return lat > latAt(WEATHERLINE, lon);
        })
        .map((h) => h.id),
    ),
    prov: 'substitute',
    src: '14.4 (a line from the west to the east edge); the line is ours, see engine/games/war-in-the-east/map/regions.ts',
  });

  // ---- Old Finland (27.1), land hexes inside the 1939 border
  const oldFin = OLD_FINLAND_1939.map((ll) => proj.forward(ll)) as Pt[];
  regions.push({
    id: 'old-finland',
    name: 'Old Finland (before the Winter War)',
    kind: 'border',
    hexes: sorted(map.hexes.filter((h) => playable(h) && pointInRing([h.x, h.y], oldFin)).map((h) => h.id)),
    prov: 'substitute',
    src: '27.1 (the 1939 border is on the map sheet); the ring is ours (engine/maps/borders1941.ts)',
  });

  // ---- Personnel Centres
  const pcs = personnelCentres(map);
  for (const prov of ['printed', 'substitute'] as const) {
    const list = pcs.filter((p) => p.prov === prov);
    regions.push({
      id: `personnel-centres-${prov}`,
      name: `Personnel Centres (${prov})`,
      kind: 'personnel-centres',
      side: 'soviet',
      hexes: sorted(list.map((p) => p.hex)),
      prov,
      src:
        prov === 'printed'
          ? '30.32 (Leningrad NW3712, NW3812), 35.2 (Odessa, Kiev, Rostov, Kharkov, Voroshilov), 15.16 (Sevastopol)'
          : list[0]?.src,
    });
  }
  return regions;
}
