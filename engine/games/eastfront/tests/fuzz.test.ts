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
  // EASTFRONT_FUZZ_GAMES=200 npx vitest run engine/games/eastfront/tests/fuzz.test.ts for the long run
  const n = Number(process.env.EASTFRONT_FUZZ_GAMES ?? 5);
  it(`plays ${n} seeded Edelweiss games to the September end with no crash, illegal state or fold difference`, {
    timeout: 600_000,
  }, async () => {
    const { eastfront } = await import('../index');
    const rep = fuzz(
      eastfront,
      Array.from({ length: n }, (_, i) => i + 1),
      3000,
    );
    expect(rep.problems).toEqual([]);
    expect(rep.finished).toBe(n);
    expect(rep.eventTypes.fire).toBeGreaterThan(0);
  });
});
