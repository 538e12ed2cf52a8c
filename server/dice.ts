import { randomInt } from 'node:crypto';
import type { DiceSource } from '../engine/core/dice';

/** Live games roll on the server with a cryptographic source; the values are stored in the events. */
export const cryptoDice: DiceSource = {
  roll(sides = 6) {
    return randomInt(1, sides + 1);
  },
};
