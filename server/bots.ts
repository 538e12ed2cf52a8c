/**
 * Computer players on the server. A bot holds a seat like a browser does: a seat token, nothing else. It reads
 * its seat's view, legal actions and hints through the public tRPC procedures (a server-side caller with only
 * that token in its context) and sends its commands through game.command, so every rule, seat right and
 * redaction a browser meets applies to it too. It never touches the event store, the state or the dice.
 *
 * The runner is told about a bot seat when a game is created with computer seats or when the creator hands a
 * seat to the computer; it wakes on the same live notifications a browser's SSE stream follows. A human who is
 * given the seat later (a new invite link, which reissues the token) silently replaces the bot: its token stops
 * resolving, and the loop ends. Bot seats are marked by their holder name, so a restarted server takes them up
 * again (issuing the bot a fresh token). The game's policy comes from engine/bots (looked up by ruleset id).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { games, seats } from '../db/schema';
import { randomCommand, SeatBot } from '../engine/bots/bot';
import { policyFor } from '../engine/bots/policies';
import { answerLazy, type LazyAsk, type LegalAction, lazyAsks } from '../engine/core/actions';
import type { GameStatus } from '../engine/core/ruleset';
import { findRuleset } from '../engine/games';
import { hashToken, newToken, type GameService } from './games';
import type { LiveHub } from './live';
import { SeatService } from './seats';

/** The holder name a computer seat shows in the seat panel (and by which a restarted server finds it). */
export const COMPUTER = 'Computer';

/** How many of a bot's latest commands list() shows. */
const SENT_KEPT = 200;

export interface BotRunnerOptions {
  /** Milliseconds a decision may spend (default 1000). */
  budgetMs?: number;
  /** Pause before each command so people can follow the moves (default 250 ms). */
  delayMs?: number;
  quiet?: boolean;
}

interface Seated {
  gameId: string;
  seatId: string;
  side: string;
  token: string;
  bot: SeatBot;
  abort: AbortController;
  /** Commands sent, for tests and logs; `sent` keeps the latest of them (at most SENT_KEPT). */
  commands: number;
  sent: unknown[];
  errors: number;
}

type Caller = {
  game: {
    view(input: { gameId: string; side?: string }): Promise<{
      seq: number;
      latestSeq: number;
      viewer: { kind: string; side?: string; commands?: readonly string[] };
      status: GameStatus;
      view: unknown;
      legal: LegalAction[];
      hints?: unknown;
    }>;
    command(input: { gameId: string; side?: string; commandId: string; expectedSeq?: number; command: unknown }): Promise<unknown>;
    choices(input: {
      gameId: string;
      side?: string;
      lazy: string;
      seq?: number;
      picked: Record<string, unknown>[];
    }): Promise<{ seq: number; options: unknown[][] }>;
  };
};

/** Lazy choices a bot asks about per decision (a sample of the unit sets it may move, say). */
const BOT_LAZY_ASKS = 24;

/** Makes a tRPC caller whose context carries exactly these tokens (set by the app, which owns the router). */
export type CallerFactory = (tokens: string[]) => Caller;

export class BotRunner {
  private seated = new Map<string, Seated>();
  private closed = false;

  constructor(
    private readonly games: GameService,
    private readonly live: LiveHub,
    private readonly callerFor: CallerFactory,
    private readonly opts: BotRunnerOptions = {},
  ) {}

  /** Bot seats running now (tests). */
  list(gameId?: string): { gameId: string; seatId: string; side: string; commands: number; errors: number; sent: unknown[] }[] {
    return [...this.seated.values()]
      .filter((s) => !gameId || s.gameId === gameId)
      .map(({ gameId: g, seatId, side, commands, errors, sent }) => ({ gameId: g, seatId, side, commands, errors, sent: [...sent] }));
  }

  /**
   * Hand a seat to the computer, for a caller with the right to issue that seat a new link (its tokens are checked
   * by SeatService.reissue): whoever held the seat loses it, the seat shows the computer as its holder, and the bot
   * starts. The seat is not claimed, so whoever manages the side's seats can hand it to a person later with a new
   * link. Nothing a client could use is returned: the bot's token never leaves the server.
   */
  async take(gameId: string, seatId: string, tokens: string[]): Promise<void> {
    const { token } = await new SeatService(this.games).reissue(gameId, tokens, seatId);
    const [row] = await this.markComputer(seatId);
    this.start(gameId, seatId, row.side, token);
  }

  /** A new game's seat for the computer: marked as held by it, and its bot started with the token just issued. */
  async seat(gameId: string, seatId: string, side: string, token: string): Promise<void> {
    await this.markComputer(seatId);
    this.start(gameId, seatId, side, token);
  }

  private markComputer(seatId: string) {
    return this.games.database.db.update(seats).set({ holder: COMPUTER }).where(eq(seats.id, seatId)).returning({ side: seats.side });
  }

  /** Start a bot on a seat whose token the server just issued (game creation). */
  start(gameId: string, seatId: string, side: string, token: string): void {
    if (this.closed) return;
    this.seated.get(seatId)?.abort.abort();
    const rs = this.rulesetOf(gameId);
    const s: Seated = {
      gameId,
      seatId,
      side,
      token,
      bot: new SeatBot(null, { budgetMs: this.opts.budgetMs ?? 1000 }),
      abort: new AbortController(),
      commands: 0,
      sent: [],
      errors: 0,
    };
    this.seated.set(seatId, s);
    void rs.then((r) => {
      if (r) s.bot = new SeatBot(policyFor(r), { budgetMs: this.opts.budgetMs ?? 1000 });
      return this.run(s);
    });
  }

  /** After a restart: every unfinished game's computer seats get a fresh token and their bot back. */
  async restore(): Promise<number> {
    const rows = await this.games.database.db
      .select({ seatId: seats.id, gameId: seats.gameId, status: games.status })
      .from(seats)
      .innerJoin(games, eq(games.id, seats.gameId))
      .where(and(eq(seats.holder, COMPUTER), isNull(seats.revokedAt)));
    let n = 0;
    for (const r of rows) {
      if ((r.status as { finished?: boolean }).finished) continue;
      // the server itself reissues the token (no caller's rights involved); the seat stays the computer's
      const token = newToken();
      const [row] = await this.games.database.db
        .update(seats)
        .set({ tokenHash: hashToken(token) })
        .where(and(eq(seats.id, r.seatId), eq(seats.holder, COMPUTER), isNull(seats.revokedAt)))
        .returning({ side: seats.side });
      if (!row) continue;
      this.start(r.gameId, r.seatId, row.side, token);
      n++;
    }
    return n;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const s of this.seated.values()) s.abort.abort();
    this.seated.clear();
  }

  private async rulesetOf(gameId: string) {
    try {
      return findRuleset((await this.games.game(gameId)).ruleset) ?? null;
    } catch {
      return null;
    }
  }

  private log(...a: unknown[]) {
    if (!this.opts.quiet) console.log('[bots]', ...a);
  }

  private async run(s: Seated): Promise<void> {
    const caller = this.callerFor([s.token]);
    const signal = s.abort.signal;
    try {
      // act once now (the bot may move first), then after every batch of new events
      const principal = await this.games.principal(s.gameId, [s.token]);
      const viewer = this.games.viewerOf(principal, s.side);
      const since = await this.games.store.latestSeq(s.gameId);
      let again = await this.actAll(s, caller);
      if (!again) return;
      for await (const _batch of this.live.follow(this.games, s.gameId, viewer, since, signal)) {
        again = await this.actAll(s, caller);
        if (!again) return;
      }
    } catch (err) {
      if (!signal.aborted) this.log(`bot on ${s.gameId}/${s.side} stopped:`, (err as Error).message);
    } finally {
      if (this.seated.get(s.seatId) === s) this.seated.delete(s.seatId);
      s.abort.abort();
    }
  }

  /** The offered actions with a sample of their lazy choices answered by the server (game.choices, one call per list). */
  private async answered(caller: Caller, s: Seated, legal: LegalAction[], asks: LazyAsk[], seq: number): Promise<LegalAction[]> {
    return answerLazy(
      legal,
      asks,
      async (lazy, picked) => (await caller.game.choices({ gameId: s.gameId, side: s.side, lazy, seq, picked })).options,
    );
  }

  /** Play while the game waits for this seat. False when the bot should stop (seat lost, game over). */
  private async actAll(s: Seated, caller: Caller): Promise<boolean> {
    let failures = 0;
    for (let i = 0; i < 2000 && !s.abort.signal.aborted; i++) {
      const v = await caller.game.view({ gameId: s.gameId, side: s.side }).catch((err: Error) => {
        if (/no seat|FORBIDDEN/i.test(err.message)) return null;
        throw err;
      });
      // the seat was handed to someone else (its token reissued): the bot steps aside
      if (v?.viewer.kind !== 'side') return false;
      if (v.status.finished) return false;
      const commands = v.viewer.commands ?? [];
      const owed = v.status.waitingFor.some((w) => w.side === s.side && (!w.command || commands.includes(w.command)));
      if (!owed || !v.legal.length) return true;
      // lazy choices (a move's destinations once its units are picked): asked for a sample, as a browser would
      const asks = lazyAsks(v.legal, BOT_LAZY_ASKS, Math.random);
      const legal = asks.length ? await this.answered(caller, s, v.legal, asks, v.latestSeq) : v.legal;
      if (!legal.length) return true;
      // after a refusal, a random legal command: the game must not wait on a bot that keeps choosing badly
      const d =
        failures >= 2
          ? { command: randomCommand(legal, Math.random) }
          : s.bot.decide({ view: v.view, legal, hints: v.hints, actor: { side: s.side, commands } }, `${v.status.turn}|${v.status.phase}`);
      if (!d) return true;
      if (this.opts.delayMs !== 0) await new Promise((r) => setTimeout(r, this.opts.delayMs ?? 250));
      if (s.abort.signal.aborted) return false;
      try {
        await caller.game.command({
          gameId: s.gameId,
          side: s.side,
          commandId: `bot-${randomBytes(9).toString('base64url')}`,
          expectedSeq: v.latestSeq,
          command: d.command,
        });
        s.commands++;
        s.sent.push(d.command);
        if (s.sent.length > SENT_KEPT) s.sent.shift();
        failures = 0;
      } catch (err) {
        // someone else moved first (expectedSeq), or an offered command was refused: look again, then give up
        s.errors++;
        if (++failures >= 5) {
          this.log(`bot on ${s.gameId}/${s.side} gives up after repeated refusals:`, (err as Error).message);
          return true;
        }
      }
    }
    return true;
  }
}
