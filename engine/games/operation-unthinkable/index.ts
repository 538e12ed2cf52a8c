/**
 * Operation Unthinkable: From the Elbe to the Oder (S&T 333) as a pure decider. Rule numbers in comments are the
 * rulebook's; interpretations are in docs/rulings/operation-unthinkable.md.
 */
import { z } from 'zod';
import { RuleError } from '../../core/errors';
import type { Actor, GameStatus, LegalAction, Roles, Ruleset, Viewer } from '../../core/ruleset';
import type { DiceSource } from '../../core/dice';
import { evolve as evolveOn, initialState } from './evolve';
import { fromMapData, type OuMap } from './map';
import type { MapData } from '../../maps/model';
import mapJson from './map.json';
import { unitDef } from './data';
import { autoStep, combatSide, fold, READY_STEPS, requiredCommands, stepOf, SUPREME } from './steps';
import { redact, view } from './view';
import type { Command, Event, Options, Side, State, StepId, View } from './types';

export const VERSION = '0.3.0';

const hex = z.string().regex(/^\d{4}$/);
const unit = z.string().min(1).max(40);
const placement = z.tuple([unit, hex]);
const commandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('boundary'), kind: z.enum(['row', 'sw-ne', 'nw-se']), hex }),
  z.object({ type: z.literal('keep-boundary') }),
  z.object({ type: z.literal('place'), placements: z.array(placement).max(300) }),
  z.object({ type: z.literal('end-setup') }),
  z.object({ type: z.literal('redeploy'), unit, hex }),
  z.object({ type: z.literal('end-maskirovka') }),
  z.object({ type: z.literal('airdrop'), drops: z.array(placement).min(1).max(2) }),
  z.object({ type: z.literal('order'), order: z.enum(['move-fight', 'fight-move']), group: z.enum(['US', 'UK']).optional() }),
  z.object({
    type: z.literal('move'),
    units: z.array(unit).min(1).max(10),
    path: z
      .array(z.union([hex, z.literal('exit')]))
      .min(1)
      .max(40),
  }),
  z.object({
    type: z.literal('attack'),
    target: hex,
    units: z.array(unit).min(1).max(20),
    artillery: z.array(unit).max(20).optional(),
    bomber: z.enum(['US', 'UK']).optional(),
  }),
  z.object({ type: z.literal('support'), artillery: z.array(unit).max(20) }),
  z.object({ type: z.literal('loss'), unit }),
  z.object({ type: z.literal('bb-extra'), unit: unit.nullable() }),
  z.object({ type: z.literal('bb-defend'), unit: unit.optional(), retreat: z.array(placement).max(10).optional() }),
  z.object({ type: z.literal('retreat'), moves: z.array(placement).max(10), loss: unit.optional() }),
  z.object({ type: z.literal('advance'), units: z.array(unit).max(20) }),
  z.object({ type: z.literal('end-phase') }),
]);

const STEP_NAMES: Record<StepId, string> = {
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

export const DEFAULT_OPTIONS: Options = { hidden: false, prepared: false, tenTurns: false, splitOrder: false };

export function makeOperationUnthinkable(map: OuMap): Ruleset<State, Command, Event, View> & { map: OuMap } {
  const evolve = (s: State, e: Event) => evolveOn(map, s, e);
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
      if (s.result) throw new RuleError('ILLEGAL', '4.2', 'the game is over');
      const step = stepOf(s);
      const side = step.side(s);
      if (actor.side !== side) throw new RuleError('NOT_YOUR_TURN', '5.1', `waiting for the ${side ?? 'nobody'} side`);
      const h = (step.on as Record<string, ((...a: unknown[]) => Event[]) | undefined>)[cmd.type];
      if (!h) throw new RuleError('ILLEGAL', '5.1', `${cmd.type} is not possible now (${STEP_NAMES[s.step]})`);
      const ev = h(map, s, cmd, actor, dice);
      let cur = fold(map, s, ev);
      for (let k = 0; k < 1000; k++) {
        const more = autoStep(map, cur, dice);
        if (!more.length) break;
        ev.push(...more);
        cur = fold(map, cur, more);
      }
      return ev;
    },
    legal(s: State, actor: Actor): LegalAction<Command>[] {
      if (s.result) return [];
      const step = stepOf(s);
      if (step.side(s) !== actor.side) return [];
      // legal() probes many candidate commands through decide's validators; refused probes need no stack traces
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 0;
      try {
        return step.legal(map, s, actor);
      } finally {
        Error.stackTraceLimit = limit;
      }
    },
    view,
    redact(e: Event, viewer: Viewer, before: State) {
      return redact(e, viewer, before);
    },
    status(s: State): GameStatus {
      const turn = s.turn === 0 ? 'Set-up' : `Game Turn ${s.turn} of ${s.lastTurn}`;
      if (s.result)
        return { turn, phase: STEP_NAMES.over, waitingFor: [], finished: true, result: `${s.result.winner} win: ${s.result.reason}` };
      const step = stepOf(s);
      const side = step.side(s) as Side;
      let waitingFor: GameStatus['waitingFor'];
      if (s.combat) waitingFor = [{ side: combatSide(s.combat), what: `combat at ${s.combat.target}: ${s.combat.stage}` }];
      else if (READY_STEPS.includes(s.step)) {
        const req = requiredCommands(s, side).filter((c) => !s.ph.ready.includes(c));
        waitingFor = req.length
          ? req.map((command) => ({ side, command, what: STEP_NAMES[s.step] }))
          : [{ side, what: STEP_NAMES[s.step] }];
      } else if (s.step === 'recycle') {
        const cmds = [
          ...new Set(
            Object.keys(s.u)
              .filter((id) => s.u[id].at === `box:${s.turn}`)
              .map((id) => unitDef(id).cmd),
          ),
        ];
        waitingFor = cmds.map((command) => ({ side, command, what: STEP_NAMES[s.step] }));
      } else waitingFor = [{ side, command: SUPREME[side], what: STEP_NAMES[s.step] }];
      return { turn, phase: STEP_NAMES[s.step], waitingFor, finished: false };
    },
    parseCommand(input: unknown): Command {
      const r = commandSchema.safeParse(input);
      if (!r.success)
        throw new RuleError(
          'BAD_COMMAND',
          null,
          `bad command: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      return r.data as Command;
    },
  };
}

/** The game on the built map (map.json: engine/games/operation-unthinkable/map/spec.ts, `npm run maps`). */
export const operationUnthinkable: Ruleset<State, Command, Event, View> = makeOperationUnthinkable(
  fromMapData(mapJson as unknown as MapData),
);

export type { State, Command, Event, View, Options } from './types';
