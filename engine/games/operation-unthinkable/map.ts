/**
 * The map facts the rules read, behind one small interface (OuMap), built either from a MapData (the map
 * builder's output) or from a spec (the rulebook's printed facts, or a synthetic test map).
 *
 * Hex ids are the printed CCRR numbers. Layout (rulings: grid): flat-topped hexes in vertical columns with odd
 * columns half a hex lower ('odd-q' in engine/core/hex.ts). That is the only parity under which 1922 touches
 * 1823 as the 10.2.1 example needs; the 3.4 boundary examples fit either parity.
 */
import { fromOffset, toOffset, DIRECTIONS, type Hex } from '../../core/hex';
import type { MapData } from '../../maps/model';
import { buildHexBoard, floodFrom, type HexBoard, hexsidesOf, sideKey } from '../../mechanics/board';
import printed from './data/map-printed.json';

export const LAYOUT = 'odd-q' as const;

export const hexId = (col: number, row: number): string => `${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`;
export function parseId(id: string): { col: number; row: number } {
  if (!/^\d{4}$/.test(id)) throw new Error(`bad hex id ${id}`);
  return { col: Number(id.slice(0, 2)), row: Number(id.slice(2)) };
}
export const idToAxial = (id: string): Hex => fromOffset(parseId(id), LAYOUT);
export function axialToId(h: Hex): string {
  const o = toOffset(h, LAYOUT);
  return hexId(o.col, o.row);
}
/** Hex distance between two CCRR ids (on or off the map). */
export function hexDistance(a: string, b: string): number {
  const p = idToAxial(a);
  const q = idToAxial(b);
  const dq = p.q - q.q;
  const dr = p.r - q.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}
/** The six ids around a CCRR id (whether on the map or not), in DIRECTIONS order. */
export function ring1(id: string): string[] {
  const h = idToAxial(id);
  return DIRECTIONS.map((d) => axialToId({ q: h.q + d.q, r: h.r + d.r }));
}
/** Plane position used to split the map along the printed frontline anchors (x = column, y = row). */
export function centre(id: string): [number, number] {
  const { col, row } = parseId(id);
  return [col, row + (col & 1 ? 0.5 : 0)];
}

export const F_FOREST = 1;
export const F_MARSH = 2;
export const F_CITY = 4;
export const F_AUTOBAHN = 8;

/** The shared board (engine/mechanics/board.ts) with OU's columns, rows, edges and start lines. */
export interface OuMap extends HexBoard {
  col: number[];
  row: number[];
  /** Hexsides of kind 'river' (the same set as hexsides.get('river')). */
  river: Set<number>;
  lake: Set<number>;
  /** Hexsides an autobahn symbol crosses (10.2.3). */
  autobahn: Set<number>;
  west: number[];
  east: number[];
  /** 1 where the hex starts Allied-controlled, per frontline (3.3, 2.1.2). */
  frontline: { elbe: Uint8Array; mulde: Uint8Array };
  provenance: string[];
}

export { sideKey };

export interface MapSpec {
  columns: [number, number];
  rows: [number, number];
  /** hexes to leave out (partial hexes, sea) */
  missing?: string[];
  terrain?: Record<string, string>; // id -> 'forest' | 'marsh' | 'city' | 'forest+city' ...
  rivers?: [string, string][];
  lakes?: [string, string][];
  autobahn?: [string, string][];
  cities?: Record<string, string>;
  frontline?: { elbe: string[]; mulde: string[] };
  /** river names of river hexsides, `a|b` -> name ('Elbe', 'Mulde', 'Elbe / Mulde'): the start lines follow them (3.3) */
  riverNames?: Record<string, string>;
  westColumn?: number;
  eastColumn?: number;
  provenance?: string[];
}

function flagsOf(t: string): number {
  let f = 0;
  for (const p of t.split(/[+,\s]+/)) {
    if (p === 'forest') f |= F_FOREST;
    else if (p === 'marsh') f |= F_MARSH;
    else if (p === 'city') f |= F_CITY;
    else if (p === 'autobahn') f |= F_AUTOBAHN;
  }
  return f;
}

/** Allied side of a polyline through anchor centres: on or west of it. */
function westOf(anchors: string[], id: string): boolean {
  const pts = anchors.map(centre);
  const [x, y] = centre(id);
  let xl: number;
  if (y <= pts[0][1]) xl = pts[0][0];
  else if (y >= pts[pts.length - 1][1]) xl = pts[pts.length - 1][0];
  else {
    let k = 0;
    while (k < pts.length - 2 && y > pts[k + 1][1]) k++;
    const [x0, y0] = pts[k];
    const [x1, y1] = pts[k + 1];
    xl = y1 === y0 ? Math.max(x0, x1) : x0 + ((x1 - x0) * (y - y0)) / (y1 - y0);
  }
  return x <= xl + 1e-9;
}

/**
 * The stretches of 3.3 that follow a river: the Elbe line along the Elbe from 1530 to 2535, the Mulde line along
 * the Mulde from hexside 1530/1531 to 2244 (the south edge). Windows in plane units (centre(): x = column,
 * y = row, odd columns + 0.5) around the printed hexes; outside them the line is the anchor polyline.
 */
export const RIVER_STRETCH: Record<'elbe' | 'mulde', { river: string; x: [number, number]; y: [number, number] }> = {
  elbe: { river: 'Elbe', x: [14.5, 25.5], y: [30.5, 36] },
  mulde: { river: 'Mulde', x: [14.5, 22.5], y: [31, 44.5] },
};

/**
 * Allied start hexes (3.3, 2.1.2, rulings: start line from the map): every hex the west edge reaches without
 * crossing the line, where the line is the river's hexsides inside its stretch and, elsewhere, the hexsides
 * between the two sides of the anchor polyline.
 */
function riverLine(o: {
  ids: string[];
  nb: number[][];
  named: Map<number, string[]>;
  poly: Uint8Array;
  west: number[];
  river: string;
  x: [number, number];
  y: [number, number];
}): Uint8Array {
  const mid = (a: number, b: number) => {
    const [xa, ya] = centre(o.ids[a]);
    const [xb, yb] = centre(o.ids[b]);
    return [(xa + xb) / 2, (ya + yb) / 2];
  };
  const cut = (a: number, b: number) => {
    const [x, y] = mid(a, b);
    const inStretch = y >= o.y[0] && y <= o.y[1];
    if (!inStretch) return o.poly[a] !== o.poly[b];
    return x >= o.x[0] && x <= o.x[1] && (o.named.get(sideKey(a, b))?.includes(o.river) ?? false);
  };
  const any = () => true;
  return floodFrom(
    o.west.filter((i) => o.poly[i] === 1),
    o.nb,
    { canEnter: any, canLeave: any, canCross: (a, b) => !cut(a, b) },
  );
}

export function buildMap(spec: MapSpec): OuMap {
  const missing = new Set(spec.missing ?? []);
  const ids: string[] = [];
  for (let c = spec.columns[0]; c <= spec.columns[1]; c++)
    for (let r = spec.rows[0]; r <= spec.rows[1]; r++) {
      const id = hexId(c, r);
      if (!missing.has(id)) ids.push(id);
    }
  const terrainById: Record<string, number> = {};
  for (const [id, t] of Object.entries(spec.terrain ?? {})) terrainById[id] = (terrainById[id] ?? 0) | flagsOf(t);
  for (const id of Object.keys(spec.cities ?? {})) terrainById[id] = (terrainById[id] ?? 0) | F_CITY;
  const kinds: [string, [string, string][] | undefined][] = [
    ['river', spec.rivers],
    ['lake', spec.lakes],
    ['autobahn', spec.autobahn],
  ];
  const board = buildHexBoard({
    ids,
    around: ring1,
    terrain: terrainById,
    hexsides: kinds.flatMap(([kind, list]) => (list ?? []).map(([a, b]) => ({ kind, a, b }))),
    cities: spec.cities,
  });
  const { index, nb, terrain } = board;
  const autobahn = hexsidesOf(board, 'autobahn');
  for (const k of autobahn) {
    terrain[Math.floor(k / 65536)] |= F_AUTOBAHN;
    terrain[k % 65536] |= F_AUTOBAHN;
  }
  const west = spec.westColumn ?? spec.columns[0];
  const east = spec.eastColumn ?? spec.columns[1];
  const col = ids.map((id) => parseId(id).col);
  const row = ids.map((id) => parseId(id).row);
  const fl = spec.frontline ?? { elbe: printed.frontline.elbe.anchors, mulde: printed.frontline.mulde.anchors };
  const poly = (anchors: string[]) => Uint8Array.from(ids, (id) => (westOf(anchors, id) ? 1 : 0));
  const named = new Map<number, string[]>();
  for (const [k, name] of Object.entries(spec.riverNames ?? {})) {
    const [a, b] = k.split('|').map((h) => index.get(h));
    if (a !== undefined && b !== undefined) named.set(sideKey(a, b), name.split(' / '));
  }
  const westEdge = ids.map((_, i) => i).filter((i) => col[i] === west);
  const line = (which: 'elbe' | 'mulde') => {
    const p = poly(fl[which]);
    if (!named.size) return p;
    const out = riverLine({ ids, nb, named, poly: p, west: westEdge, ...RIVER_STRETCH[which] });
    // the printed anchor hexes are the last Allied hexes (rulings, 3.3), whichever bank our substitute river takes
    for (const h of fl[which]) {
      const i = index.get(h);
      if (i !== undefined) out[i] = 1;
    }
    return out;
  };
  return {
    ...board,
    col,
    row,
    river: hexsidesOf(board, 'river'),
    lake: hexsidesOf(board, 'lake'),
    autobahn,
    west: westEdge,
    east: ids.map((_, i) => i).filter((i) => col[i] === east),
    frontline: { elbe: line('elbe'), mulde: line('mulde') },
    provenance: spec.provenance ?? [],
  };
}

/** The map as far as the rulebook prints it: the CCRR rectangle, the two marsh hexes, all else clear. */
export function printedMap(): OuMap {
  const terrain: Record<string, string> = {};
  for (const t of printed.terrain) terrain[t.hex] = t.terrain;
  return buildMap({
    columns: printed.grid.columns as [number, number],
    rows: printed.grid.rows as [number, number],
    terrain,
    provenance: [
      'grid, edges, marsh 1823/1922, frontline anchors: printed (data/map-printed.json)',
      'every other hex clear, no rivers, lakes, cities or autobahns: substitute until the built map exists',
    ],
  });
}

/**
 * Reads the builder's MapData: terrain keys (clear/forest/marsh/city, '+'-joined when mixed), hexsides of kind
 * river/major-river (rivers) and lake, cities, and autobahn links carried in the `rails` layer (this game has no
 * railways, so the builder puts autobahn hexside links there). Hex ids must be CCRR.
 */
export function fromMapData(md: MapData): OuMap {
  const cols = md.hexes.map((h) => parseId(h.id).col);
  const rows = md.hexes.map((h) => parseId(h.id).row);
  const columns: [number, number] = [Math.min(...cols), Math.max(...cols)];
  const rowR: [number, number] = [Math.min(...rows), Math.max(...rows)];
  const present = new Set(md.hexes.filter((h) => !h.impassable).map((h) => h.id));
  const missing: string[] = [];
  for (let c = columns[0]; c <= columns[1]; c++)
    for (let r = rowR[0]; r <= rowR[1]; r++) if (!present.has(hexId(c, r))) missing.push(hexId(c, r));
  const terrain: Record<string, string> = {};
  for (const h of md.hexes) terrain[h.id] = h.terrain;
  for (const t of printed.terrain)
    terrain[t.hex] = terrain[t.hex]?.includes(t.terrain) ? terrain[t.hex] : `${terrain[t.hex] ?? ''}+${t.terrain}`;
  const cities: Record<string, string> = {};
  for (const c of md.cities) cities[c.hex] = c.name;
  return buildMap({
    columns,
    rows: rowR,
    missing,
    terrain,
    cities,
    rivers: md.hexsides.filter((s) => s.kind === 'river' || s.kind === 'major-river').map((s) => [s.a, s.b]),
    lakes: md.hexsides.filter((s) => s.kind === 'lake').map((s) => [s.a, s.b]),
    autobahn: md.rails.map((r) => [r.a, r.b]),
    riverNames: Object.fromEntries(
      md.hexsides.filter((s) => s.name && (s.kind === 'river' || s.kind === 'major-river')).map((s) => [`${s.a}|${s.b}`, s.name!]),
    ),
    westColumn: printed.edges.west.column,
    eastColumn: printed.edges.east.column,
    provenance: md.notes ?? [],
  });
}
