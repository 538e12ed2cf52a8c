/**
 * Each lobby game's twin histories for the non-interference harness (engine/testing/twins.ts, issue 12). A game
 * added to the registry (index.ts) must add its entry here: engine/testing/twins.test.ts fails for a lobby game
 * without one. The heavier runs live in each game's own tests.
 */
import { checkTwins, type TwinReport } from '../testing/twins';
import { eastfront } from './eastfront';
import { eastfrontTwins } from './eastfront/twins';
import { operationUnthinkable } from './operation-unthinkable';
import { operationUnthinkableTwins } from './operation-unthinkable/twins';
import { warInTheEast } from './war-in-the-east';
import { warInTheEastTwins } from './war-in-the-east/twins';

export interface TwinEntry {
  /** Plays one seed's twin pairs (every viewer of the game's adapter). */
  run(seed: number, maxCommands: number): TwinReport;
}

export const TWINS: Record<string, TwinEntry> = {
  eastfront: {
    run: (seed, maxCommands) =>
      checkTwins({
        ruleset: eastfront,
        adapter: eastfrontTwins(eastfront, 'edelweiss'),
        scenario: 'edelweiss',
        options: { autoResolve: seed % 2 === 0 },
        seed,
        maxCommands,
      }),
  },
  'operation-unthinkable': {
    run: (seed, maxCommands) =>
      checkTwins({
        ruleset: operationUnthinkable,
        adapter: operationUnthinkableTwins(),
        scenario: 'standard',
        options: { hidden: seed % 3 !== 0, splitOrder: seed % 2 === 0 },
        seed,
        maxCommands,
      }),
  },
  'war-in-the-east': {
    run: (seed, maxCommands) =>
      checkTwins({ ruleset: warInTheEast, adapter: warInTheEastTwins(), scenario: 'barbarossa', seed, maxCommands }),
  },
};
