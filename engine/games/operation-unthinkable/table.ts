/**
 * Operation Unthinkable's sequence of play as one table of steps (engine/core/steps.ts): set-up (3.3-3.7), then
 * each game turn (5.1): boundary, airborne entry, the two player-turns of two phases each, reinforcements,
 * recycling. A pending combat (11.0-11.4) and the removal of excess units at the end of a phase (7.0) take
 * precedence over the phase they arise in.
 */
import type { DiceSource } from '../../core/dice';
import type { Step, StepTable } from '../../core/steps';
import type { Command } from './commands';
import { evolve } from './evolve';
import { isAirborne, tables, unitDef } from './data';
import type { OuMap } from './map';
import { requireCovers } from './movement';
import { placeable } from './placement';
import { advanceStep, type Em, overstacked, stepDone } from './sequence';
import { airborneStep, orderStep } from './steps/airborne';
import { arrivalStep } from './steps/arrivals';
import { autoCombat, combatStep } from './steps/combat';
import { phaseStep, removalStep } from './steps/phase';
import { boundaryStep, maskirovkaStep, setupStep } from './steps/setup';
import type { Event, State, StepId } from './types';

export const STEP_NAMES: Record<StepId, string> = {
  boundary0: 'Set-up: army group boundary (3.4)',
  'setup-soviet': 'Set-up: Soviet deployment (3.5)',
  'setup-allied': 'Set-up: Allied deployment (3.6)',
  maskirovka: 'Set-up: Soviet maskirovka (3.7)',
  boundary: 'Start of turn: army group boundary (3.4)',
  airborne: 'Allied Airborne Entry Phase (5.3)',
  'order-allied': 'Allied move/fight declaration (5.4)',
  'allied-1': 'Allied first phase (5.4)',
  'allied-2': 'Allied second phase (5.4)',
  prepared: 'Soviet preparedness arrivals (3.5.2)',
  'order-soviet': 'Soviet move/fight declaration (5.4)',
  'soviet-1': 'Soviet first phase (5.4)',
  'soviet-2': 'Soviet second phase (5.4)',
  reinforce: 'Soviet Reinforcement Phase (6.1)',
  recycle: 'Allied Recycling Phase (6.2)',
  over: 'Game over',
};

type OuStep = Step<State, Command, Event, OuMap>;

const over: OuStep = { name: STEP_NAMES.over, rule: '4.2', waiting: () => [], legal: () => [], on: {} };

export const STEPS: Record<StepId, OuStep> = {
  boundary0: boundaryStep(true),
  'setup-soviet': setupStep('soviet'),
  'setup-allied': setupStep('allied'),
  maskirovka: maskirovkaStep,
  boundary: boundaryStep(false),
  airborne: airborneStep,
  'order-allied': orderStep('allied'),
  'allied-1': phaseStep('allied', STEP_NAMES['allied-1']),
  'allied-2': phaseStep('allied', STEP_NAMES['allied-2']),
  prepared: arrivalStep('reinf', STEP_NAMES.prepared),
  'order-soviet': orderStep('soviet'),
  'soviet-1': phaseStep('soviet', STEP_NAMES['soviet-1']),
  'soviet-2': phaseStep('soviet', STEP_NAMES['soviet-2']),
  reinforce: arrivalStep('reinf', STEP_NAMES.reinforce),
  recycle: arrivalStep('recycle', STEP_NAMES.recycle),
  over,
};

/** Everything that happens without input after a command; emits nothing while the game waits for someone. */
function advance(em: Em, map: OuMap, dice: DiceSource): void {
  const s = em.s;
  if (s.result) return;
  const sovietExits = s.exits.filter((e) => e.side === 'soviet').length;
  if (s.turn >= tables.victory.suddenDeathFromTurn && sovietExits >= tables.victory.suddenDeathExits) {
    em.emit({ type: 'ended', winner: 'soviet', reason: `${sovietExits} Soviet units left the west edge (4.1)` });
    return;
  }
  if (s.combat) {
    autoCombat(em, map, dice);
    return;
  }
  if (stepDone(s)) {
    if (!overstacked(map, s).length) advanceStep(em, dice); // else the owner removes excess units first (7.0)
    return;
  }
  switch (s.step) {
    case 'airborne':
      if (!Object.entries(s.u).some(([id, u]) => u.at === 'aside' && isAirborne(unitDef(id)))) advanceStep(em, dice);
      return;
    case 'reinforce':
    case 'prepared':
      if (!placeable(map, s, 'drawn').length) advanceStep(em, dice);
      return;
    case 'recycle':
      if (!placeable(map, s, `box:${s.turn}`).length) advanceStep(em, dice);
      return;
  }
}

export function ouTable(map: OuMap): StepTable<State, Command, Event, OuMap> {
  return {
    evolve: (s, e) => evolve(map, s, e),
    current: (s) => (s.combat ? combatStep : stepDone(s) && overstacked(map, s).length ? removalStep : STEPS[s.step]),
    advance,
    over: (s) => s.result !== null,
    // 3.0, 10.0: a seat sets up and moves only its own side's units of the commands it holds
    authority(_s, _m, actor, c) {
      const ids = c.type === 'move' ? c.units : c.type === 'place' ? [c.unit] : [];
      requireCovers(actor, ids, c.type === 'move' ? '10.0' : '3.6', c.type === 'move' ? '3.4' : '3.0');
    },
  };
}
