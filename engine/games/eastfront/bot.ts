/**
 * The computer player's taste for EastFront (engine/bots/bot.ts decides; this module only scores). It reads the
 * viewer's View (its own blocks, the enemy's face-down tokens and whatever rules turn face-up) and the static
 * board, never the state. An enemy block whose strength it may not see counts as an average block.
 *
 * Victory points (17.1-17.3) are production level (cities held on a rail line) plus twice HQ strength, less
 * eliminated units, so the bot takes cities, attacks where it is locally stronger, keeps HQs out of battle,
 * answers losses with its strongest ordinary block (7.33: the hit goes to the strongest anyway; among equals it
 * spares HQs), leaves the weakest units unsupplied on an overstack (6.22), and spends production on HQ steps first.
 */
import type { BotPolicy, Candidate } from '../../bots/bot';
import { isHq, type Side } from './data';
import type { EastfrontRuleset } from './ruleset';
import { ctlIn, CTL, stackLimit } from './rules';
import type { Command } from './state';
import type { View, ViewUnit } from './view';

interface Ctx {
  v: View;
  side: Side;
  mine: Map<string, ViewUnit>;
  myStrength: Map<string, number>;
  /** my blocks per hex, HQs included (6.21 stacking) */
  myCount: Map<string, number>;
  enemyStrength: Map<string, number>;
  /** valuable cities the enemy holds (or nobody), the bot's goals */
  goals: { hex: string; value: number }[];
  /** my cities with an enemy block next door */
  threatened: Set<string>;
}

/** A face-down enemy block counts as this many steps (EastFront blocks run 1-4). */
const UNSEEN_CV = 2.5;

export function eastfrontPolicy(rs: EastfrontRuleset): BotPolicy<View, unknown, Ctx> {
  const b = rs.board;
  const cities = [...b.cities].filter(([hex]) => b.has(hex));
  const worth = (hex: string, side: Side) => {
    const c = b.city(hex);
    return c ? 1 + c.pp + c.resource * (side === 'german' ? 2 : 1) : 0;
  };
  const lastHex = (cmd: { path: string[]; to?: string }, from: string): string => cmd.to ?? cmd.path[cmd.path.length - 1] ?? from;

  function scoreMove(c: Ctx, unitId: string, dest: string, kind: 'move' | 'rail' | 'retreat' | 'mobilize'): number {
    const u = c.mine.get(unitId);
    if (!u?.at || u.at.startsWith('box:')) return kind === 'retreat' ? 1 : 0.2;
    const from = u.at;
    const cv = u.cv ?? 1;
    const hq = u.type ? isHq(u.type) : false;
    const enemyHere = c.enemyStrength.get(dest) ?? 0;
    const myHere = (c.myStrength.get(dest) ?? 0) + (from === dest ? 0 : cv);
    let v = -0.2;
    // 6.21: movement must end within the stacking limit; never walk into a hex that is already full
    if (from !== dest && (c.myCount.get(dest) ?? 0) + 1 > stackLimit(b, dest)) return kind === 'retreat' ? 0.5 : -20;
    if (kind === 'retreat') {
      // away from the enemy, toward friends
      const danger = b.neighbours(dest).reduce((t, n) => t + (c.enemyStrength.get(n) ?? 0), 0);
      return 2 - danger * 0.2 + (c.myStrength.get(dest) ?? 0) * 0.1;
    }
    if (hq) {
      if (enemyHere > 0) return -10;
      const danger = b.neighbours(dest).some((n) => (c.enemyStrength.get(n) ?? 0) > 0);
      const dangerNow = b.neighbours(from).some((n) => (c.enemyStrength.get(n) ?? 0) > 0);
      return dangerNow && !danger ? 1 : -0.5;
    }
    if (enemyHere > 0) {
      const r = myHere / enemyHere;
      // attack only at two to one in steps (unseen blocks counted as average ones)
      v += r >= 2 ? 3 + r : r >= 1 ? 0.5 : -2;
      v += r >= 1 ? worth(dest, c.side) : 0;
    } else if (ctlIn(c.v.control, b, dest) !== CTL[c.side] && b.city(dest)) v += 1 + 1.5 * worth(dest, c.side);
    // progress toward the nearest goal
    let best = 0;
    for (const g of c.goals) {
      const gain = b.dist(from, g.hex) - b.dist(dest, g.hex);
      if (gain > 0) best = Math.max(best, (gain * g.value) / (1 + b.dist(dest, g.hex)));
    }
    v += best;
    // holding a threatened city of mine
    if (c.threatened.has(dest) && from !== dest) {
      const pressure = b.neighbours(dest).reduce((t, n) => t + (c.enemyStrength.get(n) ?? 0), 0);
      if ((c.myStrength.get(dest) ?? 0) < pressure) v += 1 + worth(dest, c.side);
    }
    // leaving a threatened city of mine empty
    if (c.threatened.has(from) && (c.myStrength.get(from) ?? 0) - cv <= 0) v -= 2 + worth(from, c.side);
    return v;
  }

  return {
    id: 'eastfront',
    prepare({ view, actor }) {
      const side = actor.side as Side;
      const mine = new Map<string, ViewUnit>();
      const myStrength = new Map<string, number>();
      const enemyStrength = new Map<string, number>();
      const myCount = new Map<string, number>();
      for (const u of view.units) {
        if (!u.at || u.at.startsWith('box:')) {
          if (u.side === side && u.id) mine.set(u.id, u);
          continue;
        }
        if (u.side === side) {
          if (u.id) mine.set(u.id, u);
          myCount.set(u.at, (myCount.get(u.at) ?? 0) + 1);
          if (!(u.type && isHq(u.type))) myStrength.set(u.at, (myStrength.get(u.at) ?? 0) + (u.cv ?? 1));
        } else enemyStrength.set(u.at, (enemyStrength.get(u.at) ?? 0) + (u.cv ?? UNSEEN_CV));
      }
      const goals = cities
        .filter(([hex]) => ctlIn(view.control, b, hex) !== CTL[side])
        .map(([hex]) => ({ hex, value: worth(hex, side) }))
        .filter((g) => g.value > 1);
      const threatened = new Set<string>();
      for (const [hex] of cities)
        if (ctlIn(view.control, b, hex) === CTL[side] && b.neighbours(hex).some((n) => (enemyStrength.get(n) ?? 0) > 0))
          threatened.add(hex);
      return { v: view, side, mine, myStrength, myCount, enemyStrength, goals, threatened };
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
          if (cmd.paradrop) return -1;
          // an HQ's steps are worth two VP each (17.1): activate only HQs that can spare one
          return (hq?.cv ?? 0) >= 3 ? (cmd.blitz ? 1.5 : 2) : -1;
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
        case 'fight':
          return 5;
        case 'defend':
          return 1;
        case 'allocate': {
          const u = c.mine.get(cmd.unit);
          return (u?.cv ?? 0) - (u?.type && isHq(u.type) ? 5 : 0);
        }
        case 'unsupply':
          return -cmd.units.reduce((t, id) => t + (c.mine.get(id)?.cv ?? 1) * (c.mine.get(id)?.type === 'hq' ? 3 : 1), 0);
        case 'produce':
          return (
            cmd.replace.reduce((t, id) => {
              const u = c.mine.get(id);
              return t + (u?.type && isHq(u.type) ? 3 : 1.5);
            }, 0) + cmd.cadres.length
          );
        case 'paradrop':
          return -1;
        default:
          return -0.5;
      }
    },
  };
}
