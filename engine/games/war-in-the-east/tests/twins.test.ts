/** Hidden information (12.12): the sealed air commitment never reaches the other side before the reveal. */
import { describe, expect, it } from 'vitest';
import { addTwinReport, checkTwins, emptyTwinReport } from '../../../testing/twins';
import { warInTheEast } from '../index';
import { warInTheEastTwins } from '../twins';

describe('War in the East twins', () => {
  it('no viewer tells apart games that differ only in the other side’s sealed air commitment', () => {
    const total = emptyTwinReport();
    for (const seed of [7, 8])
      addTwinReport(
        total,
        checkTwins({ ruleset: warInTheEast, adapter: warInTheEastTwins(), scenario: 'barbarossa', seed, maxCommands: 40 }),
      );
    expect(total.failures).toEqual([]);
    expect(total.pairs).toBe(6);
    // every pair reached the commitment and stopped only at the reveal
    expect(total.ended.filter((e) => e.includes('revealed')).length).toBeGreaterThan(0);
    expect(total.compared.events).toBeGreaterThan(0);
  }, 300_000);
});
