/**
 * The sequence of play (5.1, 5.2) and what happens in it without anyone's input: entering a step with its rolls
 * and draws (3.7, 6.1, 6.2.2, 3.5.2), the end of a step once every command with units has said it is done (team
 * play), the end of the game (4.1, 4.2).
 */
import type { DiceSource } from '../../core/dice';
import type { Actor } from '../../core/ruleset';
import type { Emitter } from '../../core/steps';
import { board, onMap, stackOk } from './board';
import { isAirborne, tables, UNITS, unitDef } from './data';
import { hexDistance, type OuMap } from './map';
import type { Event, Placement, Side, State, StepId } from './types';

export const ALLIED_COMMANDS = ['supreme', 'us-12ag', 'uk-21ag'];
export const SOVIET_COMMANDS = ['stavka', '1bf', '2bf', '1uf'];
export const SUPREME: Record<Side, string> = { allied: 'supreme', soviet: 'stavka' };

export type Em = Emitter<State, Event>;

/** The step after the current one, or null when the game is over (5.1, 5.2). */
export function nextStep(s: State): [StepId, number] | null {
  const t = s.turn;
  switch (s.step) {
    case 'boundary0':
      return ['setup-soviet', 0];
    case 'setup-soviet':
      return ['setup-allied', 0];
    case 'setup-allied':
      return ['maskirovka', 0];
    case 'maskirovka':
      return ['airborne', 1];
    case 'boundary':
      return ['airborne', t];
    case 'airborne':
      return ['order-allied', t];
    case 'order-allied':
      return ['allied-1', t];
    case 'allied-1':
      return ['allied-2', t];
    case 'allied-2':
      return t === 1 && s.opt.prepared ? ['prepared', t] : ['order-soviet', t];
    case 'prepared':
      return ['order-soviet', t];
    case 'order-soviet':
      return ['soviet-1', t];
    case 'soviet-1':
      return ['soviet-2', t];
    case 'soviet-2':
      return ['reinforce', t];
    case 'reinforce':
      return ['recycle', t];
    case 'recycle':
      return t >= s.lastTurn ? null : ['boundary', t + 1];
    case 'over':
      return null;
  }
}

function sovietOnMap(s: State): Placement[] {
  return Object.entries(s.u)
    .filter(([id, u]) => onMap(u.at) && unitDef(id).side === 'soviet')
    .map(([id, u]) => [id, u.at]);
}

/** Enter a step: its event, then its rolls and draws. */
function enter(em: Em, step: StepId, turn: number, dice: DiceSource): void {
  const s = em.s;
  em.emit({ type: 'step', step, turn });
  if (step === 'maskirovka') {
    if (s.opt.hidden) em.emit({ type: 'revealed', units: sovietOnMap(s) }); // 3.5.1: revealed before 3.7
    const n = s.line === 'mulde' ? tables.frontline.mulde.maskirovkaDice : tables.frontline.elbe.maskirovkaDice;
    const rolls = Array.from({ length: n }, () => dice.roll(6));
    em.emit({ type: 'mask-rolled', dice: rolls, n: rolls.reduce((a, x) => a + x, 0) }); // 3.7
  }
  if (step === 'reinforce' && !s.opt.prepared && turn <= tables.reinforcements.lastTurn) {
    // 6.1: 1d6 + turn (+1 on the Elbe line), drawn blind from the R pool
    const die = dice.roll(6);
    const count = die + turn + (s.line === 'elbe' ? tables.frontline.elbe.reinforcementBonus : 0);
    const pool = Object.keys(s.u).filter((id) => s.u[id].at === 'pool');
    const drawn: string[] = [];
    while (drawn.length < count && pool.length) drawn.push(pool.splice(dice.roll(pool.length) - 1, 1)[0]);
    em.emit({ type: 'drawn', die, count, units: drawn });
  }
  if (step === 'prepared') {
    // 3.5.2 (ruling A6): every R unit arrives before the Soviet player-turn of GT1
    const pool = Object.keys(s.u).filter((id) => s.u[id].at === 'pool');
    em.emit({ type: 'drawn', die: 0, count: pool.length, units: pool });
  }
  if (step === 'recycle' && turn <= tables.recycling.lastTurn) {
    // 6.2.2: one roll per eligible unit, +1 for the UK army group; a return on GT7 or later is never
    for (const id of s.recyc) {
      const die = dice.roll(6);
      const mod = unitDef(id).ag === 'UK' ? tables.recycling.ukModifier : 0;
      const box = turn + die + mod;
      em.emit({ type: 'recycle-roll', unit: id, die, mod, box: box >= tables.recycling.neverFromBox ? null : box });
    }
  }
}

/** Allied end-game check (4.2, rulings A8, A9): five supplied exits, each within 5 hexes of another counted exit. */
export function alliedVictory(s: State): boolean {
  const ex = s.exits.filter((e) => e.side === 'allied' && e.sup);
  const seen = new Set<number>();
  for (let i = 0; i < ex.length; i++) {
    if (seen.has(i)) continue;
    const comp = [i];
    seen.add(i);
    for (let k = 0; k < comp.length; k++)
      for (let j = 0; j < ex.length; j++)
        if (!seen.has(j) && hexDistance(ex[comp[k]].hex, ex[j].hex) <= tables.victory.alliedExitSpread) {
          seen.add(j);
          comp.push(j);
        }
    if (comp.length >= tables.victory.alliedExits) return true;
  }
  return false;
}

/** Move on to the next step, or end the game after the last one (4.2). */
export function advanceStep(em: Em, dice: DiceSource): void {
  const n = nextStep(em.s);
  if (n) {
    enter(em, n[0], n[1], dice);
    return;
  }
  em.emit(
    alliedVictory(em.s)
      ? { type: 'ended', winner: 'allied', reason: 'five Allied units left the east edge in supply (4.2)' }
      : { type: 'ended', winner: 'soviet', reason: 'the Allies did not meet their exit requirement (4.2)' },
  );
}

// ---------------------------------------------------------------- readiness (team play)
export const READY_STEPS: StepId[] = ['setup-soviet', 'setup-allied', 'allied-1', 'allied-2', 'soviet-1', 'soviet-2'];

/** Commands whose holders must say they are done before the step ends. */
export function requiredCommands(s: State, side: Side): string[] {
  if (s.step === 'setup-soviet' || s.step === 'setup-allied')
    return [...new Set(UNITS.filter((d) => d.side === side && !d.r && !isAirborne(d)).map((d) => d.cmd))];
  const set = new Set<string>();
  for (const [id, u] of Object.entries(s.u))
    if (onMap(u.at)) {
      const d = unitDef(id);
      if (d.side === side) set.add(d.cmd);
    }
  return [...set];
}

/** The side whose step this is (set-up and phase steps). */
export function stepSide(s: State): Side {
  return s.step.startsWith('allied') || s.step === 'setup-allied' ? 'allied' : 'soviet';
}

/**
 * In a step that ends once every command with units has said it is done: does this seat still owe that? A seat
 * whose commands have nothing to finish here (the Allied supreme commander before the airborne corps land,
 * Stavka at set-up) is not offered "done", which would change nothing.
 */
export function owesReady(s: State, actor: Actor): boolean {
  if (!READY_STEPS.includes(s.step) || s.combat) return true;
  const open = requiredCommands(s, actor.side as Side).filter((c) => !s.ph.ready.includes(c));
  // with nothing open (no units left, or the last one lost after its command was done) anyone may close the step
  return open.length === 0 || actor.commands.some((c) => open.includes(c));
}

/** The seat says it is done with the step (its commands, or all it holds when none is required). */
export function sayReady(em: Em, actor: Actor): void {
  const side = actor.side as Side;
  const req = requiredCommands(em.s, side);
  const mine = actor.commands.filter((c) => req.includes(c) || c === SUPREME[side]);
  em.emit({ type: 'ready', commands: mine.length ? mine : [...actor.commands] });
}

/** Every command owing "done" has said so (and at least one seat has spoken). */
export function stepDone(s: State): boolean {
  if (!READY_STEPS.includes(s.step) || !s.ph.ready.length) return false;
  return requiredCommands(s, stepSide(s)).every((c) => s.ph.ready.includes(c));
}

/** Hexes holding more than the stacking rules allow (after a retreat into an overstack, 11.3 DR 3), with their units. */
export function overstacked(map: OuMap, s: State): { hex: string; units: string[] }[] {
  const out: { hex: string; units: string[] }[] = [];
  for (const [i, ids] of board(map, s).occ) if (!stackOk(ids)) out.push({ hex: map.ids[i], units: ids });
  return out;
}

/** Whom a set-up or phase step waits for: each command with units that has not said it is done. */
export function readyWaiting(s: State, side: Side, what: string): { side: Side; command?: string; what: string }[] {
  const req = requiredCommands(s, side).filter((c) => !s.ph.ready.includes(c));
  return req.length ? req.map((command) => ({ side, command, what })) : [{ side, what }];
}
