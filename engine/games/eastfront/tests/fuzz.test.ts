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
