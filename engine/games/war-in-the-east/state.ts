/**
 * War in the East state, events and evolve(). State is plain JSON: the units on the map, the Game-Turn, the
 * phasing side and phase (4.2), and what each unit has done in the current phase.
 */
import { forces, type Side } from './data';

export type { Side } from './data';

/** Phases of the sequence of play (4.2). */
export type PhaseId =
  | 'air-commitment'
  | 'air-combat'
  | 'reinforcement'
  | 'initial-movement'
  | 'rail-sea'
  | 'combat'
  | 'mech-movement'
  | 'interdiction'
  | 'production';

export interface UnitState {
  type: string;
  side: Side;
  command: string;
  label: string;
  /** Hex id, or null once eliminated. */
  at: string | null;
  /** Showing its kampfgruppe / battlegroup face (10.3). */
  kg: boolean;
}

/** A side's Air Power Chart (12.11): Available, Air Superiority and Air-Ground Support boxes. */
export interface AirBoxes {
  available: number;
  superiority: number;
  groundSupport: number;
}

export interface Commitment {
  superiority: number;
  groundSupport: number;
}

export interface State {
  scenario: string | null;
  gt: number;
  lastGt: number;
  /** Phasing side; null during the Joint Air War Turn. */
  player: Side | null;
  phase: PhaseId | null;
  units: Record<string, UnitState>;
  /** Units that have moved in the current phase (5.0 procedure: a moved unit may not move again). */
  moved: string[];
  /** Units that have attacked, and hexes attacked, this Combat Phase (10.14). */
  attacked: string[];
  attackedHexes: string[];
  /** Air Power Charts (12.1). */
  air: Record<Side, AirBoxes>;
  /** Commitments written in secret this Air Commitment Phase, not yet revealed (12.12): view.ts hides the other side's. */
  sealed: Partial<Record<Side, Commitment>>;
  over: boolean;
  result: string | null;
}

export interface PlacedUnit {
  id: string;
  type: string;
  side: Side;
  command: string;
  label: string;
  at: string;
}

export type UnitLoss = 'reduced' | 'removed';

export type Event =
  | { type: 'setUp'; scenario: string; lastGt: number; units: PlacedUnit[] }
  /** A phase begins; `skipped` says why it passes without play (NOT_SUPPORTED and its rule, or the scenario). */
  | { type: 'phase'; gt: number; player: Side | null; phase: PhaseId; skipped?: string }
  | { type: 'moved'; unit: string; path: string[]; cost: number; minimum?: boolean; forced?: { die: number; result: 'none' | UnitLoss } }
  | {
      type: 'attacked';
      hex: string;
      attackers: string[];
      defenders: string[];
      attack: number;
      defence: number;
      odds: string;
      table: number;
      die: number;
      result: string;
      /** One air-ground support point spent for +1 on the die (12.31, 12.32). */
      support?: boolean;
    }
  /** A sealed commitment (12.12); the other side's copy carries no numbers (view.ts redact). */
  | { type: 'airCommitted'; side: Side; superiority?: number; groundSupport?: number }
  | { type: 'airRevealed'; axis: Commitment; soviet: Commitment }
  | {
      type: 'airCombat';
      attacker: Side | null;
      rolls: { by: Side; group: number; die: number; kill: boolean }[];
      superiorityLost: Record<Side, number>;
      groundSupportLost: Record<Side, number>;
    }
  /** Russian militia placed in the Personnel Centres the Axis does not occupy (29.35). */
  | { type: 'militia'; gt: number; units: PlacedUnit[] }
  /** Axis air replacements from the Turn Record (12.51). */
  | { type: 'airReplaced'; side: Side; points: number }
  | { type: 'lost'; unit: string; how: UnitLoss; rule: string }
  | { type: 'retreated'; unit: string; path: string[] }
  | { type: 'ended'; personnelCentres: number; result: string };

const AIR0: AirBoxes = { available: 0, superiority: 0, groundSupport: 0 };

export function initial(): State {
  return {
    scenario: null,
    gt: 0,
    lastGt: 0,
    player: null,
    phase: null,
    units: {},
    moved: [],
    attacked: [],
    attackedHexes: [],
    air: { axis: { available: 0, superiority: 0, groundSupport: 0 }, soviet: { available: 0, superiority: 0, groundSupport: 0 } },
    sealed: {},
    over: false,
    result: null,
  };
}

function withUnit(s: State, id: string, f: (u: UnitState) => UnitState): State {
  const units = { ...s.units };
  units[id] = f(units[id]);
  return { ...s, units };
}

export function evolve(s: State, e: Event): State {
  switch (e.type) {
    case 'setUp': {
      const units: Record<string, UnitState> = {};
      for (const u of e.units) units[u.id] = { type: u.type, side: u.side, command: u.command, label: u.label, at: u.at, kg: false };
      const air = { axis: { ...AIR0, available: forces.air.axis.available }, soviet: { ...AIR0, available: forces.air.soviet.available } };
      return { ...initial(), scenario: e.scenario, lastGt: e.lastGt, units, air };
    }
    case 'phase': {
      const next = { ...s, gt: e.gt, player: e.player, phase: e.phase, moved: [], attacked: [], attackedHexes: [] };
      // 12.14: unused air-ground support points come back to Available in their owner's Air Interdiction Phase
      if (e.phase !== 'interdiction' || !e.player) return next;
      const a = s.air[e.player];
      return { ...next, air: { ...s.air, [e.player]: { ...a, available: a.available + a.groundSupport, groundSupport: 0 } } };
    }
    case 'airCommitted':
      return e.superiority === undefined || e.groundSupport === undefined
        ? s
        : { ...s, sealed: { ...s.sealed, [e.side]: { superiority: e.superiority, groundSupport: e.groundSupport } } };
    case 'airRevealed': {
      const put = (a: AirBoxes, c: Commitment): AirBoxes => ({
        available: a.available - c.superiority - c.groundSupport,
        superiority: a.superiority + c.superiority,
        groundSupport: a.groundSupport + c.groundSupport,
      });
      return { ...s, sealed: {}, air: { axis: put(s.air.axis, e.axis), soviet: put(s.air.soviet, e.soviet) } };
    }
    case 'airCombat': {
      // 12.13: surviving superiority points go back to Available; destroyed points leave the chart
      const after = (x: Side): AirBoxes => {
        const a = s.air[x];
        return {
          available: a.available + a.superiority - e.superiorityLost[x],
          superiority: 0,
          groundSupport: a.groundSupport - e.groundSupportLost[x],
        };
      };
      return { ...s, air: { axis: after('axis'), soviet: after('soviet') } };
    }
    case 'militia': {
      const units = { ...s.units };
      for (const u of e.units) units[u.id] = { type: u.type, side: u.side, command: u.command, label: u.label, at: u.at, kg: false };
      return { ...s, units };
    }
    case 'airReplaced': {
      const a = s.air[e.side];
      return { ...s, air: { ...s.air, [e.side]: { ...a, available: a.available + e.points } } };
    }
    case 'moved': {
      const to = e.path[e.path.length - 1];
      const next = withUnit(s, e.unit, (u) => ({
        ...u,
        at: e.forced?.result === 'removed' ? null : to,
        kg: u.kg || e.forced?.result === 'reduced',
      }));
      return { ...next, moved: [...s.moved, e.unit] };
    }
    case 'attacked': {
      const next = { ...s, attacked: [...s.attacked, ...e.attackers], attackedHexes: [...s.attackedHexes, e.hex] };
      if (!e.support || !s.player) return next;
      const a = s.air[s.player];
      return { ...next, air: { ...s.air, [s.player]: { ...a, available: a.available + 1, groundSupport: a.groundSupport - 1 } } };
    }
    case 'lost':
      return withUnit(s, e.unit, (u) => (e.how === 'reduced' ? { ...u, kg: true } : { ...u, at: null }));
    case 'retreated':
      return withUnit(s, e.unit, (u) => ({ ...u, at: e.path[e.path.length - 1] ?? u.at }));
    case 'ended':
      return { ...s, over: true, result: e.result };
  }
}
