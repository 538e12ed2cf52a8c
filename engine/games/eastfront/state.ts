/**
 * EastFront game state, commands and events. State is plain JSON holding only what changes; the map and
 * tables are static (board.ts, data.ts). Hex control is one character per map-hex index (8.1).
 */
import type { Fp, Side, UnitType, Weather } from './data';

export type Phase = 'production' | 'command' | 'movement' | 'combat' | 'blitzMovement' | 'blitzCombat' | 'supply' | 'over';

/** Control characters: German, Soviet, Disputed, none (8.3). */
export type Ctl = 'G' | 'S' | 'D' | '.';

export interface Unit {
  id: string;
  side: Side;
  type: UnitType;
  name: string;
  max: number;
  guards?: boolean;
  /** Current strength in steps; an HQ at 0 is at its Ø step. Meaningless while eliminated. */
  cv: number;
  /** Hex id, off-board box ("box:MOSCOW") or null when eliminated. */
  at: string | null;
  /** Opaque public handle shown to the opponent instead of the id. */
  token: string;
  /** Face-up: shown to the opponent (active HQ, Original Attacker in battle, combat round). */
  face?: boolean;
  unsupplied?: boolean;
  /** Moved this Movement Phase (6.1). */
  moved?: boolean;
  /** Moved strategically this Player-Turn (6.53). */
  strat?: boolean;
  /** Disengaged this phase: may not re-engage (6.32). */
  diseng?: boolean;
  /** Partial hits taken this combat round (numerator; denominator from the round). */
  part?: number;
  /** Arrived (cadre) this month: no replacements (11.41). */
  fresh?: boolean;
  /** Pushed back by a repulse (7.51) and not moved since: its hex may stay overstacked (6.22). */
  repulsed?: boolean;
  /** HQ activation state (5.x). */
  hq?: HqState;
  /** Paratroops dropped this player-turn: no control, no ZOC, no movement until linkup (14.6). */
  dispersed?: boolean;
}

export interface HqState {
  /** 'blitz' until the first Combat Phase ends; 'blitzed' after the first Blitz step (5.7). */
  mode: 'normal' | 'blitz' | 'blitzed';
  /** Supreme moves left (SHQ only, 5.61). */
  supreme?: number;
  /** Airstrike already assigned this Combat Phase (13.12). */
  struck?: boolean;
  /** Paradrop HQ: its whole command goes to one paradrop this player-turn (14.2). */
  para?: boolean;
  /** The paradrop has been made. */
  dropped?: boolean;
}

export interface Battle {
  hex: string;
  oa: Side;
  /** Started by an attack in this player-turn's (blitz) movement phase: combat compulsory (7.15). */
  fresh?: boolean;
  /** Engaged-from hex per attacking unit of this fresh battle (for repulse, 7.51). */
  from?: Record<string, string>;
  /** Assault while the initial round is pending: every attacker so far crossed a river or came by air
   *  (7.5, 14.4); the name predates air assaults. */
  river?: boolean;
  /** A paratroop unit air-assaulted into this new battle: repulses only on a 1, for all (7.53, 14.41). */
  para?: boolean;
  /** Airstrike assigned this combat phase (7.13). */
  air?: { hq: string; cv: number };
  /** Fought in the current combat phase. */
  fought?: boolean;
  /** Selected as an active battle of this combat phase (7.14, 4.43). */
  sel?: boolean;
}

export interface Rearguard {
  unit: string;
  hex: string;
  path: string[];
  by: string;
}

/**
 * A combat round in progress (7.22). Kept in the state so that the round can pause for an owner's choice
 * (7.33 loss among equal units, 7.51 repulse among equal weakest attackers) and go on when it is answered.
 */
export interface Round {
  hex: string;
  offOrder: string[];
  activePrefs: string[];
  defOrder: string[];
  passivePrefs: string[];
  /** Hits per step for the passive side (7.34, 7.35, 7.4). */
  den: number;
  /** Highest defensive die that repulses an assaulting unit: 0 none, 1 air/combined, 2 river (7.51, 7.53). */
  repulseOn: number;
  /** Kind of the latest fire. */
  stage: 'air' | 'def' | 'off';
  /** Units (and the airstrike HQ) that fired this round. */
  fired: string[];
  /** Attackers marked for repulse (7.51). */
  repulsed: string[];
  /** Hits and repulses of the latest fire not yet allocated. */
  hits: number;
  repulses: number;
}

export type Prompt =
  | { kind: 'defend'; side: Side; hex: string; offOrder: string[]; activePrefs: string[] }
  /** The owner picks which of several equal units takes a hit (7.33) or a repulse (7.51), or which of its
   *  units fires next (7.31, since 0.6.0). */
  | { kind: 'allocate'; side: Side; hex: string; what: 'loss' | 'repulse' | 'fire'; units: string[] }
  | { kind: 'production'; sides: Side[] }
  /** 6.22: the owner picks which units beyond the stacking limit of each hex go unsupplied. */
  | { kind: 'unsupply'; side: Side; hexes: { hex: string; excess: number }[] };

export interface Turn {
  year: number;
  month: number;
  fortnight: 1 | 2;
  /** Side taking the first player-turn this fortnight (12.21). */
  first: Side;
}

export interface State {
  v: 1;
  scenario: string;
  map: string;
  options: { autoResolve: boolean };
  turn: Turn;
  active: Side;
  phase: Phase;
  weather: Weather;
  units: Record<string, Unit>;
  battles: Record<string, Battle>;
  control: string;
  /** Hexside engage/disengage counts this movement phase (6.33). */
  sideUse: Record<string, number>;
  rearguards: Rearguard[];
  prompt: Prompt | null;
  /** The active battles of this combat phase have been selected (7.14, 4.43): no more airstrikes or battles. */
  chosen?: boolean;
  /** The combat round being resolved, if it waits for a choice. */
  round?: Round | null;
  /** Production level per side (11.2), public on the production track. */
  pl: Record<Side, number>;
  /** Basic PPs per side (derived for Edelweiss, R-EDW-3). */
  basic: Record<Side, number>;
  air: Record<Side, Fp>;
  nextToken: number;
  /** Sealed production orders this Production Phase (hidden from the opponent). */
  orders: Partial<Record<Side, ProductionOrder>>;
  result?: { winner: Side | null; level: string; vp: Record<Side, number> };
}

export interface ProductionOrder {
  replace: string[];
  cadres: { unit: string; hex: string }[];
}

// ---------------------------------------------------------------- commands

export type { Command } from './commands';

// ---------------------------------------------------------------- events

export interface UnitPublic {
  id: string;
  token: string;
  type: UnitType;
  cv: number;
}

export type Event =
  | {
      type: 'setup';
      scenario: string;
      map: string;
      options: { autoResolve: boolean };
      units: Unit[];
      battles: Battle[];
      control: string;
      turn: Turn;
      pl: Record<Side, number>;
      basic: Record<Side, number>;
      air: Record<Side, Fp>;
      weather: Weather;
      nextToken: number;
    }
  | { type: 'phase'; phase: Phase; active: Side; control: string; turn?: Turn; weather?: Weather; weatherDice?: number[] }
  | {
      type: 'activated';
      hq: string;
      token: string;
      cv: number;
      unitType: UnitType;
      blitz: boolean;
      supreme?: number;
      deploy?: string;
      paradrop?: boolean;
    }
  /** mode 'air': a paradrop (14.3); the unit is dispersed on landing (14.6). */
  | {
      type: 'moved';
      unit: string;
      path: string[];
      mode: 'land' | 'rail' | 'air';
      by: string;
      cost: number;
      side: string[];
      attack?: boolean;
      engage?: boolean;
      river?: boolean;
      disengage?: boolean;
    }
  | { type: 'rearguard'; unit: string; hex: string; path: string[]; by: string; cost: number; side: string[] }
  | { type: 'pursuit'; unit: string; hex: string; fire: { unit: string; dice: number[]; fp: Fp; hits: number }[] }
  /** `side`: battle hexsides used leaving a battle (6.33; absent in logs before 0.6.0). */
  | { type: 'mobilized'; hq: string; path: string[]; mode: 'land' | 'rail'; cost: number; side?: string[] }
  | { type: 'hqStep'; hq: string; cv: number; active: boolean; eliminated?: boolean; mode?: HqState['mode'] }
  | { type: 'airstrikeAssigned'; hq: string; hex: string; cv: number }
  | { type: 'revealed'; hex: string; units: UnitPublic[] }
  /** 7.14, 4.43: the active battles of this combat phase, chosen before any is fought; their blocks face up. */
  | { type: 'battlesSelected'; battles: { hex: string; units: UnitPublic[] }[] }
  | { type: 'fire'; hex: string; unit: string; kind: 'air' | 'def' | 'off'; dice: number[]; fp: Fp; hits: number; repulses: number }
  | { type: 'loss'; unit: string; cv: number; part: number; eliminated?: boolean }
  /** A repulsed para also loses a step (14.4): `cv` is its new strength, or it is eliminated. */
  | { type: 'repulsed'; unit: string; hex: string; to: string; cv?: number; eliminated?: boolean }
  /** Ruling: units of a carried-over overstack that no activation could move out stay excused this turn. */
  | { type: 'overstackExcused'; units: string[] }
  | {
      type: 'roundStarted';
      hex: string;
      offOrder: string[];
      activePrefs: string[];
      defOrder: string[];
      passivePrefs: string[];
      den: number;
      repulseOn: number;
    }
  | { type: 'repulseMarked'; hex: string; unit: string }
  /** 14.6 linkup check of a dispersed para at the start of its side's supply phase. */
  | { type: 'linkup'; unit: string; ok: boolean }
  | { type: 'awaiting'; prompt: Prompt | null }
  | { type: 'roundEnded'; hex: string; ended: boolean; hide: string[] }
  | { type: 'supplyChecked'; side: Side; unsupplied: string[]; supplied: string[] }
  | { type: 'attrition'; unit: string; cv: number; eliminated?: boolean }
  | { type: 'productionLevel'; pl: Record<Side, number> }
  | { type: 'ordersSealed'; side: Side; order: ProductionOrder; spent: number }
  /** One replacement step (logs before 0.5.0; newer logs hold one 'replacements' event per side). */
  | { type: 'replaced'; unit: string; cv: number }
  /** 11.41: a side's replacement steps this month, one event per side even when empty, so that the number of
   *  events (the seq numbers the other side sees) says nothing about how many steps were bought. */
  | { type: 'replacements'; side: Side; units: { unit: string; cv: number }[] }
  | { type: 'cadre'; unit: string; hex: string; token: string; cv: number }
  /** 6.41 NOTE: a retreat while new units engaged the same hex is also a new attack by them. */
  | { type: 'battleRenewed'; hex: string; oa: Side }
  | { type: 'gameEnded'; winner: Side | null; level: string; vp: Record<Side, number> };
