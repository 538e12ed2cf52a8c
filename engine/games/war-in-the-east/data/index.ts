/**
 * Typed access to War in the East's data files (see README.md in this folder). Everything a rule needs to read
 * is here: unit types, the Barbarossa counters (expanded from the sector groups), the turn record, and the
 * tables. Pure lookups on those tables live in tables.ts.
 */
import airJson from './air.json';
import crtJson from './crt.json';
import designationsJson from './designations.json';
import forcesJson from './forces-barbarossa.json';
import logisticsJson from './logistics.json';
import productionJson from './production.json';
import rolesJson from './roles.json';
import scenarioJson from './scenario-barbarossa.json';
import terrainJson from './terrain.json';
import turnsJson from './turns.json';
import unitsJson from './units.json';

export type Side = 'axis' | 'soviet';
export type Prov = 'printed' | 'derived' | 'substitute';
export type Weather = 'clear' | 'mud' | 'snow';
export type Nat = 'german' | 'finnish' | 'rumanian' | 'hungarian' | 'italian' | 'slovak' | 'soviet';
export type Size = 'division' | 'corps' | 'brigade' | 'repair';
export type UnitClass = 'armor' | 'mechInf' | 'infantry' | 'security' | 'cavalry' | 'artillery' | 'antiTank' | 'fortified' | 'repair';

/** One face of a counter: attack, defence, movement allowance. */
export interface Face {
  att: number;
  def: number;
  ma: number;
}

export interface UnitType extends Face {
  code: string;
  side: Side;
  nat: Nat;
  name: string;
  class: UnitClass;
  size: Size;
  mech: boolean;
  mechPhase: boolean;
  mechPhaseOnly?: boolean;
  mechCosts: boolean;
  zoc: 'normal' | 'mech' | 'none';
  forceMarch: boolean;
  sea: boolean;
  /** The kampfgruppe / battlegroup face (10.3), with its own provenance. */
  reduced?: Face & { prov: Prov; src: string };
  /** A reverse that is not a KG/BG: a tag (no reduced step) or the fortified unit. */
  reverse?: 'tag' | 'fortified';
  notNorthOfRow17?: boolean;
  prov: Prov;
  src: string;
}

/** A group of identical counters in a data file: printed-list labels or a generic numbered series. */
export interface CounterGroup {
  type: string;
  series: string;
  title: string;
  labels?: string[];
  labelsFrom?: string;
  count?: number;
  from?: number;
  prefix?: string;
  designation: 'printed-list' | 'generic';
  prov: Prov;
  src: string;
  entry?: string;
  bracketed?: boolean;
}

/** One concrete counter. */
export interface Counter {
  id: string;
  type: string;
  side: Side;
  nat: Nat;
  /** Designation label (36.1 list entry, or our generic number). */
  label: string;
  title: string;
  designation: 'printed-list' | 'generic';
  /** Initial command (roles.json). */
  command: string;
  /** Set-up sector (start forces only). */
  sector?: string;
  /** Arrival Game-Turn and entry area (reinforcements only). */
  gt?: number;
  entry?: string;
  bracketed?: boolean;
  prov: Prov;
  src: string;
}

export interface Sector {
  id: string;
  side: Side;
  name: string;
  src: string;
  reserveCity?: string;
  groups: CounterGroup[];
}

export interface TurnRecord {
  gt: number;
  weeks: string;
  weather: Weather;
  draft: { infantry: number; armor: number };
  axisAir: number;
  axis: CounterGroup[];
  soviet: CounterGroup[];
}

export interface CommandDef {
  id: string;
  name: string;
  description: string;
  sectors?: string[];
  reinforcementNats?: string[];
  duties?: { what: string; src: string }[];
}

export const units = unitsJson as unknown as {
  sizes: Record<Size | 'kg', { railWeight: number }>;
  counterMix: Record<string, number>;
  kgRule: { prov: Prov; src: string; rule: string };
  types: Record<string, Omit<UnitType, 'code'>>;
};
export const UNIT_TYPES: ReadonlyMap<string, UnitType> = new Map(
  Object.entries(units.types).map(([code, t]) => [code, { code, ...t } as UnitType]),
);

export function unitType(code: string): UnitType {
  const t = UNIT_TYPES.get(code);
  if (!t) throw new Error(`unknown War in the East unit type ${code}`);
  return t;
}

export const forces = forcesJson as unknown as {
  printedTotals: Record<Side, Record<string, number>>;
  printedBySector: Record<string, Record<string, number>>;
  sectors: Sector[];
  repairUnits: { axis: CounterGroup & { command: string }; soviet: { count: number } };
  air: {
    axis: { available: number };
    soviet: { available: number; beforeTurnOne: { total: number; deemedAgs: number; uncommitted: number } };
  };
  reserveCities: Record<string, unknown>;
};
export const turns = turnsJson as unknown as {
  calendar: { firstWeek: string; daysPerTurn: number };
  weather: { clear: [number, number]; mud: [number, number]; snowFrom: number; snowInScenario: boolean };
  entries: Record<string, unknown>;
  sovietReinforcementSchedule: { firstTurn: number; lastTurn: number };
  turns: TurnRecord[];
};
export const roles = rolesJson as unknown as {
  sides: { id: Side; name: string; commands: CommandDef[]; reinforcementDefault: string }[];
};
export const crt = crtJson;
export const air = airJson;
export const terrain = terrainJson;
export const logistics = logisticsJson;
export const production = productionJson;
export const scenario = scenarioJson;
export const designations = designationsJson as unknown as {
  lists: Record<string, Record<string, string[]>>;
  numberedRanges: Record<string, { from: number; to: number | null }>;
};

/** Command holding a set-up sector's units at the start (roles.json). */
export function commandOfSector(sector: string): string {
  for (const s of roles.sides) for (const c of s.commands) if (c.sectors?.includes(sector)) return c.id;
  throw new Error(`no command holds sector ${sector}`);
}

/** Command that first receives a reinforcement of this nationality. */
export function commandOfReinforcement(side: Side, nat: Nat): string {
  const s = roles.sides.find((x) => x.id === side)!;
  return s.commands.find((c) => c.reinforcementNats?.includes(nat))?.id ?? s.reinforcementDefault;
}

const slug = (label: string): string =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Labels of a group: its printed-list labels, or its generic numbers (with an optional prefix). */
export function groupLabels(g: CounterGroup): string[] {
  if (g.labels) return g.labels;
  const from = g.from ?? 1;
  return Array.from({ length: g.count ?? 0 }, (_, i) => `${g.prefix ?? ''}${from + i}`);
}

export function expandGroup(g: CounterGroup, extra: { command: string } & Partial<Counter>): Counter[] {
  const t = unitType(g.type);
  return groupLabels(g).map((label) => ({
    id: `${g.series}-${slug(label)}`,
    type: g.type,
    side: t.side,
    nat: t.nat,
    label,
    title: g.title,
    designation: g.designation,
    prov: g.prov,
    src: g.src,
    ...(g.entry ? { entry: g.entry } : {}),
    ...(g.bracketed !== undefined ? { bracketed: g.bracketed } : {}),
    ...extra,
  }));
}

/** Every counter on the map at the start of Barbarossa (31.21, 31.31), repair units included. */
export function barbarossaCounters(): Counter[] {
  const out: Counter[] = [];
  for (const s of forces.sectors) {
    const command = commandOfSector(s.id);
    for (const g of s.groups) out.push(...expandGroup(g, { command, sector: s.id }));
  }
  const rr = forces.repairUnits.axis;
  out.push(...expandGroup(rr, { command: rr.command }));
  return out;
}

export function turnRecord(gt: number): TurnRecord {
  const t = turns.turns.find((x) => x.gt === gt);
  if (!t) throw new Error(`no turn record for Game-Turn ${gt}`);
  return t;
}

/** Scheduled reinforcements of one Game-Turn as counters (militia and Axis-line divisions are not scheduled). */
export function reinforcements(gt: number): Counter[] {
  const t = turnRecord(gt);
  const out: Counter[] = [];
  for (const side of ['axis', 'soviet'] as const)
    for (const g of t[side]) {
      const nat = unitType(g.type).nat;
      out.push(...expandGroup(g, { command: commandOfReinforcement(side, nat), gt }));
    }
  return out;
}
