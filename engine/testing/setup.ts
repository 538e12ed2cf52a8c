/** vitest setup: the test-only rulesets join the registry for every test file. */
import { registerTestRulesets } from './rulesets';

registerTestRulesets();
