/**
 * The table of steps every game is written as.
 *
 * A game's sequence of play is a table: one entry per step (a phase, a sub-step, or a decision the passive side
 * owes in the middle of another step, such as choosing which unit takes a hit). Each entry pairs
 *   - `waiting`: whom the step waits for (sides, and the command that must answer), which gives status();
 *   - `legal`:   the actions an actor may take now (structured choices, see actions.ts);
 *   - `on`:      one handler per command type the step accepts.
 * `current(state)` names the step in force. Dispatch, the emitter, the automatic advance after each command
 * and `status().waitingFor` come from here, so a game never writes its own chains of `if (prompt...)`.
 *
 * Handlers emit events through an Emitter, which folds each event at once so the next check sees the new
 * state. They refuse a command by throwing RuleError with the rule that forbids it.
 */
import { type Expand, findOffer, type LegalAction, nearestOffer } from './actions';
import type { DiceSource } from './dice';
import { RuleError } from './errors';
import type { Actor, GameStatus, RuleCommand, RuleEvent } from './ruleset';

/** Collects the events of one decision, folding each into the running state. */
export class Emitter<S, E extends RuleEvent> {
  readonly events: E[] = [];
  constructor(
    private readonly evolve: (s: S, e: E) => S,
    public s: S,
  ) {}
  emit(e: E): void {
    this.events.push(e);
    this.s = this.evolve(this.s, e);
  }
  emitAll(es: readonly E[]): void {
    for (const e of es) this.emit(e);
  }
}

/** Whom a step waits for: a side, optionally one command of it, and what is expected in words. */
export type Waiting = GameStatus['waitingFor'][number];

export type Handler<S, C extends RuleCommand, E extends RuleEvent, G, K extends C['type'] = C['type']> = (
  em: Emitter<S, E>,
  g: G,
  cmd: Extract<C, { type: K }>,
  actor: Actor,
  dice: DiceSource,
) => void;

export interface Step<S, C extends RuleCommand, E extends RuleEvent, G> {
  /** Shown in status and error messages, with its rule: "Movement Phase (6.0)". */
  name: string;
  rule?: string;
  /** Who must act now. An actor of another side gets NOT_YOUR_TURN. Empty while the game is over. */
  waiting(s: S, g: G): Waiting[];
  legal(s: S, g: G, actor: Actor): LegalAction<C>[];
  /**
   * Optional: whether legal() offers `cmd`, answered without building every offer (only the part the command
   * names: its unit's offer, say). Must agree exactly with findOffer over legal(); the default is that.
   */
  offers?(s: S, g: G, actor: Actor, cmd: C): LegalAction<C> | undefined;
  on: { [K in C['type']]?: Handler<S, C, E, G, K> };
}

export interface StepTable<S, C extends RuleCommand, E extends RuleEvent, G> {
  evolve(s: S, e: E): S;
  /** The step in force: a pending decision of the passive side takes precedence over the phase. */
  current(s: S, g: G): Step<S, C, E, G>;
  /**
   * Whatever happens without input after a command (rolls at the start of a step, moving to the next phase when
   * nothing is owed). Called repeatedly until it emits nothing.
   */
  advance?(em: Emitter<S, E>, g: G, dice: DiceSource): void;
  /** Refusal for a command type this game knows but has not implemented: [rule, what]. */
  unsupported?: Partial<Record<string, [string, string]>>;
  /** True when the game is over (no step accepts anything). */
  over?(s: S): boolean;
  /**
   * Who may give this order at all (team play): throws the game's RuleError (FORBIDDEN) when the command names a
   * unit or HQ of another command of the actor's side. Checked before the offers, so such an order is refused as
   * forbidden, not as illegal.
   */
  authority?(s: S, g: G, actor: Actor, cmd: C): void;
}

const MAX_ADVANCE = 10_000;

/** decide() from the table: the step in force, whose turn it is, its handler, then the automatic advance. */
export function decideByTable<S, C extends RuleCommand, E extends RuleEvent, G>(
  table: StepTable<S, C, E, G>,
  g: G,
  s: S,
  cmd: C,
  actor: Actor,
  dice: DiceSource,
): E[] {
  const ns = table.unsupported?.[cmd.type];
  if (ns) throw new RuleError('NOT_SUPPORTED', ns[0], `${ns[1]} is not yet supported (rule ${ns[0]})`);
  if (table.over?.(s)) throw new RuleError('ILLEGAL', null, 'the game is over');
  const step = table.current(s, g);
  const waiting = step.waiting(s, g);
  if (!waiting.some((w) => w.side === actor.side)) {
    const who = [...new Set(waiting.map((w) => w.side))].join(' and ') || 'nobody';
    throw new RuleError('NOT_YOUR_TURN', step.rule ?? null, `${step.name}: waiting for ${who}`);
  }
  const h = step.on[cmd.type as C['type']] as Handler<S, C, E, G> | undefined;
  if (!h) throw new RuleError('ILLEGAL', step.rule ?? null, `${cmd.type} is not possible now (${step.name})`);
  const em = new Emitter<S, E>(table.evolve, s);
  h(em, g, cmd as Extract<C, { type: C['type'] }>, actor, dice);
  runAdvance(table, g, em, dice);
  return em.events;
}

/** Run the table's automatic advance until it settles (also used after set-up). */
export function runAdvance<S, C extends RuleCommand, E extends RuleEvent, G>(
  table: StepTable<S, C, E, G>,
  g: G,
  em: Emitter<S, E>,
  dice: DiceSource,
): void {
  if (!table.advance) return;
  for (let i = 0; i < MAX_ADVANCE; i++) {
    const n = em.events.length;
    table.advance(em, g, dice);
    if (em.events.length === n) return;
  }
  throw new Error('automatic advance did not settle');
}

/** legal() from the table: the current step's actions for an actor it waits for, else none. */
export function legalByTable<S, C extends RuleCommand, E extends RuleEvent, G>(
  table: StepTable<S, C, E, G>,
  g: G,
  s: S,
  actor: Actor,
): LegalAction<C>[] {
  if (table.over?.(s)) return [];
  const step = table.current(s, g);
  if (!step.waiting(s, g).some((w) => w.side === actor.side)) return [];
  return step.legal(s, g, actor);
}

/** status().waitingFor and the phase name from the table. */
export function waitingByTable<S, C extends RuleCommand, E extends RuleEvent, G>(
  table: StepTable<S, C, E, G>,
  g: G,
  s: S,
): { phase: string; waitingFor: Waiting[] } {
  if (table.over?.(s)) return { phase: 'over', waitingFor: [] };
  const step = table.current(s, g);
  return { phase: step.name, waitingFor: step.waiting(s, g) };
}

/**
 * Null when the step in force offers `cmd` to `actor` (legal() has it, as a command or a completion); otherwise the
 * refusal, naming the rule of the step or of the offer the command came closest to. Never runs a handler.
 */
export function offeredByTable<S, C extends RuleCommand, E extends RuleEvent, G>(
  table: StepTable<S, C, E, G>,
  g: G,
  s: S,
  actor: Actor,
  cmd: C,
  /** The expander of lazy choices for a given actor (its options depend on whose seat asks). */
  expandFor?: (a: Actor) => Expand,
): RuleError | null {
  const ns = table.unsupported?.[cmd.type];
  if (ns) return new RuleError('NOT_SUPPORTED', ns[0], `${ns[1]} is not yet supported (rule ${ns[0]})`);
  if (table.over?.(s)) return new RuleError('ILLEGAL', null, 'the game is over');
  const step = table.current(s, g);
  const waiting = step.waiting(s, g);
  if (!waiting.some((w) => w.side === actor.side)) {
    const who = [...new Set(waiting.map((w) => w.side))].join(' and ') || 'nobody';
    return new RuleError('NOT_YOUR_TURN', step.rule ?? null, `${step.name}: waiting for ${who}`);
  }
  if (!step.on[cmd.type as C['type']]) return new RuleError('ILLEGAL', step.rule ?? null, `${cmd.type} is not possible now (${step.name})`);
  try {
    table.authority?.(s, g, actor, cmd);
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  const offeredTo = (a: Actor) => (step.offers ? step.offers(s, g, a, cmd) : findOffer(step.legal(s, g, a), cmd, expandFor?.(a)));
  if (offeredTo(actor)) return null;
  // team play: an order the step offers to another command of the same side is that command's to give
  const others = new Set(
    waiting.flatMap((w) => (w.side === actor.side && w.command && !actor.commands.includes(w.command) ? [w.command] : [])),
  );
  for (const c of others)
    if (offeredTo({ side: actor.side, commands: [c] }))
      return new RuleError(
        'FORBIDDEN',
        step.rule ?? null,
        `${cmd.type}: this order belongs to the ${c} command, which this seat does not hold`,
      );
  const near = nearestOffer(step.legal(s, g, actor), cmd);
  const rule = near?.rule ?? step.rule ?? null;
  return new RuleError(
    'ILLEGAL',
    rule,
    `${near ? `${near.label}: not` : `${cmd.type} is not`} among the choices open to you now${rule ? ` (rule ${rule})` : ''}`,
  );
}
