/**
 * The test-only rulesets: the platform's small games (tally, skirmish) and the EastFront loss-choice drill. They
 * are not in the production registry; test servers (HEXFRONT_TEST_GAMES=1), vitest and the game runner add them.
 */
import type { AnyRuleset } from '../core/ruleset';
import { addRulesets } from '../games';
import { eastfrontDrill } from '../games/eastfront/drill';
import { skirmish } from './skirmish';
import { tally } from './tally';

export const testRulesets: AnyRuleset[] = [skirmish, tally, eastfrontDrill];

export function registerTestRulesets(): void {
  addRulesets(testRulesets);
}
