/**
 * How the War in the East board draws on the shared board map pane: hex marks (selection, destinations, attack
 * targets, zones of control, Personnel Centres) and counters showing attack-defence-movement over the type code.
 */
import type { Style } from 'ol/style';
import { countBadge, type MarkLook, pieceText, squareStyle } from '../map/boardLayers';
import type { Counter } from './model';

export type MarkKind = 'dest' | 'forced' | 'target' | 'selected' | 'hover' | 'pc' | 'pcAxis' | 'zoc';

export const LOOKS: Record<MarkKind, MarkLook> = {
  zoc: { fill: 'rgba(120, 60, 160, 0.12)', z: 1 },
  pc: { stroke: '#9b2d20', width: 2.5, dash: [4, 3], z: 2 },
  pcAxis: { stroke: '#333', width: 3, dash: [4, 3], z: 2 },
  forced: { fill: 'rgba(200, 170, 30, 0.35)', stroke: '#8a7414', width: 1.5, z: 3 },
  dest: { fill: 'rgba(46, 160, 67, 0.35)', stroke: '#1e7a33', width: 2, z: 4 },
  target: { fill: 'rgba(240, 120, 20, 0.4)', stroke: '#b34700', width: 3, z: 5 },
  selected: { fill: 'rgba(255, 204, 0, 0.15)', stroke: '#ffcc00', width: 4, z: 6 },
  hover: { stroke: 'rgba(30, 30, 30, 0.6)', width: 2, z: 7 },
};

export const NAT_COLOUR: Record<string, string> = {
  german: '#5d6b7a',
  finnish: '#7a8f9e',
  rumanian: '#8a7a3b',
  hungarian: '#6a7a3b',
  italian: '#4f7a5a',
  slovak: '#6e5a8a',
  soviet: '#9b2d20',
};

export interface CounterInfo {
  counter: Counter;
  faces: string;
  selected: boolean;
  movable: boolean;
  index: number;
  count: number;
}

export const counterHex = (c: CounterInfo) => c.counter.at;

const cache = new Map<string, Style[]>();

export function counterStyle(c: CounterInfo, px: number): Style[] {
  const compact = c.count > 1 && px < 70;
  if (compact && c.index < c.count - 1) return [];
  const size = Math.max(10, Math.min(40, px * (c.count > 1 && !compact ? 0.42 : 0.6)));
  const k = c.index - (c.count - 1) / 2;
  const step = compact ? 0 : Math.min(8, size * 0.22);
  const [dx, dy] = [k * step, k * step];
  const u = c.counter;
  const key = [u.id, u.kg, c.selected, c.movable, c.index, c.count, Math.round(size), compact].join('|');
  const hit = cache.get(key);
  if (hit) return hit;
  const z = 10 + c.index + (c.selected ? 100 : 0);
  const styles: Style[] = [
    squareStyle({
      size,
      dx,
      dy,
      z,
      fill: NAT_COLOUR[u.nat] ?? '#555',
      border: c.selected ? '#ffcc00' : c.movable ? '#ffffff' : '#1e1e1e',
      width: c.selected ? 3.5 : c.movable ? 2.2 : 1.2,
    }),
  ];
  const txt = (text: string, oy: number, font: string) => pieceText(text, dx, dy, oy, font, z);
  if (size >= 24) {
    styles.push(txt(u.kg ? 'KG' : u.type.split('-')[0], -size * 0.22, `600 ${Math.round(size * 0.24)}px system-ui, sans-serif`));
    styles.push(txt(c.faces, size * 0.18, `700 ${Math.round(size * 0.26)}px system-ui, sans-serif`));
  } else styles.push(txt(c.faces.split('-').slice(0, 2).join('-'), 1, `700 ${Math.round(size * 0.36)}px system-ui, sans-serif`));
  if (compact) styles.push(countBadge(c.count, size, z + 1));
  if (cache.size > 5000) cache.clear();
  cache.set(key, styles);
  return styles;
}
