/**
 * The twin harness runs over every lobby game (issue 12): a game without a twin adapter fails here, and every
 * adapter's twins must look the same to the viewers it names for a few seeds.
 */
import { describe, expect, it } from 'vitest';
import { listRulesets } from '../games';
import { TWINS } from '../games/twins';
import { addTwinReport, emptyTwinReport } from './twins';

describe('twin histories over every lobby game', () => {
  for (const rs of listRulesets()) {
    it(`${rs.id}: no viewer tells its twins apart`, { timeout: 300_000 }, () => {
      const entry = TWINS[rs.id];
      expect(entry, `${rs.id} has no twin adapter in engine/games/twins.ts`).toBeDefined();
      const total = emptyTwinReport();
      for (const seed of [101, 102, 103]) addTwinReport(total, entry.run(seed, 60));
      expect(total.failures).toEqual([]);
      expect(total.pairs).toBeGreaterThan(0);
      expect(total.compared.events).toBeGreaterThan(0);
    });
  }
});
