/**
 * How the EastFront board draws on the shared board map pane: a veil over hexes outside the scenario area,
 * the looks of its hex marks (selection, destinations, battles, command reach) and the blocks themselves.
 * Blocks are squares in the side's colour; own blocks show type, id, strength and a row of step pips; enemy
 * blocks show only what the view reveals. Stacks fan out when there is room and collapse to the top block
 * with a count badge when the hexes are small on screen.
 */
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Style } from 'ol/style';
import type { MapData } from '../../../engine/maps/model';
import { countBadge, hexPolygon, pieceText, squareStyle, type MarkLook } from '../map/boardLayers';
import { SIDE_COLOUR, TYPE_SHORT } from './labels';
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
}

export const blockHex = (b: BlockInfo) => b.unit.at;

const cache = new Map<string, Style[]>();

function pips(cv: number, max: number): string {
  return '●'.repeat(Math.max(0, cv)) + '○'.repeat(Math.max(0, max - cv));
}

/** Pixel offset of block `i` of `n` in a 2-column grid of cells `step` pixels apart. */
function offset(i: number, n: number, step: number): [number, number] {
  if (n === 1) return [0, 0];
  const rows = Math.ceil(n / 2);
  const lastAlone = n % 2 === 1 && i === n - 1;
  const x = lastAlone ? 0 : ((i % 2) - 0.5) * step;
  const y = (Math.floor(i / 2) - (rows - 1) / 2) * step;
  return [x, y];
}

export function blockStyle(b: BlockInfo, px: number): Style[] {
  // stacks fan out in a 2x2 grid when a hex is big enough on screen; otherwise the top block gets a count badge
  const compact = b.count > 1 && px < 62;
  if (compact && b.index > 0) return [];
  const size = b.count === 1 || compact ? Math.max(12, Math.min(34, px * 0.5)) : Math.min(34, px * 0.36);
  const [dx, dy] = compact ? [0, 0] : offset(b.index, b.count, size + 2);
  const u = b.unit;
  const key = [
    u.side,
    u.type ?? '?',
    u.id ?? '',
    u.cv ?? '',
    u.max ?? '',
    u.face,
    u.active,
    u.unsupplied,
    b.own,
    b.selected,
    b.movable,
    b.index,
    b.count,
    Math.round(size),
    compact,
    Math.round(dx),
    Math.round(dy),
  ].join('|');
  const hit = cache.get(key);
  if (hit) return hit;
  const border = b.selected ? '#ffcc00' : u.active ? '#f2c14e' : b.movable ? '#ffffff' : u.face ? '#e8dcc0' : '#1e1e1e';
  const z = 11 + (b.selected ? 50 : 0) + (b.count - b.index);
  const styles: Style[] = [
    squareStyle({
      size,
      dx,
      dy,
      fill: SIDE_COLOUR[u.side] ?? '#555',
      border,
      z: z - 1,
      width: b.selected ? 3.5 : b.movable || u.active ? 2.2 : 1.2,
      dash: u.unsupplied ? [3, 2] : undefined,
    }),
  ];
  const txt = (text: string, oy: number, font: string) => pieceText(text, dx, dy, oy, font, z);
  if (u.id && u.type) {
    const big = u.type === 'hq' || u.type === 'shq' ? (['Ø', 'I', 'II', 'III', 'IV'][u.cv ?? 0] ?? String(u.cv)) : String(u.cv ?? '');
    if (size >= 28) {
      styles.push(txt(`${TYPE_SHORT[u.type] ?? u.type} ${u.id}`, -size * 0.3, `600 ${Math.round(size * 0.26)}px system-ui, sans-serif`));
      styles.push(txt(big, size * 0.05, `700 ${Math.round(size * 0.38)}px system-ui, sans-serif`));
      if (b.own && u.max) styles.push(txt(pips(u.cv ?? 0, u.max), size * 0.35, `${Math.round(size * 0.2)}px system-ui, sans-serif`));
    } else if (size >= 19) {
      styles.push(txt(u.id, -size * 0.22, `600 ${Math.round(Math.max(8, size * 0.34))}px system-ui, sans-serif`));
      styles.push(txt(big, size * 0.2, `700 ${Math.round(size * 0.42)}px system-ui, sans-serif`));
    } else styles.push(txt(big, 1, `700 ${Math.round(size * 0.6)}px system-ui, sans-serif`));
  } else {
    styles.push(txt(u.face ? '!' : '?', 1, `700 ${Math.round(size * 0.45)}px system-ui, sans-serif`));
  }
  if (compact) styles.push(countBadge(b.count, size, z + 1));
  if (cache.size > 2000) cache.clear();
  cache.set(key, styles);
  return styles;
}
