/**
 * How the OU board draws on the shared board map pane: the looks of its hex marks (selection, destinations,
 * attack targets, the pending combat, the army group line as a band of hexes) and the counters: NATO-style
 * pieces (map/unitSymbol.ts) with type, size, designation and attack-defence factors; face-down Soviet
 * counters show only their colour.
 */
import type { Style } from 'ol/style';
import { stackBadge, type MarkLook } from '../map/boardLayers';
import { chip, FULL_DETAIL_PX, type Glyph, lookKey, type PieceLook, pieceIcon, pieceSize, spreadOffset } from '../map/unitSymbol';
import { NAT_COLOUR, unitFactors, type Counter } from './model';

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
  /** The stack is hovered or selected: lay its counters out side by side at a readable size. */
  spread?: boolean;
}

export const counterHex = (c: CounterInfo) => c.counter.at;

const GLYPH: Record<string, Glyph> = {
  armor: 'armor',
  amphibiousTank: 'amphibious',
  artilleryMech: 'artilleryMech',
  artillery: 'artillery',
  rifle: 'infantry',
  motorized: 'motorized',
  combinedArms: 'mech',
  cavalry: 'cavalry',
  airborne: 'airborne',
};

/** The number a counter carries from its (substitute manifest's) name: "7 RC (3 Shock)" → 7, "11G TC" → 11G. */
export function designationOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => w && w !== 'UKG');
  if (words[0] === 'Guards') return 'Gds';
  return words.find((w) => /\d/.test(w)) ?? (words[0] ?? '').slice(0, 5);
}

/** What the viewer sees on a counter: face-down counters show nothing but their side's colour. */
export function counterLook(c: Omit<CounterInfo, 'index' | 'count'>, px: number): PieceLook {
  const u = c.counter;
  const fac = u.hidden || !u.def ? null : unitFactors(u);
  const base: PieceLook = {
    px,
    fill: u.hidden || !u.def ? NAT_COLOUR.SU : (NAT_COLOUR[u.def.nat] ?? '#555'),
    border: c.selected ? '#ffcc00' : c.movable ? '#ffffff' : '#1e1e1e',
    borderWidth: c.selected ? 3.5 : c.movable ? 2.4 : 1.2,
  };
  if (!fac || !u.def) return base;
  return {
    ...base,
    glyph: GLYPH[u.def.type] ?? 'infantry',
    echelon: u.def.size,
    designation: designationOf(u.def.name),
    value: `${fac[0]}-${fac[1]}`,
    ...(u.def.f.length > 1 ? { pips: [u.steps, u.def.f.length] as [number, number] } : {}),
  };
}

const cache = new Map<string, Style[]>();

/**
 * A lone counter fills most of its hex (never under 22 px). A stack cascades the way counters sit on a paper
 * map, the top counter in front with the count at its corner; hovered or selected, it spreads into a row of
 * readable counters.
 */
export function counterStyle(c: CounterInfo, hexPx: number): Style[] {
  const n = c.count;
  // the stack's order puts the top counter last; index 0 of `top` is the front one
  const top = n - 1 - c.index;
  let size: number;
  let dx = 0;
  let dy = 0;
  let z = 10 + c.index;
  if (n === 1) {
    // a lone piece hovered or selected on a zoomed-out map grows to a readable size
    size = c.spread ? Math.max(FULL_DETAIL_PX + 4, pieceSize(hexPx)) : pieceSize(hexPx);
    if (c.spread) z += 200;
  } else if (c.spread) {
    size = Math.max(FULL_DETAIL_PX + 4, pieceSize(hexPx, 0.46));
    [dx, dy] = spreadOffset(top, n, size + 3);
    z += 200;
  } else {
    size = pieceSize(hexPx, 0.56);
    const step = Math.max(3, Math.min(6, size * 0.12));
    dx = (top - (n - 1) / 2) * step;
    dy = -dx;
  }
  if (c.selected) z += 100;
  const look = chip(counterLook(c, size));
  const key = `${lookKey(look)}|${Math.round(dx)}|${Math.round(dy)}|${z}|${n}|${top}|${c.spread ? 1 : 0}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const styles = [pieceIcon(look, dx, dy, z)];
  if (n > 1 && top === 0 && !c.spread) styles.push(stackBadge(n, size, dx, dy, z + 1));
  if (cache.size > 3000) cache.clear();
  cache.set(key, styles);
  return styles;
}
