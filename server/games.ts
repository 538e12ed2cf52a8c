/**
 * Game service: the one place commands, views and event pages are served from. Procedures stay thin and call
 * this; it knows no particular game, only the Ruleset contract and the registry.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { findOffer, nearestOffer } from '../engine/core/actions';
import { type Actor, type AnyRuleset, lazyExpander, type Viewer } from '../engine/core/ruleset';
import { RuleError } from '../engine/core/errors';
import type { DiceSource } from '../engine/core/dice';
import { findRuleset } from '../engine/games';
import type { Database } from '../db/client';
import { games, replayLinks, seats, type GameRow, type SeatRow } from '../db/schema';
import { cryptoDice } from './dice';
import { AppError } from './errors';
import { EventStore, toRuleEvent, type Folder, type StoredEvent } from './store';

export const EVENTS_CHANNEL = 'hexfront_events';

/** Events the platform appends itself (never produced by a ruleset): their types start with '@'. */
export const UNDO = '@undo';
export const TAKEBACK_REQUEST = '@takeback-request';
export const TAKEBACK_ANSWER = '@takeback-answer';
export const isPlatformEvent = (type: string) => type.startsWith('@');
/** Restores the state after `to`: the events from `from` on no longer count. */
export interface UndoEvent {
  type: typeof UNDO;
  from: number;
  to: number;
  by: string;
  takeback: boolean;
  state: unknown;
}
/** How long a cached seat list is trusted without a seat notification (covers a notification lost with its connection). */
const SEAT_CACHE_MS = 10_000;
/** Games whose seat lists one instance keeps. */
const SEAT_CACHE_GAMES = 2_000;
/** Largest command accepted, as JSON characters. */
export const MAX_COMMAND_CHARS = 16_384;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(24).toString('base64url');

/** What the server hands a client for one event: never the actor's seat, never unredacted payloads. */
export interface ClientEvent {
  seq: number;
  type: string;
  data: Record<string, unknown>;
  at: string;
}

export interface SeatPlan {
  side: string;
  commands: string[];
  label?: string;
}

export interface CreatedGame {
  id: string;
  /** Lets its holder assign, reassign and revoke seats. Shown once. */
  ownerToken: string;
  seats: { id: string; side: string; commands: string[]; label: string; token: string }[];
}

/** The seats a request holds in one game (resolved from its tokens). */
export interface Principal {
  seats: SeatRow[];
}

export class GameService {
  readonly store: EventStore;
  private rows = new Map<string, GameRow>();

  constructor(
    readonly database: Database,
    opts: { snapshotEvery?: number; dice?: DiceSource; allowTestGames?: boolean } = {},
  ) {
    this.store = new EventStore(database, { snapshotEvery: opts.snapshotEvery });
    this.dice = opts.dice ?? cryptoDice;
    this.allowTestGames = opts.allowTestGames ?? false;
  }

  /** Whether test-only rulesets may be created and are listed (tests of the platform itself). */
  readonly allowTestGames: boolean;

  private dice: DiceSource;

  private get db() {
    return this.database.db;
  }

  rulesetOf(row: GameRow): AnyRuleset {
    const rs = findRuleset(row.ruleset);
    if (!rs) throw new AppError('NOT_FOUND', `Game ${row.id} uses an unknown ruleset ${row.ruleset}`);
    return rs;
  }

  /** The ruleset's fold, plus the platform's own events (undo restores a state; take-back requests change none). */
  folder(rs: AnyRuleset): Folder<unknown> {
    return {
      initial: () => rs.initial(),
      evolve: (s, e) => (e.type === UNDO ? (e as unknown as UndoEvent).state : isPlatformEvent(e.type) ? s : rs.evolve(s, e)),
      version: rs.version,
    };
  }

  async game(id: string): Promise<GameRow> {
    const hit = this.rows.get(id);
    if (hit) return hit;
    const [row] = await this.db.select().from(games).where(eq(games.id, id));
    if (!row) throw new AppError('NOT_FOUND', `No game ${id}`);
    this.rows.set(id, row);
    return row;
  }

  /** Create a game: set-up events are the first events of its log. */
  async create(input: {
    ruleset: string;
    scenario: string;
    options?: Record<string, boolean>;
    name?: string;
    demo?: boolean;
    seats?: SeatPlan[];
    dice?: DiceSource;
  }): Promise<CreatedGame> {
    const rs = findRuleset(input.ruleset);
    if (!rs || (rs.testOnly && !this.allowTestGames)) throw new AppError('NOT_FOUND', `No game called ${input.ruleset}`);
    const scenario = rs.scenarios.find((s) => s.id === input.scenario);
    if (!scenario) throw new AppError('NOT_FOUND', `${rs.name} has no scenario ${input.scenario}`);
    const options: Record<string, boolean> = {};
    for (const o of scenario.options ?? []) options[o.id] = input.options?.[o.id] ?? o.default;
    const id = randomUUID();
    const setup = rs.setup(scenario.id, options, input.dice ?? this.dice);
    const roles = rs.roles(scenario.id);
    const plan: SeatPlan[] = input.seats ?? roles.sides.map((s) => ({ side: s.id, commands: s.commands.map((c) => c.id), label: s.name }));
    for (const p of plan) {
      const side = roles.sides.find((s) => s.id === p.side);
      if (!side) throw new AppError('BAD_REQUEST', `No side ${p.side} in ${rs.name}`);
      for (const c of p.commands)
        if (!side.commands.some((x) => x.id === c)) throw new AppError('BAD_REQUEST', `${side.name} has no command ${c}`);
    }
    const created = plan.map((p) => ({
      id: randomUUID(),
      side: p.side,
      commands: p.commands,
      label: p.label ?? p.side,
      token: newToken(),
    }));
    const ownerToken = newToken();
    const folder = this.folder(rs);
    const status = rs.status(setup.reduce((s, e) => rs.evolve(s, e), rs.initial()));
    await this.db.transaction(async (tx) => {
      await tx.insert(games).values({
        id,
        ruleset: rs.id,
        rulesetVersion: rs.version,
        scenario: scenario.id,
        options,
        name: input.name?.trim() || `${rs.name}: ${scenario.name}`,
        demo: input.demo ?? false,
        status: status as never,
        ownerTokenHash: hashToken(ownerToken),
      });
      if (created.length)
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
    });
    if (setup.length) {
      await this.store.append(id, folder, () => setup.map(splitEvent), { actor: null, status: (s) => rs.status(s) as never });
    }
    return { id, ownerToken, seats: created };
  }

  /** Games, newest activity first, each with its seats (who holds which side; never tokens). */
  async list(opts: { limit?: number; ids?: string[] } = {}) {
    if (opts.ids && !opts.ids.length) return [];
    const q = this.db
      .select({
        id: games.id,
        name: games.name,
        ruleset: games.ruleset,
        scenario: games.scenario,
        version: games.version,
        status: games.status,
        demo: games.demo,
        parentId: games.parentId,
        branchSeq: games.branchSeq,
        createdAt: games.createdAt,
        updatedAt: games.updatedAt,
      })
      .from(games);
    const filtered = opts.ids ? q.where(inArray(games.id, opts.ids)) : q;
    const rows = await filtered.orderBy(desc(games.updatedAt)).limit(opts.limit ?? (opts.ids ? opts.ids.length : 100));
    const seatRows = rows.length
      ? await this.db
          .select({ gameId: seats.gameId, side: seats.side, label: seats.label, holder: seats.holder })
          .from(seats)
          .where(
            and(
              inArray(
                seats.gameId,
                rows.map((r) => r.id),
              ),
              isNull(seats.revokedAt),
            ),
          )
      : [];
    return rows.map((r) => ({ ...r, seats: seatRows.filter((s) => s.gameId === r.id).map(({ gameId: _g, ...s }) => s) }));
  }

  /** Ids of the games in which these tokens hold a seat or the owner's rights. */
  async gamesOf(tokens: string[]): Promise<string[]> {
    if (!tokens.length) return [];
    const hashes = tokens.map(hashToken);
    const a = await this.db
      .select({ id: seats.gameId })
      .from(seats)
      .where(and(inArray(seats.tokenHash, hashes), isNull(seats.revokedAt)));
    const b = await this.db.select({ id: games.id }).from(games).where(inArray(games.ownerTokenHash, hashes));
    return [...new Set([...a, ...b].map((r) => r.id))];
  }

  /** The seats the given tokens hold in a game (unknown, revoked or other games' tokens hold none). */
  async principal(gameId: string, tokens: string[]): Promise<Principal> {
    if (!tokens.length) return { seats: [] };
    const rows = await this.db
      .select()
      .from(seats)
      .where(and(eq(seats.gameId, gameId), inArray(seats.tokenHash, tokens.map(hashToken)), isNull(seats.revokedAt)));
    return { seats: rows };
  }

  /**
   * Per game, its active seats as last read, while this instance hears seat changes (watchSeats): every seat
   * change NOTIFYs SEATS_CHANNEL (server/seats.ts) and drops the game's entry, and this instance's own changes
   * drop it synchronously when they commit (forgetSeats). A lost notification is covered by SEAT_CACHE_MS.
   */
  private seatCache = new Map<string, { rows: SeatRow[]; at: number }>();
  /** Bumped by every invalidation: a read that started before one is not kept. */
  private seatEpoch = 0;
  private seatCacheOn = false;

  /** Listen for seat changes on `channel` (SEATS_CHANNEL) and enable the seat cache of principalCached. */
  async watchSeats(channel: string): Promise<void> {
    if (this.seatCacheOn) return;
    await this.database.listen(channel, (gameId) => this.forgetSeats(gameId));
    this.seatCacheOn = true;
  }

  /** A game's seats changed (here or, through the notification, anywhere). */
  forgetSeats(gameId: string) {
    this.seatEpoch++;
    this.seatCache.delete(gameId);
  }

  /**
   * principal() from the seat cache: the command, view and event paths use it so that a command costs no seat
   * query in the common case. Without watchSeats it reads the database every time, like principal().
   */
  async principalCached(gameId: string, tokens: string[]): Promise<Principal> {
    if (!this.seatCacheOn) return this.principal(gameId, tokens);
    if (!tokens.length) return { seats: [] };
    const now = Date.now();
    let hit = this.seatCache.get(gameId);
    if (!hit || now - hit.at > SEAT_CACHE_MS) {
      const epoch = this.seatEpoch;
      const rows = await this.db
        .select()
        .from(seats)
        .where(and(eq(seats.gameId, gameId), isNull(seats.revokedAt)));
      hit = { rows, at: now };
      if (epoch === this.seatEpoch) {
        this.seatCache.delete(gameId);
        this.seatCache.set(gameId, hit);
        if (this.seatCache.size > SEAT_CACHE_GAMES) this.seatCache.delete(this.seatCache.keys().next().value as string);
      }
    }
    const hashes = new Set(tokens.map(hashToken));
    return { seats: hit.rows.filter((s) => hashes.has(s.tokenHash)) };
  }

  /**
   * The actor a principal acts as. With seats on both sides (hot-seat) the caller names the side;
   * the commands are the union of the principal's seats on that side.
   */
  actorOf(p: Principal, side?: string): Actor | null {
    const sides = [...new Set(p.seats.filter((s) => s.side !== 'spectator').map((s) => s.side))];
    const chosen = side ?? (sides.length === 1 ? sides[0] : undefined);
    if (!chosen || !sides.includes(chosen)) return null;
    const commands = [...new Set(p.seats.filter((s) => s.side === chosen).flatMap((s) => s.commands))];
    return { side: chosen, commands };
  }

  /** What a principal sees: its side's view, or a spectator's. Naming a side it does not hold is refused. */
  viewerOf(p: Principal, side?: string): Viewer {
    const a = this.actorOf(p, side);
    if (!a && side) throw new AppError('FORBIDDEN', `You hold no seat on side ${side} in this game`);
    return a ? { kind: 'side', side: a.side, commands: a.commands } : { kind: 'spectator' };
  }

  /** A replay link by its token, or null when unknown or revoked. */
  async replayLink(token: string) {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
    const [row] = await this.db
      .select()
      .from(replayLinks)
      .where(and(eq(replayLinks.token, token), isNull(replayLinks.revokedAt)));
    return row ? { token: row.token, gameId: row.gameId, view: row.view, atSeq: row.atSeq, canAnnotate: row.canAnnotate } : null;
  }

  /** Validate and apply one command. Returns the seqs appended (or the earlier ones for a retried id). */
  async command(input: { gameId: string; principal: Principal; side?: string; commandId: string; expectedSeq?: number; command: unknown }) {
    const row = await this.game(input.gameId);
    const rs = this.rulesetOf(row);
    if (JSON.stringify(input.command ?? null).length > MAX_COMMAND_CHARS) {
      throw new AppError('PAYLOAD_TOO_LARGE', `A command may be at most ${MAX_COMMAND_CHARS} characters`);
    }
    const actor = this.actorOf(input.principal, input.side);
    if (!actor) {
      throw new AppError(
        'FORBIDDEN',
        input.principal.seats.length
          ? `You hold no seat on side ${input.side ?? '(choose a side)'} in this game`
          : 'Spectators cannot issue commands: join a seat first',
      );
    }
    const command = rs.parseCommand(input.command);
    // Count the dice decide rolls and note reveals: such commands cannot be undone without consent.
    let rolled = 0;
    let reveals = false;
    const dice: DiceSource = { roll: (sides) => (rolled++, this.dice.roll(sides)) };
    const res = await this.store.append(
      row.id,
      this.folder(rs),
      (state) => {
        rolled = 0;
        refuseUnoffered(rs, state, command, actor);
        const evs = rs.decide(state, command, actor, dice);
        reveals = Boolean(rs.reveals && evs.some((e) => rs.reveals!(e)));
        return evs.map(splitEvent);
      },
      {
        commandId: input.commandId,
        expectedSeq: input.expectedSeq,
        actor: () => ({ side: actor.side, commands: actor.commands, seats: input.principal.seats.map((s) => s.id), rolled, reveals }),
        status: (s) => rs.status(s) as never,
        notify: (lastSeq) => ({ channel: EVENTS_CHANNEL, payload: `${row.id}:${lastSeq}` }),
      },
    );
    return { firstSeq: res.firstSeq, lastSeq: res.lastSeq, duplicate: res.duplicate };
  }

  async stateAt(gameId: string, seq?: number) {
    const row = await this.game(gameId);
    const rs = this.rulesetOf(row);
    // One round trip: the latest seq, the nearest snapshot and the events after it (EventStore.moment).
    const m = await this.store.moment(gameId, seq === undefined ? undefined : Math.max(0, seq), this.folder(rs));
    return { row, rs, at: m.at, latest: m.latest, state: m.state };
  }

  /**
   * A moment of the game to show someone: the state at `seq` (default: now), but never before event 1. Seq 0 is
   * the ruleset's blank state from before the game's own set-up events (its options among them), not a moment of
   * this game; a view of it could show what the game's options hide (e.g. a face-down set-up).
   */
  momentAt(gameId: string, seq?: number) {
    return this.stateAt(gameId, seq === undefined ? undefined : Math.max(1, seq));
  }

  /** What a viewer may see of the game at a seq (default: now), with the actions open to them. */
  async view(gameId: string, principal: Principal, opts: { side?: string; atSeq?: number } = {}) {
    const { row, rs, at, latest, state } = await this.momentAt(gameId, opts.atSeq);
    const viewer = this.viewerOf(principal, opts.side);
    const actor = this.actorOf(principal, opts.side);
    // a what-if branch names the game and event it came from
    const parent = row.parentId ? await this.game(row.parentId).catch(() => null) : null;
    return {
      game: {
        id: row.id,
        name: row.name,
        ruleset: row.ruleset,
        scenario: row.scenario,
        options: row.options,
        branchOf: row.parentId ? { id: row.parentId, name: parent?.name ?? null, seq: row.branchSeq ?? 0 } : null,
      },
      seq: at,
      latestSeq: latest,
      viewer,
      status: rs.status(state),
      view: rs.view(state, viewer),
      legal: actor && at === latest ? rs.legal(state, actor) : [],
      /** what the board shows beyond legal(), for this viewer only (reach, odds previews...): null when the game has none */
      hints: rs.hints ? (rs.hints(state, viewer) ?? null) : null,
    };
  }

  /**
   * The options of lazy choices (actions.ts `lazy`) offered to the caller's seat now: one list per `picked` (the
   * fields picked so far, e.g. the units of a move). Only what legal() would offer this seat: the game answers for
   * its actor, at the latest state, never for another side.
   */
  async choices(gameId: string, principal: Principal, opts: { side?: string; lazy: string; picked: Record<string, unknown>[] }) {
    const { rs, at, latest, state } = await this.momentAt(gameId);
    const actor = this.actorOf(principal, opts.side);
    if (!actor || at !== latest || !rs.choiceOptions) return { seq: at, options: opts.picked.map(() => []) };
    return { seq: at, options: opts.picked.map((p) => rs.choiceOptions!(state, actor, opts.lazy, p)) };
  }

  private chapterCache = new Map<string, { seq: number; chapters: { seq: number; turn: string; phase: string }[] }>();

  /**
   * Where each turn and phase begins: the seqs at which the public status line changes. Status is public, so
   * every viewer gets the same list. Cached per game and extended as the log grows.
   */
  async chapters(gameId: string) {
    const row = await this.game(gameId);
    const rs = this.rulesetOf(row);
    const folder = this.folder(rs);
    const latest = await this.store.latestSeq(gameId);
    const hit = this.chapterCache.get(gameId);
    let from = 0;
    let chapters: { seq: number; turn: string; phase: string }[] = [];
    if (hit && hit.seq <= latest) {
      from = hit.seq;
      chapters = [...hit.chapters];
    }
    let state = await this.store.stateAt(gameId, from, folder);
    let last = chapters[chapters.length - 1];
    for (let cursor = from; cursor < latest; ) {
      const page = await this.store.readEvents(gameId, cursor, latest, 5000);
      if (!page.length) break;
      for (const e of page) {
        state = folder.evolve(state, toRuleEvent(e));
        const st = rs.status(state);
        if (!last || last.turn !== st.turn || last.phase !== st.phase) {
          last = { seq: e.seq, turn: st.turn, phase: st.phase };
          chapters.push(last);
        }
      }
      cursor = page[page.length - 1].seq;
    }
    this.chapterCache.set(gameId, { seq: latest, chapters });
    return { latestSeq: latest, chapters };
  }

  /** Views at several past seqs at once (plots, previews), as this principal may see them. */
  async viewsAt(gameId: string, principal: Principal, seqs: number[], side?: string) {
    const viewer = this.viewerOf(principal, side);
    const out: { seq: number; view: unknown }[] = [];
    for (const seq of [...new Set(seqs)].slice(0, 60)) {
      const { rs, at, state } = await this.momentAt(gameId, seq);
      out.push({ seq: at, view: rs.view(state, viewer) });
    }
    return out;
  }

  /** Events after `since` as this principal may see them (at most `limit`). */
  async events(gameId: string, principal: Principal, opts: { since: number; limit?: number; side?: string }) {
    return this.eventsFor(gameId, this.viewerOf(principal, opts.side), opts);
  }

  /** Events after `since` as `viewer` may see them (at most `limit`). */
  async eventsFor(gameId: string, viewer: Viewer, opts: { since: number; limit?: number }) {
    const row = await this.game(gameId);
    const rs = this.rulesetOf(row);
    const limit = Math.min(opts.limit ?? 500, 2000);
    const since = Math.max(0, opts.since);
    const folder = this.folder(rs);
    const state = await this.store.stateAt(gameId, since, folder);
    const stored = await this.store.readEvents(gameId, since, undefined, limit);
    const out = redactBatch(rs, folder, stored, viewer, state).events;
    const last = stored.length ? stored[stored.length - 1].seq : since;
    return { events: out, lastSeq: last, more: stored.length === limit };
  }
}

/**
 * Stored events as `viewer` may see them, each redacted with the state just before it; also returns the state
 * after the last one, so a caller can go on folding from there.
 */
export function redactBatch(rs: AnyRuleset, folder: Folder<unknown>, stored: StoredEvent[], viewer: Viewer, from: unknown) {
  let state = from;
  const events: ClientEvent[] = [];
  for (const e of stored) {
    const ev = toRuleEvent(e);
    const c = redactToClient(rs, e, ev, viewer, state);
    if (c) events.push(c);
    state = folder.evolve(state, ev);
  }
  return { events, state };
}

/** A ruleset event -> store row parts. */
export function splitEvent(e: { type: string }): { type: string; payload: Record<string, unknown> } {
  const { type, ...payload } = e as { type: string } & Record<string, unknown>;
  return { type, payload };
}

export function redactToClient(
  rs: AnyRuleset,
  stored: StoredEvent,
  ev: { type: string },
  viewer: Viewer,
  before: unknown,
): ClientEvent | null {
  if (isPlatformEvent(ev.type)) {
    // Platform events are public, except the restored state an undo carries (it may hold hidden truth).
    const { type, state: _hidden, ...data } = ev as { type: string } & Record<string, unknown>;
    return { seq: stored.seq, type, data, at: stored.createdAt.toISOString() };
  }
  const r = rs.redact(ev, viewer, before);
  if (!r) return null;
  const { type, ...data } = r as { type: string } & Record<string, unknown>;
  return { seq: stored.seq, type, data, at: stored.createdAt.toISOString() };
}

export { RuleError };

/**
 * A game whose legal() is complete (Ruleset.legalIsComplete) gets only the commands legal() offers. The game's own
 * `offered` check answers (cheap: it looks only at the offer the command names) with the rule that forbids
 * anything else; decide() is never run to find that rule. A command decide() would accept although legal() leaves
 * it out is refused too, since legal() is the contract.
 */
export function refuseUnoffered(rs: AnyRuleset, state: unknown, command: { type: string }, actor: Actor): void {
  if (!rs.legalIsComplete) return;
  if (rs.offered) {
    const no = rs.offered(state, actor, command);
    if (no) throw no;
    return;
  }
  const expand = rs.choiceOptions ? lazyExpander(rs, state, actor) : undefined;
  const legal = rs.legal(state, actor);
  if (findOffer(legal, command, expand)) return;
  const near = nearestOffer(legal, command);
  throw new RuleError('ILLEGAL', near?.rule ?? null, `${command.type} is not among the actions open to you now`);
}
