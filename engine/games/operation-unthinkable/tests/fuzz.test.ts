import { describe, expect, it } from 'vitest';
import { operationUnthinkable } from '../index';
import { playRandomGames } from '../fuzz';

/**
 * OU_FUZZ_GAMES sets how many seeded games to play (default 2 in the suite, through game turn 2; with the
 * variable set, whole games: 200 for a full run). legal() offers every move of every part of every stack, so a
 * random game takes a while.
 */
const GAMES = Math.max(1, Number(process.env.OU_FUZZ_GAMES) || 2);
const WHOLE = Boolean(process.env.OU_FUZZ_GAMES);
const FIRST_SEED = Math.max(1, Number(process.env.OU_FUZZ_SEED) || 1);

describe('random legal play (fuzzer)', () => {
  it(
    `plays ${GAMES} seeded games ${WHOLE ? 'to the end' : 'through game turn 2'}, with options and team seats`,
    () => {
      // each game decides only actions legal() offered, so decide() and legal() must agree all the way
      const t0 = performance.now();
      const results = playRandomGames(operationUnthinkable, GAMES, FIRST_SEED, {
        actionsPerPhase: 3,
        ...(WHOLE ? {} : { stopAfterTurn: 2 }),
      });
      const ms = performance.now() - t0;
      if (GAMES > 5) {
        const wins = results.filter((r) => r.winner === 'allied').length;
        console.log(
          `OU fuzz: ${GAMES} games in ${(ms / 1000).toFixed(1)} s (${(ms / GAMES).toFixed(0)} ms/game), Allied wins ${wins}, commands ${results.reduce((t, r) => t + r.commands, 0)}`,
        );
      }
      expect(results).toHaveLength(GAMES);
      for (const r of results) if (WHOLE) expect(['allied', 'soviet']).toContain(r.winner);
    },
    Math.max(60_000, GAMES * 20_000),
  );
});
