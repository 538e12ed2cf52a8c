import type { Actor, Json } from '../../../core';
import { RuleError } from '../../../core/errors';
import { type Waiting, type Step, type Handler, Emitter } from '../../../core/steps';
import type { Board } from '../board';
import type { Side } from '../data';
import { evolve } from '../evolve';
import type { ScenarioCtx } from '../rules';
import type { Command, Event, State, Unit } from '../state';

/**
 * What every EastFront step shares: the game's static context (board, scenario, commands), the emitter type,
 * refusals, team authority (4.4, ruling R-TEAM-PROMPT) and the per-state index of units by hex.
 */
export interface Game {
  board: Board;
  ctx: ScenarioCtx;
  /** Per side: command id -> HQ unit id (null for the production command). */
  commands: Record<Side, { id: string; hq: string | null }[]>;
  end: { year: number; month: number };
}

/** The core emitter over EastFront's state and events. */
export type Em = Emitter<State, Event>;
export type EfStep = Step<State, Command, Event, Game>;
export type EfHandler<K extends Command['type']> = Handler<State, Command, Event, Game, K>;
export const newEmitter = (s: State): Em => new Emitter(evolve, s);

export const ill = (rule: string | null, msg: string): never => {
  throw new RuleError('ILLEGAL', rule, msg);
};
export const req = (c: unknown, rule: string | null, msg: string): void => {
  if (!c) ill(rule, msg);
};

// ---------------------------------------------------------------- authority (team play)

export function supremeCommand(g: Game, side: Side): string {
  return g.commands[side][0].id;
}
export function commandOfHq(g: Game, side: Side, hq: string): string | undefined {
  return g.commands[side].find((c) => c.hq === hq)?.id;
}
export function requireHolds(_g: Game, actor: Actor, _side: Side, cmd: string | undefined, what: string, rule: string) {
  if (!cmd || !actor.commands.includes(cmd))
    throw new RuleError('FORBIDDEN', rule, `${what} needs the ${cmd ?? 'matching'} command, which this seat does not hold`);
}
export function requireSupreme(g: Game, actor: Actor, side: Side, what: string) {
  requireHolds(g, actor, side, supremeCommand(g, side), what, '4.4');
}

// ---------------------------------------------------------------- movement checks

export interface PathCheck {
  sides: string[];
  attack: boolean;
  engage: boolean;
  disengage: boolean;
  river: boolean;
}

/** Units per hex, computed once per state object (states are never mutated). */
export const occMemo = new WeakMap<State, Map<string, Unit[]>>();
export function occ(s: State): Map<string, Unit[]> {
  let m = occMemo.get(s);
  if (!m) {
    m = new Map();
    for (const u of Object.values(s.units)) if (u.at) (m.get(u.at) ?? m.set(u.at, []).get(u.at)!).push(u);
    occMemo.set(s, m);
  }
  return m;
}
export function enemiesAt(s: State, hex: string, side: Side): boolean {
  return (occ(s).get(hex) ?? []).some((u) => u.side !== side);
}
export function ownAt(s: State, hex: string, side: Side, except?: string): Unit[] {
  return (occ(s).get(hex) ?? []).filter((u) => u.side === side && u.id !== except);
}
/** Units keeping a battle going (6.41): those there since the phase began, or a designated rearguard. */
export function remainingOwn(s: State, hex: string, side: Side, except: string): number {
  const rg = new Set(s.rearguards.map((r) => r.unit));
  return ownAt(s, hex, side, except).filter((u) => !u.moved || rg.has(u.id)).length;
}

/**
 * Why a check failed. The validators return one instead of throwing, so that legal() can probe thousands
 * of candidate paths cheaply (an exception per refused path was most of its time); decide() throws it.
 */
export interface Fault {
  fault: true;
  rule: string;
  msg: string;
  /** NOT_SUPPORTED for a rule the engine does not implement yet; ILLEGAL otherwise. */
  unsupported?: boolean;
}
export const no = (rule: string, msg: string): Fault => ({ fault: true, rule, msg });
export const isFault = (x: unknown): x is Fault => !!x && typeof x === 'object' && 'fault' in x;
export function must<T>(x: T | Fault): T {
  if (isFault(x)) {
    if (x.unsupported) throw new RuleError('NOT_SUPPORTED', x.rule, x.msg);
    ill(x.rule, x.msg);
  }
  return x as T;
}

/**
 * Team play (ruling R-TEAM-PROMPT): a side's combat prompts may be answered by any of its seats that holds
 * an HQ command (the supreme or a field command), not by a production-only seat.
 */
export function requireFieldSeat(g: Game, actor: Actor, side: Side, rule: string) {
  if (!g.commands[side].some((x) => x.hq && actor.commands.includes(x.id)))
    throw new RuleError('FORBIDDEN', rule, "combat choices are made by a seat holding one of the side's HQ commands");
}

// ---------------------------------------------------------------- legal action generators

export function holdsHq(g: Game, actor: Actor, side: Side, hq: string) {
  const c = commandOfHq(g, side, hq);
  return !!c && actor.commands.includes(c);
}

export function tryOk(f: () => unknown): boolean {
  try {
    f();
    return true;
  } catch (e) {
    if (e instanceof RuleError) return false;
    throw e;
  }
}

/** A phase of the active player-turn waits for the active side's supreme command (4.4). */
export const activeWaiting =
  (phase: string) =>
  (s: State, g: Game): Waiting[] => [{ side: s.active, command: supremeCommand(g, s.active), what: `${phase} phase` }];

/**
 * The fixed part of an action whose choices fill the rest (engine/core/actions.ts types an action's `command` as
 * a whole command until every game offers choices; this is the one place EastFront narrows a partial one).
 */
export const fixedPart = (c: { type: Command['type'] } & Record<string, Json>): Command => c as unknown as Command;
