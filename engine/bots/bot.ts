/**
 * A computer player for any game. It decides from three things only, the same three a browser holds: the
 * viewer's redacted view, the legal actions offered to its seat (engine/core/actions.ts) and the viewer's hints.
 * It never receives the state, the log or a dice source, so what it does cannot depend on anything its seat may
 * not see (tested by twin histories, engine/bots/honest.test.ts).
 *
 * Each decision turns the offered actions into candidate commands (small actions enumerated whole, large ones
 * sampled and completed by the game's policy), scores them with the game's policy and plays the best. A time
 * budget cuts the scoring; any surprise (an action shape the policy does not know, a policy that throws) falls
 * back to a random legal completion, so a bot never stalls a game.
 */
import { complete, countCompletions, enumerate, jsonKey, randomPicker, type LegalAction } from '../core/actions';
import type { Actor, RuleCommand } from '../core/ruleset';

/** What a bot may know when it decides. */
export interface BotInput<V = unknown, H = unknown> {
  view: V;
  legal: readonly LegalAction[];
  hints?: H;
  actor: Actor;
}

/** One complete command the bot considers, with the action it completes. */
export interface Candidate {
  action: LegalAction;
  command: RuleCommand;
}

/**
 * A game's taste. `prepare` reads the view once per decision; `score` ranks complete commands (higher is better;
 * a command scoring below 0 is only played when nothing else is offered); `complete` may propose completions of
 * an action too large to enumerate (its own choice of units, paths, losses).
 */
export interface BotPolicy<V = unknown, H = unknown, X = unknown> {
  id: string;
  prepare(input: BotInput<V, H>): X;
  score(c: Candidate, ctx: X): number;
  complete?(action: LegalAction, ctx: X, rng: () => number): RuleCommand[];
}

export interface BotOptions {
  /** Milliseconds a decision may spend scoring (default 1000). */
  budgetMs?: number;
  /** Completions sampled per action too large to enumerate (default 24). */
  samples?: number;
  /** Actions with at most this many completions are enumerated whole (default 64). */
  enumerateUpTo?: number;
  /** Clock (tests pass a fake one). */
  now?: () => number;
  /** Extra seed mixed into the per-decision generator. */
  seed?: number;
}

export interface BotDecision {
  command: RuleCommand;
  /** Candidates scored before the choice (or the budget) ended. */
  scored: number;
  score: number | null;
  /** True when the policy was bypassed (it threw, or nothing could be scored in time). */
  fallback: boolean;
  ms: number;
}

/** mulberry32 over a 32-bit seed: the bot's own generator, seeded from what it sees. */
export function botRng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over a string: equal inputs give equal seeds, so a decision depends on its inputs only. */
export function hashText(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Candidates of one action: the action itself, its enumeration when small, samples and policy proposals when large. */
export function candidatesOf<X>(
  action: LegalAction,
  policy: BotPolicy<unknown, unknown, X> | null,
  ctx: X,
  rng: () => number,
  opts: { samples: number; enumerateUpTo: number },
): RuleCommand[] {
  if (!action.choices?.length) return [action.command];
  const out: RuleCommand[] = [];
  const seen = new Set<string>();
  const add = (c: RuleCommand) => {
    const k = jsonKey(c);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(c);
    }
  };
  const n = countCompletions(action);
  if (n <= opts.enumerateUpTo) for (const c of enumerate(action, opts.enumerateUpTo)) add(c);
  else {
    if (policy?.complete) for (const c of policy.complete(action, ctx, rng)) add(c);
    const picker = randomPicker(rng);
    for (let i = 0; i < opts.samples; i++) add(complete(action, picker));
  }
  return out;
}

/** A random legal completion: the answer when the policy cannot give one. */
export function randomCommand(legal: readonly LegalAction[], rng: () => number): RuleCommand {
  const a = legal[Math.floor(rng() * legal.length)];
  try {
    return complete(a, randomPicker(rng));
  } catch {
    return a.command;
  }
}

/** Decide one command, or null when nothing is offered. Never throws. */
export function decide<V, H, X>(input: BotInput<V, H>, policy: BotPolicy<V, H, X> | null, opts: BotOptions = {}): BotDecision | null {
  const now = opts.now ?? (() => performance.now());
  const t0 = now();
  const legal = input.legal;
  if (!legal.length) return null;
  const budget = opts.budgetMs ?? 1000;
  let rng: () => number;
  try {
    rng = botRng(hashText(JSON.stringify([input.view, legal, input.actor]), (opts.seed ?? 0) ^ 0x811c9dc5));
  } catch {
    rng = botRng(opts.seed ?? 1);
  }
  const fallback = (scored: number): BotDecision => ({
    command: randomCommand(legal, rng),
    scored,
    score: null,
    fallback: true,
    ms: now() - t0,
  });
  if (!policy) return fallback(0);
  let best: { command: RuleCommand; score: number; tie: number } | null = null;
  let scored = 0;
  try {
    const ctx = policy.prepare(input);
    const sizes = { samples: opts.samples ?? 24, enumerateUpTo: opts.enumerateUpTo ?? 64 };
    // Actions in a shuffled order so a budget cut does not always favour the first ones listed.
    const order = legal.map((a, i) => ({ a, k: rng(), i })).sort((x, y) => x.k - y.k);
    outer: for (const { a } of order) {
      let cands: RuleCommand[];
      try {
        cands = candidatesOf(a, policy as BotPolicy<unknown, unknown, X>, ctx, rng, sizes);
      } catch {
        cands = [a.command];
      }
      for (const command of cands) {
        let s: number;
        try {
          s = policy.score({ action: a, command }, ctx);
        } catch {
          continue;
        }
        if (!Number.isFinite(s)) continue;
        scored++;
        const tie = rng();
        if (!best || s > best.score || (s === best.score && tie > best.tie)) best = { command, score: s, tie };
        if (now() - t0 > budget && best) break outer;
      }
    }
  } catch {
    return fallback(scored);
  }
  if (!best) return fallback(scored);
  return { command: best.command, scored, score: best.score, fallback: false, ms: now() - t0 };
}

/** A policy knowing no game: it prefers doing something over ending a step, and otherwise plays at random. */
export const genericPolicy: BotPolicy<unknown, unknown, null> = {
  id: 'generic',
  prepare: () => null,
  score: (c) => (/^end|done|pass/i.test(c.command.type) ? 0 : 1),
};

/**
 * A bot for one seat, with the little memory a player has: how many decisions it made in the current step (from
 * the public status line). Past `patience` decisions in one step it prefers actions that end the step, so a
 * policy that keeps finding small moves cannot hold a game forever.
 */
export class SeatBot<V = unknown, H = unknown, X = unknown> {
  private step = '';
  private inStep = 0;

  constructor(
    readonly policy: BotPolicy<V, H, X> | null,
    readonly opts: BotOptions & { patience?: number } = {},
  ) {}

  decide(input: BotInput<V, H>, stepKey: string): BotDecision | null {
    if (stepKey !== this.step) {
      this.step = stepKey;
      this.inStep = 0;
    }
    this.inStep++;
    let legal = input.legal;
    if (this.inStep > (this.opts.patience ?? 150)) {
      const enders = legal.filter((a) => /^end|done|pass/i.test(a.command.type));
      if (enders.length) legal = enders;
    }
    return decide({ ...input, legal }, this.policy, this.opts);
  }
}
