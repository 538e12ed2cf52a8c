import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fold } from '../../../core';
import { eastfront } from '../index';
import { leaks } from '../leak';
import { parseGolden, replayGolden } from '../golden/replay';

const lines = parseGolden(readFileSync(new URL('../golden/edelweiss-walkthrough.jsonl', import.meta.url), 'utf8'));

describe('golden replay: the Edelweiss walkthrough (July II - August II 1942 + August production)', () => {
  const r = replayGolden(eastfront, lines);

  it('accepts every command of the walkthrough with the book\'s dice, all dice used', () => {
    expect(r.refused).toBeUndefined();
    expect(r.executed).toBe(lines.length);
  });

  it('reproduces every stated hit, loss, repulse, retreat, supreme-move count, production level, supply result and position', () => {
    // the map relations this replay first reported are in docs/rulings/eastfront.md; the map now holds them
    expect(r.mismatches).toEqual([]);
  });

  it('folds to the same state again and leaks nothing to either side', () => {
    expect(JSON.stringify(fold(eastfront, r.events))).toBe(JSON.stringify(r.state));
    expect(leaks(eastfront, r.events)).toEqual([]);
  });
});

describe('golden dice file for the headless runner', () => {
  it('is the 25 set-up dice followed by every line\'s dice', () => {
    const file = readFileSync(new URL('../golden/edelweiss-walkthrough.dice', import.meta.url), 'utf8').trim().split(/\s+/).map(Number);
    expect(file).toEqual([...Array(25).fill(1), ...lines.flatMap((l) => l.dice ?? [])]);
  });
});
