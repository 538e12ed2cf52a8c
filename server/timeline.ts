/**
 * Time travel on the server: undo and take-back (appended events, never deletions), branches ("what-if from
 * here") and replay links. State at any seq comes from the store (snapshot + fold); the platform's '@undo'
 * event carries the state it restores, so folding stays a pure, local step.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { events, games, replayLinks, seats } from '../db/schema';
import { AppError } from './errors';
import { EVENTS_CHANNEL, hashToken, newToken, TAKEBACK_ANSWER, TAKEBACK_REQUEST, UNDO, type GameService, type Principal } from './games';

interface BatchMeta {
  seq: number;
  type: string;
  commandId: string | null;
  actor: { side?: string; seats?: string[]; rolled?: number; reveals?: boolean } | null;
  payload: Record<string, unknown>;
}

/** A command's events as the log holds them: first..last, and who issued them. */
export interface Batch {
  from: number;
  to: number;
  side: string | null;
  seats: string[];
  /** Dice were rolled or something hidden was shown: undoing needs the other side's consent. */
  binding: boolean;
}

export class Timeline {
  constructor(private readonly games: GameService) {}

  private get db() {
    return this.games.database.db;
  }

  /**
   * The command batches still in force, newest first (at most `limit`): walking back from the end, an '@undo'
   * jumps over the events it cancelled. Set-up events (no command id) end the walk.
   */
  async effectiveBatches(gameId: string, limit = 20): Promise<Batch[]> {
    return (await this.judge(gameId, limit)).batches;
  }

  /**
   * The batches still in force and the last seq of the log they were judged on (one read, so the two agree).
   * Whatever is appended on that judgement must expect exactly that seq: a command landing in between makes
   * the append fail with a CONFLICT instead of being swept along.
   */
  private async judge(gameId: string, limit: number): Promise<{ batches: Batch[]; seq: number }> {
    const rows = (await this.db
      .select({ seq: events.seq, type: events.type, commandId: events.commandId, actor: events.actor, payload: events.payload })
      .from(events)
      .where(eq(events.gameId, gameId))
      .orderBy(desc(events.seq))
      .limit(2000)) as BatchMeta[];
    const out: Batch[] = [];
    let end: number | null = null; // last seq of the batch being collected
    let skipFrom: number | null = null; // events at or after this seq were undone
    let binding = false;
    for (const r of rows) {
      if (skipFrom !== null && r.seq >= skipFrom) continue;
      skipFrom = null;
      if (r.type === UNDO) {
        skipFrom = Number(r.payload.from);
        continue;
      }
      if (r.type === TAKEBACK_REQUEST || r.type === TAKEBACK_ANSWER) continue;
      if (end === null) end = r.seq;
      binding ||= Boolean(r.actor?.rolled) || Boolean(r.actor?.reveals);
      if (r.commandId) {
        out.push({ from: r.seq, to: end, side: r.actor?.side ?? null, seats: r.actor?.seats ?? [], binding });
        end = null;
        binding = false;
        if (out.length >= limit) break;
      } else if (!r.actor) break; // set-up
    }
    return { batches: out, seq: rows[0]?.seq ?? 0 };
  }

  /**
   * Append platform events after exactly `expectedSeq` (strict: if anything else was appended since, the
   * append is refused with a CONFLICT and nothing is written). Several events go in one transaction.
   */
  private async appendPlatform(gameId: string, expectedSeq: number, list: (Record<string, unknown> & { type: string })[]) {
    const row = await this.games.game(gameId);
    const rs = this.games.rulesetOf(row);
    const res = await this.games.store.append(
      gameId,
      this.games.folder(rs),
      () =>
        list.map((event) => {
          const { type, ...payload } = event;
          return { type, payload };
        }),
      {
        expectedSeq,
        strictSeq: true,
        actor: { side: String(list[0].by ?? ''), platform: true },
        status: (s) => rs.status(s) as never,
        notify: (lastSeq) => ({ channel: EVENTS_CHANNEL, payload: `${gameId}:${lastSeq}` }),
      },
    );
    return res;
  }

  /** The '@undo' event going back to just before `from`. */
  private async undoEvent(gameId: string, from: number, by: string, takeback: boolean) {
    const { state } = await this.games.stateAt(gameId, from - 1);
    return { type: UNDO, from, to: from - 1, by, takeback, state };
  }

  /** Undo the caller's own last command, if nothing was rolled or revealed and nobody has acted since. */
  async undo(gameId: string, principal: Principal, side?: string) {
    const actor = this.games.actorOf(principal, side);
    if (!actor) throw new AppError('FORBIDDEN', 'Only a seated commander can undo');
    const judged = await this.judge(gameId, 1);
    const [last] = judged.batches;
    const mine = new Set(principal.seats.map((s) => s.id));
    if (!last) throw new AppError('CONFLICT', 'There is nothing to undo');
    if (last.side !== actor.side || !last.seats.some((s) => mine.has(s))) {
      throw new AppError('CONFLICT', 'The last command was not yours: ask for a take-back instead');
    }
    if (last.binding)
      throw new AppError('CONFLICT', 'Dice were rolled or something hidden was revealed: ask the other side for a take-back');
    try {
      return await this.appendPlatform(gameId, judged.seq, [await this.undoEvent(gameId, last.from, actor.side, false)]);
    } catch (err) {
      if (err instanceof AppError && err.code === 'CONFLICT')
        throw new AppError('CONFLICT', 'Another command landed while undoing: nothing was undone; look again and retry');
      throw err;
    }
  }

  /** Ask the other side's consent to go back to just before event `from` (a command batch start). */
  async requestTakeback(gameId: string, principal: Principal, from: number, side?: string) {
    const actor = this.games.actorOf(principal, side);
    if (!actor) throw new AppError('FORBIDDEN', 'Only a seated commander can ask for a take-back');
    const judged = await this.judge(gameId, 200);
    if (!judged.batches.some((b) => b.from === from))
      throw new AppError('BAD_REQUEST', `Event ${from} does not start a command still in force`);
    return this.appendPlatform(gameId, judged.seq, [{ type: TAKEBACK_REQUEST, from, by: actor.side }]);
  }

  /** The open take-back request, if the last event of the log is one. */
  async pendingTakeback(gameId: string): Promise<{ seq: number; from: number; by: string } | null> {
    const [last] = await this.db
      .select({ seq: events.seq, type: events.type, payload: events.payload })
      .from(events)
      .where(eq(events.gameId, gameId))
      .orderBy(desc(events.seq))
      .limit(1);
    if (!last || last.type !== TAKEBACK_REQUEST) return null;
    return { seq: last.seq, from: Number(last.payload.from), by: String(last.payload.by) };
  }

  /** The other side accepts (the game goes back: answer and undo in one append) or declines a pending take-back. */
  async answerTakeback(gameId: string, principal: Principal, accept: boolean, side?: string) {
    const actor = this.games.actorOf(principal, side);
    if (!actor) throw new AppError('FORBIDDEN', 'Only a seated commander can answer a take-back');
    const pending = await this.pendingTakeback(gameId);
    if (!pending) throw new AppError('CONFLICT', 'No take-back is waiting for an answer');
    if (pending.by === actor.side) throw new AppError('FORBIDDEN', 'The other side must answer your take-back request');
    const answer = { type: TAKEBACK_ANSWER, accept, by: actor.side };
    const res = await this.appendPlatform(
      gameId,
      pending.seq,
      accept ? [answer, await this.undoEvent(gameId, pending.from, actor.side, true)] : [answer],
    );
    return accept ? res : null;
  }

  /**
   * A new game whose log is this game's up to `atSeq`. Nothing after `atSeq` is copied. Who may play it:
   * for a finished game, or a caller holding every side, the caller gets fresh seats for all sides; otherwise
   * the parent's seats are carried over (each side keeps its own players and links), so nobody gains a view
   * of a side they could not see in the parent.
   */
  async branch(gameId: string, principal: Principal, atSeq: number, name?: string) {
    const { row, rs, at, state } = await this.games.stateAt(gameId, atSeq);
    if (at < 1) throw new AppError('BAD_REQUEST', 'Pick an event to branch from');
    const roles = rs.roles(row.scenario);
    const held = new Set(principal.seats.map((s) => s.side));
    const finished = rs.status((await this.games.stateAt(gameId)).state).finished;
    const allSides = roles.sides.every((s) => held.has(s.id));
    if (!finished && held.size === 0) throw new AppError('FORBIDDEN', 'Only players of this game can branch it while it is being played');
    const fresh = finished || allSides;
    const id = randomUUID();
    const ownerToken = fresh ? newToken() : null;
    const parentSeats = fresh
      ? []
      : await this.db
          .select()
          .from(seats)
          .where(and(eq(seats.gameId, gameId)));
    const created = fresh
      ? roles.sides.map((s) => ({ id: randomUUID(), side: s.id, commands: s.commands.map((c) => c.id), label: s.name, token: newToken() }))
      : [];
    await this.db.transaction(async (tx) => {
      await tx.insert(games).values({
        id,
        ruleset: row.ruleset,
        rulesetVersion: rs.version,
        scenario: row.scenario,
        options: row.options,
        name: name?.trim() || `${row.name} (what-if from event ${at})`,
        version: 0,
        status: rs.status(state) as never,
        parentId: row.id,
        branchSeq: at,
        ownerTokenHash: ownerToken ? hashToken(ownerToken) : null,
      });
      await tx.execute(sql`INSERT INTO events (game_id, seq, type, payload, actor, engine_version, command_id, created_at)
        SELECT ${id}, seq, type, payload, actor, engine_version, command_id, created_at FROM events
        WHERE game_id = ${gameId} AND seq <= ${at}`);
      await tx.execute(sql`INSERT INTO snapshots (game_id, seq, state, engine_version, created_at)
        SELECT ${id}, seq, state, engine_version, created_at FROM snapshots WHERE game_id = ${gameId} AND seq <= ${at}`);
      await tx.update(games).set({ version: at }).where(eq(games.id, id));
      if (created.length) {
        await tx.insert(seats).values(
          created.map((s) => ({
            id: s.id,
            gameId: id,
            side: s.side,
            commands: s.commands,
            label: s.label,
            tokenHash: hashToken(s.token),
          })),
        );
      }
      if (parentSeats.length) {
        await tx.insert(seats).values(
          parentSeats.map((s) => ({
            id: randomUUID(),
            gameId: id,
            side: s.side,
            commands: s.commands,
            label: s.label,
            holder: s.holder,
            tokenHash: s.tokenHash,
            revokedAt: s.revokedAt,
            claimedAt: s.claimedAt,
          })),
        );
      }
    });
    return { id, ownerToken, seats: created, parentId: row.id, branchSeq: at };
  }

  /**
   * A read-only link to a game, from one viewpoint. Live games may only be shared as a spectator sees them. The
   * link remembers the side whose seat made it (that side alone may revoke it). `checkQuota` gets the number of
   * the game's links not revoked that the same side made (spectators' links count together), and throws to
   * refuse: each side has its own allowance, so neither the other side nor passing spectators can use it up.
   * Counting and inserting are serialised per game.
   */
  async createReplayLink(
    gameId: string,
    principal: Principal,
    view: string,
    opts: { atSeq?: number; canAnnotate?: boolean; side?: string; checkQuota?: (existing: number) => void },
  ) {
    const { row, rs, state } = await this.games.stateAt(gameId);
    const finished = rs.status(state).finished;
    const sides = rs.roles(row.scenario).sides.map((s) => s.id);
    if (view !== 'spectator' && !sides.includes(view)) throw new AppError('BAD_REQUEST', `No viewpoint ${view} in this game`);
    if (view !== 'spectator' && !finished) {
      throw new AppError('FORBIDDEN', 'While a game is being played, replays can only show what a spectator sees');
    }
    const createdBy = this.games.actorOf(principal, opts.side)?.side ?? sidesHeld(principal)[0] ?? null;
    const token = newToken();
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`replay-links:${gameId}`}))`);
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(replayLinks)
        .where(
          and(
            eq(replayLinks.gameId, gameId),
            isNull(replayLinks.revokedAt),
            createdBy ? eq(replayLinks.createdBy, createdBy) : isNull(replayLinks.createdBy),
          ),
        );
      opts.checkQuota?.(Number(n));
      await tx
        .insert(replayLinks)
        .values({ token, gameId, view, atSeq: opts.atSeq ?? null, canAnnotate: opts.canAnnotate ?? false, createdBy });
    });
    return {
      token,
      view,
      atSeq: opts.atSeq ?? null,
      canAnnotate: opts.canAnnotate ?? false,
      createdBy: principal.seats.length ? 'player' : 'spectator',
    };
  }

  /**
   * The game's live replay links this principal may revoke: those its sides made, and (for any seated player)
   * those spectators made. Others see none.
   */
  async replayLinksOf(gameId: string, principal: Principal) {
    const held = sidesHeld(principal);
    if (!held.length) return [];
    const rows = await this.db
      .select()
      .from(replayLinks)
      .where(and(eq(replayLinks.gameId, gameId), isNull(replayLinks.revokedAt)))
      .orderBy(desc(replayLinks.createdAt));
    return rows
      .filter((r) => mayRevoke(r.createdBy, held))
      .map((r) => ({
        token: r.token,
        view: r.view,
        atSeq: r.atSeq,
        canAnnotate: r.canAnnotate,
        createdBy: r.createdBy,
        createdAt: r.createdAt,
      }));
  }

  /** Revoke a replay link: only a seat of the side that made it (any seat, for a spectator's link). */
  async revokeReplayLinkAs(gameId: string, principal: Principal, token: string) {
    const [link] = await this.db
      .select()
      .from(replayLinks)
      .where(and(eq(replayLinks.gameId, gameId), eq(replayLinks.token, token), isNull(replayLinks.revokedAt)));
    if (!link) throw new AppError('NOT_FOUND', 'No such replay link in this game (or it was revoked already)');
    if (!mayRevoke(link.createdBy, sidesHeld(principal))) {
      throw new AppError(
        'FORBIDDEN',
        link.createdBy ? 'Only the side that made this link can revoke it' : 'Only players of this game can revoke its links',
      );
    }
    await this.revokeReplayLink(gameId, token);
  }

  /** The principal and viewpoint a replay link grants (a side's view only once the game has finished). */
  async replayPrincipal(token: string) {
    const link = await this.games.replayLink(token);
    if (!link) throw new AppError('NOT_FOUND', 'This replay link does not exist or was revoked');
    return link;
  }

  async revokeReplayLink(gameId: string, token: string) {
    await this.db
      .update(replayLinks)
      .set({ revokedAt: new Date() })
      .where(and(eq(replayLinks.gameId, gameId), eq(replayLinks.token, token)));
  }
}

/** The playing sides a principal holds a seat on. */
function sidesHeld(p: Principal): string[] {
  return [...new Set(p.seats.filter((s) => s.side !== 'spectator').map((s) => s.side))];
}

function mayRevoke(createdBy: string | null, held: string[]): boolean {
  return createdBy ? held.includes(createdBy) : held.length > 0;
}
