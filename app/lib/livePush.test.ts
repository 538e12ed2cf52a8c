/**
 * The browser's side of push-not-re-pull (issue 14, point 1): pushed batches extend the held log, a gap asks for
 * a fresh read, repeats are ignored, and the view follows the pushed moment.
 */
import { describe, expect, it } from 'vitest';
import { applyMoment, applyPush, readWholeLog, type HeldLog } from './livePush';

const ev = (seq: number) => ({ seq, type: 'x' });
const held = (seqs: number[], lastSeq = seqs[seqs.length - 1] ?? 0): HeldLog<{ seq: number; type: string }> => ({
  events: seqs.map(ev),
  lastSeq,
});

describe('applyPush', () => {
  it('appends a batch that follows on from what is held', () => {
    const r = applyPush(held([1, 2, 3]), { after: 3, lastSeq: 5, events: [ev(4), ev(5)] });
    expect(r).toEqual({ kind: 'applied', log: held([1, 2, 3, 4, 5]) });
  });

  it('keeps seqs the viewer may not see as gaps in the events but not as gaps in the log', () => {
    // Events 4 and 6 were hidden from this viewer: the batch still follows on from 3 and reaches 7.
    const r = applyPush(held([1, 2, 3]), { after: 3, lastSeq: 7, events: [ev(5), ev(7)] });
    expect(r).toEqual({ kind: 'applied', log: { events: [1, 2, 3, 5, 7].map(ev), lastSeq: 7 } });
    // ... and a batch wholly hidden moves the held seq on, so the next batch is not mistaken for a gap.
    const empty = applyPush(held([1, 2, 3]), { after: 3, lastSeq: 4, events: [] });
    expect(empty).toEqual({ kind: 'applied', log: held([1, 2, 3], 4) });
    if (empty.kind !== 'applied') throw new Error('unreachable');
    expect(applyPush(empty.log, { after: 4, lastSeq: 5, events: [ev(5)] }).kind).toBe('applied');
  });

  it('reports a gap when events between the held log and the batch are missing', () => {
    expect(applyPush(held([1, 2, 3]), { after: 4, lastSeq: 6, events: [ev(5), ev(6)] })).toEqual({ kind: 'gap' });
    // Nothing held yet (the first read is still on its way): read it.
    expect(applyPush(undefined, { after: 0, lastSeq: 1, events: [ev(1)] })).toEqual({ kind: 'gap' });
  });

  it('ignores a batch it already holds (a resent or late batch) and takes only the new part of an overlap', () => {
    expect(applyPush(held([1, 2, 3]), { after: 1, lastSeq: 3, events: [ev(2), ev(3)] })).toEqual({ kind: 'stale' });
    expect(applyPush(held([1, 2, 3]), { after: 2, lastSeq: 5, events: [ev(3), ev(4), ev(5)] })).toEqual({
      kind: 'applied',
      log: held([1, 2, 3, 4, 5]),
    });
  });

  it('never duplicates or reorders events over a run of batches with repeats and a gap', () => {
    let log: HeldLog<{ seq: number; type: string }> | undefined = held([1]);
    const reads: number[] = [];
    const batches = [
      { after: 1, lastSeq: 2, events: [ev(2)] },
      { after: 1, lastSeq: 2, events: [ev(2)] }, // repeated
      { after: 2, lastSeq: 4, events: [ev(3), ev(4)] },
      { after: 5, lastSeq: 6, events: [ev(6)] }, // event 5 never arrived
      { after: 6, lastSeq: 7, events: [ev(7)] },
    ];
    for (const b of batches) {
      const r: ReturnType<typeof applyPush<{ seq: number; type: string }>> = applyPush(log, b);
      if (r.kind === 'applied') log = r.log;
      if (r.kind === 'gap') {
        reads.push(b.lastSeq);
        log = held([1, 2, 3, 4, 5, 6]); // what a fresh read returns
      }
    }
    expect(reads).toEqual([6]);
    expect(log).toEqual(held([1, 2, 3, 4, 5, 6, 7]));
  });
});

describe('applyMoment', () => {
  const view = { game: { id: 'g' }, seq: 4, latestSeq: 4, view: 'old', legal: ['a'] };
  const moment = { seq: 6, latestSeq: 6, view: 'new', legal: [] };

  it('replaces the live view, keeping the game row', () => {
    expect(applyMoment(view, moment, undefined)).toEqual({ game: { id: 'g' }, seq: 6, latestSeq: 6, view: 'new', legal: [] });
  });

  it('only moves the latest seq of a view of the past', () => {
    const past = { ...view, seq: 2 };
    expect(applyMoment(past, moment, 2)).toEqual({ ...past, latestSeq: 6 });
  });

  it('ignores an older or missing moment and a view not loaded yet', () => {
    expect(applyMoment(view, { seq: 3, latestSeq: 3 }, undefined)).toBe(view);
    expect(applyMoment(view, null, undefined)).toBe(view);
    expect(applyMoment(undefined, moment, undefined)).toBeUndefined();
  });
});

describe('readWholeLog', () => {
  it('pages through a log longer than one page without cutting it', async () => {
    const all = Array.from({ length: 4_500 }, (_, i) => ev(i + 1));
    const calls: number[] = [];
    const log = await readWholeLog(async (since) => {
      calls.push(since);
      const page = all.filter((e) => e.seq > since).slice(0, 2000);
      return { events: page, lastSeq: page.length ? page[page.length - 1].seq : since, more: page.length === 2000 };
    });
    expect(log.events.length).toBe(4_500);
    expect(log.lastSeq).toBe(4_500);
    expect(calls).toEqual([0, 2000, 4000]);
  });
});
