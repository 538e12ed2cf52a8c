/**
 * The Initial and Mechanized Movement Phases (5.0, 5.5) and the infantry forced march (5.6). Each unit moves on
 * its own and once per phase (5.0 procedure); legal() offers a unit, then its destinations with their costs.
 * Overrun (5.7) is not yet supported.
 */
import type { ChoiceOption, LegalAction } from '../../../core/actions';
import { RuleError } from '../../../core/errors';
import type { Actor } from '../../../core/ruleset';
import type { Emitter, Step } from '../../../core/steps';
import type { Command } from '../commands';
import { unitType } from '../data';
import { type Destination, destinationCosts, destinations, type MoveBase, moveBase } from '../rules';
import { STACK_LIMIT } from '../setup';
import type { Event, State } from '../state';
import { nextPhase, phaseIndex, SEQUENCE, skipReason } from './sequence';

export const holds = (actor: Actor, command: string): boolean => actor.commands.includes(command);

/**
 * Why a unit may not move in this phase, or null when it may: 4.2 C and 10.45/10.52 (Russian artillery and
 * anti-tank only in the Mechanized Movement Phase), 5.5 (only mechanized and cavalry units then), 30.34D (no
 * Finnish move on GT 1), 5.0 (one move per phase). Repair units move only along rail (5.76, 6.66): not yet.
 */
export function cannotMove(s: State, id: string, forced = false): [string, string] | null {
  const u = s.units[id];
  const t = unitType(u.type);
  if (u.at === null) return ['5.0', 'the unit is not on the map'];
  if (u.side !== s.player) return ['4.1', 'only the phasing player moves'];
  if (s.moved.includes(id)) return ['5.0', 'a unit moves once per phase'];
  if (t.class === 'repair') return ['6.66', 'repair units move only along rail hexes (not yet supported)'];
  if (t.nat === 'finnish' && s.gt === 1) return ['30.34D', 'Finnish units may not move on Game-Turn 1'];
  if (s.phase === 'initial-movement' && t.mechPhaseOnly)
    return ['10.45', 'Russian artillery and anti-tank units move only in the Mechanized Movement Phase'];
  if (s.phase === 'mech-movement' && !t.mechPhase)
    return ['5.5', 'only mechanized and cavalry units move in the Mechanized Movement Phase'];
  if (forced && (s.phase !== 'initial-movement' || !t.forceMarch))
    return ['5.6', 'only infantry (not Finnish or security) force march, in the Initial Movement Phase'];
  return null;
}

/** Destination options of one unit, as the 'to' choice (5.14 minimum moves marked). */
function optionsOf(dests: Map<string, Destination>): ChoiceOption[] {
  return [...dests.values()].map((d) => ({
    value: d.hex,
    label: d.minimum ? `${d.hex} (minimum move, 5.14)` : `${d.hex} (${d.cost} MP)`,
    hex: d.hex,
    hint: { cost: d.cost, ...(d.minimum ? { minimum: true } : {}) },
  }));
}

/** The lazy option lists of a move's destinations, asked for one unit (Ruleset.choiceOptions). */
export const DESTINATIONS = 'destinations';
export const FORCED_DESTINATIONS = 'forced-destinations';

/**
 * Units that may move, each opening its destinations as a lazy choice (actions.ts `lazy`): the Dijkstra over the
 * 6,818-hex map runs only for the unit a player picks (destinationOptions), never for every unit in legal(). A
 * unit with nowhere to go is still listed and opens an empty list; decideMove refuses any hex it cannot reach.
 */
function movable(s: State, actor: Actor, forced: boolean): ChoiceOption[] {
  const options: ChoiceOption[] = [];
  for (const [id, u] of Object.entries(s.units)) {
    if (u.side !== actor.side || !holds(actor, u.command) || cannotMove(s, id, forced)) continue;
    options.push({
      value: id,
      label: `${u.label} ${unitType(u.type).name}${u.kg ? ' (KG/BG)' : ''}`,
      hex: u.at ?? undefined,
      next: [{ field: 'to', label: 'Destination', pick: 'one', options: [], lazy: forced ? FORCED_DESTINATIONS : DESTINATIONS }],
    });
  }
  return options;
}

/** Does legal() offer this unit to this actor under the lazy choice `lazy` (the same test, without legal())? */
export function offersUnit(s: State, actor: Actor, lazy: string, id: string): boolean {
  if (lazy !== DESTINATIONS && lazy !== FORCED_DESTINATIONS) return false;
  const forced = lazy === FORCED_DESTINATIONS;
  if (s.over || (s.phase !== 'initial-movement' && s.phase !== 'mech-movement')) return false;
  const p = SEQUENCE[phaseIndex(s)];
  if (!p || skipReason(s.gt, p) || (forced && s.phase !== 'initial-movement')) return false;
  const u = Object.hasOwn(s.units, id) ? s.units[id] : undefined;
  return !!u && u.side === actor.side && holds(actor, u.command) && !cannotMove(s, id, forced);
}

/** The destinations of one unit for the lazy choice `lazy`, for a unit offersUnit() accepts. */
export function destinationOptions(s: State, lazy: string, unit: string): ChoiceOption[] {
  const forced = lazy === FORCED_DESTINATIONS;
  const u = s.units[unit];
  return optionsOf(destinationCosts(s, unit, forced, STACK_LIMIT[u.side], moveBaseOf(s, u.side)));
}

const baseCache = new WeakMap<State, Partial<Record<string, MoveBase>>>();
/** Occupancy and enemy zones once per state and side (a client asks unit after unit in one position). */
function moveBaseOf(s: State, side: 'axis' | 'soviet'): MoveBase {
  let per = baseCache.get(s);
  if (!per) baseCache.set(s, (per = {}));
  return (per[side] ??= moveBase(s, side));
}

export function moveActions(s: State, actor: Actor): LegalAction<Command>[] {
  const out: LegalAction<Command>[] = [];
  const normal = movable(s, actor, false);
  if (normal.length)
    out.push({
      command: { type: 'move' } as Command,
      label: 'Move a unit',
      rule: '5.0',
      choices: [{ field: 'unit', label: 'Unit', pick: 'one', options: normal }],
    });
  if (s.phase === 'initial-movement') {
    const fm = movable(s, actor, true);
    if (fm.length)
      out.push({
        command: { type: 'move', forced: true } as Command,
        label: 'Force march an infantry unit (die roll of 1 reduces it)',
        rule: '5.6',
        choices: [{ field: 'unit', label: 'Unit', pick: 'one', options: fm }],
      });
  }
  return out;
}

export function decideMove(em: Emitter<State, Event>, cmd: Extract<Command, { type: 'move' }>, actor: Actor, roll: () => number): void {
  const s = em.s;
  const u = s.units[cmd.unit];
  if (!u) throw new RuleError('ILLEGAL', '5.0', `no unit ${cmd.unit}`);
  if (u.side !== actor.side || !holds(actor, u.command)) throw new RuleError('FORBIDDEN', null, `${u.label} is not under your command`);
  const forced = cmd.forced === true;
  const why = cannotMove(s, cmd.unit, forced);
  if (why) throw new RuleError('ILLEGAL', why[0], why[1]);
  const d = destinations(s, cmd.unit, forced, STACK_LIMIT[u.side]).get(cmd.to);
  if (!d) throw new RuleError('ILLEGAL', '5.21', `${u.label} cannot reach ${cmd.to} this phase`);
  let result: { die: number; result: 'none' | 'reduced' | 'removed' } | undefined;
  if (forced) {
    // 5.6: a one reduces the unit to its KG/BG; a KG/BG or a unit without one is eliminated.
    const die = roll();
    const t = unitType(u.type);
    result = { die, result: die !== 1 ? 'none' : t.reduced && !u.kg ? 'reduced' : 'removed' };
  }
  em.emit({
    type: 'moved',
    unit: cmd.unit,
    path: d.path,
    cost: d.cost,
    ...(d.minimum ? { minimum: true } : {}),
    ...(result ? { forced: result } : {}),
  });
}

export function movementStep(name: string, rule: string): Step<State, Command, Event, null> {
  return {
    name: `${name} (${rule})`,
    rule,
    waiting: (s) => (s.player ? [{ side: s.player, what: `move units, then end the ${name}` }] : []),
    legal: (s, _g, actor) => [...moveActions(s, actor), { command: { type: 'endPhase' }, label: `End the ${name}`, rule }],
    on: {
      move(em, _g, cmd, actor, dice) {
        decideMove(em, cmd, actor, () => dice.roll(6));
      },
      endPhase(em) {
        nextPhase(em);
      },
    },
  };
}
