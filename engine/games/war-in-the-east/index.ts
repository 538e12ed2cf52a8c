/**
 * War in the East (SPI, 1974) as a pure decider: the Barbarossa scenario (31.0) on the map built from geography.
 * Rule numbers in comments are the book's; readings and substitutes are in docs/rulings/war-in-the-east.md.
 * What is implemented and what is not is listed in README.md. In the lobby since version 0.2.0.
 */
import { RuleError } from '../../core/errors';
import type { GameStatus, LegalAction, Roles, Ruleset, ScenarioDef } from '../../core/ruleset';
import { decideByTable, Emitter, legalByTable, runAdvance, waitingByTable } from '../../core/steps';
import { type Command, parseCommand } from './commands';
import { roles as rolesData, scenario as scenarioData, turnRecord } from './data';
import { barbarossaPlacement } from './setup';
import { type Event, evolve, initial, type State } from './state';
import { destinationOptions, offersUnit } from './steps/movement';
import { table } from './table';
import { hints, redact, type View, view } from './view';

export const VERSION = '0.2.0';

const legalCache = new WeakMap<State, Map<string, LegalAction<Command>[]>>();

const SCENARIOS: ScenarioDef[] = [
  {
    id: 'barbarossa',
    name: 'Barbarossa, 1941 (31.0)',
    description: 'Game-Turns 1-20, 22 June to 8 November 1941. Movement, combat and the air war; rail, supply and reinforcements not yet.',
  },
];

const ROLES: Roles = {
  sides: rolesData.sides.map((s) => ({
    id: s.id,
    name: s.name,
    commands: s.commands.map((c) => ({ id: c.id, name: c.name, description: c.description })),
  })),
};

function checkScenario(id: string): void {
  if (!SCENARIOS.some((x) => x.id === id))
    throw new RuleError('BAD_COMMAND', null, `unknown War in the East scenario "${id}" (try "barbarossa")`);
}

export const warInTheEast: Ruleset<State, Command, Event, View> = {
  id: 'war-in-the-east',
  name: 'War in the East (1974)',
  version: VERSION,
  scenarios: SCENARIOS,
  roles(scenario) {
    checkScenario(scenario);
    return ROLES;
  },
  initial,
  setup(scenario, options, dice) {
    checkScenario(scenario);
    const extra = Object.keys(options);
    if (extra.length) throw new RuleError('BAD_COMMAND', null, `War in the East has no options yet (got ${extra.join(', ')})`);
    // 31.51: the Russian sets up, then the Axis (fixed substitute placement, setup.ts); 4.2 then starts GT 1.
    const em = new Emitter<State, Event>(evolve, initial());
    em.emit({ type: 'setUp', scenario, lastGt: scenarioData.gameTurns[1], units: barbarossaPlacement() });
    runAdvance(table, null, em, dice);
    return em.events;
  },
  evolve,
  decide(s, c, actor, dice) {
    if (actor.side !== 'axis' && actor.side !== 'soviet') throw new RuleError('FORBIDDEN', null, `there is no side "${actor.side}"`);
    return decideByTable(table, null, s, c, actor, dice);
  },
  legal(s, actor) {
    // states are immutable: one answer per state and seat (the server and the harnesses ask more than once)
    const key = `${actor.side}|${actor.commands.join(',')}`;
    let per = legalCache.get(s);
    if (!per) legalCache.set(s, (per = new Map()));
    let out = per.get(key);
    if (!out) per.set(key, (out = legalByTable(table, null, s, actor)));
    return out;
  },
  choiceOptions(s, actor, lazy, picked) {
    // only for a unit legal() offers this seat under that lazy choice: nothing about units it may not move
    const unit = picked.unit;
    return typeof unit === 'string' && offersUnit(s, actor, lazy, unit) ? destinationOptions(s, lazy, unit) : [];
  },
  view,
  hints,
  redact,
  status(s): GameStatus {
    const { phase, waitingFor } = waitingByTable(table, null, s);
    const turn = s.gt >= 1 ? `Game-Turn ${s.gt} of ${s.lastGt} (${turnRecord(s.gt).weeks}, ${turnRecord(s.gt).weather})` : 'Set-up';
    return { turn, phase, waitingFor, finished: s.over, ...(s.result ? { result: s.result } : {}) };
  },
  parseCommand,
  reveals: (e) => e.type === 'airRevealed',
};

export default warInTheEast;
