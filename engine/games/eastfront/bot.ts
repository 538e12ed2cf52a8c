/**
 * The computer player's taste for EastFront (engine/bots/bot.ts decides; this module scores and proposes). It
 * reads the viewer's View (its own blocks, the enemy's face-down tokens and whatever rules turn face-up), the
 * legal actions and the static board and scenario facts, never the state. An enemy block whose strength it may
 * not see counts as an average block.
 *
 * Victory points (17.1-17.3) are production level (cities held on a rail line) plus twice HQ strength, less
 * eliminated units (and unsupplied German ones), so the bot:
 *  - activates an HQ only when its range holds attacks at good odds or units to bring back into supply (an
 *    activation costs a step, 5.43, two VP);
 *  - moves into an enemy hex when what it has there plus what can still move in reaches two to one, takes
 *    cities, holds threatened ones, and keeps its blocks where a supply line reaches (10.3, 10.4 attrition);
 *  - keeps HQs out of battle, answers losses with its strongest ordinary block (7.33: the hit goes to the
 *    strongest anyway; among equals it spares HQs), leaves the weakest units unsupplied on an overstack (6.22);
 *  - spends production where it buys VP: cadres for eliminated units, then HQ steps, then steps at the front.
 */
import type { LegalAction } from '../../core/actions';
import type { RuleCommand } from '../../core/ruleset';
import type { BotPolicy, Candidate } from '../../bots/bot';
import { activationValue, makePlan, type Plan } from './bot-plan';
import { isHq, type Side } from './data';
import type { EastfrontRuleset } from './ruleset';
import { ctlIn, CTL, doubleDefence, stackLimit } from './rules';
import type { Command } from './state';
import type { View } from './view';

interface Ctx extends Plan {
  legal: readonly LegalAction[];
}

export function eastfrontPolicy(rs: EastfrontRuleset): BotPolicy<View, unknown, Ctx> {
  const b = rs.board;
  const worth = (hex: string, side: Side) => {
    const c = b.city(hex);
    return c ? 1 + c.pp + c.resource * (side === 'german' ? 2 : 1) : 0;
  };
  const lastHex = (cmd: { path: string[]; to?: string }, from: string): string => cmd.to ?? cmd.path[cmd.path.length - 1] ?? from;
  const end = rs.game.end;
  const lastMonth = (c: Ctx) => c.v.turn.year > end.year || (c.v.turn.year === end.year && c.v.turn.month >= end.month);
  const danger = (c: Ctx, hex: string) => b.neighbours(hex).reduce((t, n) => t + (c.enemyStrength.get(n) ?? 0), 0);

  function scoreMove(c: Ctx, unitId: string, dest: string, kind: 'move' | 'rail' | 'retreat'): number {
    const u = c.mine.get(unitId);
    if (!u?.at || u.at.startsWith('box:')) return kind === 'retreat' ? 1 : 0.2 + 0.2 * c.supply(dest);
    const from = u.at;
    const cv = u.cv ?? 1;
    const hq = u.type ? isHq(u.type) : false;
    const enemyHere = c.enemyStrength.get(dest) ?? 0;
    const myHere = (c.myStrength.get(dest) ?? 0) + (from === dest ? 0 : cv);
    const sup = c.supply(dest);
    // 10.3-10.4: a block out of supply loses a step in the enemy's supply phase
    const supplyTerm = sup === 2 ? 0.4 : sup === 1 ? 0 : -4;
    const rescue = c.supply(from) === 0 && sup > 0 ? 3 : 0;
    // 6.21: movement must end within the stacking limit; never walk into a hex that is already full
    if (from !== dest && (c.myCount.get(dest) ?? 0) + 1 > stackLimit(b, dest)) return kind === 'retreat' ? 0.5 : -20;
    if (kind === 'retreat') return 2 - danger(c, dest) * 0.2 + (c.myStrength.get(dest) ?? 0) * 0.1 + supplyTerm + rescue;
    if (hq) {
      if (enemyHere > 0) return -10;
      const safeNow = danger(c, from) === 0;
      const safe = danger(c, dest) === 0;
      return (!safeNow && safe ? 1 : -0.5) + supplyTerm * 0.5;
    }
    let v = -0.2 + supplyTerm + rescue;
    if (enemyHere > 0) {
      // two to one in steps with what can still join (unseen blocks counted as average ones)
      const pot = Math.max(myHere, c.potential.get(dest) ?? 0);
      // 7.34: a defender in double defence takes half hits
      const dd = doubleDefence(b, c.v.weather, dest) ? 1.5 : 1;
      const r = pot / (enemyHere * dd);
      const now = myHere / (enemyHere * dd);
      if (r >= 1.5) v += 3 + Math.min(now, 4) + worth(dest, c.side) * 0.5;
      else if (now >= 1.5) v += 1;
      else v -= 3;
      return v;
    }
    if (ctlIn(c.v.control, b, dest) !== CTL[c.side] && b.city(dest)) v += 1 + 1.5 * worth(dest, c.side);
    // progress toward the nearest goal
    let best = 0;
    for (const g of c.goals) {
      const gain = b.dist(from, g.hex) - b.dist(dest, g.hex);
      if (gain > 0) best = Math.max(best, (gain * g.value) / (1 + b.dist(dest, g.hex)));
    }
    v += Math.min(best, 3);
    // holding a threatened city of mine
    if (c.threatened.has(dest) && from !== dest && (c.myStrength.get(dest) ?? 0) < danger(c, dest)) v += 1 + worth(dest, c.side);
    // leaving a threatened city of mine empty
    if (c.threatened.has(from) && (c.myStrength.get(from) ?? 0) - cv <= 0) v -= 2 + worth(from, c.side);
    return v;
  }

  /** VP an order buys (17.1): a cadre cancels its elimination penalty, an HQ step is worth two. */
  function produceValue(c: Ctx, cmd: Extract<Command, { type: 'produce' }>): number {
    let v = 0;
    for (const id of cmd.replace) {
      const u = c.mine.get(id);
      // a step of an ordinary block buys strength, not VP: worth less in the last month
      if (u?.type && isHq(u.type)) v += 2.2;
      else if (u?.at && (danger(c, u.at) > 0 || c.enemyStrength.has(u.at))) v += lastMonth(c) ? 0.3 : 0.9;
      else v += lastMonth(c) ? 0.2 : 0.6;
    }
    for (const x of cmd.cadres) {
      const u = c.mine.get(x.unit);
      v += u?.type && isHq(u.type) ? 4.2 : c.side === 'german' ? 2.6 : 1.6;
    }
    return v;
  }

  /** Greedy production orders: the replacement steps worth most per point, within the budget. */
  function completeProduce(action: LegalAction, c: Ctx): RuleCommand[] {
    const greedy = (ch: NonNullable<LegalAction['choices']>[number] | undefined, budget = ch?.budget ?? Infinity): string[] => {
      if (ch?.field !== 'replace') return [];
      const opts = ch.options
        .map((o) => {
          const one = produceValue(c, { type: 'produce', replace: [o.value as string], cadres: [] });
          return { id: o.value as string, cost: o.cost ?? 1, per: one / Math.max(1, o.cost ?? 1) };
        })
        .sort((x, y) => y.per - x.per || x.cost - y.cost);
      let left = budget;
      const out: string[] = [];
      for (const o of opts)
        if (o.cost <= left) {
          out.push(o.id);
          left -= o.cost;
        }
      return out;
    };
    const first = action.choices?.[0];
    if (!first) return [];
    if (first.field === 'replace') return [{ ...action.command, cadres: [], replace: greedy(first) } as RuleCommand];
    if (first.field === 'cadres')
      // one cadre each, then the steps the shared production points still pay for (11.42)
      return first.options.map(
        (o) =>
          ({
            ...action.command,
            cadres: [o.value],
            replace: greedy(action.choices?.[1], (action.pools?.[first.pool ?? ''] ?? 0) - (o.cost ?? 0)),
          }) as RuleCommand,
      );
    return [];
  }

  return {
    id: 'eastfront',
    prepare({ view, actor, legal }) {
      const side = actor.side as Side;
      return { ...makePlan(b, rs.game.ctx, view, side, legal, (hex) => worth(hex, side)), legal };
    },
    score(cand: Candidate, c: Ctx): number {
      const cmd = cand.command as Command;
      switch (cmd.type) {
        case 'endCommand':
        case 'endMovement':
        case 'endCombat':
          return 0;
        case 'activate': {
          const hq = c.mine.get(cmd.hq);
          if (cmd.paradrop || !hq || (hq.cv ?? 0) < 2) return -1;
          // an HQ's steps are worth two VP each (17.1), and Blitz spends a second one (5.7)
          const at = cmd.deploy ?? hq.at;
          const exposed = cmd.deploy && danger(c, cmd.deploy) > 0 ? 2 : 0;
          const gain = activationValue(b, c, { ...hq, at }, (hex) => worth(hex, c.side)) - (cmd.deploy ? 0.1 : 0) - exposed;
          // the step it costs counts in full at the end (17.1)
          const cost = (cmd.blitz ? 3.5 : 2.5) + (lastMonth(c) ? 1 : 0);
          return gain - cost;
        }
        case 'move':
        case 'rail':
        case 'retreat': {
          const from = c.mine.get(cmd.unit)?.at ?? '';
          return scoreMove(c, cmd.unit, lastHex(cmd, from), cmd.type);
        }
        case 'mobilize':
          return -0.5;
        case 'airstrike':
          return 1 + (c.enemyStrength.get(cmd.hex) ?? 0) * 0.1;
        case 'fight': {
          // a battle that is not compulsory is fought where the odds are fair (unseen blocks as average ones)
          const r = (c.myStrength.get(cmd.hex) ?? 0) / Math.max(1, c.enemyStrength.get(cmd.hex) ?? 0);
          return r >= 0.9 ? 5 : r >= 0.6 ? 0.5 : -0.5;
        }
        case 'defend':
          return 1;
        case 'allocate': {
          const u = c.mine.get(cmd.unit);
          return (u?.cv ?? 0) - (u?.type && isHq(u.type) ? 5 : 0);
        }
        case 'unsupply':
          return -cmd.units.reduce((t, id) => t + (c.mine.get(id)?.cv ?? 1) * (c.mine.get(id)?.type === 'hq' ? 3 : 1), 0);
        case 'produce':
          return produceValue(c, cmd);
        case 'paradrop':
          return -1;
        default:
          return -0.5;
      }
    },
    complete(action: LegalAction, c: Ctx): RuleCommand[] {
      return action.command.type === 'produce' ? completeProduce(action, c) : [];
    },
  };
}
