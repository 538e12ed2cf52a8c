import { describe, expect, it } from 'vitest';
import { operationUnthinkable } from '../index';
import { playRandomGames } from '../fuzz';

describe('random legal play (fuzzer)', () => {
  it('plays 5 seeded games to the end, with every option and team seats', () => {
    // each game decides only actions legal() offered, so decide() and legal() must agree all the way
    const results = playRandomGames(operationUnthinkable, 5, 1, { actionsPerPhase: 3 });
    expect(results).toHaveLength(5);
    for (const r of results) expect(['allied', 'soviet']).toContain(r.winner);
  });
});
