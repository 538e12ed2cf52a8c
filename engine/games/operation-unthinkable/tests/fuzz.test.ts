import { describe, expect, it } from 'vitest';
import { operationUnthinkable } from '../index';
import { playRandomGames } from '../fuzz';

/** OU_FUZZ_GAMES sets how many seeded games to play (default 5 in the suite; 200 for a full run). */
const GAMES = Math.max(1, Number(process.env.OU_FUZZ_GAMES) || 5);
const FIRST_SEED = Math.max(1, Number(process.env.OU_FUZZ_SEED) || 1);

describe('random legal play (fuzzer)', () => {
  it(
    `plays ${GAMES} seeded games to the end, with every option and team seats`,
    () => {
      // each game decides only actions legal() offered, so decide() and legal() must agree all the way
      const t0 = performance.now();
      const results = playRandomGames(operationUnthinkable, GAMES, FIRST_SEED, { actionsPerPhase: 3 });
      const ms = performance.now() - t0;
      if (GAMES > 5) {
        const wins = results.filter((r) => r.winner === 'allied').length;
        console.log(
          `OU fuzz: ${GAMES} games in ${(ms / 1000).toFixed(1)} s (${(ms / GAMES).toFixed(0)} ms/game), Allied wins ${wins}, commands ${results.reduce((t, r) => t + r.commands, 0)}`,
        );
      }
      expect(results).toHaveLength(GAMES);
      for (const r of results) expect(['allied', 'soviet']).toContain(r.winner);
    },
    Math.max(60_000, GAMES * 20_000),
  );
});
