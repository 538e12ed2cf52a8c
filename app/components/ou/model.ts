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
import { placeName } from '../../../engine/maps/places';
import type { LegalActionData } from '../boards';
import { complete, expandAction, type LegalAction, type Picker } from '../../../engine/core/actions';

export type { View };
export const ouMap = mapJson as unknown as MapData;
/** The board's hexes by id (hover details, typed hex numbers). */
export const ouHexes = new Map(ouMap.hexes.map((h) => [h.id, h]));
/** A hex as a place ("Torgau", "2 NE of Torgau"; engine/maps/places), the off-map exit as words. */
export const ouPlace = (id: string): string => (id === 'exit' ? 'off the map' : placeName(ouMap, id));
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

/** A destination of a unit set, with the movement points the move costs (from legal()'s hints). */
export interface ReachHex {
  mp: number;
}

export interface LegalIndex {
  /** unit id -> the unit sets it may move in, fewest companions first */
  moves: Map<string, string[][]>;
  /**
   * unit set (ids joined by ',') -> destination ('exit' for off the map) -> cost; null when legal() leaves the
   * destinations to be asked for (a lazy choice: the `reach` list of game.choices for that set)
   */
  reach: Map<string, Map<string, ReachHex> | null>;
  /** unit id -> hexes it may be placed in now (set-up, arrivals) */
  places: Map<string, string[]>;
  /** attacks, each completed with every unit it offers (the engine checks the command again) */
  attacks: LegalActionData[];
  /** everything that is neither a move, a placement nor an attack: prompt bar buttons and forms */
  other: LegalActionData[];
}

export const groupKey = (ids: readonly string[]): string => [...ids].sort().join(',');

/** A structured action with every shared option list filled in (engine/core/actions.ts expandAction). */
export const expand = (a: LegalActionData): LegalActionData => expandAction(a as LegalAction) as LegalActionData;

/** Destinations with their costs, from a move's `to` options (in legal() or asked for through game.choices). */
export const reachOf = (options: readonly { value: unknown; hint?: { [k: string]: unknown } }[]): Map<string, ReachHex> =>
  new Map(options.map((d) => [String(d.value), { mp: Number(d.hint?.mp ?? 0) }]));

export function indexLegal(legal: LegalActionData[]): LegalIndex {
  const moves = new Map<string, string[][]>();
  const reach = new Map<string, Map<string, ReachHex> | null>();
  const places = new Map<string, string[]>();
  const attacks: LegalActionData[] = [];
  const other: LegalActionData[] = [];
  for (const raw of legal) {
    const type = raw.command.type;
    if (type === 'move' && raw.choices) {
      for (const o of expand(raw).choices?.[0].options ?? []) {
        const units = o.value as string[];
        for (const id of units) moves.set(id, [...(moves.get(id) ?? []), units]);
        const to = o.next?.[0];
        reach.set(groupKey(units), to?.lazy ? null : reachOf(to?.options ?? []));
      }
    } else if (type === 'place' && raw.choices) {
      for (const o of expand(raw).choices?.[0].options ?? [])
        places.set(
          String(o.value),
          (o.next?.[0].options ?? []).map((d) => String(d.value)),
        );
    } else if (type === 'attack') {
      attacks.push({ ...raw, command: complete(expand(raw) as LegalAction, allPicker) as LegalActionData['command'], choices: undefined });
    } else other.push(raw);
  }
  for (const list of moves.values()) list.sort((x, y) => x.length - y.length);
  return { moves, reach, places, attacks, other };
}

/** Picks every option of a 'some' choice and the first of a 'one' choice. */
const allPicker: Picker = { one: () => 0, some: (ch) => ch.options.map((_, i) => i).slice(0, ch.max ?? ch.options.length) };

export const BOUNDARY_WORD: Record<string, string> = {
  row: 'along the hex row',
  'sw-ne': 'south-west to north-east',
  'nw-se': 'north-west to south-east',
};

/** The CRT's odds heading for a column in a row (the substitute grid's labels). */
export const crtColumn = (row: 'upper' | 'lower', column: number): string | undefined => crt[row][column];

/** The six hexes around a hex (the engine's own neighbour order). */
export { ring1 as neighbours } from '../../../engine/games/operation-unthinkable/map';
