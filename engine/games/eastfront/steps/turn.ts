/**
 * The turn sequence (4.x, 5.43, 5.7, 12.1-12.21, 17.1-17.3): phase changes, HQ deactivation, Blitz, the next
 * player-turn and fortnight (weather), production months and the end of the scenario.
 */
import type { DiceSource } from '../../../core';
import { type Side, type Weather, isHq, MONTHS, other, rollWeather, weatherOf } from '../data';
import { computeControl, liveUnits, productionLevel } from '../rules';
import type { Event, Phase, State, Unit } from '../state';
import type { Em, Game } from './game';
import { supplyPhase } from './supply';

// ---------------------------------------------------------------- phase transitions

export function phaseEvent(em: Em, g: Game, phase: Phase, active: Side, extra: Partial<Extract<Event, { type: 'phase' }>> = {}) {
  // 8.1: control is determined at the beginning of each phase
  const control = computeControl(em.s, g.board);
  em.emit({ type: 'phase', phase, active, control, ...extra });
}

export function hqDeactivate(em: Em, u: Unit) {
  if (u.cv <= 0) em.emit({ type: 'hqStep', hq: u.id, cv: 0, active: false, eliminated: true });
  else em.emit({ type: 'hqStep', hq: u.id, cv: u.cv - 1, active: false });
}

export function endCombatPhase(em: Em, g: Game, dice: DiceSource) {
  const s = em.s;
  const side = s.active;
  const actives = liveUnits(s, side).filter((u) => u.hq);
  if (s.phase === 'combat') {
    let blitz = false;
    for (const u of actives) {
      if (u.hq!.mode === 'blitz') {
        // 5.7: first Blitz step, marker removed, stays active at reduced strength
        if (u.cv <= 0) em.emit({ type: 'hqStep', hq: u.id, cv: 0, active: false, eliminated: true });
        else {
          em.emit({ type: 'hqStep', hq: u.id, cv: u.cv - 1, active: true, mode: 'blitzed' });
          blitz = true;
        }
      } else hqDeactivate(em, u); // 5.43
    }
    if (blitz) {
      phaseEvent(em, g, 'blitzMovement', side);
      return;
    }
  } else {
    for (const u of actives) hqDeactivate(em, u);
  }
  supplyPhase(em, g, dice);
}

export function nextPlayerTurn(em: Em, g: Game, dice: DiceSource) {
  const s = em.s;
  if (s.active === s.turn.first) {
    phaseEvent(em, g, 'command', other(s.active));
    return;
  }
  const t = s.turn;
  if (t.fortnight === 1) {
    startFortnight(em, g, { ...t, fortnight: 2 }, dice);
    return;
  }
  if (t.year > g.end.year || (t.year === g.end.year && t.month >= g.end.month)) {
    endGame(em, g);
    return;
  }
  const month = t.month === 12 ? 1 : t.month + 1;
  const year = t.month === 12 ? t.year + 1 : t.year;
  // 4.2: production at the start of the month, both sides at once
  const nt = { ...t, year, month, fortnight: 1 as const };
  phaseEvent(em, g, 'production', 'german', { turn: nt });
  const pl = productionLevel(em.s, g.board, g.ctx);
  em.emit({ type: 'productionLevel', pl });
  em.emit({ type: 'awaiting', prompt: { kind: 'production', sides: ['german', 'soviet'] } });
}

export function startFortnight(em: Em, g: Game, t: State['turn'], dice: DiceSource) {
  const w = weatherOf(t.month);
  let weather: Weather;
  let weatherDice: number[] | undefined;
  if (w === 'variable') {
    weatherDice = [dice.roll(6), dice.roll(6)]; // 12.1: one die per player, parity of the sum
    weather = rollWeather(t.month, weatherDice[0] + weatherDice[1]);
  } else weather = w;
  const first: Side = weather === 'snow' ? 'soviet' : 'german'; // 12.21
  phaseEvent(em, g, 'command', first, { turn: { ...t, first }, weather, ...(weatherDice ? { weatherDice } : {}) });
}

/** 17.1-17.3 (ruling R-EDW-1): VPs at the scenario end; Edelweiss has no handicap. */
export function victoryPoints(s: State): Record<Side, number> {
  const vp = { german: s.pl.german, soviet: s.pl.soviet };
  for (const u of Object.values(s.units)) {
    if (isHq(u.type)) {
      if (u.at) vp[u.side] += 2 * u.cv;
      else vp[u.side] -= 4;
      continue;
    }
    if (!u.at) vp[u.side] -= u.side === 'german' ? 2 : 1;
    else if (u.side === 'german' && u.unsupplied) vp.german -= 1;
  }
  return vp;
}

export function endGame(em: Em, _g: Game) {
  const vp = victoryPoints(em.s);
  const diff = Math.abs(vp.german - vp.soviet);
  const level = diff <= 5 ? 'Draw' : diff <= 15 ? 'Marginal' : diff <= 25 ? 'Major' : 'Decisive';
  const winner: Side | null = level === 'Draw' ? null : vp.german > vp.soviet ? 'german' : 'soviet';
  em.emit({ type: 'gameEnded', winner, level, vp });
}

export function statusLine(s: State): string {
  if (s.phase === 'production') return `${MONTHS[s.turn.month]} ${s.turn.year}, production`;
  return `${MONTHS[s.turn.month]} ${s.turn.year} ${s.turn.fortnight === 1 ? 'I' : 'II'}, ${s.active} player-turn`;
}
