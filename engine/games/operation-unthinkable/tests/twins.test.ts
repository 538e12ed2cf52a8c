/**
 * Non-interference (issue 12): the Allies and spectators cannot tell apart two games that differ only in the face-down
 * Soviet set-up (3.5.1) or in what a blind draw brought (6.1), through events, views, status, offered actions or
 * refusals.
 */
import { describe, expect, it } from 'vitest';
import { addTwinReport, checkTwins, emptyTwinReport, type TwinReport } from '../../../testing/twins';
import { operationUnthinkable as rs } from '../index';
import { operationUnthinkableTwins } from '../twins';

function summary(total: TwinReport) {
  const ended = new Map<string, number>();
  for (const e of total.ended) {
    const k = e.replace(/[0-9]+/g, '#').slice(0, 90);
    ended.set(k, (ended.get(k) ?? 0) + 1);
  }
  return JSON.stringify({ ...total, ended: Object.fromEntries(ended), failures: total.failures.map((f) => f.slice(0, 400)) }, null, 1);
}

describe('Operation Unthinkable twins', () => {
  it('no Allied or spectator payload tells apart two face-down set-ups or two blind draws', { timeout: 600_000 }, () => {
    const adapter = operationUnthinkableTwins();
    const total = emptyTwinReport();
    for (let seed = 1; seed <= 10; seed++)
      addTwinReport(total, checkTwins({ ruleset: rs, adapter, scenario: 'standard', options: { hidden: true }, seed, maxCommands: 120 }));
    console.log('[twins] operation-unthinkable', summary(total));
    expect(total.failures).toEqual([]);
  });
});
