import { describe, expect, it } from 'vitest';
import { fuzz } from '../fuzz';
import { miniFront } from './fixtures';

describe('random legal play (fuzzer)', () => {
  it('plays seeded games to the end without crashes or illegal states, with deterministic folds', () => {
    const rs = miniFront();
    const rep = fuzz(rs, [1, 2, 3, 4, 5], 800);
    expect(rep.problems).toEqual([]);
    expect(rep.commands).toBeGreaterThan(50);
    expect(rep.finished).toBeGreaterThan(0);
  });
});

describe('random legal play on the real map (Edelweiss)', () => {
  it('plays 5 seeded Edelweiss games to the September end with no crash, illegal state or fold difference', async () => {
    const { eastfront } = await import('../index');
    const rep = fuzz(eastfront, [1, 2, 3, 4, 5], 3000);
    expect(rep.problems).toEqual([]);
    expect(rep.finished).toBe(5);
    expect(rep.eventTypes.fire).toBeGreaterThan(0);
  });
});
