/**
 * The computer player's taste for Operation Unthinkable (engine/bots/bot.ts decides; this module only scores).
 * It reads the viewer's View, the server's hints for that viewer (each target's defense and the attack factor each
 * adjacent unit would count) and the static map, never the state. Face-down defenders are guessed from their count.
 *
 * Allies: drive east and leave the map by the east edge (4.2), attack what blocks the way at good odds, keep
 * stacks together. Soviets: hold, strike Allied stacks at good odds, close on Allied spearheads, and leave by the
 * west edge when the way is open (4.1). Both: take losses on the weakest unit, retreat away from the enemy,
 * advance after combat toward their goal.
 */
import type { LegalAction } from '../../core/actions';
import type { BotPolicy, Candidate } from '../../bots/bot';
import { onMap } from './board';
import { factors, isArtillery, unitDef } from './data';
import type { OuHints } from './hints';
import { hexDistance, parseId, type OuMap } from './map';
import type { Command, Side, View } from './types';

interface Ctx {
  v: View;
  hints: OuHints | null;
  side: Side;
  /** where each unit the viewer sees stands, and its steps */
  at: Map<string, { at: string; s: number }>;
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

/** How good an attack looks from what the attacker may see: 0 (hopeless) to about 1 (overwhelming). */
function attackQuality(c: Ctx, cmd: Extract<Command, { type: 'attack' }>): number {
  const t = c.hints?.targets.find((x) => x.target === cmd.target);
  if (!t) return 0;
  const attack = t.attackers.filter((a) => cmd.units.includes(a.id)).reduce((n, a) => n + a.attack, 0);
  // face-down defenders: guess four defence points each (a typical rifle corps of the manifest)
  const defense = t.defense ?? Math.max(1, t.hiddenDefenders * 4);
  const ratio = attack / Math.max(1, defense);
  return Math.max(0, Math.min(1.1, (ratio - 1) / 4));
}

export function ouPolicy(map: OuMap): BotPolicy<View, OuHints, Ctx> {
  const cols = map.ids.map(columnOf);
  const eastCol = Math.max(...cols);
  const westCol = Math.min(...cols);
  return {
    id: 'operation-unthinkable',
    prepare({ view, actor, hints }) {
      const side = actor.side as Side;
      const enemy = new Map<string, number>();
      const mine = new Map<string, string[]>();
      const at = new Map(view.units.map((u) => [u.id, { at: u.at, s: u.s }]));
      for (const u of view.units) {
        if (!onMap(u.at)) continue;
        if (unitDef(u.id).side === side) mine.set(u.at, [...(mine.get(u.at) ?? []), u.id]);
        else enemy.set(u.at, (enemy.get(u.at) ?? 0) + 1);
      }
      for (const h of view.hidden) enemy.set(h.hex, (enemy.get(h.hex) ?? 0) + h.count);
      return { v: view, hints: hints ?? null, side, at, enemy, enemyHexes: [...enemy.keys()], mine, eastCol, westCol };
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
          return 1 - 0.01 * goal(cmd.hex) - (nearest(cmd.hex, c.enemyHexes) <= 1 ? 0.2 : 0);
        case 'move': {
          const last = cmd.to;
          const from = c.at.get(cmd.units[0])?.at;
          if (!from || !onMap(from)) return -1;
          const weight = cmd.units.reduce((t, id) => t + strengthOf(id, c.at.get(id)?.s ?? 1), 0);
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
          const q = attackQuality(c, cmd);
          const needs = allied ? 0.55 : 0.6;
          return q >= needs ? 20 * q + cmd.units.length * 0.1 : -1;
        }
        case 'support':
          return cmd.artillery.length;
        case 'loss': {
          const s = c.at.get(cmd.unit)?.s ?? 1;
          return 10 - strengthOf(cmd.unit, s) - (s > 1 ? 0 : 3);
        }
        case 'bb-extra':
          return cmd.unit === null ? 1 : 0;
        case 'bb-defend':
          return cmd.retreat ? 1 : 0.5;
        case 'stay':
          return 0.5;
        case 'remove': {
          // an overstack's excess (7.0): remove the weakest
          const s = c.at.get(cmd.unit)?.s ?? 1;
          return 10 - strengthOf(cmd.unit, s);
        }
        case 'retreat': {
          return 2 + Math.min(3, nearest(cmd.hex, c.enemyHexes)) - 0.1 * goal(cmd.hex);
        }
        case 'advance':
          return isArtillery(unitDef(cmd.unit)) ? 1 : 1.1;
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
