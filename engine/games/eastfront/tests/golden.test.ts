import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FixedDice, fold } from '../../../core';
import { eastfront } from '../index';
import { leaks } from '../leak';
import { parseGolden, replayGolden } from '../golden/replay';

const lines = parseGolden(readFileSync(new URL('../golden/edelweiss-walkthrough.jsonl', import.meta.url), 'utf8'));

describe('golden replay: the Edelweiss walkthrough (July II - August II 1942 + August production)', () => {
  const r = replayGolden(eastfront, lines);

  it("accepts every command of the walkthrough with the book's dice, all dice used", () => {
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
  const r = replayGolden(eastfront, lines);
  it("is the 25 set-up dice followed by every line's dice, and drives the whole log as the runner does", () => {
    const file = readFileSync(new URL('../golden/edelweiss-walkthrough.dice', import.meta.url), 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(file).toEqual([...Array(25).fill(1), ...lines.flatMap((l) => l.dice ?? [])]);
    // as scripts/game.ts does: one FixedDice for set-up and every command, solo seats per side
    const dice = new FixedDice(file);
    let s = fold(eastfront, eastfront.setup('edelweiss', {}, dice));
    for (const l of lines) {
      const side = l.actor as 'german' | 'soviet';
      const actor = {
        side,
        commands: eastfront
          .roles('edelweiss')
          .sides.find((x) => x.id === side)!
          .commands.map((c) => c.id),
      };
      for (const e of eastfront.decide(s, eastfront.parseCommand(l.command), actor, dice)) s = eastfront.evolve(s, e);
    }
    expect(dice.remaining).toBe(0);
    expect(JSON.stringify(s)).toBe(JSON.stringify(r.state));
  });
});
