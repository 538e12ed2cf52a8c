/**
 * Random Barbarossa play with the game's invariants checked after every command. Commands are drawn cheaply (one
 * unit's destinations, one target hex) rather than from the whole legal() answer, so a 20-turn game runs in
 * seconds; the legal() properties are checked separately (tests/properties.test.ts).
 */
import { SeededDice } from '../../core/dice';
import { fold } from '../../core/ruleset';
import { witeBoard } from './board';
import type { Command } from './commands';
import { warInTheEast as rs } from './index';
import { destinations, occupancy, sideAt } from './rules';
import { STACK_LIMIT } from './setup';
import { commitCap, commitFloor } from './steps/air';
import { cannotAttack } from './steps/combat';
import { cannotMove } from './steps/movement';
import type { State } from './state';

const ALL = {
  axis: { side: 'axis', commands: ['okh', 'finland', 'ag-north', 'ag-center', 'ag-south', 'rumania'] },
  soviet: { side: 'soviet', commands: ['stavka', 'finnish-border', 'baltic', 'west', 'kiev', 'rumanian-border'] },
};

/** Broken invariants of a state, as readable lines. */
export function invariants(s: State): string[] {
  const b = witeBoard();
  const out: string[] = [];
  for (const [i, ids] of occupancy(s)) {
    const sides = new Set(ids.map((id) => s.units[id].side));
    if (sides.size > 1) out.push(`${b.ids[i]} holds both sides`);
    const side = sideAt(s, ids);
    // 29.35: militia may stand over the limit until the end of the Russian Initial Movement Phase
    const militiaGrace =
      s.player === 'soviet' &&
      (s.phase === 'reinforcement' || s.phase === 'initial-movement') &&
      ids.some((id) => id.startsWith('sov-mil-'));
    if (side && ids.length > STACK_LIMIT[side] && !militiaGrace) out.push(`${b.ids[i]} holds ${ids.length} ${side} units (9.0)`);
    if (b.impassable[i]) out.push(`${b.ids[i]} is impassable but holds ${ids.join(', ')}`);
  }
  for (const side of ['axis', 'soviet'] as const) {
    const a = s.air[side];
    if (a.available < 0 || a.superiority < 0 || a.groundSupport < 0) out.push(`${side} air boxes below zero (12.1)`);
    if (s.phase !== 'air-commitment' && s.phase !== 'air-combat' && a.superiority)
      out.push(`${side} superiority points outside the air war (12.13)`);
  }
  const axisAir = s.air.axis.available + s.air.axis.superiority + s.air.axis.groundSupport;
  if (axisAir > 20) out.push(`the Axis chart holds ${axisAir} air points (12.51: at most 20)`);
  return out;
}

/** Who acts now: the phasing side, or in the Air Commitment Phase the first side still to commit. */
const actorOf = (s: State) => ALL[(s.player ?? rs.status(s).waitingFor[0]?.side ?? 'axis') as 'axis'];

function pick(s: State, rnd: SeededDice, movesLeft: number): Command {
  const b = witeBoard();
  if (s.phase === 'air-commitment') {
    const side = actorOf(s).side as 'axis';
    const cap = commitCap(s, side);
    const total = commitFloor(s, side) + Math.floor(rnd.next() * (cap - commitFloor(s, side) + 1));
    const superiority = Math.floor(rnd.next() * (total + 1));
    return { type: 'commitAir', superiority, groundSupport: total - superiority };
  }
  const side = s.player as 'axis';
  if (movesLeft <= 0) return { type: 'endPhase' };
  const mine = Object.entries(s.units).filter(([, u]) => u.side === side && u.at !== null);
  if (s.phase === 'combat') {
    const occ = occupancy(s);
    for (let k = 0; k < 8; k++) {
      const [, u] = mine[Math.floor(rnd.next() * mine.length)];
      const i = b.index.get(u.at as string) as number;
      const t = b.nb[i].find((n) => sideAt(s, occ.get(n)) && sideAt(s, occ.get(n)) !== side && !s.attackedHexes.includes(b.ids[n]));
      if (t === undefined) continue;
      const ok = rs.legal(s, ALL[side]).find((a) => a.command.type === 'attack' && a.command.hex === b.ids[t]);
      const opts = ok?.choices?.[0].options ?? [];
      const support = s.air[side].groundSupport > 0 ? { support: rnd.next() < 0.7 } : {};
      if (opts.length) return { type: 'attack', hex: b.ids[t], attackers: opts.map((o) => o.value as string), ...support };
    }
    return { type: 'endPhase' };
  }
  for (let k = 0; k < 8; k++) {
    const [id] = mine[Math.floor(rnd.next() * mine.length)];
    const forced = s.phase === 'initial-movement' && rnd.next() < 0.2;
    if (cannotMove(s, id, forced)) continue;
    const d = [...destinations(s, id, forced, STACK_LIMIT[side]).keys()];
    if (d.length) return { type: 'move', unit: id, to: d[Math.floor(rnd.next() * d.length)], ...(forced ? { forced: true as const } : {}) };
  }
  return { type: 'endPhase' };
}

export interface FuzzReport {
  commands: number;
  attacks: number;
  finished: boolean;
  lastGt: number;
  failures: string[];
}

/** Play one seeded game for up to `maxCommands` commands (`perPhase` unit commands a phase). */
export function fuzzGame(seed: number, maxCommands: number, perPhase = 4): FuzzReport {
  const dice = new SeededDice(seed);
  const rnd = new SeededDice(seed * 31 + 7);
  let s = fold(rs, rs.setup('barbarossa', {}, dice));
  const rep: FuzzReport = { commands: 0, attacks: 0, finished: false, lastGt: 0, failures: invariants(s) };
  let inPhase = 0;
  let key = '';
  while (!s.over && rep.commands < maxCommands && !rep.failures.length) {
    const k = `${s.gt}:${s.player}:${s.phase}`;
    if (k !== key) {
      key = k;
      inPhase = 0;
    }
    const cmd = pick(s, rnd, perPhase - inPhase++);
    try {
      s = rs.decide(s, cmd, actorOf(s), dice).reduce(rs.evolve, s);
    } catch (e) {
      rep.failures.push(`GT ${s.gt} ${s.player} ${s.phase}: ${JSON.stringify(cmd)} refused: ${(e as Error).message}`);
      break;
    }
    if (cmd.type === 'attack') rep.attacks++;
    rep.commands++;
    for (const f of invariants(s)) rep.failures.push(`after ${JSON.stringify(cmd)}: ${f}`);
    for (const id of cmd.type === 'attack' ? cmd.attackers : [])
      if (s.units[id].at !== null && !cannotAttack(s, id)) rep.failures.push(`${id} may attack again`);
  }
  rep.finished = s.over;
  rep.lastGt = s.gt;
  return rep;
}
