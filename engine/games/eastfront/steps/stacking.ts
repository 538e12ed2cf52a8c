/**
 * Stacking while moving (6.2, 6.22, ruling ): limits hold when movement ends; a command is refused only
 * when it leaves an overstack that no unit still able to move could put right.
 */
import type { Actor, DiceSource } from '../../../core';
import { decideByTable } from '../../../core/steps';
import { type Side, isHq } from '../data';
import { endPositions, liveUnits, onMap, overstacks, stackLimit, supremeMoves, unitsAt } from '../rules';
import type { Command, Phase, State, Unit } from '../state';
import { enemiesAt, req, tryOk, type Em, type Game } from './game';
import { commands, landMoves } from './paths';
import { TABLE } from './table';

/**
 * Ruling: stacking limits hold when movement ends (6.2, 5.2.1), so units may pass through, stop in a
 * full hex for now and re-arrange. A command is refused only when it would leave a hex overstacked with too
 * few units there still able to move out, since the phase could then never end.
 */
export function checkFixable(s: State, g: Game, side: Side) {
  for (const o of shortfalls(s, g, side))
    req(
      false,
      '6.22',
      `${g.board.label(o.hex)} would hold ${o.units} units (limit ${o.limit}) with too few of them left able to move out before movement ends`,
    );
}

/** Overstacked hexes of `side` with fewer units able to move out (`free`) than their unexcused excess. */
export function shortfalls(s: State, g: Game, side: Side) {
  const rg = new Set(s.rearguards.map((r) => r.unit));
  return overstacks(s, g.board, side, true)
    .map((o) => ({
      ...o,
      excess: o.units - o.repulsed - o.limit,
      free: (endPositions(s, side).get(o.hex) ?? []).filter((x) => !rg.has(x.id) && canStillMove(s, g, x)),
    }))
    .filter((o) => o.free.length < o.excess);
}

/**
 * Ruling: a hex still overstacked from a repulse after the enemy supply check must be put right in this
 * Movement Phase. Ending the Command Phase is refused while the activated HQs could not move enough units out
 * though other activations could; what no activation could fix stays excused (marked) for this player-turn.
 */
export function checkCarriedOverstacks(em: Em, g: Game, side: Side) {
  const short = shortfalls(em.s, g, side);
  if (!short.length) return;
  // the best case: every HQ of the side that could still be activated is active
  const units = { ...em.s.units };
  for (const h of liveUnits(em.s, side))
    if (isHq(h.type) && !h.hq && onMap(h))
      units[h.id] = { ...h, hq: { mode: 'normal', ...(h.type === 'shq' ? { supreme: supremeMoves(em.s, h) } : {}) } };
  const best = new Map(shortfalls({ ...em.s, units }, g, side).map((o) => [o.hex, o]));
  const excused: string[] = [];
  for (const o of short) {
    const b = best.get(o.hex);
    req(
      !!b && b.free.length <= o.free.length,
      '6.22',
      `${g.board.label(o.hex)} holds ${o.units} units (limit ${o.limit}): activate an HQ that can move enough of them out`,
    );
    const stuck = unitsAt(em.s, o.hex, side).filter((x) => !x.repulsed && !o.free.some((f) => f.id === x.id));
    excused.push(...stuck.slice(0, o.excess - o.free.length).map((x) => x.id));
  }
  if (excused.length) em.emit({ type: 'overstackExcused', units: excused });
}

/** Whether `x` may still move out this phase (in the Command Phase: in the coming Movement Phase). */
export function canStillMove(s: State, g: Game, x: Unit): boolean {
  if (x.moved || x.strat) return false;
  if (x.hq) {
    if (x.hq.mode !== (s.phase === 'blitzMovement' ? 'blitzed' : 'normal')) return false;
    return s.phase === 'command' || landMoves(s, g, x, { noEngage: true }).some((p) => !enemiesAt(s, p[p.length - 1], x.side));
  }
  if (s.phase === 'command') return true; // which HQs command is decided by the activations
  return liveUnits(s, x.side).some((h) => h.hq && commands(s, g, x, h.id)) && landMoves(s, g, x).length > 0;
}

/** 6.2: the end-of-movement stacking check, naming every hex still beyond its limit. */
export function checkStacking(s: State, g: Game) {
  const over = overstacks(s, g.board, s.active, true);
  const list = over.map((o) => `${g.board.label(o.hex)} (${o.units - o.repulsed} units, limit ${o.limit})`).join(', ');
  req(!over.length, '6.22', `stacking limits must hold when movement ends; move units out of ${list}`);
}

export const MOVING = new Set<Phase>(['command', 'movement', 'blitzMovement']);

/**
 * For legal(): whether a movement-type command passes the check. Only a command that ends in a full hex,
 * or one given while some hex is overstacked, can fail it; for those the check is made on the position the
 * command leaves, found by the step's own handler without dice (no move rolls; `NO_ROLL` throws if one did).
 * A deploy out of a battle rolls pursuit fire (5.2.1), so `activate` is judged on its position instead
 * (commandLegal).
 */
export function stackSafe(s: State, g: Game, actor: Actor, c: Command, dest: string | undefined): boolean {
  const side = s.active;
  const room = !dest || (endPositions(s, side).get(dest)?.length ?? 0) < stackLimit(g.board, dest);
  if (room && !overstacks(s, g.board, side, true).length) return true;
  return tryOk(() => decideByTable(TABLE, g, s, c, actor, NO_ROLL));
}

/** Dice for a what-if that must not roll: any roll is a bug in the caller, not a refusal. */
export const NO_ROLL: DiceSource = {
  roll: () => {
    throw new Error('EastFront what-if: this command was expected to roll no dice');
  },
};
