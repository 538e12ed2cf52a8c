/**
 * Applying what the live stream pushes to what the browser holds (issue 14, point 1), as pure functions so they
 * can be tested without a browser. The server sends each batch as: the events (already redacted for this viewer)
 * with seqs after `after` up to `lastSeq`, and the game as this viewer sees it at `lastSeq` (`moment`). A browser
 * holding the log up to `after` appends the events; one holding less has missed something (a gap) and reads the
 * log again; one holding more drops what it already has.
 */

export interface LogEvent {
  seq: number;
}

/** The log as the browser holds it: every event it may see with a seq up to `lastSeq`. */
export interface HeldLog<E extends LogEvent = LogEvent> {
  events: E[];
  lastSeq: number;
}

export interface PushedBatch<E extends LogEvent = LogEvent> {
  after: number;
  lastSeq: number;
  events: E[];
}

export type PushResult<E extends LogEvent> =
  /** The log to hold from now on. */
  | { kind: 'applied'; log: HeldLog<E> }
  /** Nothing new in the batch: keep what is held. */
  | { kind: 'stale' }
  /** Events between what is held and the batch are missing (or nothing is held yet): read the log again. */
  | { kind: 'gap' };

/** The held log with a pushed batch applied, or why it cannot be. */
export function applyPush<E extends LogEvent>(held: HeldLog<E> | undefined, batch: PushedBatch<E>): PushResult<E> {
  if (!held) return { kind: 'gap' };
  if (batch.lastSeq <= held.lastSeq) return { kind: 'stale' };
  if (batch.after > held.lastSeq) return { kind: 'gap' };
  // batch.after <= held.lastSeq < batch.lastSeq: the part not held yet follows on directly.
  const fresh = batch.after === held.lastSeq ? batch.events : batch.events.filter((e) => e.seq > held.lastSeq);
  return { kind: 'applied', log: { events: held.events.concat(fresh), lastSeq: batch.lastSeq } };
}

/** The parts of game.view's answer that a pushed moment replaces (everything but the game's own row). */
export interface ViewLike {
  seq: number;
  latestSeq: number;
}

/**
 * A cached game.view answer after a pushed moment. The live view (no `atSeq`) becomes the moment, keeping the
 * game's row; a view of a past seq keeps its state and only learns the new latest seq. Older moments change
 * nothing (the log only grows, so a larger latest seq is always newer).
 */
export function applyMoment<V extends ViewLike>(prev: V | undefined, moment: ViewLike | null, atSeq: number | undefined): V | undefined {
  if (!prev || !moment || moment.latestSeq <= prev.latestSeq) return prev;
  if (atSeq === undefined) return { ...prev, ...moment };
  return { ...prev, latestSeq: moment.latestSeq };
}

/** Reads the whole log, page after page from a cursor, so nothing is cut off however long the game is. */
export async function readWholeLog<E extends LogEvent>(
  page: (since: number) => Promise<{ events: E[]; lastSeq: number; more: boolean }>,
): Promise<HeldLog<E>> {
  const events: E[] = [];
  let since = 0;
  for (;;) {
    const p = await page(since);
    events.push(...p.events);
    if (!p.more || p.lastSeq <= since) return { events, lastSeq: p.lastSeq };
    since = p.lastSeq;
  }
}
