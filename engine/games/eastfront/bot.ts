import type { BotPolicy } from '../../bots/bot';
import type { EastfrontRuleset } from './ruleset';
import type { View } from './view';

export function eastfrontPolicy(_rs: EastfrontRuleset): BotPolicy<View, unknown, null> {
  return { id: 'eastfront', prepare: () => null, score: (c) => (c.command.type.startsWith('end') ? 0 : 1) };
}
