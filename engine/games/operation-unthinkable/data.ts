/** Typed access to the replaceable data files (data/*.json). */
import countersJson from './data/counters.json';
import tablesJson from './data/tables.json';
import crtJson from './data/crt.json';
import { ladder, oddsTable } from '../../mechanics/odds';

export type Nat = 'SU' | 'PC' | 'US' | 'UK' | 'CN' | 'PL2' | 'DE' | 'AAA';
export type UnitType =
  | 'armor'
  | 'amphibiousTank'
  | 'artilleryMech'
  | 'artillery'
  | 'rifle'
  | 'motorized'
  | 'combinedArms'
  | 'cavalry'
  | 'airborne';
export type Size = 'XXXX' | 'XXX' | 'XX' | 'X' | 'III';

export interface UnitDef {
  id: string;
  name: string;
  side: 'allied' | 'soviet';
  nat: Nat;
  /** Allied army group; null for the 1AAA (5.3); absent for Soviet units. */
  ag?: 'US' | 'UK' | null;
  /** The command (team role) that orders the unit. */
  cmd: string;
  type: UnitType;
  size: Size;
  /** [attack, defense] per step level, full strength first; the length is the number of steps. */
  f: [number, number][];
  r?: boolean;
  special?: '79th';
  counters?: number;
}

export const counters = countersJson as unknown as {
  prov: string;
  src: string;
  counters: number;
  markers: Record<string, number>;
  units: UnitDef[];
};
export const UNITS: readonly UnitDef[] = counters.units;
export const UNIT: ReadonlyMap<string, UnitDef> = new Map(UNITS.map((u) => [u.id, u]));
export const tables = tablesJson;
export const crt = crtJson as { upper: string[]; lower: string[]; results: string[][]; prov: string };
/** The CRT as a shared odds table: the upper and lower rows of labels over one grid (11.2 step 5, ruling A2b). */
export const crtTable = oddsTable({ upper: ladder(crt.upper), lower: ladder(crt.lower) }, crt.results);

export function unitDef(id: string): UnitDef {
  const u = UNIT.get(id);
  if (!u) throw new Error(`unknown unit ${id}`);
  return u;
}

const TYPES = tablesJson.unitTypes.types as Record<string, { mech: boolean; artillery?: boolean; cavalry?: boolean }>;
export const isMech = (u: UnitDef): boolean => u.nat !== 'AAA' && (u.side === 'allied' || TYPES[u.type].mech);
export const isArtillery = (u: UnitDef): boolean => !!TYPES[u.type].artillery;
export const isCavalry = (u: UnitDef): boolean => !!TYPES[u.type].cavalry;
export const isAirborne = (u: UnitDef): boolean => u.nat === 'AAA';
export const maxSteps = (u: UnitDef): number => u.f.length;

/** Movement factor (2.3.6, revised chart): mechanized 12, Soviet non-mechanized 8, Allied airborne 4. */
export function movementFactor(u: UnitDef): number {
  const mf = tablesJson.movementFactors;
  if (isAirborne(u)) return mf.alliedAirborne;
  return isMech(u) ? mf.mechanized : mf.sovietNonMech;
}

/** Stacking value (7.1, 7.2): Allied divisions 1, brigades/regiments 0.5; Soviet corps 1, Gds cavalry 0.5, artillery 2.5. */
export function stackValue(u: UnitDef): number {
  const st = tablesJson.stacking;
  if (u.side === 'allied') return (st.allied as Record<string, number>)[u.size] ?? 1;
  if (isArtillery(u)) return st.soviet.artillery;
  if (isCavalry(u)) return st.soviet.cavalry;
  return (st.soviet as Record<string, number>)[u.size] ?? 1;
}

/** Light terrain costs (10.2.2): Soviet non-mechanized, Soviet Guards cavalry, US armored cavalry. */
export const paysLight = (u: UnitDef): boolean => (u.side === 'soviet' && !isMech(u)) || isCavalry(u);

/** Factors at the given number of remaining steps. */
export function factors(u: UnitDef, steps: number): [number, number] {
  return u.f[u.f.length - steps] ?? u.f[u.f.length - 1];
}
