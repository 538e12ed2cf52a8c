/**
 * EastFront's table of steps (engine/core/steps.ts): the sequence of play (4.x) as one entry per phase, plus
 * the passive side's pending decisions (defensive fire 7.22, hit and repulse allocation 7.33/7.51, the units
 * beyond a stacking limit that go unsupplied 6.22), which take precedence over the phase while they are owed.
 * Dispatch, whose turn it is and status().waitingFor all come from here.
 */
import type { StepTable } from '../../../core/steps';
import { evolve } from '../evolve';
import type { Command, Event, Phase, State } from '../state';
import { combatStep } from './combat';
import { commandStep } from './command';
import { commandOfHq, type EfHandler, type EfStep, type Game, requireHolds } from './game';
import { movementStep } from './movement';
import { resolvePath } from './paths';
import { productionStep } from './production';
import { allocateStep, defendStep } from './round';
import { checkFixable } from './stacking';
import { unsupplyStep } from './supply';

/**
 * Ruling and the `to`/`via` form of moves: in the Command and Movement phases every command first has
 * its destination resolved into a path, and is refused if it leaves an overstack that could no longer be put
 * right before movement ends.
 */
export function moving(step: EfStep): EfStep {
  const on: EfStep['on'] = {};
  for (const [type, h] of Object.entries(step.on) as [Command['type'], EfHandler<Command['type']>][]) {
    const wrapped: EfHandler<Command['type']> = (em, g, c, actor, dice) => {
      const phase = em.s.phase;
      h(em, g, resolvePath(em.s, g, c), actor, dice);
      if (em.s.phase === phase) checkFixable(em.s, g, em.s.active);
    };
    (on as Record<string, EfHandler<Command['type']>>)[type] = wrapped;
  }
  return { ...step, on };
}

export const idle = (name: string): EfStep => ({ name, waiting: () => [], legal: () => [], on: {} });

export const PHASES: Record<Phase, EfStep> = {
  command: moving(commandStep),
  movement: moving(movementStep('Movement Phase')),
  blitzMovement: moving(movementStep('Blitz Movement Phase')),
  combat: combatStep('Combat Phase'),
  blitzCombat: combatStep('Blitz Combat Phase'),
  supply: idle('Supply Phase'),
  production: productionStep,
  over: idle('Game over'),
};

export const UNSUPPORTED: Record<string, [string, string]> = {
  seaMove: ['15.2', 'Sea movement'],
  invade: ['15.4', 'Sea invasions'],
  exitZone: ['16.23', 'Exit Zone movement'],
  disband: ['11.52', 'Disbanding units'],
  advanceReinforcement: ['11.51', 'Advanced arrival of reinforcements'],
};

export const TABLE: StepTable<State, Command, Event, Game> = {
  evolve,
  current(s) {
    switch (s.prompt?.kind) {
      case 'defend':
        return defendStep;
      case 'allocate':
        return allocateStep;
      case 'unsupply':
        return unsupplyStep;
      default:
        return PHASES[s.phase];
    }
  },
  unsupported: UNSUPPORTED,
  over: (s) => s.phase === 'over',
  // 5.2, 5.3: an HQ is activated, and a block moved under an HQ, only by the seat holding that HQ's command
  authority(s, g, actor, c) {
    const hq = c.type === 'activate' ? c.hq : 'by' in c && typeof c.by === 'string' ? c.by : undefined;
    const h = hq ? s.units[hq] : undefined;
    if (!h || h.side !== s.active || h.side !== actor.side) return;
    const activating = c.type === 'activate';
    requireHolds(
      g,
      actor,
      h.side,
      commandOfHq(g, h.side, h.id),
      activating ? `Activating ${h.name}` : `Moving under ${h.name}`,
      activating ? '5.2' : '5.3',
    );
  },
};
