/**
 * The registry of rulesets the platform knows. Server, lobby and runner look games up here and nowhere else,
 * so nothing outside engine/games/<game> depends on one game. Only real games are listed here; the test-only
 * rulesets (engine/testing/rulesets.ts) join at run time when a test server or a test asks for them.
 */
import type { AnyRuleset } from '../core/ruleset';
import { eastfront } from './eastfront';
import { operationUnthinkable } from './operation-unthinkable';
import { warInTheEast } from './war-in-the-east';

/** Lobby games first; test-only rulesets (never offered in the lobby) are appended by addRulesets. */
const rulesets: AnyRuleset[] = [eastfront, operationUnthinkable, warInTheEast];

/** Add rulesets to the registry (test-only ones); a ruleset already known by its id is not added twice. */
export function addRulesets(extra: AnyRuleset[]): void {
  for (const rs of extra) if (!rulesets.some((r) => r.id === rs.id)) rulesets.push(rs);
}

export function getRuleset(id: string): AnyRuleset {
  const rs = findRuleset(id);
  if (!rs) throw new Error(`unknown game ${JSON.stringify(id)}`);
  return rs;
}

export function findRuleset(id: string): AnyRuleset | undefined {
  return rulesets.find((r) => r.id === id);
}

export function listRulesets(opts: { includeTestOnly?: boolean } = {}): AnyRuleset[] {
  return rulesets.filter((r) => opts.includeTestOnly || !r.testOnly);
}
