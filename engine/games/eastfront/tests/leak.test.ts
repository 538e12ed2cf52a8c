import { describe, expect, it } from 'vitest';
import { fuzz } from '../fuzz';
import { leaks } from '../leak';
import type { Event } from '../state';
import { miniFront, paraFront } from './fixtures';

describe('hidden information (digest 4.1, 7.1)', () => {
  it('no redacted event or view shows an unrevealed block, nor the other side\'s production', () => {
    const rs = miniFront();
    const logs: Event[][] = [];
    // seed 101 pauses a round for a loss choice (7.33), answered by the fuzzer (seeds depend on legal() order)
    const rep = fuzz(rs, [11, 12, 13, 14, 101], 800, { autoResolve: false }, (ev) => logs.push(ev));
    expect(rep.problems).toEqual([]);
    const all: string[] = [];
    for (const ev of logs) all.push(...leaks(rs, ev));
    expect(all.slice(0, 10)).toEqual([]);
    // the log did exercise hidden moves, combat reveals and production
    const types = new Set(logs.flat().map((e) => e.type));
    for (const t of ['moved', 'revealed', 'ordersSealed', 'hqStep']) expect(types).toContain(t);
    expect(logs.flat().some((e) => e.type === 'awaiting' && e.prompt?.kind === 'allocate')).toBe(true);
    expect(rep.finished).toBe(5);
  });

  it('on the real Edelweiss map with passive prompts, nothing leaks either', async () => {
    const { eastfront } = await import('../index');
    const logs: Event[][] = [];
    // seed 49 stops rounds twice for a loss or repulse choice (7.33, 7.51)
    const rep = fuzz(eastfront, [21, 22, 49], 3000, { autoResolve: false }, (ev) => logs.push(ev));
    expect(rep.problems).toEqual([]);
    expect(rep.finished).toBe(3);
    expect(logs.flat().some((e) => e.type === 'awaiting' && e.prompt?.kind === 'allocate')).toBe(true);
    for (const ev of logs) expect(leaks(eastfront, ev).slice(0, 5)).toEqual([]);
  });

  it('with a para in play, paradrops, dispersal and linkups leak nothing either (14.x)', () => {
    const rs = paraFront();
    const logs: Event[][] = [];
    const rep = fuzz(rs, [31, 32, 33, 34, 35, 36], 800, { autoResolve: false }, (ev) => logs.push(ev));
    expect(rep.problems).toEqual([]);
    expect(rep.finished).toBe(6);
    const all = logs.flat();
    expect(all.some((e) => e.type === 'moved' && e.mode === 'air')).toBe(true);
    expect(all.some((e) => e.type === 'linkup')).toBe(true);
    for (const ev of logs) expect(leaks(rs, ev).slice(0, 5)).toEqual([]);
  });

  it('the checker itself catches an unredacted log', () => {
    const rs = miniFront();
    const logs: Event[][] = [];
    fuzz(rs, [11], 200, { autoResolve: false }, (ev) => logs.push(ev));
    const leaky = { ...rs, redact: (e: Event) => e };
    expect(leaks(leaky, logs[0]).length).toBeGreaterThan(0);
  });

  it('tokens do not encode ids, and set-up order does not fix them', () => {
    const rs = miniFront();
    const a = rs.setup('edelweiss', {}, { roll: (n = 6) => n });
    const b = rs.setup('edelweiss', {}, { roll: () => 1 });
    const ta = (a[0] as Extract<Event, { type: 'setup' }>).units.map((u) => u.token);
    const tb = (b[0] as Extract<Event, { type: 'setup' }>).units.map((u) => u.token);
    expect(ta).not.toEqual(tb);
    for (const u of (a[0] as Extract<Event, { type: 'setup' }>).units) expect(u.token.includes(u.id)).toBe(false);
  });
});
