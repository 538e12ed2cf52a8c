/**
 * The rules contract every game implements: a pure decider.
 *
 *   setup(scenario, options, dice)       -> initial events (set-up is events too)
 *   evolve(state, event)                 -> next state; pure, never rolls, never fails
 *   decide(state, command, actor, dice)  -> events, or throws RuleError (validation lives here)
 *   legal(state, actor)                  -> what the actor may do now (the UI offers these)
 *   view(state, viewer)                  -> what the viewer may see of the state
 *   redact(event, viewer, before)        -> the event as the viewer may see it, or null if hidden entirely
 *
 * State is plain JSON so it can be snapshotted and folded in the browser. Engine code does no I/O and reads no
 * clock; randomness only through the DiceSource passed to setup/decide, whose values end up inside events.
 */
import type { ChoiceOption, Expand, LegalAction } from './actions';
import type { RuleError } from './errors';
import type { DiceSource } from './dice';

export type { LegalAction } from './actions';

/** A game event produced by a ruleset: a discriminated union member with JSON payload fields. */
export interface RuleEvent {
  type: string;
}

export interface RuleCommand {
  type: string;
}

/** Who issues a command: a seat on a side holding some of that side's commands (scopes). */
export interface Actor {
  side: string;
  /** Command scopes held, e.g. ['OKH', 'AG South']; a solo player holds all of the side's. */
  commands: readonly string[];
}

/** Who looks: one side (optionally narrowed to the commands they hold), a spectator, or the server itself. */
export type Viewer = { kind: 'side'; side: string; commands?: readonly string[] } | { kind: 'spectator' } | { kind: 'omniscient' };

export interface CommandDef {
  id: string;
  name: string;
  description?: string;
}

export interface SideDef {
  id: string;
  name: string;
  commands: CommandDef[];
}

export interface Roles {
  sides: SideDef[];
}

export interface OptionDef {
  id: string;
  name: string;
  description: string;
  default: boolean;
}

export interface ScenarioDef {
  id: string;
  name: string;
  description: string;
  options?: OptionDef[];
}

/** A short public description of where the game stands, safe for anyone (lobby, prompt bar). */
export interface GameStatus {
  /** e.g. "July 1942 I, German player-turn" */
  turn: string;
  phase: string;
  /** Sides (and optionally commands) whose input the game is waiting for. */
  waitingFor: { side: string; command?: string; what: string }[];
  finished: boolean;
  result?: string;
}

export interface Ruleset<S = unknown, C extends RuleCommand = RuleCommand, E extends RuleEvent = RuleEvent, V = unknown> {
  id: string;
  name: string;
  /** Bumped whenever rules change in a way that alters what stored logs fold to. */
  version: string;
  /** Test-only rulesets are never offered in the lobby. */
  testOnly?: boolean;
  scenarios: ScenarioDef[];
  roles(scenario: string): Roles;
  /** The state before any event: setup events are folded into it. */
  initial(): S;
  setup(scenario: string, options: Record<string, boolean>, dice: DiceSource): E[];
  evolve(state: S, event: E): S;
  decide(state: S, command: C, actor: Actor, dice: DiceSource): E[];
  /** Complete: every command decide() accepts is offered, as a command or a completion of one (actions.ts). */
  legal(state: S, actor: Actor): LegalAction<C>[];
  /**
   * True once the game's legal() is complete and exact (checked by its property tests): the server then refuses any
   * command legal() does not offer, before running decide() on it. Games still moving onto structured choices leave
   * it unset.
   */
  legalIsComplete?: boolean;
  /**
   * Whether legal() offers `command` to `actor` now: null if so, else the refusal naming the rule. Exact (agrees with
   * findOffer over legal()) and cheap: it looks only at the offer the command names, never runs decide(). The server
   * uses it for games with `legalIsComplete`; without it the server matches against the whole of legal().
   */
  offered?(state: S, actor: Actor, command: C): RuleError | null;
  /** The options of a lazy choice (actions.ts `lazy`) given the fields picked so far, for this actor. */
  choiceOptions?(state: S, actor: Actor, lazy: string, picked: Record<string, unknown>): ChoiceOption[];
  view(state: S, viewer: Viewer): V;
  /**
   * What a client needs beyond legal() to show the situation well (command ranges, supply, previews), computed on
   * the server from the full state but holding only what this viewer may know (covered by the twin leak test).
   */
  hints?(state: S, viewer: Viewer): unknown;
  redact(event: E, viewer: Viewer, before: S): E | null;
  status(state: S): GameStatus;
  /** Parse untrusted input into a command, or throw RuleError('BAD_COMMAND'). */
  parseCommand(input: unknown): C;
  /**
   * True when an event shows a viewer something that was hidden from them (a block revealed, a blind draw...).
   * Commands whose events reveal, like those that roll dice, cannot be undone without the other side's consent.
   */
  reveals?(event: E): boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds rulesets of every game; each is typed in its own folder
export type AnyRuleset = Ruleset<any, any, any, any>;

/** Fold a list of events from a state. */
export function fold<S, E extends RuleEvent>(
  rs: Pick<Ruleset<S, RuleCommand, E>, 'evolve' | 'initial'>,
  events: readonly E[],
  from: S = rs.initial(),
): S {
  let s = from;
  for (const e of events) s = rs.evolve(s, e);
  return s;
}

/** Viewer for an actor. */
export function viewerOf(actor: Actor): Viewer {
  return { kind: 'side', side: actor.side, commands: actor.commands };
}

/** True when the viewer may see everything `side` may see. */
export function seesSide(viewer: Viewer, side: string): boolean {
  return viewer.kind === 'omniscient' || (viewer.kind === 'side' && viewer.side === side);
}

/** The expander of lazy choices for one actor in one state: the game's own choiceOptions (actions.ts Expand). */
export function lazyExpander<S>(
  rs: { choiceOptions?(state: S, actor: Actor, lazy: string, picked: Record<string, unknown>): ChoiceOption[] },
  state: S,
  actor: Actor,
): Expand {
  return (ch, picked) => (ch.lazy ? rs.choiceOptions?.(state, actor, ch.lazy, { ...picked }) : undefined);
}
