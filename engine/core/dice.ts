/**
 * Dice. The rules ask a DiceSource for values while deciding a command and write every value into the
 * events they return, so folding events never rolls. The server uses a cryptographic source; scripts and
 * tests use a fixed list or a seeded generator.
 */
export interface DiceSource {
  /** One die with `sides` faces, 1..sides. */
  roll(sides?: number): number;
}

/** Roll `n` dice at once. */
export function rollMany(dice: DiceSource, n: number, sides = 6): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(dice.roll(sides));
  return out;
}

/** Dice that replay a fixed list of values; running out is an error so a golden test cannot pass by luck. */
export class FixedDice implements DiceSource {
  private i = 0;
  constructor(private readonly values: readonly number[]) {}
  roll(sides = 6): number {
    if (this.i >= this.values.length) throw new Error(`fixed dice exhausted after ${this.values.length} rolls`);
    const v = this.values[this.i++];
    if (!Number.isInteger(v) || v < 1 || v > sides) throw new Error(`fixed die value ${v} is not a d${sides} face`);
    return v;
  }
  get used(): number {
    return this.i;
  }
  get remaining(): number {
    return this.values.length - this.i;
  }
}

/** Deterministic seeded dice (mulberry32) for fuzzers and demos. Not for live games. */
export class SeededDice implements DiceSource {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  roll(sides = 6): number {
    return 1 + Math.floor(this.next() * sides);
  }
  /** Pick one element (for random play). */
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
}

/** Dice that refuse to roll: used when folding, and for commands that must not need dice. */
export const noDice: DiceSource = {
  roll() {
    throw new Error('dice rolled where no roll is allowed');
  },
};
