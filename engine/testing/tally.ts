/**
 * Tally: the smallest ruleset the platform can host, for concurrency tests, fuzzers and benches. Never offered
 * in the lobby (testOnly).
 *
 * Rules:
 *   T1  Two sides, a and b, each with two commands (a1, a2 / b1, b2). There are no turns: any seat of either
 *       side may act at any time, so many writers can race at one game.
 *   T2  `add {n}` with n an integer 1..9 adds n to the counter. The event records who added, how much, and the
 *       counter after the addition, so a log folded in order must reproduce every `total` it holds: an event
 *       decided on a stale state would show up as a wrong total.
 *   T3  Nothing is hidden; the game never ends.
 *
 * State is the counter, the number of additions, and per-actor sums (actor key "side:command+command").
 *
 * Tally is also the worked example of docs/adding-a-game.md: a command schema written once, a table of steps,
 * and decide/legal/status taken from the table.
 */
import { z } from 'zod';
import { RuleError } from '../core/errors';
import type { Actor, GameStatus, LegalAction, Roles, Ruleset, ScenarioDef, Viewer } from '../core/ruleset';
import { decideByTable, legalByTable, type Step, type StepTable, waitingByTable } from '../core/steps';

export const TALLY_SIDES = ['a', 'b'] as const;

const ROLES: Roles = {
  sides: [
    {
      id: 'a',
      name: 'Side A',
      commands: [
        { id: 'a1', name: 'A one' },
        { id: 'a2', name: 'A two' },
      ],
    },
    {
      id: 'b',
      name: 'Side B',
      commands: [
        { id: 'b1', name: 'B one' },
        { id: 'b2', name: 'B two' },
      ],
    },
  ],
};

const SCENARIOS: ScenarioDef[] = [{ id: 'count', name: 'Count', description: 'Everyone adds to one counter.' }];

export interface TallyState {
  started: boolean;
  total: number;
  adds: number;
  /** Sum added per actor key. */
  by: Record<string, number>;
}

const commandSchema = z.strictObject({ type: z.literal('add'), n: z.number().int().min(1).max(9) });

/** The command type is inferred from its schema: written once. */
export type TallyCommand = z.infer<typeof commandSchema>;

export type TallyEvent = { type: 'started'; scenario: string } | { type: 'added'; by: string; n: number; total: number };

/** The key per-actor counts are kept under: side and the commands held. */
export const actorKey = (a: Actor) => `${a.side}:${[...a.commands].sort().join('+')}`;

function parseCommand(input: unknown): TallyCommand {
  const r = commandSchema.safeParse(input);
  if (!r.success) throw new RuleError('BAD_COMMAND', 'T2', `not a tally command: ${z.prettifyError(r.error)}`);
  return r.data;
}

function initial(): TallyState {
  return { started: false, total: 0, adds: 0, by: {} };
}

function evolve(s: TallyState, e: TallyEvent): TallyState {
  switch (e.type) {
    case 'started':
      return { ...s, started: true };
    case 'added': {
      // Copy then assign: a spread with a computed key is several times slower in V8, and fold speed is benched.
      const by = { ...s.by };
      by[e.by] = (by[e.by] ?? 0) + e.n;
      return { started: s.started, total: s.total + e.n, adds: s.adds + 1, by };
    }
  }
}

const isSide = (side: string) => TALLY_SIDES.includes(side as 'a');

/** T1: before set-up nobody acts; after it, every seat of both sides may add at any time. */
const waitingForSetup: Step<TallyState, TallyCommand, TallyEvent, null> = {
  name: 'Set-up',
  rule: 'T1',
  waiting: () => [],
  legal: () => [],
  on: {},
};

const play: Step<TallyState, TallyCommand, TallyEvent, null> = {
  name: 'play',
  rule: 'T1',
  waiting: () => TALLY_SIDES.map((side) => ({ side, what: 'add whenever you like' })),
  legal: () => Array.from({ length: 9 }, (_, i) => ({ command: { type: 'add', n: i + 1 }, label: `Add ${i + 1}`, rule: 'T2' })),
  on: {
    // T2: the event carries the total after the addition.
    add(em, _g, cmd, actor) {
      em.emit({ type: 'added', by: actorKey(actor), n: cmd.n, total: em.s.total + cmd.n });
    },
  },
};

/** The whole sequence of play of tally: one step once set up. */
const table: StepTable<TallyState, TallyCommand, TallyEvent, null> = {
  evolve,
  current: (s) => (s.started ? play : waitingForSetup),
};

function checkSide(actor: Actor) {
  if (!isSide(actor.side)) throw new RuleError('FORBIDDEN', 'T1', `there is no side "${actor.side}" in tally`);
}

export const tally: Ruleset<TallyState, TallyCommand, TallyEvent, TallyState> = {
  id: 'tally',
  name: 'Tally (test game)',
  version: '1',
  testOnly: true,
  scenarios: SCENARIOS,
  roles(scenario) {
    if (!SCENARIOS.some((x) => x.id === scenario))
      throw new RuleError('BAD_COMMAND', null, `unknown tally scenario "${scenario}" (try "count")`);
    return ROLES;
  },
  initial,
  setup(scenario, options) {
    if (!SCENARIOS.some((x) => x.id === scenario))
      throw new RuleError('BAD_COMMAND', null, `unknown tally scenario "${scenario}" (try "count")`);
    const extra = Object.keys(options);
    if (extra.length) throw new RuleError('BAD_COMMAND', null, `tally has no options (got ${extra.join(', ')})`);
    return [{ type: 'started', scenario }];
  },
  evolve,
  decide(s, c, actor, dice) {
    checkSide(actor);
    if (!s.started) throw new RuleError('ILLEGAL', 'T1', 'the game has not been set up');
    return decideByTable(table, null, s, c, actor, dice);
  },
  legal(s, actor): LegalAction<TallyCommand>[] {
    return isSide(actor.side) ? legalByTable(table, null, s, actor) : [];
  },
  view(s, _viewer: Viewer) {
    return s;
  },
  redact(e) {
    return e;
  },
  status(s): GameStatus {
    const { phase, waitingFor } = waitingByTable(table, null, s);
    return { turn: `Total ${s.total} after ${s.adds} additions`, phase: s.started ? phase : 'setup', waitingFor, finished: false };
  },
  parseCommand,
};

export default tally;

/** A log of `n` additions by the four single-command actors in turn (for benches and fold tests). */
export function tallyLog(n: number, seed = 1): TallyEvent[] {
  const out: TallyEvent[] = [{ type: 'started', scenario: 'count' }];
  const keys = ['a:a1', 'a:a2', 'b:b1', 'b:b2'];
  let total = 0;
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    const k = 1 + (x % 9);
    total += k;
    out.push({ type: 'added', by: keys[i % 4], n: k, total });
  }
  return out;
}
