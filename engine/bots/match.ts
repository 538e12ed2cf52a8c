/**
 * Headless matches at engine level, for the balance bench (scripts/bots.ts) and tests. The match loop is the
 * referee: it holds the state and the dice, as the server does. Each player only receives what a browser of its
 * seat would (view, legal actions, hints for its viewer); the state itself never reaches a player.
 */
import { complete, type LegalAction, lazyAsks, randomPicker, withAnswers } from '../core/actions';
import { SeededDice } from '../core/dice';
import { fold, viewerOf, type Actor, type AnyRuleset, type RuleCommand } from '../core/ruleset';
import { botRng, SeatBot, type BotOptions } from './bot';
import { policyFor } from './policies';

export type PlayerKind = 'bot' | 'random';

export interface MatchOptions {
  scenario?: string;
  options?: Record<string, boolean>;
  seed: number;
  /** Who plays each side (default: the bot). */
  players?: Record<string, PlayerKind>;
  bot?: BotOptions & { patience?: number };
  maxCommands?: number;
}

export interface MatchResult {
  seed: number;
  winner: string | null;
  finished: boolean;
  result: string | null;
  events: number;
  commands: number;
  /** Milliseconds per bot decision. */
  botMs: number[];
  /** Bot decisions that fell back to a random legal command. */
  fallbacks: number;
  /** Offered commands decide() refused (should stay empty: the legal() contract). */
  refused: string[];
  /** Set when the game waited for someone who was offered nothing (a legal() gap); the match stopped there. */
  stuck: string | null;
  /** The final view of a spectator (everything is public once a game is over in both games). */
  finalView: unknown;
}

/** The random-legal player: any offered action, completed at random, ending a step now and then. */
export class RandomPlayer {
  private step = '';
  private inStep = 0;
  private readonly rng: () => number;

  constructor(seed: number) {
    this.rng = botRng(seed);
  }

  decide(legal: readonly LegalAction[], stepKey: string): RuleCommand {
    if (stepKey !== this.step) {
      this.step = stepKey;
      this.inStep = 0;
    }
    this.inStep++;
    const enders = legal.filter((a) => /^end/i.test(a.command.type));
    const pickEnd = enders.length && (this.rng() < 0.12 || this.inStep > 60);
    const a = pickEnd ? enders[Math.floor(this.rng() * enders.length)] : legal[Math.floor(this.rng() * legal.length)];
    return complete(a, randomPicker(this.rng));
  }
}

export function winnerOf(view: unknown, status: { result?: string }): string | null {
  const r = (view as { result?: { winner?: string | null } | null }).result;
  if (r && 'winner' in r) return r.winner ?? null;
  return status.result ?? null;
}

export function playMatch(rs: AnyRuleset, mo: MatchOptions): MatchResult {
  const scenario = mo.scenario ?? rs.scenarios[0].id;
  const dice = new SeededDice(mo.seed);
  const roles = rs.roles(scenario);
  const actors: Record<string, Actor> = {};
  for (const s of roles.sides) actors[s.id] = { side: s.id, commands: s.commands.map((c) => c.id) };
  const policy = policyFor(rs);
  const bots: Record<string, SeatBot> = {};
  const randoms: Record<string, RandomPlayer> = {};
  roles.sides.forEach((s, i) => {
    if ((mo.players?.[s.id] ?? 'bot') === 'bot') bots[s.id] = new SeatBot(policy, { ...mo.bot, seed: mo.seed * 31 + i });
    else randoms[s.id] = new RandomPlayer(mo.seed * 7919 + 17 + i);
  });
  const setupEvents = rs.setup(scenario, mo.options ?? {}, dice);
  let state = fold(rs, setupEvents);
  let events = setupEvents.length;
  let commands = 0;
  let fallbacks = 0;
  const botMs: number[] = [];
  const refused: string[] = [];
  let stuck: string | null = null;
  const max = mo.maxCommands ?? 20_000;
  const mrng = botRng(mo.seed * 131 + 7);
  while (!rs.status(state).finished && commands < max) {
    const status = rs.status(state);
    const stepKey = `${status.turn}|${status.phase}`;
    const waiting = [...new Set(status.waitingFor.map((w: { side: string }) => w.side))];
    let acted = false;
    for (const side of waiting) {
      const actor = actors[side];
      if (!actor) continue;
      const offered: LegalAction[] = rs.legal(state, actor);
      // lazy choices answered for a sample, as the server's game.choices would for a seat
      const asks = lazyAsks(offered, 24, mrng);
      const legal = asks.length
        ? withAnswers(
            offered,
            asks,
            asks.map((a) => rs.choiceOptions?.(state, actor, a.lazy, { ...a.picked }) ?? []),
          )
        : offered;
      if (!legal.length) continue;
      let cmd: RuleCommand;
      if (bots[side]) {
        const viewer = viewerOf(actor);
        const d = bots[side].decide({ view: rs.view(state, viewer), legal, hints: rs.hints?.(state, viewer), actor }, stepKey);
        if (!d) continue;
        botMs.push(d.ms);
        if (d.fallback) fallbacks++;
        cmd = d.command;
      } else cmd = randoms[side].decide(legal, stepKey);
      let evs: { type: string }[];
      try {
        evs = rs.decide(state, rs.parseCommand(JSON.parse(JSON.stringify(cmd))), actor, dice);
      } catch (err) {
        // an offered completion was refused: a legal() contract breach, counted, and the plain action played
        refused.push(`${JSON.stringify(cmd)}: ${(err as Error).message}`);
        evs = rs.decide(state, offered[0].command, actor, dice);
      }
      for (const e of evs) state = rs.evolve(state, e);
      events += evs.length;
      commands++;
      acted = true;
      break;
    }
    if (!acted) {
      // legal() offers nothing to a side the game waits for: a rules gap, reported, and the match stops there
      const tries = waiting.map((side) => {
        try {
          rs.decide(state, { type: 'endMovement' }, actors[side], dice);
          return 'endMovement accepted';
        } catch (e) {
          return (e as Error).message;
        }
      });
      stuck = `nobody is offered an action (${JSON.stringify(status)}) ${tries.join('; ')}`;
      break;
    }
  }
  const status = rs.status(state);
  const finalView = rs.view(state, { kind: 'spectator' });
  return {
    seed: mo.seed,
    winner: status.finished ? winnerOf(finalView, status) : null,
    finished: status.finished,
    result: status.result ?? null,
    events,
    commands,
    botMs,
    fallbacks,
    refused,
    stuck,
    finalView,
  };
}
