/**
 * The Joint Air War Turn (4.2 A, 12.1-12.2) and the air points' round trip. Both sides commit at the same time and
 * in secret (12.12): a commitment is sealed in the state (view.ts hides it from the other side) until both are in,
 * then both are revealed together and air combat is fought at once (12.2). Air-ground support points add one to
 * the die of one attack each (12.31, 12.32) and come back to Available; those unused come back in the owner's Air
 * Interdiction Phase (12.14; interdiction markers themselves, 12.4, are not yet placed).
 *
 * Substitute: the Air Combat Table (data/air.json) and the attacker's grouping of points (12.2 lets him choose;
 * the engine deals his points as evenly as it can over the defending points, the largest groups first; with our
 * table every legal grouping has the same expected kills). Not yet: the 20-hex rail range of support (12.33).
 */
import type { ChoiceOption, LegalAction } from '../../../core/actions';
import type { DiceSource } from '../../../core/dice';
import { RuleError } from '../../../core/errors';
import type { Actor } from '../../../core/ruleset';
import type { Emitter, Step } from '../../../core/steps';
import type { Command } from '../commands';
import { air, type Side } from '../data';
import { airKills, groundSupportLosses } from '../data/tables';
import { weather } from '../rules';
import type { AirBoxes, Event, State } from '../state';
import { holds } from './movement';
import { nextPhase } from './sequence';

/** The command that runs each side's air power (roles.json: OKH and Stavka). */
export const AIR_COMMAND: Record<Side, string> = { axis: 'okh', soviet: 'stavka' };
const SIDES: Side[] = ['axis', 'soviet'];

/** The most a side may commit this turn (12.15, 14.15, 14.24: half in Mud, half for the Axis in Snow). */
export function commitCap(s: State, side: Side): number {
  const avail = s.air[side].available;
  const w = weather(s);
  const frac = w === 'mud' ? air.commitment.mudMaxFraction[side] : w === 'snow' ? air.commitment.snowMaxFraction[side] : 1;
  return Math.floor(avail * frac);
}

/** The least the side must commit (12.16: the Russian, at 25 or more available, commits at least half). */
export function commitFloor(s: State, side: Side): number {
  const avail = s.air[side].available;
  return side === 'soviet' && avail >= air.commitment.sovietMustCommitHalfAtOrAbove ? Math.ceil(avail / 2) : 0;
}

const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);

function commitActions(s: State, actor: Actor): LegalAction<Command>[] {
  const side = actor.side as Side;
  if (s.sealed[side] || !holds(actor, AIR_COMMAND[side])) return [];
  const cap = commitCap(s, side);
  const floor = commitFloor(s, side);
  const options: ChoiceOption[] = range(0, cap).map((sup) => ({
    value: sup,
    label: `${sup} to air superiority`,
    next: [
      {
        field: 'groundSupport',
        label: 'Air-ground support points',
        pick: 'one',
        options: range(Math.max(0, floor - sup), cap - sup).map((g) => ({ value: g, label: `${g} to air-ground support` })),
      },
    ],
  }));
  return [
    {
      command: { type: 'commitAir' } as Command,
      label: `Commit air points in secret (${s.air[side].available} available, at most ${cap})`,
      rule: '12.12',
      choices: [{ field: 'superiority', label: 'Air superiority points', pick: 'one', options }],
    },
  ];
}

export function decideCommit(em: Emitter<State, Event>, cmd: Extract<Command, { type: 'commitAir' }>, actor: Actor): void {
  const side = actor.side as Side;
  const s = em.s;
  if (!holds(actor, AIR_COMMAND[side])) throw new RuleError('FORBIDDEN', '12.12', `air commitment belongs to ${AIR_COMMAND[side]}`);
  if (s.sealed[side]) throw new RuleError('ILLEGAL', '12.12', 'your air commitment is already in');
  const total = cmd.superiority + cmd.groundSupport;
  if (total > commitCap(s, side)) throw new RuleError('ILLEGAL', '12.15', `at most ${commitCap(s, side)} air points may be committed now`);
  if (total < commitFloor(s, side))
    throw new RuleError('ILLEGAL', '12.16', `at least ${commitFloor(s, side)} air points must be committed`);
  em.emit({ type: 'airCommitted', side, superiority: cmd.superiority, groundSupport: cmd.groundSupport });
  const { axis, soviet } = em.s.sealed;
  if (axis && soviet) {
    em.emit({ type: 'airRevealed', axis, soviet });
    nextPhase(em);
  }
}

/** Split `points` into `n` groups as evenly as possible, largest first (substitute for the attacker's choice, 12.2). */
export function evenGroups(points: number, n: number): number[] {
  return range(0, n - 1).map((i) => Math.floor(points / n) + (i < points % n ? 1 : 0));
}

/** Air combat (12.2) and the air-ground support attrition after it. */
export function resolveAirCombat(em: Emitter<State, Event>, dice: DiceSource): void {
  const s = em.s;
  const sup = { axis: s.air.axis.superiority, soviet: s.air.soviet.superiority };
  const killed = { axis: 0, soviet: 0 };
  const rolls: { by: Side; group: number; die: number; kill: boolean }[] = [];
  const fight = (by: Side, group: number) => {
    const die = dice.roll(6);
    const kill = airKills(group, die);
    rolls.push({ by, group, die, kill });
    if (kill) killed[by === 'axis' ? 'soviet' : 'axis'] += 1;
  };
  let attacker: Side | null = null;
  if (sup.axis === sup.soviet) {
    // equal commitments: each side attacks every enemy point at 1-1, no counterattacks
    for (const side of SIDES) for (let k = 0; k < sup[side === 'axis' ? 'soviet' : 'axis']; k++) fight(side, 1);
  } else {
    attacker = sup.axis > sup.soviet ? 'axis' : 'soviet';
    const defender: Side = attacker === 'axis' ? 'soviet' : 'axis';
    for (const g of evenGroups(sup[attacker], sup[defender])) {
      fight(attacker, g);
      fight(defender, 1); // the counterattack on one point of the group, whether the defending point survived or not
    }
  }
  const survivors = { axis: sup.axis - killed.axis, soviet: sup.soviet - killed.soviet };
  const agsLost = {
    axis: groundSupportLosses(survivors.axis, survivors.soviet, s.air.axis.groundSupport),
    soviet: groundSupportLosses(survivors.soviet, survivors.axis, s.air.soviet.groundSupport),
  };
  em.emit({ type: 'airCombat', attacker, rolls, superiorityLost: killed, groundSupportLost: agsLost });
}

export const airCommitStep: Step<State, Command, Event, null> = {
  name: 'Air Commitment Phase (12.12)',
  rule: '12.12',
  waiting: (s) => SIDES.filter((x) => !s.sealed[x]).map((x) => ({ side: x, command: AIR_COMMAND[x], what: 'commit air points in secret' })),
  legal: (s, _g, actor) => commitActions(s, actor),
  on: {
    commitAir(em, _g, cmd, actor) {
      decideCommit(em, cmd, actor);
    },
  },
};

export const emptyBoxes = (available: number): AirBoxes => ({ available, superiority: 0, groundSupport: 0 });
