/**
 * The registry of rulesets the platform knows. Server, lobby and runner look games up here and nowhere else,
 * so nothing outside engine/games/<game> depends on one game.
 */
import type { AnyRuleset } from '../core/ruleset';
import { eastfront } from './eastfront';
import { eastfrontDrill } from './eastfront/drill';
import { operationUnthinkable } from './operation-unthinkable';
import { skirmish } from '../testing/skirmish';
import { tally } from '../testing/tally';

/** Lobby games first; test-only rulesets (never offered in the lobby) after. */
const rulesets: AnyRuleset[] = [eastfront, operationUnthinkable, skirmish, tally, eastfrontDrill];

export function getRuleset(id: string): AnyRuleset {
  const rs = rulesets.find((r) => r.id === id);
  if (!rs) throw new Error(`unknown game ${JSON.stringify(id)}`);
  return rs;
}

export function findRuleset(id: string): AnyRuleset | undefined {
  return rulesets.find((r) => r.id === id);
}

export function listRulesets(opts: { includeTestOnly?: boolean } = {}): AnyRuleset[] {
  return rulesets.filter((r) => opts.includeTestOnly || !r.testOnly);
}
