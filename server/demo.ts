/**
 * The demo game a newcomer finds in the lobby on first start: the first scenario of the first lobby game
 * (EastFront Edelweiss once registered), created once and marked demo.
 */
import { eq } from 'drizzle-orm';
import { games } from '../db/schema';
import { listRulesets } from '../engine/games';
import type { GameService } from './games';

export const DEMO_PREFERENCE = [{ ruleset: 'eastfront', scenario: 'edelweiss' }];

export async function ensureDemoGame(service: GameService): Promise<string | null> {
  const existing = await service.database.db.select({ id: games.id }).from(games).where(eq(games.demo, true)).limit(1);
  if (existing.length) return existing[0].id;
  const lobby = listRulesets({ includeTestOnly: service.allowTestGames });
  const pick =
    DEMO_PREFERENCE.find((p) => lobby.some((r) => r.id === p.ruleset)) ??
    (lobby[0] ? { ruleset: lobby[0].id, scenario: lobby[0].scenarios[0].id } : null);
  if (!pick) return null;
  const rs = lobby.find((r) => r.id === pick.ruleset);
  const scenario = rs?.scenarios.find((x) => x.id === pick.scenario);
  const created = await service.create({
    ...pick,
    demo: true,
    name: `${rs?.name ?? pick.ruleset}: ${scenario?.name ?? pick.scenario} (demo)`,
  });
  return created.id;
}
