/**
 * The hex map model every game uses. Built by engine/maps/build from geodata + a game's map spec, stored
 * as engine/games/<game>/map.json, loaded read-only by rules code (never copied into game state).
 *
 * Every feature carries its provenance: `printed` (the rulebook states it; `src` names the rule), `derived`
 * (computed from what the rulebook states) or `substitute` (ours, because the rulebook lacks it).
 */
import type { Orientation } from '../core/hex';

export type Provenance = 'printed' | 'derived' | 'substitute';

export interface Prov {
  prov: Provenance;
  /** Rule number or data source, e.g. "7.5", "Natural Earth rivers", "fit". */
  src?: string;
}

export interface MapHex extends Prov {
  /** Stable id used by rules and events (game specific: "q,r" or printed numbers such as "1530"). */
  id: string;
  q: number;
  r: number;
  /** Terrain key from the game's terrain table (clear, forest, marsh, mountain, sea, lake...). */
  terrain: string;
  /** The rulebook's name for the hex, when it has one. */
  name?: string;
  /** Centre in the map projection's metres. */
  x: number;
  y: number;
  /** True for hexes outside the play area (sea, off-map) that units may never enter. */
  impassable?: boolean;
  /** Sea zone id (a `boxes` entry of kind "sea-zone") for sea hexes. */
  zone?: string;
  /** Country at the game's reference date (EastFront: June 1941), for land hexes. */
  country?: string;
  /** Rail entry letter when the hex is a map-edge rail entry (EastFront RE A-W). */
  railEntry?: string;
  /** Why a hex is impassable or differs from geography (e.g. "Turkey", "minuscule land, 1.2 sidebar"). */
  note?: string;
}

export type HexsideKind = 'river' | 'major-river' | 'strait' | 'lake' | 'sea' | 'impassable' | 'clear' | 'rough';

export interface MapHexside extends Prov {
  a: string;
  b: string;
  kind: HexsideKind;
  /** Name of the river, strait or lake. */
  name?: string;
  /** Land movement is barred but rail movement may cross (EastFront's Sivash lagoon, 1.6). */
  railOnly?: boolean;
}

export interface MapCity extends Prov {
  hex: string;
  name: string;
  kind: 'major' | 'minor' | 'town' | 'capital';
  port?: boolean;
  fortress?: boolean;
  /** Production / victory values as the game uses them (e.g. {pp: 2} or {vp: 1}). */
  values?: Record<string, number>;
  /** Which side owns it at the start of the theatre, when the game says. */
  owner?: string;
  resource?: boolean;
  /** Sea zones (box ids) a port touches; `control` lists the zones whose control port it is. */
  seaZones?: string[];
  control?: string[];
  /** The modern or real-world name used to place it, when it differs (Stalino = Donetsk). */
  realName?: string;
}

export interface MapRail extends Prov {
  a: string;
  b: string;
  name?: string;
}

export interface MapBox extends Prov {
  id: string;
  name: string;
  /** Hexes from which units enter or leave through the box. */
  hexes: string[];
  /** What the box is: an off-map exit zone, a sea zone, or another holding box. */
  kind?: 'exit-zone' | 'sea-zone' | 'off-map';
  /** Map edge or front the box belongs to (e.g. "west", "Baltic Front"). */
  edge?: string;
  front?: string;
  /** Boxes next to this one (exit zones in letter order on one edge; adjoining sea zones). */
  adjacent?: string[];
  /** Hex of the city controlling a sea zone, or the name of an off-map controller ("Baku"). */
  control?: string;
  /** Ports (hex ids) on a sea zone. */
  ports?: string[];
}

/**
 * A named set of hexes the rules read (set-up sectors, the area north of a weather line, a start line, an
 * old border). Built by a game's own post-build step; kept as sorted hex id lists.
 */
export interface MapRegion extends Prov {
  id: string;
  name: string;
  kind: string;
  /** Side the region belongs to, when it has one (set-up sectors). */
  side?: string;
  hexes: string[];
}

export interface MapProjection {
  /** proj4 definition string shared by the builder and the OpenLayers client. */
  proj4: string;
  code: string;
}

export interface MapData {
  game: string;
  version: number;
  projection: MapProjection;
  grid: {
    orientation: Orientation;
    /** Centre-to-centre distance of adjacent hexes, in metres of the projection. */
    spacing: number;
    /** Rotation of the grid in degrees (positive = counter-clockwise). */
    rotation: number;
    /** Projected coordinates of axial (0,0). */
    origin: [number, number];
  };
  hexes: MapHex[];
  hexsides: MapHexside[];
  cities: MapCity[];
  rails: MapRail[];
  /** Rulebook names (including "City DIR n" forms) to hex id. */
  named: Record<string, string>;
  boxes: MapBox[];
  /** Alternative printed ids of a hex (overlapping map sections) to its canonical id. */
  aliases?: Record<string, string>;
  /** Named hex sets the rules read (sectors, weather regions, start lines). */
  regions?: MapRegion[];
  /** Free-form notes about the build (fit residuals, overrides). */
  notes?: string[];
}
