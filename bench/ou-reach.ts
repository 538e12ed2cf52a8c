/**
 * Operation Unthinkable helpers the board calls on every selection: reachable() for every Allied stack in the
 * first Movement Phase of a seeded game, and setupTargets() for every Soviet unit at set-up. Figures in ms.
 */
import { resolve } from 'node:path';
import { operationUnthinkable } from '../engine/games/operation-unthinkable';
import { playUntil } from '../engine/games/operation-unthinkable/fuzz';
import { reachable } from '../engine/games/operation-unthinkable/movement';
import { setupTargets, ALLIED_COMMANDS, SOVIET_COMMANDS } from '../engine/games/operation-unthinkable/steps';
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
  const setup = playUntil(rs, 3, (x) => x.step === 'setup-soviet');
  const soviet = { side: 'soviet', commands: SOVIET_COMMANDS };
  const targets: number[] = [];
  for (const id of Object.keys(setup.u)
    .filter((id) => setup.u[id].at === 'setup' && unitDef(id).side === 'soviet')
    .slice(0, 40)) {
    const t0 = performance.now();
    setupTargets(map, setup, soviet, id);
    targets.push(performance.now() - t0);
  }
  return {
    ou_reach_stacks: stacks.size,
    ou_reach_hexes_avg: Math.round(hexes / reach.length),
    ou_reach_p50_ms: pct(reach, 0.5),
    ou_reach_max_ms: pct(reach, 1),
    ou_setup_targets_p50_ms: pct(targets, 0.5),
    ou_setup_targets_max_ms: pct(targets, 1),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename))
  benchOuReach().then((r) => console.log(JSON.stringify(r)));
