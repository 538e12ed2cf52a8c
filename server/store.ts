/**
 * The event store: an append-only log per game in PostgreSQL, plus snapshots.
 *
 * Appends to one game are serialised on the game's own row (SELECT ... FOR UPDATE on games), which measured
 * fastest and fairest here (docs/decisions.md); the unique (game_id, seq) key stays as the last guard, and the
 * unique (game_id, command_id) key makes a retried command land once. The caller passes the seq it expects
 * to append after; when the log has moved on, the store hands the fresh state to `decide` again rather than
 * appending on a stale view.
 */
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { events, games, snapshots } from '../db/schema';
import { AppError } from './errors';

export interface StoredEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  actor: Record<string, unknown> | null;
  engineVersion: string;
  commandId: string | null;
  createdAt: Date;
}

export interface NewEvent {
  type: string;
  payload: Record<string, unknown>;
}

export interface Folder<S> {
  initial(): S;
  evolve(state: S, event: { type: string } & Record<string, unknown>): S;
  version: string;
}

export interface AppendResult<S> {
  firstSeq: number;
  lastSeq: number;
  duplicate: boolean;
  state: S;
  appended: StoredEvent[];
}

export interface AppendMeta<S> {
  commandId?: string;
  /** Who issued it; a function is called after decide (so it can report what decide did, e.g. dice rolled). */
  actor?: Record<string, unknown> | null | (() => Record<string, unknown>);
  expectedSeq?: number;
  /** Refuse (CONFLICT) instead of deciding again when the log has moved past expectedSeq. */
  strictSeq?: boolean;
  status?: (s: S) => Record<string, unknown>;
  /** A NOTIFY to send when the append commits (none for duplicates or empty decisions). */
  notify?: (lastSeq: number) => { channel: string; payload: string };
}

const PG_UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown } | null | undefined;
  for (let i = 0; i < 4 && e; i++) {
    if (e.code === PG_UNIQUE_VIOLATION) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Event row -> the ruleset's event object. */
export function toRuleEvent(e: Pick<StoredEvent, 'type' | 'payload'>): { type: string } & Record<string, unknown> {
  // A plain key copy: several times faster than an object spread here, and every fold goes through it.
  const out: Record<string, unknown> = {};
  const p = e.payload;
  for (const k of Object.keys(p)) out[k] = p[k];
  out.type = e.type;
  return out as { type: string } & Record<string, unknown>;
}

/** seq columns are 32-bit integers: a larger seq from a client must not reach SQL (it would fail as a 500). */
const MAX_SEQ = 2_147_483_647;
const clampSeq = (seq: number) => (seq > MAX_SEQ ? MAX_SEQ : Math.max(seq, 0));

/**
 * One append in one statement and one round trip (docs/decisions.md, "Command path in one round trip"). The version
 * bump takes the game's row lock and re-checks the expected version after any concurrent writer commits; the events,
 * the snapshot when due and the NOTIFY happen only if it matched and the command id is not in the log yet.
 *   $1 game  $2 command id  $3 expected version  $4 new version  $5 time  $6 status  $7 actor  $8 engine version
 *   $9 events [{type, payload}]  $10 snapshot seq  $11 snapshot state  $12 channel  $13 payload
 */
const APPEND_SQL = `WITH prior AS (
  SELECT seq FROM events WHERE game_id = $1::text AND command_id = $2::text LIMIT 1
), g AS (
  UPDATE games SET version = $4::int, updated_at = $5::timestamptz, status = COALESCE($6::jsonb, status)
  WHERE id = $1::text AND version = $3::int AND NOT EXISTS (SELECT 1 FROM prior)
  RETURNING id
), ins AS (
  INSERT INTO events (game_id, seq, type, payload, actor, engine_version, command_id, created_at)
  SELECT g.id, $3::int + x.ord::int, x.e->>'type', x.e->'payload', $7::jsonb, $8::text,
    CASE WHEN x.ord = 1 THEN $2::text END, $5::timestamptz
  FROM g, jsonb_array_elements($9::jsonb) WITH ORDINALITY AS x(e, ord)
  RETURNING seq
), snap AS (
  INSERT INTO snapshots (game_id, seq, state, engine_version)
  SELECT g.id, $10::int, $11::jsonb, $8::text FROM g WHERE $10::int IS NOT NULL
  ON CONFLICT DO NOTHING
  RETURNING seq
)
SELECT (SELECT seq FROM prior) AS prior, (SELECT count(*)::int FROM ins) AS inserted,
  (SELECT count(*)::int FROM snap) AS snapshots,
  (SELECT pg_notify($12::text, $13::text) FROM g WHERE $12::text IS NOT NULL) AS notified`;

/**
 * A moment of a game in one round trip: its version, the target seq (given, or the latest; never past the latest),
 * the nearest snapshot after the base the caller already holds ($4, used only if not past the target) and the
 * events from there to the target.  $1 game  $2 seq or null  $3 engine version  $4 seq of the caller's cached state
 */
const MOMENT_SQL = `WITH t AS (
  SELECT version, LEAST(COALESCE($2::int, version), version) AS at FROM games WHERE id = $1::text
), b AS (
  SELECT version, at, CASE WHEN $4::int <= at THEN $4::int ELSE 0 END AS base FROM t
), s AS (
  SELECT sn.seq, sn.state FROM snapshots sn, b
  WHERE sn.game_id = $1::text AND sn.engine_version = $3::text AND sn.seq <= b.at AND sn.seq > b.base
  ORDER BY sn.seq DESC LIMIT 1
)
SELECT b.version, b.at, b.base, s.seq AS snap_seq, s.state AS snap_state,
  (SELECT COALESCE(json_agg(json_build_object('seq', e.seq, 'type', e.type, 'payload', e.payload) ORDER BY e.seq), '[]'::json)
   FROM events e WHERE e.game_id = $1::text AND e.seq > GREATEST(s.seq, b.base) AND e.seq <= b.at) AS events
FROM b LEFT JOIN s ON true`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export class EventStore {
  /** Latest folded state per game, so a command does not re-read the log. */
  private cache = new Map<string, { seq: number; state: unknown; version: string }>();
  private readonly cacheLimit: number;

  constructor(
    readonly database: Database,
    readonly opts: { snapshotEvery?: number; cacheGames?: number } = {},
  ) {
    this.cacheLimit = opts.cacheGames ?? 1000;
  }

  get snapshotEvery(): number {
    return this.opts.snapshotEvery ?? 100;
  }

  private get db(): Db {
    return this.database.db;
  }

  async readEvents(gameId: string, afterSeq: number, uptoSeq?: number, limit?: number, tx?: Tx): Promise<StoredEvent[]> {
    afterSeq = clampSeq(afterSeq);
    if (uptoSeq !== undefined) uptoSeq = clampSeq(uptoSeq);
    const where =
      uptoSeq === undefined
        ? and(eq(events.gameId, gameId), gt(events.seq, afterSeq))
        : and(eq(events.gameId, gameId), gt(events.seq, afterSeq), lte(events.seq, uptoSeq));
    const q = (tx ?? this.db)
      .select({
        seq: events.seq,
        type: events.type,
        payload: events.payload,
        actor: events.actor,
        engineVersion: events.engineVersion,
        commandId: events.commandId,
        createdAt: events.createdAt,
      })
      .from(events)
      .where(where)
      .orderBy(asc(events.seq));
    return limit ? q.limit(limit) : q;
  }

  /** State after event `seq`: the nearest usable snapshot at or before it, plus a fold of the rest. */
  async stateAt<S>(gameId: string, seq: number, folder: Folder<S>, tx?: Tx): Promise<S> {
    seq = clampSeq(seq);
    const cached = this.cache.get(gameId);
    if (cached && cached.seq === seq && cached.version === folder.version) return cached.state as S;
    const db = tx ?? this.db;
    const [snap] = await db
      .select({ seq: snapshots.seq, state: snapshots.state })
      .from(snapshots)
      .where(and(eq(snapshots.gameId, gameId), lte(snapshots.seq, seq), eq(snapshots.engineVersion, folder.version)))
      .orderBy(desc(snapshots.seq))
      .limit(1);
    let base = snap ? { seq: snap.seq, state: snap.state as S } : { seq: 0, state: folder.initial() };
    // A cached state between the snapshot and the target saves reading those events.
    if (cached && cached.version === folder.version && cached.seq <= seq && cached.seq > base.seq) {
      base = { seq: cached.seq, state: cached.state as S };
    }
    let state = base.state;
    if (seq > base.seq) {
      for (const e of await this.readEvents(gameId, base.seq, seq, undefined, tx)) state = folder.evolve(state, toRuleEvent(e));
    }
    return state;
  }

  /**
   * The game's latest seq and the state after `seq` (default: the latest; clamped to it) in one round trip
   * (MOMENT_SQL): the nearest usable snapshot and the events after it come back together, and the cached latest
   * state stands in for the snapshot when it is nearer. A state at the latest seq is kept as the cached state.
   */
  async moment<S>(gameId: string, seq: number | undefined, folder: Folder<S>): Promise<{ at: number; latest: number; state: S }> {
    const cached = this.cache.get(gameId);
    const usable = cached && cached.version === folder.version ? cached : undefined;
    const [r] = await this.database.query<{
      version: number;
      at: number;
      base: number;
      snap_seq: number | null;
      snap_state: unknown;
      events: { seq: number; type: string; payload: Record<string, unknown> }[] | string;
    }>(MOMENT_SQL, [gameId, seq === undefined ? null : clampSeq(seq), folder.version, usable ? usable.seq : 0], 'hexfront_moment');
    if (!r) throw new AppError('NOT_FOUND', `No game ${gameId}`);
    const at = Number(r.at);
    const latest = Number(r.version);
    let state: S;
    if (r.snap_seq !== null && r.snap_seq !== undefined) state = r.snap_state as S;
    else if (usable && Number(r.base) === usable.seq && usable.seq > 0) state = usable.state as S;
    else state = folder.initial();
    const evs = typeof r.events === 'string' ? JSON.parse(r.events) : r.events;
    for (const e of evs) state = folder.evolve(state, toRuleEvent(e));
    // Kept unless an append here has meanwhile cached a later state.
    const now = this.cache.get(gameId);
    if (at === latest && at > 0 && (!now || now.version !== folder.version || now.seq < at))
      this.remember(gameId, at, state, folder.version);
    return { at, latest, state };
  }

  private remember(gameId: string, seq: number, state: unknown, version: string) {
    this.cache.delete(gameId);
    this.cache.set(gameId, { seq, state, version });
    if (this.cache.size > this.cacheLimit) this.cache.delete(this.cache.keys().next().value!);
  }

  forget(gameId: string) {
    this.cache.delete(gameId);
  }

  /**
   * Append the events `decide` returns for the state after `expectedSeq`. If the log has moved past
   * `expectedSeq`, `decide` runs again on the fresh state (it must validate against whatever state it gets).
   * A command id that is already in the log is not applied again: the earlier result is returned.
   */
  async append<S>(
    gameId: string,
    folder: Folder<S>,
    decide: (state: S, seq: number) => NewEvent[],
    meta: AppendMeta<S>,
  ): Promise<AppendResult<S>> {
    const fast = await this.appendOnCached(gameId, folder, decide, meta);
    if (fast) return fast;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db
          .transaction(async (tx): Promise<AppendResult<S>> => {
            // One round trip: lock the game row and look for an earlier append of the same command id.
            const [g] = await tx
              .select({
                version: games.version,
                prior: meta.commandId
                  ? sql<
                      number | null
                    >`(SELECT e.seq FROM events e WHERE e.game_id = ${gameId} AND e.command_id = ${meta.commandId} LIMIT 1)`
                  : sql<null>`NULL`,
              })
              .from(games)
              .where(eq(games.id, gameId))
              .for('update');
            if (!g) throw new AppError('NOT_FOUND', `No game ${gameId}`);
            if (g.prior !== null && g.prior !== undefined) {
              const seq = Number(g.prior);
              return { firstSeq: seq, lastSeq: seq, duplicate: true, state: undefined as S, appended: [] };
            }
            if (meta.expectedSeq !== undefined && meta.expectedSeq > g.version) {
              throw new AppError('CONFLICT', `Expected seq ${meta.expectedSeq} is ahead of the log (at ${g.version})`);
            }
            if (meta.strictSeq && meta.expectedSeq !== g.version) {
              throw new AppError('CONFLICT', `The game moved on (now at event ${g.version}); look again and retry`);
            }
            const before: S = await this.stateAt<S>(gameId, g.version, folder, tx);
            const fresh = decide(before, g.version);
            if (fresh.length === 0) return { firstSeq: g.version + 1, lastSeq: g.version, duplicate: false, state: before, appended: [] };
            let state: S = before;
            const now = new Date();
            const actor = typeof meta.actor === 'function' ? meta.actor() : (meta.actor ?? null);
            let snapshotAt: { seq: number; state: S } | undefined;
            const rows = fresh.map((e, i) => {
              state = folder.evolve(state, { ...e.payload, type: e.type });
              const seq = g.version + 1 + i;
              if (seq % this.snapshotEvery === 0) snapshotAt = { seq, state };
              return {
                gameId,
                seq,
                type: e.type,
                payload: e.payload,
                actor,
                engineVersion: folder.version,
                commandId: i === 0 ? (meta.commandId ?? null) : null,
                createdAt: now,
              };
            });
            await tx.insert(events).values(rows);
            const lastSeq = g.version + rows.length;
            // The announcement rides on the version update: one round trip, delivered when the transaction commits.
            const note = meta.notify?.(lastSeq);
            await tx
              .update(games)
              .set({ version: lastSeq, updatedAt: now, ...(meta.status ? { status: meta.status(state) } : {}) })
              .where(eq(games.id, gameId))
              .returning(note ? { notified: sql`pg_notify(${note.channel}, ${note.payload})` } : { id: games.id });
            if (snapshotAt) {
              await tx
                .insert(snapshots)
                .values({ gameId, seq: snapshotAt.seq, state: snapshotAt.state, engineVersion: folder.version })
                .onConflictDoNothing();
            }
            return {
              firstSeq: g.version + 1,
              lastSeq,
              duplicate: false,
              state,
              appended: rows.map(({ gameId: _g, ...r }) => r),
            };
          })
          .then((r) => {
            if (!r.duplicate && r.appended.length) this.remember(gameId, r.lastSeq, r.state, folder.version);
            return r;
          });
      } catch (err) {
        // Another writer took this seq (only possible if someone bypassed the row lock): decide again.
        if (isUniqueViolation(err) && attempt < 5) {
          this.forget(gameId);
          if (meta.commandId) {
            const prior = await this.db
              .select({ seq: events.seq })
              .from(events)
              .where(and(eq(events.gameId, gameId), eq(events.commandId, meta.commandId)))
              .limit(1);
            if (prior.length)
              return { firstSeq: prior[0].seq, lastSeq: prior[0].seq, duplicate: true, state: undefined as S, appended: [] };
          }
          continue;
        }
        throw err;
      }
    }
  }

  /**
   * The common case of append in one statement (APPEND_SQL): decide on this instance's cached latest state, then
   * append only if the game is still at that version and the command id is not in the log yet. Returns null when
   * that does not hold (no cached state, the log moved on, a duplicate id that decide refused, an empty decision):
   * the transactional path then runs with its own checks, so idempotency and gap-freedom rest on the same guards.
   */
  private async appendOnCached<S>(
    gameId: string,
    folder: Folder<S>,
    decide: (state: S, seq: number) => NewEvent[],
    meta: AppendMeta<S>,
  ): Promise<AppendResult<S> | null> {
    const cached = this.cache.get(gameId);
    if (!cached || cached.version !== folder.version) return null;
    const v = cached.seq;
    if (meta.expectedSeq !== undefined && (meta.expectedSeq > v || (meta.strictSeq && meta.expectedSeq !== v))) return null;
    let fresh: NewEvent[];
    try {
      fresh = decide(cached.state as S, v);
    } catch (err) {
      // The refusal stands if the cache was current and the command id is not already in the log (a retry of an
      // applied command gets its earlier result); otherwise the full path decides on the fresh state.
      const [g] = await this.database.query<{ version: number; prior: number | null }>(
        'SELECT g.version, (SELECT e.seq FROM events e WHERE e.game_id = $1::text AND e.command_id = $2::text LIMIT 1) AS prior FROM games g WHERE g.id = $1::text',
        [gameId, meta.commandId ?? null],
        'hexfront_append_check',
      );
      if (g && Number(g.version) === v && (g.prior === null || g.prior === undefined)) throw err;
      this.forget(gameId);
      return null;
    }
    if (!fresh.length) return null;
    let state = cached.state as S;
    let snapshotAt: { seq: number; state: S } | undefined;
    const now = new Date();
    const actor = typeof meta.actor === 'function' ? meta.actor() : (meta.actor ?? null);
    const appended: StoredEvent[] = fresh.map((e, i) => {
      state = folder.evolve(state, { ...e.payload, type: e.type });
      const seq = v + 1 + i;
      if (seq % this.snapshotEvery === 0) snapshotAt = { seq, state };
      return {
        seq,
        type: e.type,
        payload: e.payload,
        actor,
        engineVersion: folder.version,
        commandId: i === 0 ? (meta.commandId ?? null) : null,
        createdAt: now,
      };
    });
    const lastSeq = v + appended.length;
    const note = meta.notify?.(lastSeq);
    let rows: { prior: number | null; inserted: number }[];
    try {
      rows = await this.database.query<{ prior: number | null; inserted: number }>(
        APPEND_SQL,
        [
          gameId,
          meta.commandId ?? null,
          v,
          lastSeq,
          now.toISOString(),
          meta.status ? JSON.stringify(meta.status(state)) : null,
          JSON.stringify(actor),
          folder.version,
          JSON.stringify(fresh),
          snapshotAt ? snapshotAt.seq : null,
          snapshotAt ? JSON.stringify(snapshotAt.state) : null,
          note?.channel ?? null,
          note?.payload ?? null,
        ],
        'hexfront_append',
      );
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      this.forget(gameId);
      return null;
    }
    const r = rows[0];
    if (r && r.prior !== null && r.prior !== undefined) {
      const seq = Number(r.prior);
      return { firstSeq: seq, lastSeq: seq, duplicate: true, state: undefined as S, appended: [] };
    }
    if (!r || Number(r.inserted) !== appended.length) {
      // The log moved on (another instance, or a concurrent append here): the full path decides again.
      this.forget(gameId);
      return null;
    }
    this.remember(gameId, lastSeq, state, folder.version);
    return { firstSeq: v + 1, lastSeq, duplicate: false, state, appended };
  }

  /** Write a snapshot of the state after `seq` (used by tools; appends write their own). */
  async writeSnapshot(gameId: string, seq: number, state: unknown, engineVersion: string) {
    await this.db.insert(snapshots).values({ gameId, seq, state, engineVersion }).onConflictDoNothing();
  }

  async latestSeq(gameId: string): Promise<number> {
    const [g] = await this.db.select({ version: games.version }).from(games).where(eq(games.id, gameId));
    if (!g) throw new AppError('NOT_FOUND', `No game ${gameId}`);
    return g.version;
  }

  async eventCount(gameId: string): Promise<number> {
    const [r] = await this.db.select({ n: sql<number>`count(*)::int` }).from(events).where(eq(events.gameId, gameId));
    return r.n;
  }
}
