/**
 * Operation Unthinkable: From the Elbe to the Oder (S&T 333) as a pure decider. Rule numbers in comments are the
 * rulebook's; interpretations are in docs/rulings/operation-unthinkable.md.
 */
import type { DiceSource } from '../../core/dice';
import { RuleError } from '../../core/errors';
import type { Actor, GameStatus, LegalAction, Roles, Ruleset, Viewer } from '../../core/ruleset';
import { decideByTable, legalByTable, offeredByTable, waitingByTable } from '../../core/steps';
import type { MapData } from '../../maps/model';
import { type Command, parseCommand } from './commands';
import { evolve as evolveOn, initialState } from './evolve';
import { hints, type OuHints } from './hints';
import { fromMapData, type OuMap } from './map';
import mapJson from './map.json';
import { REACH, reachOptions } from './steps/phase';
import { STEP_NAMES, ouTable } from './table';
import type { Event, Options, State, View } from './types';
import { redact, view } from './view';

/** 0.4.0: one unit per placement, redeployment, drop, retreat and advance; moves name a destination; retreats may overstack (7.0). */
export const VERSION = '0.4.0';

export const DEFAULT_OPTIONS: Options = { hidden: false, prepared: false, tenTurns: false, splitOrder: false };

export function makeOperationUnthinkable(map: OuMap): Ruleset<State, Command, Event, View> & { map: OuMap } {
  const evolve = (s: State, e: Event) => evolveOn(map, s, e);
  const table = ouTable(map);
  const legalCache = new WeakMap<State, Map<string, LegalAction<Command>[]>>();
  return {
    id: 'operation-unthinkable',
    name: 'Operation Unthinkable: From the Elbe to the Oder',
    version: VERSION,
    map,
    scenarios: [
      {
        id: 'standard',
        name: 'Standard game (July 1945)',
        description: 'The full game: frontline roll, free set-up, eight game turns.',
        options: [
          {
            id: 'hidden',
            name: 'Hidden Soviet set-up (3.5.1)',
            description: 'Soviet units stand face down until the Allies have set up.',
            default: false,
          },
          {
            id: 'prepared',
            name: 'Soviet preparedness (3.5.2)',
            description: 'All R units arrive on game turn 1 instead of by 6.1 draws.',
            default: false,
          },
          { id: 'tenTurns', name: 'Ten-turn game (4.2)', description: 'Play two more game turns after turn 8.', default: false },
          {
            id: 'splitOrder',
            name: 'Separate army group orders (5.4)',
            description: 'Each Allied army group declares move/fight on its own.',
            default: false,
          },
        ],
      },
    ],
    roles(): Roles {
      return {
        sides: [
          {
            id: 'allied',
            name: 'Allies',
            commands: [
              {
                id: 'supreme',
                name: 'Allied supreme commander',
                description: 'Army group boundary, 1st Allied Airborne Army, move/fight order',
              },
              { id: 'us-12ag', name: 'US 12th Army Group', description: 'US units, on or south of the boundary' },
              {
                id: 'uk-21ag',
                name: 'British 21st Army Group',
                description: 'UK, Canadian, Polish and German units, north of the boundary',
              },
            ],
          },
          {
            id: 'soviet',
            name: 'Soviets',
            commands: [
              { id: 'stavka', name: 'Stavka', description: 'Reinforcements (R pool), maskirovka, move/fight order' },
              { id: '1bf', name: '1st Belorussian Front' },
              { id: '2bf', name: '2nd Belorussian Front' },
              { id: '1uf', name: '1st Ukrainian Front' },
            ],
          },
        ],
      };
    },
    initial: initialState,
    setup(scenario: string, options: Record<string, boolean>, dice: DiceSource): Event[] {
      if (scenario !== 'standard') throw new RuleError('BAD_COMMAND', null, `unknown scenario ${scenario}`);
      const opt: Options = { ...DEFAULT_OPTIONS };
      for (const k of Object.keys(opt) as (keyof Options)[]) if (typeof options[k] === 'boolean') opt[k] = options[k];
      const die = dice.roll(6); // 3.3 frontline roll
      return [
        { type: 'created', scenario, options: opt, version: VERSION },
        { type: 'frontline', die, line: die <= 3 ? 'elbe' : 'mulde' },
        { type: 'step', step: 'boundary0', turn: 0 },
      ];
    },
    evolve,
    decide(s: State, cmd: Command, actor: Actor, dice: DiceSource): Event[] {
      return decideByTable(table, map, s, cmd, actor, dice);
    },
    legal(s: State, actor: Actor): LegalAction<Command>[] {
      // states are never mutated after evolve: the answer is kept per state and seat
      let per = legalCache.get(s);
      if (!per) legalCache.set(s, (per = new Map()));
      const key = `${actor.side}|${[...actor.commands].sort().join(',')}`;
      let out = per.get(key);
      if (!out) per.set(key, (out = legalByTable(table, map, s, actor)));
      return out;
    },
    legalIsComplete: true,
    offered(s: State, actor: Actor, cmd: Command) {
      return offeredByTable(
        table,
        map,
        s,
        actor,
        cmd,
        (a) => (ch, picked) => (ch.lazy === REACH ? reachOptions(map, s, a, picked.units) : undefined),
      );
    },
    choiceOptions(s: State, actor: Actor, lazy: string, picked: Record<string, unknown>) {
      return lazy === REACH ? reachOptions(map, s, actor, picked.units) : [];
    },
    hints(s: State, viewer: Viewer): OuHints {
      return hints(map, s, viewer);
    },
    view,
    redact(e: Event, viewer: Viewer, before: State) {
      return redact(e, viewer, before);
    },
    status(s: State): GameStatus {
      const turn = s.turn === 0 ? 'Set-up' : `Game Turn ${s.turn} of ${s.lastTurn}`;
      if (s.result)
        return { turn, phase: STEP_NAMES.over, waitingFor: [], finished: true, result: `${s.result.winner} win: ${s.result.reason}` };
      return { turn, phase: STEP_NAMES[s.step], waitingFor: waitingByTable(table, map, s).waitingFor, finished: false };
    },
    parseCommand,
  };
}

/** The game on the built map (map.json: engine/games/operation-unthinkable/map/spec.ts, `npm run maps`). */
export const operationUnthinkable: Ruleset<State, Command, Event, View> = makeOperationUnthinkable(
  fromMapData(mapJson as unknown as MapData),
);

export type { Command } from './commands';
export type { Event, Options, State, View } from './types';
