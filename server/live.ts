/**
 * Live fan-out. Every instance LISTENs on one PostgreSQL channel; a NOTIFY "<gameId>:<seq>" wakes the
 * subscribers of that game in every process, and each subscriber reads the new events and redacts them for
 * its own viewer before they leave the server.
 *
 * Seat changes (NOTIFY on SEATS_CHANNEL with the game id) make every subscriber of that game check at once
 * whether its request still sees what it saw when it subscribed; a stream whose seat was revoked, reissued or
 * changed ends with FORBIDDEN (the client may subscribe again and gets what it may see now). A periodic check
 * covers a notification lost with a dropped LISTEN connection.
 */
import type { Database } from '../db/client';
import type { Viewer } from '../engine/core/ruleset';
import { AppError } from './errors';
import { EVENTS_CHANNEL, redactBatch, type ClientEvent, type GameService } from './games';
import { SEATS_CHANNEL } from './seats';

/** How often an open stream re-checks its seat even without a seat notification. */
const RECHECK_MS = 30_000;

export interface LiveBatch {
  events: ClientEvent[];
  lastSeq: number;
  status: unknown;
}

export class LiveHub {
  private waiters = new Map<string, Set<() => void>>();
  /** Per game: callbacks of open streams to run when the game's seats change. */
  private seatWatchers = new Map<string, Set<() => void>>();
  private unlisten: (() => Promise<void>) | null = null;
  private unlistenSeats: (() => Promise<void>) | null = null;

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
    for (const w of this.waiters.get(gameId) ?? []) w();
  }

  get subscriberCount(): number {
    let n = 0;
    for (const s of this.waiters.values()) n += s.size;
    return n;
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
  ): AsyncGenerator<LiveBatch> {
    const row = await service.game(gameId);
    const rs = service.rulesetOf(row);
    const folder = service.folder(rs);
    let cursor = Math.max(0, since);
    let state = await service.store.stateAt(gameId, cursor, folder);
    let dirty = true;
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
        const stored = await service.store.readEvents(gameId, cursor, undefined, 500);
        if (!stored.length) continue;
        const batch = redactBatch(rs, folder, stored, viewer, state);
        state = batch.state;
        cursor = stored[stored.length - 1].seq;
        if (stored.length === 500) dirty = true;
        // A seat change announced while these events were read is checked before they leave.
        if (recheck && stillAllowed) {
          recheck = false;
          if (!(await stillAllowed())) throw new AppError('FORBIDDEN', 'Your seat in this game was revoked or handed to someone else');
        }
        yield { events: batch.events, lastSeq: cursor, status: rs.status(state) };
      }
    } finally {
      if (timer) clearInterval(timer);
      signal?.removeEventListener('abort', onAbort);
      set.delete(waiter);
      if (!set.size) this.waiters.delete(gameId);
      watchers.delete(seatWatcher);
      if (!watchers.size) this.seatWatchers.delete(gameId);
    }
  }
}
