/**
 * How the EastFront board draws on the shared board map pane: a veil over hexes outside the scenario area,
 * the looks of its hex marks (selection, destinations, battles, command reach) and the blocks themselves.
 * Blocks are NATO-style pieces in the side's colour (map/unitSymbol.ts): blocks the viewer knows show type,
 * size, designation, strength and step pips; the other side's standing blocks show only their colour.
 */
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Style } from 'ol/style';
import type { MapData } from '../../../engine/maps/model';
import { hexPolygon, stackBadge, type MarkLook } from '../map/boardLayers';
import { chip, FULL_DETAIL_PX, type Glyph, lookKey, type PieceLook, pieceIcon, pieceSize, spreadOffset } from '../map/unitSymbol';
import { SIDE_COLOUR } from './labels';
import type { ViewUnit } from './model';

export type HighlightKind = 'dest' | 'attack' | 'battle' | 'selected' | 'reach' | 'hover' | 'fought';

export const LOOKS: Record<HighlightKind, MarkLook> = {
  reach: { fill: 'rgba(60, 110, 200, 0.12)', stroke: 'rgba(60, 110, 200, 0.7)', width: 1.5, dash: [4, 3], z: 1 },
  battle: { fill: 'rgba(200, 30, 30, 0.16)', stroke: '#c41e1e', width: 3, z: 2 },
  fought: { fill: 'rgba(120, 120, 120, 0.15)', stroke: '#8a1515', width: 2, dash: [6, 4], z: 2 },
  dest: { fill: 'rgba(46, 160, 67, 0.35)', stroke: '#1e7a33', width: 2, z: 3 },
  attack: { fill: 'rgba(240, 120, 20, 0.45)', stroke: '#b34700', width: 3, z: 4 },
  selected: { fill: 'rgba(255, 204, 0, 0.15)', stroke: '#ffcc00', width: 4, z: 5 },
  hover: { stroke: 'rgba(30, 30, 30, 0.6)', width: 2, z: 6 },
};

/** Grey over the land hexes outside the scenario area. */
export function veilLayer(map: MapData, inPlay: (id: string) => boolean): VectorLayer<VectorSource> {
  const features = map.hexes
    .filter((h) => !inPlay(h.id) && !h.impassable && h.terrain !== 'sea' && h.terrain !== 'lake')
    .map((h) => hexPolygon(map, h));
  return new VectorLayer({
    source: new VectorSource({ features }),
    style: new Style({ fill: new Fill({ color: 'rgba(70, 70, 70, 0.28)' }) }),
    properties: { name: 'ef-out-of-play' },
  });
}

export interface BlockInfo {
  unit: ViewUnit;
  own: boolean;
  selected: boolean;
  movable: boolean;
  index: number;
  count: number;
  /** The stack is hovered or selected: lay its blocks out side by side at a readable size. */
  spread?: boolean;
}

export const blockHex = (b: BlockInfo) => b.unit.at;

const GLYPH: Record<string, Glyph> = {
  armor: 'armor',
  mech: 'mech',
  infantry: 'infantry',
  mountain: 'mountain',
  satellite: 'infantry',
  cavalry: 'cavalry',
  shock: 'infantry',
  para: 'airborne',
  hq: 'hq',
  shq: 'hq',
};

/**
 * Size marks (printed, 2.4): German combat blocks are corps and satellite blocks armies; Soviet infantry and
 * shock blocks are armies, the other Soviet blocks corps. HQs command army groups (German) and fronts (Soviet);
 * the supreme HQs (OKH, STAVKA) one level above.
 */
export function echelonOf(u: Pick<ViewUnit, 'side' | 'type'>): string | undefined {
  switch (u.type) {
    case undefined:
      return undefined;
    case 'shq':
      return 'XXXXXX';
    case 'hq':
      return 'XXXXX';
    case 'satellite':
      return 'XXXX';
    case 'infantry':
    case 'shock':
      return u.side === 'soviet' ? 'XXXX' : 'XXX';
    default:
      return 'XXX';
  }
}

/** The short designation a block's label carries: its letter (G for Guards), or the HQ's command. */
export function designationOf(u: Pick<ViewUnit, 'id' | 'name' | 'type'>): string | undefined {
  if (!u.id) return undefined;
  if (u.type === 'hq' || u.type === 'shq') return (u.name ?? u.id).replace(/ HQ|"/g, '').replace(/^Front HQ /, 'Front ');
  return `${u.name?.startsWith('Guards') ? 'G ' : ''}${u.id}`;
}

const ROMAN = ['0', 'I', 'II', 'III', 'IV'];

/**
 * What the viewer sees on a block. A block the view does not identify (no id: the other side's block standing
 * up) is drawn in its side's colour and nothing else; strength and steps appear only when the view gives them.
 */
export function blockLook(b: Omit<BlockInfo, 'index' | 'count'>, px: number): PieceLook {
  const u = b.unit;
  const known = !!u.id && !!u.type;
  const hq = u.type === 'hq' || u.type === 'shq';
  return {
    px,
    fill: SIDE_COLOUR[u.side] ?? '#555',
    border: b.selected ? '#ffcc00' : u.active ? '#f2c14e' : b.movable ? '#ffffff' : '#1e1e1e',
    borderWidth: b.selected ? 3.5 : b.movable || u.active ? 2.4 : 1.2,
    dash: u.unsupplied ? [4, 3] : undefined,
    faded: !!u.dispersed,
    ...(known
      ? {
          glyph: GLYPH[u.type!] ?? 'infantry',
          echelon: echelonOf(u),
          designation: designationOf(u),
          ...(u.cv !== undefined ? { value: hq ? (ROMAN[u.cv] ?? String(u.cv)) : String(u.cv) } : {}),
          ...(u.cv !== undefined && u.max ? { pips: [u.cv, u.max] as [number, number] } : {}),
        }
      : {}),
  };
}

const cache = new Map<string, Style[]>();

/** Offset of block `i` of `n` in a 2-column grid of cells `step` pixels apart. */
function grid(i: number, n: number, step: number): [number, number] {
  if (n === 1) return [0, 0];
  const rows = Math.ceil(n / 2);
  const lastAlone = n % 2 === 1 && i === n - 1;
  const x = lastAlone ? 0 : ((i % 2) - 0.5) * step;
  const y = (Math.floor(i / 2) - (rows - 1) / 2) * step;
  return [x, y];
}

/**
 * A lone block fills most of its hex (never under 22 px). A stack is a cascade, the top block in front and the
 * others peeking out behind it, with the count at its corner; it spreads into a row of readable blocks when
 * hovered or selected, and into a 2x2 grid when the hex is large enough on screen for four full blocks.
 */
export function blockStyle(b: BlockInfo, hexPx: number): Style[] {
  const n = b.count;
  const roomy = n > 1 && n <= 4 && hexPx * 0.42 >= FULL_DETAIL_PX;
  let size: number;
  let dx = 0;
  let dy = 0;
  let z = 11 + (n - b.index);
  if (n === 1) {
    // a lone piece hovered or selected on a zoomed-out map grows to a readable size
    size = b.spread ? Math.max(FULL_DETAIL_PX + 4, pieceSize(hexPx)) : pieceSize(hexPx);
    if (b.spread) z += 200;
  } else if (b.spread) {
    size = Math.max(FULL_DETAIL_PX + 4, pieceSize(hexPx, 0.46));
    [dx, dy] = spreadOffset(b.index, n, size + 3);
    z += 200;
  } else if (roomy) {
    size = pieceSize(hexPx, 0.42);
    [dx, dy] = grid(b.index, n, size + 2);
  } else {
    size = pieceSize(hexPx, 0.56);
    const step = Math.max(3, Math.min(6, size * 0.12));
    dx = (b.index - (n - 1) / 2) * step;
    dy = -dx;
  }
  if (b.selected) z += 50;
  const look = chip(blockLook(b, size));
  const key = `${lookKey(look)}|${Math.round(dx)}|${Math.round(dy)}|${z}|${n}|${b.index}|${roomy || b.spread ? 1 : 0}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const styles = [pieceIcon(look, dx, dy, z)];
  if (n > 1 && b.index === 0 && !b.spread && !roomy) styles.push(stackBadge(n, size, dx, dy, z + 1));
  if (cache.size > 2000) cache.clear();
  cache.set(key, styles);
  return styles;
}
