/**
 * How the OU board draws on the shared board map pane: the looks of its hex marks (selection, destinations,
 * attack targets, the pending combat, the army group line as a band of hexes) and the counters. A counter
 * shows its unit type and size over its attack-defence factors; face-down Soviet counters show only "?".
 * Stacks fan out when hexes are large on screen and collapse to the top counter with a count badge when they
 * are small.
 */
import type { Style } from 'ol/style';
import { countBadge, pieceText, squareStyle, type MarkLook } from '../map/boardLayers';
import { NAT_COLOUR, TYPE_SHORT, unitFactors, type Counter } from './model';

export type HighlightKind = 'dest' | 'target' | 'combat' | 'selected' | 'hover' | 'line' | 'wrong';

export const LOOKS: Record<HighlightKind, MarkLook> = {
  line: { fill: 'rgba(40, 90, 200, 0.22)', stroke: 'rgba(40, 90, 200, 0.75)', width: 1.2, dash: [5, 3], z: 1 },
  wrong: { stroke: '#d03a8c', width: 2.5, dash: [3, 3], z: 2 },
  combat: { fill: 'rgba(200, 30, 30, 0.18)', stroke: '#c41e1e', width: 3, z: 3 },
  dest: { fill: 'rgba(46, 160, 67, 0.35)', stroke: '#1e7a33', width: 2, z: 4 },
  target: { fill: 'rgba(240, 120, 20, 0.4)', stroke: '#b34700', width: 3, z: 5 },
  selected: { fill: 'rgba(255, 204, 0, 0.15)', stroke: '#ffcc00', width: 4, z: 6 },
  hover: { stroke: 'rgba(30, 30, 30, 0.6)', width: 2, z: 7 },
};

export interface CounterInfo {
  counter: Counter;
  selected: boolean;
  movable: boolean;
  index: number;
  count: number;
}

export const counterHex = (c: CounterInfo) => c.counter.at;

/** Offset of counter i of n: a diagonal cascade, the way counters are stacked on a paper map. */
function offset(i: number, n: number, step: number): [number, number] {
  const k = i - (n - 1) / 2;
  return [k * step, k * step];
}

const cache = new Map<string, Style[]>();

export function counterStyle(c: CounterInfo, px: number): Style[] {
  const compact = c.count > 1 && px < 70;
  if (compact && c.index < c.count - 1) return [];
  const size = Math.max(12, Math.min(40, px * (c.count > 1 && !compact ? 0.42 : 0.55)));
  const [dx, dy] = compact ? [0, 0] : offset(c.index, c.count, Math.min(8, size * 0.22));
  const u = c.counter;
  const fac = unitFactors(u);
  const key = [u.id, u.steps, c.selected, c.movable, c.index, c.count, Math.round(size), compact, Math.round(dx)].join('|');
  const hit = cache.get(key);
  if (hit) return hit;
  const z = 10 + c.index + (c.selected ? 100 : 0);
  const styles: Style[] = [
    squareStyle({
      size,
      dx,
      dy,
      z,
      fill: u.hidden ? '#6b3b32' : (NAT_COLOUR[u.def?.nat ?? ''] ?? '#555'),
      border: c.selected ? '#ffcc00' : c.movable ? '#ffffff' : '#1e1e1e',
      width: c.selected ? 3.5 : c.movable ? 2.2 : 1.2,
    }),
  ];
  const txt = (text: string, oy: number, font: string) => pieceText(text, dx, dy, oy, font, z);
  if (u.hidden || !u.def || !fac) styles.push(txt('?', 1, `700 ${Math.round(size * 0.5)}px system-ui, sans-serif`));
  else if (size >= 24) {
    styles.push(
      txt(`${TYPE_SHORT[u.def.type] ?? u.def.type} ${u.def.size}`, -size * 0.22, `600 ${Math.round(size * 0.24)}px system-ui, sans-serif`),
    );
    styles.push(txt(`${fac[0]}-${fac[1]}`, size * 0.18, `700 ${Math.round(size * 0.32)}px system-ui, sans-serif`));
    if (u.def.f.length > 1 && u.steps < u.def.f.length) styles.push(txt('▾', size * 0.4, `${Math.round(size * 0.2)}px system-ui`));
  } else styles.push(txt(`${fac[0]}-${fac[1]}`, 1, `700 ${Math.round(size * 0.42)}px system-ui, sans-serif`));
  if (compact) styles.push(countBadge(c.count, size, z + 1));
  if (cache.size > 3000) cache.clear();
  cache.set(key, styles);
  return styles;
}
