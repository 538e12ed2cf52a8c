import { describe, expect, it } from 'vitest';
import { FixedDice, noDice, rollMany, SeededDice } from './dice';
import { notSupported, RuleError } from './errors';

describe('dice', () => {
  it('fixed dice replay their list in order and refuse to run out or to show an impossible face', () => {
    const d = new FixedDice([6, 1, 3]);
    expect(rollMany(d, 2)).toEqual([6, 1]);
    expect(d.remaining).toBe(1);
    expect(() => new FixedDice([7]).roll(6)).toThrow(/not a d6 face/);
    expect(d.roll()).toBe(3);
    expect(() => d.roll()).toThrow(/exhausted/);
  });

  it('seeded dice are repeatable per seed, differ across seeds, and stay within the faces', () => {
    const a = rollMany(new SeededDice(42), 200);
    expect(rollMany(new SeededDice(42), 200)).toEqual(a);
    expect(rollMany(new SeededDice(43), 200)).not.toEqual(a);
    expect(a.every((v) => v >= 1 && v <= 6)).toBe(true);
    expect(new Set(a).size).toBe(6);
    const d8 = rollMany(new SeededDice(1), 100, 8);
    expect(Math.max(...d8)).toBe(8);
  });

  it('folding code that tries to roll fails loudly', () => {
    expect(() => noDice.roll()).toThrow();
  });

  it('rule errors carry a code, a rule reference and a readable message', () => {
    const e = new RuleError('ILLEGAL', '6.31', 'Armor may not move after engaging');
    expect(e.toJSON()).toEqual({ code: 'ILLEGAL', rule: '6.31', message: 'Armor may not move after engaging' });
    expect(() => notSupported('15.0', 'Sea power')).toThrow(/Sea power is not yet supported \(rule 15\.0\)/);
  });
});
