import { describe, expect, it } from 'vitest';
import { fuzzGame } from '../fuzz';

describe('War in the East fuzzer (Barbarossa, 20 turns)', () => {
  it('plays seeded games to the end with every invariant holding', () => {
    for (const seed of [1, 2]) {
      const rep = fuzzGame(seed, 5000, 3);
      expect(rep.failures).toEqual([]);
      expect(rep.finished).toBe(true);
      expect(rep.lastGt).toBe(20);
      expect(rep.attacks).toBeGreaterThan(0);
    }
  }, 300_000);
});
