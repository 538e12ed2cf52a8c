/**
 * Client-side reading of the Operation Unthinkable view and legal actions: counters with their (substitute)
 * factors, stacks per hex, moves and attacks indexed for the map, and an odds preview computed only from what
 * the view shows. Display only: the engine decides what is allowed and resolves combat.
 */
import mapJson from '../../../engine/games/operation-unthinkable/map.json';
import { counters, crt, factors, UNIT, type UnitDef } from '../../../engine/games/operation-unthinkable/data';
import { fromMapData, type OuMap } from '../../../engine/games/operation-unthinkable/map';
import { onMap } from '../../../engine/games/operation-unthinkable/board';
import type { View } from '../../../engine/games/operation-unthinkable/types';

export { boundarySide, onMap } from '../../../engine/games/operation-unthinkable/board';
import type { MapData } from '../../../engine/maps/model';
import type { LegalActionData } from '../boards';

export type { View };
export const ouMap = mapJson as unknown as MapData;
/** The board's hexes by id (hover details, typed hex numbers). */
export const ouHexes = new Map(ouMap.hexes.map((h) => [h.id, h]));
let rules: OuMap | null = null;
/** The map as the engine's rules read it, for the pure helpers the board calls (reach, set-up targets, odds). */
export const rulesMap = (): OuMap => (rules ??= fromMapData(ouMap));
/** Counter factors and the CRT grid are our stand-ins (data/counters.json, data/crt.json say so). */
export const COUNTERS_SUBSTITUTE = counters.prov === 'substitute';
export const CRT_SUBSTITUTE = crt.prov === 'substitute';

export const NAT_COLOUR: Record<string, string> = {
  SU: '#9b2d20',
  PC: '#b5542f',
  US: '#4f6b2e',
  UK: '#8a6d3b',
  CN: '#a0703a',
  PL2: '#6e5a8a',
  DE: '#5d6b7a',
  AAA: '#2f5d8a',
};
export const TYPE_SHORT: Record<string, string> = {
  armor: 'Arm',
  amphibiousTank: 'Amph',
  artilleryMech: 'Art',
  artillery: 'Art',
  rifle: 'Rif',
  motorized: 'Mot',
  combinedArms: 'CA',
  cavalry: 'Cav',
  airborne: 'Abn',
};
export const TYPE_WORD: Record<string, string> = {
  armor: 'armour',
  amphibiousTank: 'amphibious tanks',
  artilleryMech: 'mechanized artillery',
  artillery: 'artillery',
  rifle: 'rifles',
  motorized: 'motorized',
  combinedArms: 'combined arms',
  cavalry: 'cavalry',
  airborne: 'airborne',
};

export interface Counter {
  id: string;
  at: string;
  steps: number;
  def?: UnitDef;
  /** face-down Soviet counter (3.5.1): nothing but its place is known */
  hidden?: boolean;
}

export const defOf = (id: string): UnitDef | undefined => UNIT.get(id);

/** Current [attack, defence] of a unit at its remaining steps. */
export function unitFactors(c: { id: string; steps: number }): [number, number] | null {
  const d = UNIT.get(c.id);
  return d ? factors(d, c.steps) : null;
}

export function counterLine(c: Counter): string {
  if (c.hidden || !c.def) return 'face-down Soviet unit';
  const [a, d] = unitFactors(c)!;
  return `${c.def.name} (${TYPE_WORD[c.def.type] ?? c.def.type}, ${c.def.size}) ${a}-${d}, ${c.steps} of ${c.def.f.length} steps`;
}

/** Counters on the map, grouped by hex; face-down stacks become `count` anonymous counters. */
export function stacks(view: View): Map<string, Counter[]> {
  const out = new Map<string, Counter[]>();
  const add = (c: Counter) => out.set(c.at, [...(out.get(c.at) ?? []), c]);
  for (const u of view.units) if (onMap(u.at)) add({ id: u.id, at: u.at, steps: u.s, def: UNIT.get(u.id) });
  for (const h of view.hidden) for (let k = 0; k < h.count; k++) add({ id: `?${h.hex}-${k}`, at: h.hex, steps: 0, hidden: true });
  return out;
}

export interface MoveOption {
  units: string[];
  dest: string;
  action: LegalActionData;
}

export interface LegalIndex {
  /** unit id -> destination hex -> moves that take it there (fewest companions first) */
  moves: Map<string, Map<string, MoveOption[]>>;
  attacks: LegalActionData[];
  /** everything that is neither a move nor an attack: prompt bar buttons */
  other: LegalActionData[];
}

export function indexLegal(legal: LegalActionData[]): LegalIndex {
  const moves = new Map<string, Map<string, MoveOption[]>>();
  const attacks: LegalActionData[] = [];
  const other: LegalActionData[] = [];
  for (const a of legal) {
    const c = a.command;
    if (c.type === 'move') {
      const units = c.units as string[];
      const path = c.path as string[];
      const o: MoveOption = { units, dest: path[path.length - 1], action: a };
      for (const id of units) {
        let m = moves.get(id);
        if (!m) moves.set(id, (m = new Map()));
        m.set(o.dest, [...(m.get(o.dest) ?? []), o]);
      }
    } else if (c.type === 'attack') attacks.push(a);
    else other.push(a);
  }
  for (const m of moves.values()) for (const list of m.values()) list.sort((x, y) => x.units.length - y.units.length);
  return { moves, attacks, other };
}

export const BOUNDARY_WORD: Record<string, string> = {
  row: 'along the hex row',
  'sw-ne': 'south-west to north-east',
  'nw-se': 'north-west to south-east',
};

/** The CRT's odds heading for a column in a row (the substitute grid's labels). */
export const crtColumn = (row: 'upper' | 'lower', column: number): string | undefined => crt[row][column];

/** The six hexes around a hex (the engine's own neighbour order). */
export { ring1 as neighbours } from '../../../engine/games/operation-unthinkable/map';
