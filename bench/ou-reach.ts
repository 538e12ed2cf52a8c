/**
 * Operation Unthinkable: reachable() for every Allied stack in the first Movement Phase of a seeded game, and
 * legal() per position (set-up, both Movement Phases, a Combat Phase): p50/p95 over fresh states. Figures in ms.
 */
import { resolve } from 'node:path';
import { operationUnthinkable } from '../engine/games/operation-unthinkable';
import { playUntil } from '../engine/games/operation-unthinkable/fuzz';
import { reachable } from '../engine/games/operation-unthinkable/movement';
import { ALLIED_COMMANDS, SOVIET_COMMANDS } from '../engine/games/operation-unthinkable/sequence';
import type { State } from '../engine/games/operation-unthinkable/types';
import type { Actor } from '../engine/core/ruleset';
import { onMap } from '../engine/games/operation-unthinkable/board';
import { unitDef } from '../engine/games/operation-unthinkable/data';
import type { OuMap } from '../engine/games/operation-unthinkable/map';

const pct = (xs: number[], p: number) =>
  Math.round([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] * 100) / 100;

export async function benchOuReach() {
  const rs = operationUnthinkable;
  const map = (rs as unknown as { map: OuMap }).map;
  const move = playUntil(rs, 7, (x) => x.step === 'allied-1' && x.order.allied === 'move-fight');
  const allied = { side: 'allied', commands: ALLIED_COMMANDS };
  const stacks = new Map<string, string[]>();
  for (const [id, u] of Object.entries(move.u))
    if (onMap(u.at) && unitDef(id).side === 'allied') stacks.set(u.at, [...(stacks.get(u.at) ?? []), id]);
  const reach: number[] = [];
  let hexes = 0;
  for (let rep = 0; rep < 3; rep++)
    for (const g of stacks.values()) {
      const t0 = performance.now();
      hexes += reachable(map, move, allied, g).size;
      reach.push(performance.now() - t0);
    }
  const soviet = { side: 'soviet', commands: SOVIET_COMMANDS };
  // legal() per position; a fresh copy of the state each time (legal() keeps its answer per state object)
  const timeLegal = (s: State, a: Actor, n = 5) => {
    const t: number[] = [];
    let size = 0;
    for (let k = 0; k < n; k++) {
      const t0 = performance.now();
      const l = rs.legal({ ...s }, a);
      t.push(performance.now() - t0);
      size = JSON.stringify(l).length;
    }
    return { p50: pct(t, 0.5), p95: pct(t, 0.95), kb: Math.round(size / 1024) };
  };
  const positions: Record<string, [State, Actor]> = {
    setup: [playUntil(rs, 3, (x) => x.step === 'setup-soviet'), soviet],
    allied_move: [move, allied],
    soviet_move: [playUntil(rs, 7, (x) => x.step === 'soviet-1'), soviet],
    allied_combat: [playUntil(rs, 7, (x) => x.step === 'allied-2'), allied],
  };
  const legalFigures: Record<string, number> = {};
  for (const [name, [s, a]] of Object.entries(positions)) {
    const f = timeLegal(s, a);
    legalFigures[`ou_legal_${name}_p50_ms`] = f.p50;
    legalFigures[`ou_legal_${name}_p95_ms`] = f.p95;
    legalFigures[`ou_legal_${name}_kb`] = f.kb;
  }
  return {
    ou_reach_stacks: stacks.size,
    ou_reach_hexes_avg: Math.round(hexes / reach.length),
    ou_reach_p50_ms: pct(reach, 0.5),
    ou_reach_max_ms: pct(reach, 1),
    ...legalFigures,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename))
  benchOuReach().then((r) => console.log(JSON.stringify(r)));
