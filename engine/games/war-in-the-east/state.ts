/**
 * War in the East state, events and evolve(). State is plain JSON: the units on the map, the Game-Turn, the
 * phasing side and phase (4.2), and what each unit has done in the current phase.
 */
import type { Side } from './data';

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
    }
  | { type: 'lost'; unit: string; how: UnitLoss; rule: string }
  | { type: 'retreated'; unit: string; path: string[] }
  | { type: 'ended'; personnelCentres: number; result: string };

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
      return { ...initial(), scenario: e.scenario, lastGt: e.lastGt, units };
    }
    case 'phase':
      return { ...s, gt: e.gt, player: e.player, phase: e.phase, moved: [], attacked: [], attackedHexes: [] };
    case 'moved': {
      const to = e.path[e.path.length - 1];
      const next = withUnit(s, e.unit, (u) => ({
        ...u,
        at: e.forced?.result === 'removed' ? null : to,
        kg: u.kg || e.forced?.result === 'reduced',
      }));
      return { ...next, moved: [...s.moved, e.unit] };
    }
    case 'attacked':
      return { ...s, attacked: [...s.attacked, ...e.attackers], attackedHexes: [...s.attackedHexes, e.hex] };
    case 'lost':
      return withUnit(s, e.unit, (u) => (e.how === 'reduced' ? { ...u, kg: true } : { ...u, at: null }));
    case 'retreated':
      return withUnit(s, e.unit, (u) => ({ ...u, at: e.path[e.path.length - 1] ?? u.at }));
    case 'ended':
      return { ...s, over: true, result: e.result };
  }
}
