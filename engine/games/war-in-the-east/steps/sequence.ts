/**
 * The sequence of play (4.2) as data: the Joint Air War Turn, the Axis Player-Turn, then the Russian Player-Turn
 * (31.51: the Axis always moves first in Barbarossa). Phases the engine does not play yet pass by themselves and
 * say why in their `phase` event; their commands are refused with NOT_SUPPORTED and the rule (table.ts).
 */
import type { Emitter } from '../../../core/steps';
import { witeBoard } from '../board';
import { air, type Side, scenario, turnRecord } from '../data';
import { victoryLevel } from '../data/tables';
import { occupancy, sideAt } from '../rules';
import { STACK_LIMIT } from '../setup';
import type { Event, PhaseId, PlacedUnit, State } from '../state';

export interface PhaseDef {
  phase: PhaseId;
  player: Side | null;
  name: string;
  rule: string;
}

const playerPhases = (player: Side): PhaseDef[] => [
  { phase: 'reinforcement', player, name: 'Reinforcement Phase', rule: '4.2 B1' },
  { phase: 'initial-movement', player, name: 'Initial Movement Phase', rule: '4.2 B2, 5.0' },
  { phase: 'rail-sea', player, name: 'Rail and Sea Movement Phase', rule: '4.2 B3, 6.0, 7.0' },
  { phase: 'combat', player, name: 'Combat Phase', rule: '4.2 B4, 10.0' },
  { phase: 'mech-movement', player, name: 'Mechanized Movement Phase', rule: '4.2 B5, 5.5' },
  { phase: 'interdiction', player, name: 'Air Interdiction Phase', rule: '4.2 B6, 12.4' },
];

/** One Game-Turn, in order (4.2 A-C). */
export const SEQUENCE: readonly PhaseDef[] = [
  { phase: 'air-commitment', player: null, name: 'Air Commitment Phase', rule: '4.2 A1, 12.1' },
  { phase: 'air-combat', player: null, name: 'Air Combat Phase', rule: '4.2 A2, 12.2' },
  ...playerPhases('axis'),
  ...playerPhases('soviet'),
  { phase: 'production', player: 'soviet', name: 'Production Phase', rule: '4.2 C7, 15.0' },
];

export function phaseIndex(s: Pick<State, 'phase' | 'player'>): number {
  return SEQUENCE.findIndex((p) => p.phase === s.phase && p.player === s.player);
}

/** Why a phase passes without play, or undefined when it is played. */
export function skipReason(gt: number, p: PhaseDef): string | undefined {
  switch (p.phase) {
    case 'air-commitment':
    case 'air-combat':
      return gt === 1 ? 'no Joint Air War Turn on Game-Turn 1 (30.34B)' : undefined;
    case 'reinforcement':
      return p.player === 'soviet' && gt <= 3
        ? 'militia placed (29.35); scheduled reinforcements and draft replacements NOT_SUPPORTED yet (29.3, 20.0)'
        : 'NOT_SUPPORTED: scheduled reinforcements and draft replacements (29.3, 20.0)';
    case 'rail-sea':
      return 'NOT_SUPPORTED: rail and sea movement (6.0, 7.0)';
    case 'interdiction':
      return 'NOT_SUPPORTED: interdiction markers (12.4); unused air-ground support points return to Available (12.14)';
    case 'production':
      return 'not used in Barbarossa: Russian reinforcements come from the Turn Record (31.32)';
    default:
      return undefined;
  }
}

/**
 * Barbarossa victory (31.6): Personnel Centre hexes occupied by Axis units at the end of GT 20. The Line of
 * Communications the Axis must trace to each (31.6, 13.0) is not yet checked: every occupied centre counts.
 */
export function axisPersonnelCentres(s: State): number {
  const b = witeBoard();
  const occ = occupancy(s);
  return b.personnelCentres.filter((i) => sideAt(s, occ.get(i)) === 'axis').length;
}

/** Emit the start of the next phase (with why it is skipped, if it is), or the end of the game after the last turn. */
export function nextPhase(em: Emitter<State, Event>): void {
  const s = em.s;
  const k = s.phase === null ? -1 : phaseIndex(s);
  let gt = s.phase === null ? 1 : s.gt;
  let next = k + 1;
  if (next >= SEQUENCE.length) {
    if (gt >= s.lastGt) {
      const pcs = axisPersonnelCentres(s);
      em.emit({ type: 'ended', personnelCentres: pcs, result: victoryLevel(pcs) });
      return;
    }
    gt += 1;
    next = 0;
  }
  if (s.player === 'soviet' && s.phase === 'initial-movement') militiaOverstack(em);
  const p = SEQUENCE[next];
  const skipped = skipReason(gt, p);
  em.emit({ type: 'phase', gt, player: p.player, phase: p.phase, ...(skipped ? { skipped } : {}) });
  if (p.phase === 'reinforcement' && p.player === 'axis') {
    // 12.51: the Axis air replacements of the Turn Record, never above the cap on the chart
    const a = em.s.air.axis;
    const points = Math.min(turnRecord(gt).axisAir, air.replacements.axis.cap - a.available - a.superiority - a.groundSupport);
    if (points > 0) em.emit({ type: 'airReplaced', side: 'axis', points });
  }
  if (p.phase === 'reinforcement' && p.player === 'soviet') placeMilitia(em, gt);
}

/**
 * 29.35: in the Russian Reinforcement Phase of GT 1-3, two, two, then one militia 1-4 in each on-map Personnel
 * Centre no Axis unit occupies, even in an enemy zone of control or over the stacking limit. Militia of the five
 * off-map centres (30.32) enter at the east edge: not yet (their entry, like scheduled reinforcements, is 29.3).
 */
function placeMilitia(em: Emitter<State, Event>, gt: number): void {
  const m = scenario.militia;
  const per = (m.perPersonnelCentre as Record<string, number>)[String(gt)] ?? 0;
  if (!per) return;
  const b = witeBoard();
  const occ = occupancy(em.s);
  const units: PlacedUnit[] = [];
  for (const i of b.personnelCentres) {
    if (sideAt(em.s, occ.get(i)) === 'axis') continue;
    for (let k = 0; k < per; k++) {
      const n = units.length + 1;
      units.push({
        id: `${m.series}-${gt}-${n}`,
        type: m.type,
        side: 'soviet',
        command: 'stavka',
        label: `Militia ${gt}/${n}`,
        at: b.ids[i],
      });
    }
  }
  if (units.length) em.emit({ type: 'militia', gt, units });
}

/** 29.35: militia still over the stacking limit at the end of the first Movement Phase are eliminated. */
function militiaOverstack(em: Emitter<State, Event>): void {
  for (const ids of occupancy(em.s).values()) {
    const soviet = ids.filter((id) => em.s.units[id].side === 'soviet');
    let over = soviet.length - STACK_LIMIT.soviet;
    for (const id of [...soviet].reverse()) {
      if (over <= 0) break;
      if (!id.startsWith(`${scenario.militia.series}-`)) continue;
      em.emit({ type: 'lost', unit: id, how: 'removed', rule: '29.35' });
      over--;
    }
  }
}

/** The automatic advance: pass phases that are not played. */
export function advance(em: Emitter<State, Event>): void {
  const s = em.s;
  if (s.over || s.scenario === null) return;
  const k = s.phase === null ? -1 : phaseIndex(s);
  if (s.phase === null || (k >= 0 && skipReason(s.gt, SEQUENCE[k]))) nextPhase(em);
}
