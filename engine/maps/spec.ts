/**
 * What a game tells the map builder: projection, grid, area, geodata selections and every overlay the
 * geodata lacks. All geographic inputs are [lon, lat] degrees; hex references are rulebook-style names
 * ("Rostov", "Rostov E2") resolved against the spec's places, or raw axial ids ("3,-2").
 */
import type { Hex, OffsetLayout, Orientation } from '../core/hex';
import type { HexsideKind, MapCity, Provenance } from './model';
import type { ProjectionSpec } from './projection';

export type LonLat = readonly [number, number];

export interface ProvSpec {
  prov: Provenance;
  src?: string;
}

export interface PlaceSpec extends ProvSpec {
  /** The rulebook's spelling. */
  name: string;
  /** Where the real place is (modern coordinates). */
  at: LonLat;
  /** Real-world name when it differs from the rulebook's (Stalino -> Donetsk). */
  realName?: string;
  kind: MapCity['kind'] | 'named';
  port?: boolean;
  fortress?: boolean;
  resource?: boolean;
  values?: Record<string, number>;
  owner?: string;
  /**
   * Book-over-geography override: put the place in the hex this reference names instead of where its
   * coordinates fall (provenance of the placement becomes `derived`, reason in `why`).
   */
  hex?: string;
  why?: string;
}

export interface AreaSpec extends ProvSpec {
  name: string;
  terrain: string;
  /** Outer ring, [lon, lat]. */
  ring: LonLat[];
}

export interface HexOverride extends ProvSpec {
  hex: string;
  terrain?: string;
  impassable?: boolean;
  /** Force a hex to be playable land (the book names it as a land hex). */
  land?: boolean;
  note?: string;
}

export interface HexsideOverride extends ProvSpec {
  a: string;
  b: string;
  /** `null` removes whatever the geodata put there (the hexside becomes plain land). */
  kind: HexsideKind | null;
  name?: string;
  railOnly?: boolean;
}

export interface RailSpec extends ProvSpec {
  name: string;
  /** Waypoints: hex references or [lon, lat] points, joined by the shortest land path between them. */
  via: (string | LonLat)[];
}

export interface SeaZoneSpec extends ProvSpec {
  id: string;
  name: string;
  /** Rulebook name of the control port, or an off-map controller ("Baku"). */
  control: string;
  ports: string[];
  adjacent: string[];
  /** Sea hexes whose centre falls in this ring belong to the zone (first match wins). */
  ring: LonLat[];
}

export interface ExitZoneSpec extends ProvSpec {
  letter: string;
  name: string;
  front: string;
  edge: 'west' | 'south' | 'east' | 'north';
  /** The rail entry hex (a hex reference) or a point that snaps to the nearest playable edge hex. */
  entry: string | LonLat;
}

export interface RiverSelection {
  /** Names (name or name_en) of the rivers drawn on hexsides. */
  names: string[];
  /** Display name per data name (Dnepre -> Dnepr). */
  rename?: Record<string, string>;
  /** Rename the data lines lying wholly inside a [west, south, east, north] box (mislabelled stretches). */
  renameIn?: { from: string; to: string; box: [number, number, number, number] }[];
  /** Hand-drawn river lines the geodata lacks (tagged; drawn on hexsides like the others). */
  lines?: { name: string; line: LonLat[]; prov: Provenance; src?: string }[];
}

/**
 * A game's own printed-id scheme when offset ids (`grid.ids`) cannot express it (War in the East: section
 * prefixes, rows from the north, columns from each section's east edge, overlapping seams).
 */
export interface HexCodec {
  id(h: Hex): string;
  /** A printed id to its hex, or undefined when `ref` is not one. */
  parse(ref: string): Hex | undefined;
  /** Other printed ids of the same hex (overlapping map sections), written to map.json `aliases`. */
  aliases?(h: Hex): string[];
}

export interface MapSpec {
  game: string;
  version: number;
  projection: ProjectionSpec;
  grid: {
    orientation: Orientation;
    spacing: number;
    rotation: number;
    /** Place whose hex is axial (0,0); ids stay stable when the fit moves the grid by less than a hex. */
    anchor: string;
    /** Offset of the anchor hex centre from the anchor place, projected metres. */
    offset: readonly [number, number];
    /** The hex (a reference) whose centre is anchor place + offset; default axial "0,0". */
    anchorHex?: string;
    /**
     * Printed hex numbers: ids become offset coordinates, column then row, each zero-padded to `digits`
     * ("CCRR" with digits 2; axial q = column). Hex references in the spec may use them. Default: axial "q,r".
     */
    ids?: { layout: OffsetLayout; digits: number };
    /** A custom printed-id codec (takes precedence over `ids`). */
    codec?: HexCodec;
  };
  /** The exact set of hexes on the map (axial), instead of `offsetRange` or `areaKm`. */
  cells?: Hex[];
  /** Terrain key given to hexes in `mountainRegions` (default "mountain"). */
  mountainTerrain?: string;
  /** Hexes whose offset coordinates (`grid.ids` layout) fall in this range exist, instead of `areaKm`. */
  offsetRange?: { cols: [number, number]; rows: [number, number] };
  /** Hexes whose centre lies inside this ring exist on the map; [x, y] in projected km. */
  areaKm: [number, number][];
  /** A hex is land when at least this share of its sample points is land (partial coastal hexes, 1.2). */
  landShare: number;
  /** A hex is a lake when at least this share of its sample points is lake (default: never by share). */
  lakeShare?: number;
  /**
   * All-lake hexsides between two land hexes: the shared edge is at least this share lake (sampled at 7
   * points). Default: none (lakes are hexes).
   */
  lakeHexsideShare?: number;
  /** Lake names (Natural Earth) that count as lakes; reservoirs built after the war are left out. */
  lakes: string[];
  rivers: RiverSelection;
  places: PlaceSpec[];
  /** Rulebook names that are compass forms; resolved and written into the named index. */
  named: string[];
  /** Mountain regions taken from geodata regions.geojson by name. */
  mountainRegions: string[];
  areas: AreaSpec[];
  /** Political areas at the game's reference date (first match wins; `defaultCountry` elsewhere on land). */
  countries?: { name: string; ring: LonLat[]; prov: Provenance; src?: string }[];
  defaultCountry?: string;
  /** Land areas that are unplayable as a whole (Turkey, 1.1). */
  unplayable: { name: string; ring: LonLat[]; src?: string }[];
  /** Lines (e.g. high mountain crests) that make every land hexside they cross impassable. */
  barrierLines?: { name: string; line: LonLat[]; prov: Provenance; src?: string }[];
  hexOverrides: HexOverride[];
  hexsideOverrides: HexsideOverride[];
  rails: RailSpec[];
  seaZones: SeaZoneSpec[];
  exitZones: ExitZoneSpec[];
  /** Free-form notes carried into map.json. */
  notes: string[];
}
