/**
 * Live fan-out. Every instance LISTENs on one PostgreSQL channel; a NOTIFY "<gameId>:<seq>" wakes the
 * subscribers of that game in every process. Subscribers that stand at the same event share one read of the new
 * events and one fold of them, and the subscribers of one viewer (a side, a command set, spectators) share one
 * redaction: with hundreds of spectators a new event is read once and redacted once per distinct viewer.
 *
 * Seat changes (NOTIFY on SEATS_CHANNEL with the game id) make every subscriber of that game check at once
 * whether its request still sees what it saw when it subscribed; a stream whose seat was revoked, reissued or
 * changed ends with FORBIDDEN (the client may subscribe again and gets what it may see now). A periodic check
 * covers a notification lost with a dropped LISTEN connection.
 */
import type { Database } from '../db/client';
import type { AnyRuleset, Viewer } from '../engine/core/ruleset';
import type { Folder } from './store';
import { AppError } from './errors';
import { rememberIfPlain } from './input';
import { EVENTS_CHANNEL, redactToClient, type ClientEvent, type GameService } from './games';
import { type StoredEvent, toRuleEvent } from './store';
import { SEATS_CHANNEL } from './seats';

/** How often an open stream re-checks its seat even without a seat notification. */
const RECHECK_MS = 30_000;

/** Events read once after one seq of one game, folded once, redacted once per viewer (see LiveHub.readAfter). */
interface SharedRead {
  stored: StoredEvent[];
  /** The state before each stored event, and after the last one. */
  before: unknown[];
  after: unknown;
  status: unknown;
  /** Per viewer (viewerKey, and whether the moment was asked for): the one batch every such stream is sent. */
  byViewer: Map<string, LiveBatch>;
}

/** How many events one live read takes at most. */
const LIVE_PAGE = 500;
/** How long a shared read is kept for subscribers that arrive at the same seq a little later. */
const SHARED_MS = 1_000;

/** A stable key for a viewer: the same side and commands, in any order, share their redactions. */
export function viewerKey(v: Viewer): string {
  return v.kind === 'side' ? `side:${v.side}:${[...(v.commands ?? ['*'])].sort().join('+')}` : v.kind;
}

/** The game as one viewer sees it after a batch: what game.view answers at the latest seq, minus the game's row. */
export interface LiveMoment {
  seq: number;
  latestSeq: number;
  viewer: Viewer;
  status: unknown;
  view: unknown;
  legal: unknown[];
  hints: unknown;
}

/**
 * What a stream is sent: the viewer's events with seqs after `after` up to `lastSeq` (some seqs may be missing:
 * events the viewer may not see at all), and, when asked for, the game as the viewer sees it at `lastSeq`. A
 * client that holds the log up to `after` applies it; any other `after` is a gap (app/lib/livePush.ts).
 */
export interface LiveBatch {
  after: number;
  events: ClientEvent[];
  lastSeq: number;
  status: unknown;
  moment: LiveMoment | null;
}

export class LiveHub {
  private waiters = new Map<string, Set<() => void>>();
  /** Per game: callbacks of open streams to run when the game's seats change. */
  private seatWatchers = new Map<string, Set<() => void>>();
  private unlisten: (() => Promise<void>) | null = null;
  private unlistenSeats: (() => Promise<void>) | null = null;
  private shared = new Map<string, Promise<SharedRead>>();
  /**
   * Per game with live subscribers here: the tick of its last event notification. Reads are shared only between
   * subscribers woken by the same notification, so a shared read is never older than a subscriber's wake-up.
   */
  private generation = new Map<string, number>();
  private tick = 0;
  /** Reads of the event log made for live streams (a test and the bench compare it with the subscriber count). */
  liveReads = 0;
  /** Events redacted for live streams. */
  liveRedactions = 0;
  /** Batches built for live streams (one per read and distinct viewer). */
  liveBatches = 0;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, (payload) => this.wake(payload.split(':')[0]));
    this.unlistenSeats = await this.database.listen(SEATS_CHANNEL, (gameId) => this.seatsChanged(gameId));
  }

  /** A game's seats changed: every open stream of it checks its access now. */
  seatsChanged(gameId: string) {
    for (const w of this.seatWatchers.get(gameId) ?? []) w();
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    await this.unlistenSeats?.();
    this.unlisten = null;
    this.unlistenSeats = null;
    for (const set of this.waiters.values()) for (const w of set) w();
    this.waiters.clear();
  }

  wake(gameId: string) {
    if (this.waiters.has(gameId)) this.generation.set(gameId, ++this.tick);
    for (const w of this.waiters.get(gameId) ?? []) w();
  }

  /** Open streams of one game in this process. */
  subscribersOf(gameId: string): number {
    return this.waiters.get(gameId)?.size ?? 0;
  }

  get subscriberCount(): number {
    let n = 0;
    for (const s of this.waiters.values()) n += s.size;
    return n;
  }

  /**
   * The events after `cursor` (at most LIVE_PAGE), read and folded once for every subscriber standing at `cursor`
   * since the game's last notification (and for SHARED_MS at most). `state` is the caller's state at `cursor`; all
   * callers hold the same one. A read started after a notification holds every event that notification announced.
   */
  private readAfter(
    service: GameService,
    folder: Folder<unknown>,
    rs: AnyRuleset,
    gameId: string,
    cursor: number,
    state: unknown,
    share: boolean,
  ) {
    const gen = this.generation.get(gameId);
    const key = share && gen !== undefined ? `${gameId}:${cursor}:${gen}` : null;
    let p = key ? this.shared.get(key) : undefined;
    if (!p) {
      this.liveReads++;
      p = service.store.readEvents(gameId, cursor, undefined, LIVE_PAGE).then((stored) => {
        const before: unknown[] = [];
        let s = state;
        for (const e of stored) {
          before.push(s);
          s = folder.evolve(s, toRuleEvent(e));
        }
        return { stored, before, after: s, status: stored.length ? rs.status(s) : null, byViewer: new Map() };
      });
      if (key) {
        this.shared.set(key, p);
        const drop = () => setTimeout(() => this.shared.get(key) === p && this.shared.delete(key), SHARED_MS).unref();
        p.then(drop, () => this.shared.delete(key));
      }
    }
    return p;
  }

  /**
   * The shared read as `viewer` may see it, built once per distinct viewer: every stream of that viewer is sent
   * the same object (hence the same bytes). With `moment`, the batch also carries the viewer's view, status and
   * legal actions after it, so a browser need not fetch them again.
   */
  private batchFor(rs: AnyRuleset, r: SharedRead, cursor: number, viewer: Viewer, moment: boolean): LiveBatch {
    const k = `${viewerKey(viewer)}${moment ? '+m' : ''}`;
    let out = r.byViewer.get(k);
    if (!out) {
      const events: ClientEvent[] = [];
      for (let i = 0; i < r.stored.length; i++) {
        const c = redactToClient(rs, r.stored[i], toRuleEvent(r.stored[i]), viewer, r.before[i]);
        if (c) events.push(c);
      }
      this.liveRedactions += r.stored.length;
      const lastSeq = r.stored[r.stored.length - 1].seq;
      out = { after: cursor, events, lastSeq, status: r.status, moment: moment ? momentOf(rs, r.after, lastSeq, viewer) : null };
      this.liveBatches++;
      // Sent to every stream of this viewer: checked for plain JSON once here, not once per stream.
      r.byViewer.set(k, rememberIfPlain(out));
    }
    return out;
  }

  /**
   * Batches of redacted events after `since`, as they are appended, until `signal` aborts. `stillAllowed` is
   * asked whenever the game's seats change (and every RECHECK_MS): once it answers false, the stream ends with
   * a FORBIDDEN error before anything more is sent.
   */
  async *follow(
    service: GameService,
    gameId: string,
    viewer: Viewer,
    since: number,
    signal?: AbortSignal,
    stillAllowed?: () => Promise<boolean>,
    opts: { moments?: boolean } = {},
  ): AsyncGenerator<LiveBatch> {
    const row = await service.game(gameId);
    const rs = service.rulesetOf(row);
    const folder = service.folder(rs);
    let cursor = Math.max(0, since);
    let state = await service.store.stateAt(gameId, cursor, folder);
    let dirty = true;
    let first = true;
    let wakeUp: (() => void) | null = null;
    const waiter = () => {
      dirty = true;
      wakeUp?.();
    };
    let set = this.waiters.get(gameId);
    if (!set) this.waiters.set(gameId, (set = new Set()));
    set.add(waiter);
    const onAbort = () => waiter();
    signal?.addEventListener('abort', onAbort);
    let recheck = false;
    const seatWatcher = () => {
      recheck = true;
      wakeUp?.();
    };
    let watchers = this.seatWatchers.get(gameId);
    if (!watchers) this.seatWatchers.set(gameId, (watchers = new Set()));
    if (stillAllowed) watchers.add(seatWatcher);
    const timer = stillAllowed ? setInterval(seatWatcher, RECHECK_MS) : null;
    timer?.unref();
    try {
      while (!signal?.aborted) {
        if (recheck && stillAllowed) {
          recheck = false;
          if (!(await stillAllowed())) throw new AppError('FORBIDDEN', 'Your seat in this game was revoked or handed to someone else');
          continue;
        }
        if (!dirty) {
          await new Promise<void>((resolve) => {
            wakeUp = resolve;
            if (dirty || recheck || signal?.aborted) resolve();
          });
          wakeUp = null;
          continue;
        }
        dirty = false;
        // The first read catches this stream up on its own; later ones are shared with the game's other streams.
        const read = await this.readAfter(service, folder, rs, gameId, cursor, state, !first);
        first = false;
        if (!read.stored.length) continue;
        const batch = this.batchFor(rs, read, cursor, viewer, opts.moments ?? false);
        state = read.after;
        cursor = batch.lastSeq;
        if (read.stored.length === LIVE_PAGE) dirty = true;
        // A seat change announced while these events were read is checked before they leave.
        if (recheck && stillAllowed) {
          recheck = false;
          if (!(await stillAllowed())) throw new AppError('FORBIDDEN', 'Your seat in this game was revoked or handed to someone else');
        }
        yield batch;
      }
    } finally {
      if (timer) clearInterval(timer);
      signal?.removeEventListener('abort', onAbort);
      set.delete(waiter);
      if (!set.size) {
        this.waiters.delete(gameId);
        this.generation.delete(gameId);
      }
      watchers.delete(seatWatcher);
      if (!watchers.size) this.seatWatchers.delete(gameId);
    }
  }
}

/** What game.view would answer at `seq` (the latest) for `viewer`, minus the game's row. */
function momentOf(rs: AnyRuleset, state: unknown, seq: number, viewer: Viewer): LiveMoment {
  const actor = viewer.kind === 'side' ? { side: viewer.side, commands: [...(viewer.commands ?? [])] } : null;
  return {
    seq,
    latestSeq: seq,
    viewer,
    status: rs.status(state),
    view: rs.view(state, viewer),
    legal: actor ? rs.legal(state, actor) : [],
    hints: rs.hints ? (rs.hints(state, viewer) ?? null) : null,
  };
}
