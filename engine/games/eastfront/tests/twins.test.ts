/**
 * Non-interference (issue 12): no viewer can tell apart two Edelweiss histories that differ only in which
 * face-down block is which letter, through events, views, status, offered actions or refusals.
 */
import { describe, expect, it } from 'vitest';
import { addTwinReport, checkTwins, emptyTwinReport } from '../../../testing/twins';
import { eastfront } from '../index';
import { eastfrontTwins } from '../twins';
import { miniFront } from './fixtures';

describe('EastFront twins (Edelweiss)', () => {
  it('no viewer tells apart twins that deal face-down blocks to other tokens', { timeout: 600_000 }, () => {
    const adapter = eastfrontTwins(eastfront, 'edelweiss');
    const total = emptyTwinReport();
    for (const seed of Array.from({ length: 24 }, (_, i) => i + 1)) {
      addTwinReport(
        total,
        checkTwins({
          ruleset: eastfront,
          adapter,
          scenario: 'edelweiss',
          options: { autoResolve: seed % 2 === 0 },
          seed,
          maxCommands: 200,
        }),
      );
    }
    const ended = new Map<string, number>();
    for (const e of total.ended)
      ended.set(e.replace(/[0-9]+/g, '#').slice(0, 90), (ended.get(e.replace(/[0-9]+/g, '#').slice(0, 90)) ?? 0) + 1);
    console.log(
      '[twins] eastfront',
      JSON.stringify({ ...total, ended: Object.fromEntries(ended), failures: total.failures.map((f) => f.slice(0, 400)) }, null, 1),
    );
    expect(total.failures).toEqual([]);
    expect(total.pairs).toBeGreaterThan(10);
  });
});

describe('EastFront twins (a cut-off stack)', () => {
  it('attrition of a face-down stack tells nothing about which block is which (6.6)', { timeout: 600_000 }, () => {
    // three German blocks deep behind the Soviet line: out of supply, so they suffer attrition at once
    const rs = miniFront([
      { id: 'N', side: 'german', type: 'infantry', name: 'infantry N', cv: 4, max: 4, at: '8,7' },
      { id: 'O', side: 'german', type: 'infantry', name: 'infantry O', cv: 3, max: 4, at: '8,7' },
      { id: 'Q', side: 'german', type: 'armor', name: 'armor Q', cv: 4, max: 4, at: '8,7' },
    ]);
    const adapter = eastfrontTwins(rs, 'edelweiss');
    const total = emptyTwinReport();
    for (let seed = 1; seed <= 12; seed++)
      addTwinReport(
        total,
        checkTwins({ ruleset: rs, adapter, scenario: 'edelweiss', options: { autoResolve: true }, seed, maxCommands: 120 }),
      );
    console.log(
      '[twins] eastfront cut-off',
      JSON.stringify({ ...total, ended: total.ended.slice(0, 12), failures: total.failures.map((f) => f.slice(0, 400)) }, null, 1),
    );
    expect(total.failures).toEqual([]);
  });
});
