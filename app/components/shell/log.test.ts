/**
 * The generic part of the log (issue 16, point 5) and the "your move" rule (point 6): pure functions, no browser.
 */
import { describe, expect, it } from 'vitest';
import type { ClientEvent } from '../../../server/games';
import { describeEvent } from '../boards';
import { groupLines, logLines, nameIds, undoneSeqs } from '../EventLog';
import { yourMove } from './turnSignal';

const ev = (seq: number, type: string, data: Record<string, unknown> = {}): ClientEvent => ({ seq, type, data, at: '' });

describe('log lines', () => {
  it('names sides and commands instead of their ids, whole words only', () => {
    const names = { allied: 'Allies', 'us-12ag': 'US 12th Army Group' };
    expect(nameIds('Done: us-12ag', names)).toBe('Done: US 12th Army Group');
    expect(nameIds('allied undid the events from 4 on', names)).toBe('Allies undid the events from 4 on');
    expect(nameIds('non-allied-x stays', names)).toBe('non-allied-x stays');
  });

  it('strikes through what an undo cancelled, up to the undo itself', () => {
    const events = [ev(1, 'setup'), ev(2, 'moved'), ev(3, 'moved'), ev(4, '@undo', { from: 2, by: 'red' }), ev(5, 'moved')];
    expect([...undoneSeqs(events)]).toEqual([2, 3]);
    const lines = logLines('a-game-without-describer', events, { red: 'Red' });
    expect(lines.map((l) => l.undone)).toEqual([false, true, true, false, false]);
    expect(lines[3].text).toBe('Red undid the events from 2 on');
  });

  it('words an event without a describer from its plain values, leaving ids and nested data out', () => {
    const line = describeEvent(
      'a-game-without-describer',
      ev(7, 'stepLost', { unit: 'us-3a-12', id: 'x1', hex: '1021', steps: 2, to: { q: 1 } }),
    );
    expect(line).toBe('Step lost: hex 1021, steps 2');
  });

  it('gives a bookkeeping event no line when its describer says so (EastFront: an answered prompt)', () => {
    expect(describeEvent('eastfront', ev(9, 'awaiting', { prompt: null }))).toBeNull();
    expect(logLines('eastfront', [ev(9, 'awaiting', { prompt: null })], {})).toEqual([]);
  });

  it('groups lines under the turn and phase they belong to, newest first', () => {
    const chapters = [
      { seq: 1, turn: 'Turn 1 of 20', phase: 'red player-turn' },
      { seq: 3, turn: 'Turn 1 of 20', phase: 'blue player-turn' },
    ];
    const lines = [1, 2, 3, 4].map((seq) => ({ seq, text: `e${seq}`, undone: false }));
    const groups = groupLines(lines, chapters);
    expect(groups.map((g) => g.title)).toEqual(['Turn 1 of 20 · blue player-turn', 'Turn 1 of 20 · red player-turn']);
    expect(groups[0].lines.map((l) => l.seq)).toEqual([4, 3]);
  });
});

describe('your move', () => {
  const status = (waitingFor: { side: string; command?: string }[], finished = false) => ({ waitingFor, finished });
  it("is this browser's when the game waits for a side it holds, and for a named command only if its seat holds it", () => {
    const seats = [{ side: 'allied', commands: ['us-12ag'] }];
    expect(yourMove(status([{ side: 'allied' }]), seats)).toBe(true);
    expect(yourMove(status([{ side: 'allied', command: 'us-12ag' }]), seats)).toBe(true);
    expect(yourMove(status([{ side: 'allied', command: 'br-21ag' }]), seats)).toBe(false);
    expect(yourMove(status([{ side: 'soviet' }]), seats)).toBe(false);
    expect(yourMove(status([{ side: 'allied' }], true), seats)).toBe(false);
    expect(yourMove(undefined, seats)).toBe(false);
  });
});

describe('dice and results at a glance', () => {
  it('takes the dice, a single die, the hits and the result from any game’s event', () => {
    const lines = logLines(
      'a-game-without-describer',
      [ev(1, 'fire', { dice: [6, 2, 5], hits: 2 }), ev(2, 'resolved', { die: 4, result: 'DR' }), ev(3, 'moved', { to: 'x' })],
      {},
    );
    expect(lines[0]).toMatchObject({ dice: [6, 2, 5], hits: 2 });
    expect(lines[1]).toMatchObject({ dice: [4], result: 'DR' });
    expect(lines[2].dice).toBeUndefined();
    expect(lines[2].result).toBeUndefined();
  });
});
