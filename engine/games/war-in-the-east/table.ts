/** The StepTable of War in the East: the step in force for the current phase, and the automatic advance. */
import type { Step, StepTable } from '../../core/steps';
import type { Command } from './commands';
import type { DiceSource } from '../../core/dice';
import type { Emitter } from '../../core/steps';
import { airCommitStep, resolveAirCombat } from './steps/air';
import { combatStep } from './steps/combat';
import { movementStep } from './steps/movement';
import { advance, nextPhase, phaseIndex, SEQUENCE, skipReason } from './steps/sequence';
import { evolve, type Event, type State } from './state';

type WStep = Step<State, Command, Event, null>;

const idle: WStep = { name: 'Set-up', rule: '31.51', waiting: () => [], legal: () => [], on: {} };
const initialMovement = movementStep('Initial Movement Phase', '5.0');
const mechMovement = movementStep('Mechanized Movement Phase', '5.5');

/** A phase that passes by itself (never in force after the advance; kept for status during folding). */
const passing = (name: string, rule: string): WStep => ({ name: `${name} (${rule})`, rule, waiting: () => [], legal: () => [], on: {} });

export const table: StepTable<State, Command, Event, null> = {
  evolve,
  current(s) {
    if (s.scenario === null || s.phase === null) return idle;
    const k = phaseIndex(s);
    const p = SEQUENCE[k];
    if (!p || skipReason(s.gt, p)) return passing(p?.name ?? 'phase', p?.rule ?? '4.2');
    if (s.phase === 'air-commitment') return airCommitStep;
    if (s.phase === 'initial-movement') return initialMovement;
    if (s.phase === 'mech-movement') return mechMovement;
    if (s.phase === 'combat') return combatStep;
    return passing(p.name, p.rule);
  },
  advance: (em, _g, dice) => advanceAll(em, dice),
  over: (s) => s.over,
  unsupported: {
    rail: ['6.0', 'Rail movement'],
    sea: ['7.0', 'Sea movement'],
    overrun: ['5.7', 'Overrun'],
    interdict: ['12.4', 'Air interdiction'],
  },
};

/** The automatic advance: air combat as soon as its phase begins (12.2), then the phases that pass by themselves. */
function advanceAll(em: Emitter<State, Event>, dice: DiceSource): void {
  const s = em.s;
  if (!s.over && s.phase === 'air-combat' && s.gt > 1) {
    resolveAirCombat(em, dice);
    nextPhase(em);
    return;
  }
  advance(em);
}
