/**
 * Shapes of the EastFront scenario data (data/*.json). Every record carries `prov` ('printed' | 'derived' |
 * 'substitute') and `src` (rule, card or chart) where it is not the file's own provenance. Hex references are
 * rulebook-style names ("Kharkov NE1") or map ids ("-10,-3"); exit zones are box ids ("EZ-T").
 */
import type { Provenance } from '../../../maps/model';

export type Side = 'german' | 'soviet';
export type Fp = 'SF' | 'DF' | 'TF';
export type ScenarioId = 'S41' | 'W41' | 'S42' | 'W42' | 'S43' | 'W43' | 'S44' | 'W44';
export type CardId = ScenarioId | 'EDELWEISS';
/** Unit types as the engine names them (engine/games/eastfront data UnitType). */
export type BlockType = 'armor' | 'mech' | 'infantry' | 'mountain' | 'satellite' | 'cavalry' | 'shock' | 'para' | 'hq' | 'shq';
/** Force-card categories (3.2.2): mountain, coastal and siege guns count as infantry. */
export type ForceCategory = 'hq' | 'armor' | 'mech' | 'infantry' | 'satellite' | 'shock' | 'cavalry';

export interface Sourced {
  prov?: Provenance;
  src?: string;
}

export interface MonthRef {
  year: number;
  month: number;
}

// ---------------------------------------------------------------- countermix

export interface Block extends Sourced {
  id: string;
  side: Side;
  /** de = German (SS with `ss`), ro / hu / it = satellites, su = Soviet. */
  nat: 'de' | 'ro' | 'hu' | 'it' | 'su';
  type: BlockType;
  name: string;
  /** Historical identity on the label (2.5). */
  label: string;
  max: number;
  /** Appearance code (2.5): army group / district letter, city abbreviation, or a date such as "Fe43". */
  code: string;
  guards?: boolean;
  ss?: boolean;
  coastal?: boolean;
  /** First scenario in which the block fires TF against fortresses (2.63). */
  siegeGun?: ScenarioId;
  arrives?: MonthRef & { cv: number };
  labelErrata?: string;
  note?: string;
}

/** One row of the countermix size table (derived from the blocks). */
export interface SizeRow {
  side: Side;
  category: ForceCategory | 'para';
  nat: Block['nat'];
  ss?: boolean;
  guards?: boolean;
  count: number;
}

// ---------------------------------------------------------------- cards

export interface ForceLine {
  units: number;
  cv: number;
  ss?: number;
  mountain?: number;
  note?: string;
}

export type Forces = Partial<Record<ForceCategory, ForceLine>>;

export interface SideProduction {
  start: number;
  /** Basic PPs from the Production Chart (11.2.1); null for Edelweiss (derived at run time, R-EDW-3). */
  basic: number | null;
  /** Bracketed change when linking into this scenario (3.1.2); null for S41. */
  change: number | null;
  /** The Production Chart's value where it disagrees with the card (W44). */
  chart?: number;
}

export interface DeployRule {
  minUnits?: number;
  minCv?: number;
  includeTypes?: BlockType[];
  faceUp?: boolean;
}

/** Special rules as flags; `phase` says when a flag applies (README). */
export type RulePhase = 'setup' | 'scenario' | 'permanent';
export type ScenarioRule = Sourced & { phase: RulePhase } & (
    | { kind: 'deployment'; options: ('historical' | 'free')[]; data: string }
    | { kind: 'lateStart'; playerTurnsInFirstMonth?: number; startMonth?: number; linkedStartMonth?: number }
    | {
        kind: 'surprise';
        side: Side;
        months: MonthRef[];
        disruptedHqs: Side;
        noRepulseFor: Side;
        hexsideLimitStillApplies: boolean;
      }
    | { kind: 'closedCountry'; country: string; noDeploy: boolean; noEntry: boolean }
    | { kind: 'hqCost'; side: Side; step: number; cadre: number; while?: string }
    | { kind: 'snowParalysis'; side: Side; speed: number; offensiveFire: Fp }
    | { kind: 'exhaustionVp'; side: Side; maxHqCv: number; vpPerStepBelow: number; to: Side }
    | { kind: 'noRailAtStart'; hex: string; excludeFromProduction: boolean }
    | { kind: 'beachhead'; status: 'prep' | 'ready' }
    | { kind: 'siegeGuns'; block: string; fortressFire: Fp; allWeather: boolean; lostIfRebuilt: boolean }
    | { kind: 'battleHex'; hex: string; od: Side; deploy?: Partial<Record<Side, DeployRule>> }
    | { kind: 'satellitesRestricted'; area: string; releases?: { capture: string; frees: string[]; area?: string }[] }
    | { kind: 'strategicObjectives'; rules: string[] }
    | {
        kind: 'pocket';
        name: string;
        side: Side;
        hexes: string[];
        minUnits: number;
        mustInclude: string[];
        seaSupply: { port: string; whileHeld: string };
      }
    | { kind: 'exitZones' }
    | { kind: 'rumaniaSurrendered' }
    | { kind: 'ploestiLost' }
    | {
        kind: 'balkanFront';
        zones: string[];
        controlledBy: Side;
        contestedBy: Side;
        germanPp: number;
        outOfPlay: boolean;
        optionalSetup: Record<Side, Record<string, unknown>>;
      }
    | { kind: 'fixedSetup'; data: string }
  );

export type VictoryRule =
  | (Sourced & { kind: 'vp'; handicap: number })
  | (Sourced & {
      kind: 'allGermanUnsupplied';
      outsideExitZones: boolean;
      byMonth: Record<string, { winner: Side | null; level: string }>;
      supplyLimit: string;
      alsoCampaign: boolean;
      unstated: Sourced & Record<'december' | 'never', { winner: Side | null; level: string }>;
    });

export interface Card extends Sourced {
  id: CardId;
  name: string;
  title: string;
  season: 'summer' | 'winter';
  start: MonthRef & { fortnight: 1 | 2 };
  end: MonthRef;
  months: number;
  setup: { first: Side | 'fixed'; movesFirst: Side; startline?: ScenarioId; fixed?: string; src: string };
  forces: Record<Side, Forces>;
  production: Record<Side, SideProduction>;
  air: Record<Side, Fp | null>;
  handicap: number | null;
  victory: VictoryRule;
  rules: ScenarioRule[];
}

// ---------------------------------------------------------------- S'41

export interface Placement extends Sourced {
  block: string;
  cv: number;
  /** A city ("in or within one hex"), or 'front' (the district's frontline hexes). German units have none. */
  at?: string;
}

export interface District {
  id: string;
  name: string;
  code: string | null;
  command: string;
  sector: string | null;
  hq: Placement;
  units: Placement[];
}

export interface ArmyGroup {
  id: string;
  name: string;
  command: string;
  sector: string;
  hqs: Placement[];
  units: Placement[];
}

export interface Sector extends Sourced {
  id: string;
  frontline: string[];
}

export interface Command {
  id: string;
  hq: string;
  name: string;
  supreme?: boolean;
}

export interface S41Data extends Sourced {
  historical: {
    soviet: { districts: District[]; allFrontlineOccupied: boolean };
    german: { groups: ArmyGroup[]; allFrontlineOccupied: boolean; noSetupIn: string[] };
  };
  sectors: Record<Side, Sector[]>;
  free: Record<Side, Record<string, unknown>> & { src: string };
  commands: Record<Side, Command[]> & { src: string };
}

// ---------------------------------------------------------------- reinforcements, startlines, campaign

export interface Arrival extends MonthRef {
  block: string;
  cv: number;
  scenario: ScenarioId;
  /** Arrives in the scenario's first month: placed with the set-up, not part of the starting forces. */
  withSetup?: boolean;
  note?: string;
}

export interface Reinforcements extends Sourced {
  rules: Record<string, unknown>;
  german: Arrival[];
  soviet: Arrival[];
}

export type LonLat = [number, number];

export interface Startline extends Sourced {
  id: ScenarioId;
  asOf: string;
  trace: string;
  frontline: Record<Side, string[]>;
  derivation: {
    neutralCountries: string[];
    germanCountries?: string[];
    germanRings?: LonLat[][];
    sovietRings?: LonLat[][];
    forceGerman?: string[];
    forceSoviet?: string[];
  };
  battles?: { hex: string; od: Side }[];
  /** Exit zone letters that are rail sources (9 sidebar) where not all home-edge zones are. */
  railSources?: Partial<Record<Side, string[]>>;
  notes: string[];
}

export interface Link {
  from: ScenarioId;
  to: ScenarioId;
  firstMonth: MonthRef;
  basicChange: Record<Side, number>;
  air: Record<Side, Fp | null>;
  reinforcements: string[];
  rules: string[];
  note?: string;
}

export interface Campaign extends Sourced {
  order: ScenarioId[];
  games: Record<string, Record<string, unknown>>;
  keep: string[];
  ignore: string[];
  steps: string[];
  links: Link[];
}

export interface EdelweissUnit {
  id: string;
  side: Side;
  type: BlockType;
  name: string;
  cv: number;
  max: number;
  at: string | null;
  guards?: boolean;
}

export interface EdelweissData extends Sourced {
  start: MonthRef & { fortnight: 1 | 2 };
  end: MonthRef & Sourced;
  units: EdelweissUnit[];
  battles: { hex: string; od: Side }[];
  outOfPlay: string[];
  boxes: string[];
  commands: Record<Side, Command[]>;
}
