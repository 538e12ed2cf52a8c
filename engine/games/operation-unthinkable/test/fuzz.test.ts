import { describe, expect, it } from 'vitest';
import { operationUnthinkable } from '../index';
import { playRandomGame } from '../fuzz';

describe('random legal play (fuzzer)', () => {
  it('plays 5 seeded games to the end, with every option and team seats', () => {
    const opts = [{}, { hidden: true }, { prepared: true }, { tenTurns: true }, { splitOrder: true }];
    for (let seed = 1; seed <= 5; seed++) {
      const g = playRandomGame(operationUnthinkable, seed, { teams: seed === 2, options: opts[seed - 1], actionsPerPhase: 5 });
      expect(g.state.result).not.toBeNull();
      expect(operationUnthinkable.status(g.state).finished).toBe(true);
    }
  });
});
