/**
 * Regional map projections shared by the map builder (Node) and the OpenLayers client.
 *
 * Hex maps of the Eastern Front use a Lambert azimuthal equal-area projection centred on the theatre: areas
 * are true everywhere and distances near the centre are within a few per cent, so a regular hex grid laid
 * on the plane keeps a near-constant ground size from the Baltic to the Caucasus.
 *
 * The module depends only on proj4; the client registers the same definition with ol/proj/proj4.
 */
import proj4 from 'proj4';

export interface ProjectionSpec {
  /** Latitude / longitude of the projection centre, degrees. */
  lat0: number;
  lon0: number;
}

/** The proj4 definition of a LAEA projection on the WGS84 ellipsoid, metres. */
export function laeaDefinition(p: ProjectionSpec): string {
  return `+proj=laea +lat_0=${p.lat0} +lon_0=${p.lon0} +x_0=0 +y_0=0 +ellps=WGS84 +units=m +no_defs`;
}

/** A stable code for the projection, e.g. "HEXFRONT:LAEA-48N-38E". */
export function laeaCode(p: ProjectionSpec): string {
  const ns = (v: number, pos: string, neg: string) => `${Math.abs(v)}${v >= 0 ? pos : neg}`;
  return `HEXFRONT:LAEA-${ns(p.lat0, 'N', 'S')}-${ns(p.lon0, 'E', 'W')}`;
}

/** The EastFront theatre projection (centre chosen by engine/games/eastfront/map/spec.ts). */
export const EASTFRONT_PROJECTION: ProjectionSpec = { lat0: 48, lon0: 38 };

type Proj4Like = { defs: (code: string, def?: string) => unknown };

/**
 * Register a projection definition with a proj4 instance (the builder's, or the one OpenLayers uses; the
 * client then calls `register(proj4)` from ol/proj/proj4). Idempotent.
 */
export function registerProjection(code: string, def: string, p4: Proj4Like = proj4 as unknown as Proj4Like): void {
  p4.defs(code, def);
}

export interface Projector {
  /** [lon, lat] degrees to [x, y] metres. */
  forward(lonlat: readonly [number, number]): [number, number];
  /** [x, y] metres to [lon, lat] degrees. */
  inverse(xy: readonly [number, number]): [number, number];
}

export function makeProjector(def: string): Projector {
  const conv = proj4('EPSG:4326', def);
  return {
    forward: (ll) => conv.forward([ll[0], ll[1]]) as [number, number],
    inverse: (xy) => conv.inverse([xy[0], xy[1]]) as [number, number],
  };
}
