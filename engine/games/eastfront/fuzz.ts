/**
 * Random-legal-play fuzzer: plays seeded games by picking among legal() actions and checks invariants
 * after every command (stacking where 6.2 applies, hexside limits, strengths in range, battles well-formed)
 * and that folding the log again gives the same state.
 */
import { SeededDice, fold, type Actor } from '../../core';
import { complete, randomPicker } from '../../core/actions';
import { isHq } from './data';
import type { EastfrontRuleset } from './ruleset';
import { hexsideLimit, overstacks } from './rules';
import type { Event, State } from './state';

export interface FuzzReport {
  games: number;
  commands: number;
  finished: number;
  problems: string[];
  /** Count of events per type over all games (to see that battles, retreats, etc. happen). */
  eventTypes: Record<string, number>;
}

const ACTORS: Record<string, Actor> = {
  german: { side: 'german', commands: ['OKH', 'AG-A', 'production'] },
  soviet: { side: 'soviet', commands: ['STAVKA', 'FRONT-I', 'production'] },
};

export function checkInvariants(rs: EastfrontRuleset, s: State): string[] {
  const out: string[] = [];
  const b = rs.board;
  for (const u of Object.values(s.units)) {
    if (u.cv < 0 || u.cv > u.max) out.push(`${u.id} strength ${u.cv} outside 0..${u.max}`);
    if (!u.at) continue;
    if (!isHq(u.type) && u.cv < 1) out.push(`${u.id} in play at ${u.cv}cv`);
    if (u.at.startsWith('box:')) continue;
    if (!b.has(u.at)) out.push(`${u.id} at ${u.at}, not in play`);
  }
  // 6.2: limits hold once movement is over; the moving side may overstack during its Command (HQ deploy,
  // 5.2.1) and Movement phases; a repulse may overstack (7.51, 6.22) until the repulsed units move
  // A repulse overstack that the enemy supply check has settled (its excess marked unsupplied) is carried until the
  // owner's next Movement Phase must fix it (ruling, carried-over overstack).
  const moving = s.phase === 'movement' || s.phase === 'blitzMovement' || s.phase === 'command';
  for (const side of ['german', 'soviet'] as const) {
    if (moving && side === s.active) continue;
    for (const o of overstacks(s, b, side, true)) {
      const settled = Object.values(s.units).filter((u) => u.at === o.hex && u.side === side && u.unsupplied).length;
      if ((side !== s.active || s.phase === 'production') && o.units - settled <= o.limit) continue;
      out.push(`overstacked ${o.hex}|${side}: ${o.units} (limit ${o.limit}, repulsed ${o.repulsed}, unsupplied ${settled})`);
    }
  }
  for (const [k, n] of Object.entries(s.sideUse)) {
    const [a, c] = k.split('|');
    if (n > hexsideLimit(s, b, a, c)) out.push(`hexside ${k} used ${n} times`);
  }
  for (const bt of Object.values(s.battles)) {
    const sides = new Set(
      Object.values(s.units)
        .filter((u) => u.at === bt.hex)
        .map((u) => u.side),
    );
    if (sides.size !== 2) out.push(`battle at ${bt.hex} without both sides`);
  }
  return out;
}

export function fuzz(
  rs: EastfrontRuleset,
  seeds: number[],
  maxCommands = 600,
  options: Record<string, boolean> = { autoResolve: true },
  onGame?: (events: Event[]) => void,
): FuzzReport {
  const rep: FuzzReport = { games: 0, commands: 0, finished: 0, problems: [], eventTypes: {} };
  for (const seed of seeds) {
    rep.games++;
    const dice = new SeededDice(seed);
    const pick = new SeededDice(seed * 7919 + 17);
    const events: Event[] = rs.setup('edelweiss', options, dice);
    let s = fold(rs, events);
    for (let i = 0; i < maxCommands && s.phase !== 'over'; i++) {
      const p = s.prompt;
      const side =
        p?.kind === 'defend' || p?.kind === 'allocate' || p?.kind === 'unsupply'
          ? p.side
          : p?.kind === 'production'
            ? p.sides[0]
            : s.active;
      const actor = ACTORS[side];
      const acts = rs.legal(s, actor);
      if (!acts.length) {
        rep.problems.push(`seed ${seed}: no legal action for ${side} in ${s.phase}`);
        break;
      }
      const enders = acts.filter((a) => a.command.type.startsWith('end'));
      const a = enders.length && pick.next() < 0.12 ? enders[0] : pick.pick(acts);
      const cmd = complete(
        a,
        randomPicker(() => pick.next()),
      );
      let evs: Event[];
      try {
        evs = rs.decide(s, rs.parseCommand(JSON.parse(JSON.stringify(cmd))), actor, dice);
      } catch (e) {
        rep.problems.push(`seed ${seed} cmd ${i} ${JSON.stringify(cmd)}: ${(e as Error).message}`);
        break;
      }
      rep.commands++;
      for (const e of evs) {
        const before = JSON.stringify(s);
        const a1 = rs.evolve(s, e);
        const a2 = rs.evolve(s, e);
        if (JSON.stringify(a1) !== JSON.stringify(a2)) rep.problems.push(`seed ${seed}: evolve not deterministic on ${e.type}`);
        if (JSON.stringify(s) !== before) rep.problems.push(`seed ${seed}: evolve mutated its input on ${e.type}`);
        rep.eventTypes[e.type] = (rep.eventTypes[e.type] ?? 0) + 1;
        s = a1;
      }
      events.push(...evs);
      const bad = checkInvariants(rs, s);
      if (bad.length) {
        rep.problems.push(`seed ${seed} after ${a.command.type}: ${bad.join('; ')}`);
        break;
      }
    }
    if (JSON.stringify(fold(rs, events)) !== JSON.stringify(s)) rep.problems.push(`seed ${seed}: refold differs`);
    if (s.phase === 'over') rep.finished++;
    onGame?.(events);
  }
  return rep;
}
