/**
 * War in the East rules bench: legal() (uncached, on a fresh copy of the state) and hints() at the positions a
 * Barbarossa game spends its time in: the Axis and Russian Initial Movement Phases of GT 1, the Axis Combat Phase,
 * the Mechanized Movement Phase and the GT 2 Air Commitment Phase. p50/p95 in ms and the answer's size in kB.
 * Target (issue 18): legal()+hints() under 5 ms p95. A move's destinations are a lazy choice: choiceOptions() for
 * one unit (a sample of the offered units, each on a fresh copy of the state) is timed on its own, p50/p95 in ms.
 * Also times one seeded fuzz game of 20 turns (fuzz.ts).
 */
import { resolve } from 'node:path';
import { SeededDice } from '../engine/core/dice';
import { type Actor, fold } from '../engine/core/ruleset';
import { warInTheEast as rs } from '../engine/games/war-in-the-east';
import { fuzzGame } from '../engine/games/war-in-the-east/fuzz';
import type { State } from '../engine/games/war-in-the-east/state';

const AXIS: Actor = { side: 'axis', commands: ['okh', 'finland', 'ag-north', 'ag-center', 'ag-south', 'rumania'] };
const SOVIET: Actor = { side: 'soviet', commands: ['stavka', 'finnish-border', 'baltic', 'west', 'kiev', 'rumanian-border'] };

const pct = (xs: number[], p: number) =>
  Math.round([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] * 100) / 100;

/** End phases until `stop` holds (committing nothing in the air war). */
function walk(s: State, stop: (x: State) => boolean): State {
  for (let i = 0; i < 40 && !stop(s); i++) {
    const who = rs.status(s).waitingFor[0]?.side === 'soviet' ? SOVIET : AXIS;
    const cmd = s.phase === 'air-commitment' ? { type: 'commitAir', superiority: 0, groundSupport: 0 } : { type: 'endPhase' };
    s = rs.decide(s, rs.parseCommand(cmd), who, new SeededDice(i)).reduce(rs.evolve, s);
  }
  return s;
}

export async function benchWiteRules(): Promise<Record<string, number>> {
  const start = fold(rs, rs.setup('barbarossa', {}, new SeededDice(1)));
  const positions: Record<string, [State, Actor]> = {
    axis_move: [start, AXIS],
    axis_combat: [walk(start, (x) => x.phase === 'combat'), AXIS],
    axis_mech: [walk(start, (x) => x.phase === 'mech-movement'), AXIS],
    soviet_move: [walk(start, (x) => x.player === 'soviet' && x.phase === 'initial-movement'), SOVIET],
    air_commit: [walk(start, (x) => x.phase === 'air-commitment'), AXIS],
  };
  const out: Record<string, number> = {};
  for (const [name, [s, a]] of Object.entries(positions)) {
    const legal: number[] = [];
    const hints: number[] = [];
    let kb = 0;
    for (let k = 0; k < 25; k++) {
      const t0 = performance.now();
      const l = rs.legal({ ...s }, a);
      const t1 = performance.now();
      rs.hints?.(s, { kind: 'side', side: a.side });
      const t2 = performance.now();
      if (k < 5) continue; // warm-up
      legal.push(t1 - t0);
      hints.push(t2 - t1);
      kb = Math.round(JSON.stringify(l).length / 1024);
    }
    out[`wite_legal_${name}_p50_ms`] = pct(legal, 0.5);
    out[`wite_legal_${name}_p95_ms`] = pct(legal, 0.95);
    out[`wite_hints_${name}_p50_ms`] = pct(hints, 0.5);
    out[`wite_hints_${name}_p95_ms`] = pct(hints, 0.95);
    out[`wite_legal_${name}_kb`] = kb;
    // one unit's destinations, as the board asks for the unit a player selects
    const asks: [string, string][] = [];
    for (const act of rs.legal(s, a))
      for (const o of act.choices?.[0].options ?? []) {
        const lazy = o.next?.find((n) => n.lazy)?.lazy;
        if (lazy) asks.push([lazy, String(o.value)]);
      }
    if (!asks.length) continue;
    const per: number[] = [];
    let hexes = 0;
    for (let k = 0; k < 40; k++) {
      const [lazy, unit] = asks[Math.floor((k * asks.length) / 40)];
      const t0 = performance.now();
      const opts = rs.choiceOptions?.({ ...s }, a, lazy, { unit }) ?? [];
      per.push(performance.now() - t0);
      hexes += opts.length;
    }
    out[`wite_unit_dests_${name}_p50_ms`] = pct(per, 0.5);
    out[`wite_unit_dests_${name}_p95_ms`] = pct(per, 0.95);
    out[`wite_unit_dests_${name}_mean_hexes`] = Math.round(hexes / per.length);
  }
  const t0 = performance.now();
  const f = fuzzGame(11, 4000);
  out.wite_fuzz_game_s = Math.round((performance.now() - t0) / 10) / 100;
  out.wite_fuzz_game_commands = f.commands;
  out.wite_fuzz_game_failures = f.failures.length;
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename))
  benchWiteRules().then((r) => console.log(JSON.stringify(r)));
