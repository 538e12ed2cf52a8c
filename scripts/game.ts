/**
 * Headless game runner: set up a game, apply a list of commands through the same engine the server uses, and
 * print one JSON object describing the outcome. Full reference: docs/game-runner.md.
 *
 *   npm run game -- <game> <scenario> [--commands FILE.jsonl] [--dice FILE | --seed N] [--options a,b]
 *                   [--actor-map MAP] [--keep-going] [--compact]
 *
 * Commands file (JSON Lines; `-` reads standard input): one command per line,
 *     {"actor": {"side": "red", "commands": ["red-north"]}, "command": {"type": "move", "piece": "r1", "to": {"q": -2, "r": -1}}}
 *   Blank lines and lines starting with `#` or `//` are skipped. `actor` may also be a string: a name from the
 *   actor map, a side id (a solo player holding all of that side's commands) or a command id (a seat holding
 *   just that command). When `commands` is left out of an actor object the seat holds all of its side's commands.
 *
 * Dice: `--dice FILE` lists die faces (separated by whitespace or commas, or as one JSON array) consumed in order
 *   by FixedDice, set-up rolls first; running out is an error. Without it dice come from SeededDice(--seed, default 1).
 *
 * Options: `--options a,b` turns the named scenario options on; the others keep their defaults.
 *
 * Actor map: `--actor-map` takes inline JSON ({"alice": {"side": "red", "commands": ["red-north"]}}), a path to such
 *   a JSON file, or a short list `alice=red:red-north+red-south,bob=blue` (a bare side means all its commands).
 *
 * Output: {game, scenario, options, dice, events: [{seq, type, ...}], error?: {index, line?, code, rule, message},
 *   errors?, status, views: {<side>: view, ..., spectator: view}}. `index` counts commands from 0.
 *
 * Exit status: 0 when every command applied (or with --keep-going, which skips refused commands and lists them
 *   all under `errors`); 1 when a command was refused (the run stops there); 2 for bad usage or an internal error
 *   such as fixed dice running out.
 *
 * The core is `runGame`, which does no I/O, so tests call it directly.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { FixedDice, SeededDice, type DiceSource } from '../engine/core/dice';
import { isRuleError } from '../engine/core/errors';
import type { Actor, AnyRuleset, GameStatus, RuleEvent } from '../engine/core/ruleset';
import { getRuleset } from '../engine/games';
import { registerTestRulesets } from '../engine/testing/rulesets';

export interface CommandEntry {
  actor: unknown;
  command: unknown;
  /** 1-based line in the commands file, when read from one. */
  line?: number;
}

export interface RunOptions {
  game: string;
  scenario: string;
  commands?: readonly CommandEntry[];
  /** Fixed die faces, consumed in order (set-up first). When absent, SeededDice(seed). */
  dice?: readonly number[];
  seed?: number;
  /** Option ids to turn on, or an explicit map. Unknown ids are an error. */
  options?: readonly string[] | Record<string, boolean>;
  actorMap?: Record<string, Actor>;
  keepGoing?: boolean;
}

export interface RunError {
  index: number;
  line?: number;
  code: string;
  rule: string | null;
  message: string;
}

export interface RunResult {
  game: string;
  scenario: string;
  options: Record<string, boolean>;
  dice: { source: 'fixed'; used: number; remaining: number } | { source: 'seeded'; seed: number };
  events: ({ seq: number } & RuleEvent)[];
  error?: RunError;
  /** Every refused command, when keepGoing. */
  errors?: RunError[];
  /** True when the run stopped on something other than a rule (dice ran out, a bug in the rules). */
  internal?: boolean;
  status: GameStatus;
  views: Record<string, unknown>;
}

/** Thrown for bad usage (unknown game, scenario or option); the CLI prints it and exits 2. */
export class UsageError extends Error {}

function resolveOptions(rs: AnyRuleset, scenario: string, given: RunOptions['options']): Record<string, boolean> {
  const sc = rs.scenarios.find((s) => s.id === scenario);
  if (!sc) throw new UsageError(`game ${rs.id} has no scenario "${scenario}" (scenarios: ${rs.scenarios.map((s) => s.id).join(', ')})`);
  const defs = sc.options ?? [];
  const out: Record<string, boolean> = Object.fromEntries(defs.map((d) => [d.id, d.default]));
  const entries: [string, boolean][] = Array.isArray(given)
    ? given.map((id) => [id, true])
    : Object.entries((given ?? {}) as Record<string, boolean>);
  for (const [id, on] of entries) {
    if (!defs.some((d) => d.id === id))
      throw new UsageError(`scenario ${scenario} has no option "${id}" (options: ${defs.map((d) => d.id).join(', ') || 'none'})`);
    out[id] = on;
  }
  return out;
}

function sideCommands(rs: AnyRuleset, scenario: string, side: string): string[] | undefined {
  return rs
    .roles(scenario)
    .sides.find((s) => s.id === side)
    ?.commands.map((c) => c.id);
}

/** Turn the `actor` of a commands line into an Actor, or return an error message. */
function resolveActor(rs: AnyRuleset, scenario: string, raw: unknown, map: Record<string, Actor>): Actor | string {
  if (typeof raw === 'string' && Object.hasOwn(map, raw)) raw = map[raw];
  if (typeof raw === 'string') {
    const all = sideCommands(rs, scenario, raw);
    if (all) return { side: raw, commands: all };
    for (const s of rs.roles(scenario).sides) if (s.commands.some((c) => c.id === raw)) return { side: s.id, commands: [raw] };
    return `unknown actor "${raw}": not in the actor map, not a side, not a command`;
  }
  if (raw && typeof raw === 'object' && typeof (raw as { side?: unknown }).side === 'string') {
    const { side, commands } = raw as { side: string; commands?: unknown };
    if (commands === undefined) return { side, commands: sideCommands(rs, scenario, side) ?? [] };
    if (Array.isArray(commands) && commands.every((c) => typeof c === 'string')) return { side, commands };
    return 'actor.commands must be an array of command ids';
  }
  return 'actor must be {"side": ..., "commands": [...]} or a name';
}

export function runGame(opts: RunOptions): RunResult {
  let rs: AnyRuleset;
  try {
    rs = getRuleset(opts.game);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const options = resolveOptions(rs, opts.scenario, opts.options);
  const fixed = opts.dice ? new FixedDice(opts.dice) : null;
  const seed = opts.seed ?? 1;
  const dice: DiceSource = fixed ?? new SeededDice(seed);

  const events: RuleEvent[] = [];
  let state = rs.initial();
  const apply = (evs: RuleEvent[]) => {
    for (const e of evs) {
      state = rs.evolve(state, e);
      events.push(e);
    }
  };
  try {
    apply(rs.setup(opts.scenario, options, dice));
  } catch (e) {
    throw new UsageError(`set-up failed: ${(e as Error).message}`);
  }

  const errors: RunError[] = [];
  let internal = false;
  const commands = opts.commands ?? [];
  for (let index = 0; index < commands.length; index++) {
    const entry = commands[index];
    const at = entry.line === undefined ? { index } : { index, line: entry.line };
    try {
      const actor = resolveActor(rs, opts.scenario, entry.actor, opts.actorMap ?? {});
      if (typeof actor === 'string') {
        errors.push({ ...at, code: 'BAD_COMMAND', rule: null, message: actor });
      } else {
        apply(rs.decide(state, rs.parseCommand(entry.command), actor, dice));
        continue;
      }
    } catch (e) {
      if (isRuleError(e)) errors.push({ ...at, code: e.code, rule: e.rule, message: e.message });
      else {
        errors.push({ ...at, code: 'INTERNAL', rule: null, message: e instanceof Error ? e.message : String(e) });
        internal = true;
        break;
      }
    }
    if (!opts.keepGoing) break;
  }

  const roles = rs.roles(opts.scenario);
  const views: Record<string, unknown> = {};
  for (const s of roles.sides) views[s.id] = rs.view(state, { kind: 'side', side: s.id });
  views.spectator = rs.view(state, { kind: 'spectator' });

  const result: RunResult = {
    game: rs.id,
    scenario: opts.scenario,
    options,
    dice: fixed ? { source: 'fixed', used: fixed.used, remaining: fixed.remaining } : { source: 'seeded', seed },
    events: events.map((e, i) => ({ seq: i + 1, ...e })),
    status: rs.status(state),
    views,
  };
  if (errors.length) result.error = errors[0];
  if (opts.keepGoing && errors.length) result.errors = errors;
  if (internal) result.internal = true;
  return result;
}

/** Exit status for a result: 0 fine, 1 a refused command stopped the run, 2 an internal error. */
export function exitCode(r: RunResult, keepGoing = false): number {
  if (r.internal) return 2;
  if (r.error && !keepGoing) return 1;
  return 0;
}

// ---------------------------------------------------------------- file formats

/** Die faces separated by whitespace or commas, or one JSON array. */
export function parseDiceText(text: string): number[] {
  const t = text.trim();
  if (t === '') return [];
  const raw: unknown[] = t.startsWith('[') ? JSON.parse(t) : t.split(/[\s,]+/).filter(Boolean);
  if (!Array.isArray(raw)) throw new UsageError('dice file: expected a JSON array');
  return raw.map((x, i) => {
    const n = typeof x === 'number' ? x : Number(x);
    if (!Number.isInteger(n) || n < 1) throw new UsageError(`dice file: value ${i + 1} (${JSON.stringify(x)}) is not a die face`);
    return n;
  });
}

/** JSON Lines of {actor, command}; blank and comment lines skipped; bad JSON is a usage error naming the line. */
export function parseCommandsJsonl(text: string): CommandEntry[] {
  const out: CommandEntry[] = [];
  text.split(/\r?\n/).forEach((src, i) => {
    const l = src.trim();
    if (!l || l.startsWith('#') || l.startsWith('//')) return;
    let v: unknown;
    try {
      v = JSON.parse(l);
    } catch (e) {
      throw new UsageError(`commands line ${i + 1}: not JSON (${(e as Error).message})`);
    }
    const o = (v && typeof v === 'object' ? v : {}) as { actor?: unknown; command?: unknown };
    out.push({ actor: o.actor, command: o.command, line: i + 1 });
  });
  return out;
}

/** Inline JSON, a JSON file, or `name=side[:cmd+cmd],...`. */
export function parseActorMap(arg: string, readFile: (p: string) => string = (p) => readFileSync(p, 'utf8')): Record<string, Actor> {
  const t = arg.trim();
  let obj: unknown;
  if (t.startsWith('{')) obj = JSON.parse(t);
  else if (/^[^=,]+=/.test(t)) {
    const map: Record<string, Actor> = {};
    for (const part of t.split(',').filter(Boolean)) {
      const m = /^([^=]+)=([^:]+)(?::(.*))?$/.exec(part.trim());
      if (!m) throw new UsageError(`actor map: cannot read "${part}" (expected name=side or name=side:cmd+cmd)`);
      map[m[1]] = m[3] === undefined ? ({ side: m[2] } as Actor) : { side: m[2], commands: m[3].split('+').filter(Boolean) };
    }
    obj = map;
  } else obj = JSON.parse(readFile(t));
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new UsageError('actor map: expected an object of name -> actor');
  return obj as Record<string, Actor>;
}

// ---------------------------------------------------------------- CLI

const USAGE = `usage: npm run game -- <game> <scenario> [--commands FILE.jsonl|-] [--dice FILE | --seed N]
                     [--options a,b] [--actor-map JSON|FILE|name=side:cmd+cmd,...] [--keep-going] [--compact]
see docs/game-runner.md`;

export function main(argv: string[]): number {
  registerTestRulesets(); // the runner is a developer's tool: the small test games are playable too
  // biome-ignore lint/suspicious/noImplicitAnyLet: TypeScript narrows it from the parseArgs call below
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        commands: { type: 'string' },
        dice: { type: 'string' },
        seed: { type: 'string' },
        options: { type: 'string' },
        'actor-map': { type: 'string' },
        'keep-going': { type: 'boolean', default: false },
        compact: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values: v, positionals } = args;
  if (v.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 2) {
    process.stderr.write(`expected <game> <scenario>\n${USAGE}\n`);
    return 2;
  }
  try {
    const read = (p: string) => readFileSync(p === '-' ? 0 : p, 'utf8');
    const seed = v.seed === undefined ? undefined : Number(v.seed);
    if (seed !== undefined && !Number.isInteger(seed)) throw new UsageError(`--seed must be an integer, not ${v.seed}`);
    if (seed !== undefined && v.dice !== undefined) throw new UsageError('give either --dice or --seed, not both');
    const keepGoing = v['keep-going'];
    const result = runGame({
      game: positionals[0],
      scenario: positionals[1],
      commands: v.commands === undefined ? [] : parseCommandsJsonl(read(v.commands)),
      dice: v.dice === undefined ? undefined : parseDiceText(read(v.dice)),
      seed,
      options:
        v.options === undefined
          ? undefined
          : v.options
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
      actorMap: v['actor-map'] === undefined ? undefined : parseActorMap(v['actor-map']),
      keepGoing,
    });
    process.stdout.write(`${JSON.stringify(result, null, v.compact ? undefined : 2)}\n`);
    return exitCode(result, keepGoing);
  } catch (e) {
    process.stderr.write(`game: ${(e as Error).message}\n`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
