/**
 * Which policy plays which game. Looked up by ruleset id, so the server and the scripts stay free of any one
 * game; a game without a policy is played by the generic one.
 */
import type { AnyRuleset } from '../core/ruleset';
import { eastfrontPolicy } from '../games/eastfront/bot';
import type { EastfrontRuleset } from '../games/eastfront/ruleset';
import { ouPolicy } from '../games/operation-unthinkable/bot';
import type { OuMap } from '../games/operation-unthinkable/map';
import { genericPolicy, type BotPolicy } from './bot';

// biome-ignore lint/suspicious/noExplicitAny: policies of every game share one table; each is typed in its folder
type AnyPolicy = BotPolicy<any, any, any>;

const cache = new WeakMap<AnyRuleset, AnyPolicy>();

export function policyFor(rs: AnyRuleset): AnyPolicy {
  const hit = cache.get(rs);
  if (hit) return hit;
  let p: AnyPolicy = genericPolicy;
  const ouMap = (rs as unknown as { map?: OuMap }).map;
  if (rs.id === 'operation-unthinkable' && ouMap) p = ouPolicy(ouMap);
  else if (rs.id === 'eastfront' && (rs as unknown as Partial<EastfrontRuleset>).board)
    p = eastfrontPolicy(rs as unknown as EastfrontRuleset);
  cache.set(rs, p);
  return p;
}

/**
 * Per-side figures of a finished game for the balance bench, read from the final public view: Operation
 * Unthinkable exits per side, EastFront victory points. Other games: none.
 */
export function summaryFor(rs: AnyRuleset, finalView: unknown): Record<string, Record<string, number>> {
  const v = finalView as {
    exits?: { side: string; sup?: boolean }[];
    result?: { vp?: Record<string, number> } | null;
    productionLevel?: Record<string, number>;
  };
  const out: Record<string, Record<string, number>> = {};
  for (const s of rs.roles(rs.scenarios[0].id).sides) out[s.id] = {};
  if (Array.isArray(v.exits))
    for (const e of v.exits) {
      const o = out[e.side];
      if (!o) continue;
      o.exits = (o.exits ?? 0) + 1;
      if (e.sup) o.suppliedExits = (o.suppliedExits ?? 0) + 1;
    }
  if (v.result?.vp) for (const [side, vp] of Object.entries(v.result.vp)) if (out[side]) out[side].vp = vp;
  if (v.productionLevel) for (const [side, pl] of Object.entries(v.productionLevel)) if (out[side]) out[side].productionLevel = pl;
  return out;
}
