/**
 * Live fan-out. Every instance LISTENs on one PostgreSQL channel; a NOTIFY "<gameId>:<seq>" wakes the
 * subscribers of that game in every process, and each subscriber reads the new events and redacts them for
 * its own viewer before they leave the server.
 */
import type { Database } from '../db/client';
import type { Viewer } from '../engine/core/ruleset';
import { EVENTS_CHANNEL, redactBatch, type ClientEvent, type GameService } from './games';

export interface LiveBatch {
  events: ClientEvent[];
  lastSeq: number;
  status: unknown;
}

export class LiveHub {
  private waiters = new Map<string, Set<() => void>>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.database.listen(EVENTS_CHANNEL, (payload) => this.wake(payload.split(':')[0]));
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
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

  /** Batches of redacted events after `since`, as they are appended, until `signal` aborts. */
  async *follow(service: GameService, gameId: string, viewer: Viewer, since: number, signal?: AbortSignal): AsyncGenerator<LiveBatch> {
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
    try {
      while (!signal?.aborted) {
        if (!dirty) {
          await new Promise<void>((resolve) => {
            wakeUp = resolve;
            if (dirty || signal?.aborted) resolve();
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
        yield { events: batch.events, lastSeq: cursor, status: rs.status(state) };
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      set.delete(waiter);
      if (!set.size) this.waiters.delete(gameId);
    }
  }
}
