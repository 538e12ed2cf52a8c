/**
 * EastFront engine bench: time of `legal()` for the side to move in every Movement / Blitz Movement position
 * of the golden Edelweiss walkthrough (the book's own play): p50/p95 over positions of each position's median
 * time. Every timing runs on a fresh copy of the state, so nothing cached on an earlier state object helps.
 * Run alone: `npx tsx bench/eastfront.ts`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FixedDice, fold, type Actor } from '../engine/core';
import { countCompletions } from '../engine/core/actions';
import { eastfront } from '../engine/games/eastfront';
import { parseGolden } from '../engine/games/eastfront/golden/replay';
import type { State } from '../engine/games/eastfront/state';

const ACT: Record<string, Actor> = {
  german: { side: 'german', commands: ['OKH', 'AG-A', 'production'] },
  soviet: { side: 'soviet', commands: ['STAVKA', 'FRONT-I', 'production'] },
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 100) / 100;
};

export async function benchEastfront(): Promise<Record<string, number>> {
  const lines = parseGolden(
    readFileSync(resolve(import.meta.dirname, '../engine/games/eastfront/golden/edelweiss-walkthrough.jsonl'), 'utf8'),
  );
  // the positions between the walkthrough's commands, as a client asks legal() after each one
  const positions: State[] = [];
  let s = fold(eastfront, eastfront.setup('edelweiss', {}, new FixedDice(Array(64).fill(1))));
  for (const l of lines) {
    for (const e of eastfront.decide(s, eastfront.parseCommand(l.command), ACT[l.actor], new FixedDice(l.dice ?? [])))
      s = eastfront.evolve(s, e);
    if ((s.phase === 'movement' || s.phase === 'blitzMovement') && !s.prompt) positions.push(s);
  }
  // warm-up (JIT) over every position, so the figures are steady-state server times
  for (let r = 0; r < 3; r++) for (const p of positions) eastfront.legal(JSON.parse(JSON.stringify(p)) as State, ACT[p.active]);
  // per position: the median of 7 timings on fresh copies (the machine is shared; single timings are noisy)
  const times: number[] = [];
  let actions = 0;
  let commands = 0;
  for (const p of positions) {
    const runs: number[] = [];
    for (let r = 0; r < 7; r++) {
      const copy = JSON.parse(JSON.stringify(p)) as State;
      const t0 = performance.now();
      const offered = eastfront.legal(copy, ACT[copy.active]);
      runs.push(performance.now() - t0);
      if (r === 0) {
        actions += offered.length;
        commands += offered.reduce((n, a) => n + countCompletions(a), 0);
      }
    }
    times.push(pct(runs, 50));
  }
  return {
    eastfront_legal_movement_positions: positions.length,
    eastfront_legal_movement_ms_p50: pct(times, 50),
    eastfront_legal_movement_ms_p95: pct(times, 95),
    eastfront_legal_movement_actions_avg: Math.round(actions / positions.length),
    // complete commands those actions stand for (a unit, then its HQ and destination)
    eastfront_legal_movement_commands_avg: Math.round(commands / positions.length),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename))
  benchEastfront().then((r) => console.log(JSON.stringify(r)));
