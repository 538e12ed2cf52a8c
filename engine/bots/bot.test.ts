/**
 * The generic bot (engine/bots/bot.ts): it completes structured actions, stays within its time budget, falls back
 * to a random legal command instead of throwing, and decides the same way on the same inputs.
 */
import { describe, expect, it } from 'vitest';
import { actionOffers, type LegalAction } from '../core/actions';
import { decide, genericPolicy, SeatBot, type BotPolicy } from './bot';

const actor = { side: 'red', commands: ['all'] };
const legal: LegalAction[] = [
  { command: { type: 'endTurn' }, label: 'End' },
  {
    command: { type: 'move' },
    label: 'Move',
    choices: [
      {
        field: 'unit',
        label: 'Unit',
        pick: 'one',
        options: [
          {
            value: 'a',
            label: 'A',
            next: [{ field: 'to', label: 'To', pick: 'one', options: [1, 2, 3].map((n) => ({ value: n, label: `${n}` })) }],
          },
          {
            value: 'b',
            label: 'B',
            next: [{ field: 'to', label: 'To', pick: 'one', options: [4, 5].map((n) => ({ value: n, label: `${n}` })) }],
          },
        ],
      },
    ],
  },
  {
    command: { type: 'attack' },
    label: 'Attack',
    choices: [
      { field: 'units', label: 'Units', pick: 'some', min: 1, options: 'abcdefghijklmnop'.split('').map((u) => ({ value: u, label: u })) },
    ],
  },
];

describe('generic bot', () => {
  it('plays complete commands that the offered actions contain, preferring the best score', () => {
    const toFive: BotPolicy<unknown, unknown, null> = {
      id: 't',
      prepare: () => null,
      score: (c) => (c.command.type === 'move' ? Number((c.command as { to?: number }).to) : 0),
    };
    const d = decide({ view: {}, legal, actor }, toFive)!;
    expect(d.fallback).toBe(false);
    expect(d.command).toEqual({ type: 'move', unit: 'b', to: 5 });
    expect(legal.some((a) => actionOffers(a, d.command))).toBe(true);
  });

  it('samples a choice too large to enumerate and still plays a legal completion', () => {
    const attack: BotPolicy<unknown, unknown, null> = { id: 't', prepare: () => null, score: (c) => (c.command.type === 'attack' ? 1 : 0) };
    const d = decide({ view: {}, legal, actor }, attack, { enumerateUpTo: 8 })!;
    expect(d.command.type).toBe('attack');
    expect(actionOffers(legal[2], d.command)).toBe(true);
  });

  it('never throws: a failing policy or an odd action shape gives a random legal command', () => {
    const broken: BotPolicy<unknown, unknown, null> = {
      id: 'broken',
      prepare: () => {
        throw new Error('boom');
      },
      score: () => 0,
    };
    const d = decide({ view: {}, legal, actor }, broken)!;
    expect(d.fallback).toBe(true);
    expect(legal.some((a) => actionOffers(a, d.command))).toBe(true);
    const odd = [
      { command: { type: 'x' }, label: 'x', choices: [{ field: 'f', label: 'f', pick: 'one', options: [] }] },
    ] as unknown as LegalAction[];
    expect(() => decide({ view: {}, legal: odd, actor }, genericPolicy)).not.toThrow();
    expect(decide({ view: {}, legal: [], actor }, genericPolicy)).toBeNull();
  });

  it('stops scoring when its time budget is spent', () => {
    let t = 0;
    const slow: BotPolicy<unknown, unknown, null> = {
      id: 'slow',
      prepare: () => null,
      score: () => {
        t += 100;
        return 1;
      },
    };
    const d = decide({ view: {}, legal, actor }, slow, { budgetMs: 250, now: () => t })!;
    expect(d.scored).toBeLessThanOrEqual(4);
    expect(d.fallback).toBe(false);
  });

  it('decides the same on the same inputs, and ends a step it has lingered in', () => {
    const a = decide({ view: { n: 1 }, legal, actor }, genericPolicy)!;
    const b = decide({ view: { n: 1 }, legal, actor }, genericPolicy)!;
    expect(b.command).toEqual(a.command);
    const bot = new SeatBot(genericPolicy, { patience: 3 });
    const types = Array.from({ length: 5 }, () => bot.decide({ view: {}, legal, actor }, 'turn 1')!.command.type);
    expect(types.slice(0, 3)).not.toContain('endTurn');
    expect(types.slice(3)).toEqual(['endTurn', 'endTurn']);
  });
});
