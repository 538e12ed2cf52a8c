/**
 * The computer player's taste for Operation Unthinkable (engine/bots/bot.ts decides; this module only scores).
 * It reads the viewer's View and the static map, never the state: odds come from the same preview a board shows
 * (attackPreview() on viewState()), with face-down defenders guessed from their count only.
 *
 * Allies: drive east and leave the map by the east edge (4.2), attack what blocks the way at good odds, keep
 * stacks together. Soviets: hold, strike Allied stacks at good odds, close on Allied spearheads, and leave by the
 * west edge when the way is open (4.1). Both: take losses on the weakest unit, retreat away from the enemy,
 * advance after combat toward their goal.
 */
import type { LegalAction } from '../../core/actions';
import type { BotPolicy, Candidate } from '../../bots/bot';
import { onMap } from './board';
import { attackCombat, attackPreview } from './combat';
import { factors, isArtillery, unitDef } from './data';
import { hexDistance, parseId, type OuMap } from './map';
import type { Command, Side, State, View } from './types';
import { viewState } from './view';

interface Ctx {
  v: View;
  side: Side;
  vs: State;
  /** enemy units (seen or face-down counts) per hex */
  enemy: Map<string, number>;
  enemyHexes: string[];
  mine: Map<string, string[]>;
  eastCol: number;
  westCol: number;
}

const strengthOf = (id: string, steps: number): number => {
  try {
    const [a, d] = factors(unitDef(id), steps);
    return a + d;
  } catch {
    return 1;
  }
};

function nearest(hex: string, targets: readonly string[]): number {
  let best = 99;
  for (const t of targets) best = Math.min(best, hexDistance(hex, t));
  return best;
}

function columnOf(hex: string): number {
  return parseId(hex).col;
}

/** How good an attack looks from what the attacker may see: roughly the final CRT column, 0 (worst) to 1 (best). */
function attackQuality(map: OuMap, c: Ctx, cmd: Extract<Command, { type: 'attack' }>): number {
  const hiddenHere = c.v.hidden.find((h) => h.hex === cmd.target)?.count ?? 0;
  const combat = attackCombat(c.vs, c.side, cmd.target, cmd.units, cmd.artillery ?? [], cmd.bomber ?? null);
  const p = attackPreview(map, c.vs, combat, hiddenHere);
  if (!p.odds) {
    // face-down defenders: guess four defence points each (a typical rifle corps of the manifest)
    const ratio = p.attack / Math.max(1, hiddenHere * 4);
    return Math.max(0, Math.min(1, (ratio - 1) / 4));
  }
  const f = p.odds.final;
  if (f.kind === 'above') return 1.1;
  if (f.kind === 'below') return -0.2;
  return f.index / 7;
}

export function ouPolicy(map: OuMap): BotPolicy<View, unknown, Ctx> {
  const cols = map.ids.map(columnOf);
  const eastCol = Math.max(...cols);
  const westCol = Math.min(...cols);
  return {
    id: 'operation-unthinkable',
    prepare({ view, actor }) {
      const side = actor.side as Side;
      const enemy = new Map<string, number>();
      const mine = new Map<string, string[]>();
      for (const u of view.units) {
        if (!onMap(u.at)) continue;
        if (unitDef(u.id).side === side) mine.set(u.at, [...(mine.get(u.at) ?? []), u.id]);
        else enemy.set(u.at, (enemy.get(u.at) ?? 0) + 1);
      }
      for (const h of view.hidden) enemy.set(h.hex, (enemy.get(h.hex) ?? 0) + h.count);
      return { v: view, side, vs: viewState(view), enemy, enemyHexes: [...enemy.keys()], mine, eastCol, westCol };
    },
    score(cand: Candidate, c: Ctx): number {
      const cmd = cand.command as Command;
      const allied = c.side === 'allied';
      const goal = (hex: string) => (allied ? c.eastCol - columnOf(hex) : columnOf(hex) - c.westCol);
      switch (cmd.type) {
        case 'end-phase':
        case 'end-setup':
        case 'end-maskirovka':
        case 'keep-boundary':
          return 0;
        case 'order':
          return cmd.order === 'move-fight' ? 1 : 0.5;
        case 'place':
        case 'airdrop':
          // placements toward the goal, off the enemy's reach
          return (
            1 +
            (cmd.type === 'place' ? cmd.placements : cmd.drops).reduce(
              (t, [, hex]) => t - 0.01 * goal(hex) - (nearest(hex, c.enemyHexes) <= 1 ? 0.2 : 0),
              0,
            )
          );
        case 'move': {
          const last = cmd.path[cmd.path.length - 1];
          const from = c.vs.u[cmd.units[0]]?.at;
          if (!from || !onMap(from)) return -1;
          const weight = cmd.units.reduce((t, id) => t + strengthOf(id, c.vs.u[id]?.s ?? 1), 0);
          if (last === 'exit') return allied ? 100 + weight : c.v.turn >= 2 ? 60 + weight : -1;
          const progress = goal(from) - goal(last);
          const near = nearest(last, c.enemyHexes);
          if (allied) {
            // forward, in strength, and keep stacks whole (a lone unit moving off its stack is less useful)
            const stackBonus = cmd.units.length >= (c.mine.get(from)?.length ?? 1) ? 0.5 : 0;
            return progress > 0 ? 10 * progress + stackBonus + weight / 40 - (near === 0 ? 5 : 0) : -1;
          }
          // Soviets close on the nearest Allied stacks they can strike, otherwise push west
          const closer = nearest(from, c.enemyHexes) - near;
          if (near <= 1 && closer > 0) return 4 + closer + weight / 40;
          return progress > 0 && near > 2 ? 2 * progress : -1;
        }
        case 'attack': {
          const q = attackQuality(map, c, cmd);
          const needs = allied ? 0.55 : 0.6;
          return q >= needs ? 20 * q + cmd.units.length * 0.1 : -1;
        }
        case 'support':
          return cmd.artillery.length;
        case 'loss': {
          const s = c.vs.u[cmd.unit]?.s ?? 1;
          return 10 - strengthOf(cmd.unit, s) - (s > 1 ? 0 : 3);
        }
        case 'bb-extra':
          return cmd.unit === null ? 1 : 0;
        case 'bb-defend':
          return cmd.retreat ? 1 : 0.5;
        case 'retreat': {
          const safe = cmd.moves.reduce((t, [, hex]) => t + Math.min(3, nearest(hex, c.enemyHexes)) - 0.1 * goal(hex), 0);
          return 2 + safe - (cmd.loss ? 3 : 0);
        }
        case 'advance':
          return cmd.units.length ? 1 + cmd.units.filter((id) => !isArtillery(unitDef(id))).length * 0.1 : 0.5;
        case 'redeploy':
          return nearest(cmd.hex, c.enemyHexes) <= 1 ? 0.5 : -1;
        case 'boundary':
          return -0.5;
        default:
          return 0;
      }
    },
    complete(action: LegalAction, _c: Ctx, _rng: () => number) {
      // no special completions: the generic sampler covers the large choices
      return action.choices ? [] : [action.command];
    },
  };
}
