/**
 * The Combat Phase (10.0): attacks on one adjacent enemy-occupied hex at a time, odds rounded for the defender on
 * the odds ladder (engine/mechanics/odds via data/tables.ts), the CRT in force (14.17, crt.json selection) and the
 * results of our substitute 11.0 (S11 in docs/rulings/war-in-the-east.md).
 *
 * Not yet supported: multi-hex attacks (10.23), Russian artillery (10.4), air-ground support (+1, 12.3), the
 * KG/BG one-hex retreat (10.32), advance after combat (S11.5) and the owner's choice of exchange losses and retreat
 * paths (S11.3, S11.4): until those decisions are steps of their own, the engine makes them by the fixed rules
 * in applyResult() (substitute).
 */
import type { Choice, ChoiceOption, LegalAction } from '../../../core/actions';
import type { DiceSource } from '../../../core/dice';
import { RuleError } from '../../../core/errors';
import type { Actor } from '../../../core/ruleset';
import type { Emitter, Step } from '../../../core/steps';
import { hasSide, witeBoard } from '../board';
import type { Command } from '../commands';
import { crt, terrain, unitType } from '../data';
import { type CrtCode, crtColumn, crtResult, crtTableFor } from '../data/tables';
import { distanceFrom, face, frozen, mayStep, moveBase, moveContext, occupancy, other, sideAt, weather } from '../rules';
import { STACK_LIMIT } from '../setup';
import type { Event, State } from '../state';
import { holds } from './movement';
import { nextPhase } from './sequence';

/** Why a unit may not attack now, or null (10.14, 10.17, 10.52, 10.4, 30.34D). */
export function cannotAttack(s: State, id: string): [string, string] | null {
  const u = s.units[id];
  const t = unitType(u.type);
  if (u.at === null) return ['10.1', 'the unit is not on the map'];
  if (s.attacked.includes(id)) return ['10.14', 'a unit attacks once per Combat Phase'];
  if (t.class === 'security') return ['10.17', 'security divisions attack only partisans'];
  if (t.class === 'artillery') return ['10.4', 'Russian artillery attacks are not yet supported'];
  if (face(u).att <= 0) return ['10.52', 'a unit with no attack strength never attacks'];
  if (t.nat === 'finnish' && s.gt === 1) return ['30.34D', 'Finnish units may not attack on Game-Turn 1'];
  return null;
}

/** May a unit at a attack across the hexside into c? Not across an all-sea or unfrozen lake hexside (5.27, 8.13; ours for combat). */
function attackAcross(s: State, a: number, c: number): boolean {
  const b = witeBoard();
  if (hasSide(b.seaSide, a, c)) return false;
  return !(hasSide(b.lakeSide, a, c) && !(frozen(b, s, a) && frozen(b, s, c)));
}

export interface Odds {
  attack: number;
  defence: number;
  column: number;
  odds: string;
  table: number;
}

/**
 * Strengths and odds of an attack. Attack: the face value, halved across a river hexside (10.46, not in Snow,
 * 14.25), halved for non-Finnish Axis units in Mud (14.11) and for any unit north of the Weatherline (14.43); Axis
 * mechanized units attacking a hex with a Russian anti-tank unit halved last (10.5). Defence: face values times
 * the TEC multiplier of the hex (frozen swamp as clear, 14.25/14.47), non-Finnish Axis halved in Mud (14.11).
 * Fractions are kept (14.11 "retain fractions"); the odds are rounded for the defender (10.0).
 */
export function attackOdds(s: State, hex: string, attackers: readonly string[], occ = occupancy(s)): Odds {
  const b = witeBoard();
  const ti = b.index.get(hex) as number;
  const defenders = occ.get(ti) ?? [];
  const mud = weather(s) === 'mud';
  const antiTank = defenders.some((id) => unitType(s.units[id].type).class === 'antiTank');
  let attack = 0;
  for (const id of attackers) {
    const u = s.units[id];
    const t = unitType(u.type);
    const ai = b.index.get(u.at as string) as number;
    let a = face(u).att;
    if (hasSide(b.river, ai, ti) && weather(s) !== 'snow' && t.class !== 'artillery') a /= 2;
    if (mud && t.side === 'axis' && t.nat !== 'finnish') a /= 2;
    if (b.northOfWeatherline[ai]) a /= 2;
    if (antiTank && t.side === 'axis' && t.mech) a /= 2;
    attack += a;
  }
  const ter = b.terr[ti] === 'lake' || (b.terr[ti] === 'swamp' && frozen(b, s, ti)) ? 'clear' : b.terr[ti];
  const mult = (terrain.hex[ter as 'clear'] as { defence?: number }).defence ?? 1;
  let defence = 0;
  for (const id of defenders) {
    const u = s.units[id];
    const t = unitType(u.type);
    let d = face(u).def * mult;
    if (mud && t.side === 'axis' && t.nat !== 'finnish') d /= 2;
    defence += d;
  }
  const side = s.units[attackers[0]].side;
  const finnishOnly = attackers.every((id) => unitType(s.units[id].type).nat === 'finnish');
  const table = crtTableFor(side, s.gt, weather(s), { finnishOnly, northOfWeatherline: b.northOfWeatherline[ti] === 1 });
  const column = crtColumn(attack, defence);
  return { attack, defence, column, odds: column < 0 ? 'below 1-3' : crt.columns[column], table };
}

/** Units of the actor that may attack the hex: adjacent, eligible, across a crossable hexside (10.11). */
function attackersOf(s: State, actor: Actor, ti: number, occ = occupancy(s)): string[] {
  const b = witeBoard();
  const out: string[] = [];
  for (const n of b.nb[ti]) {
    if (!attackAcross(s, n, ti)) continue;
    for (const id of occ.get(n) ?? []) {
      const u = s.units[id];
      if (u.side === actor.side && holds(actor, u.command) && !cannotAttack(s, id)) out.push(id);
    }
  }
  return out;
}

/** Air-ground support points the attacking side has in its box (12.3). */
const supportPoints = (s: State, actor: Actor): number => s.air[actor.side as 'axis']?.groundSupport ?? 0;

const SUPPORT_CHOICE: Choice = {
  field: 'support',
  label: 'Air-ground support (12.31)',
  pick: 'one',
  options: [
    { value: false, label: 'No air-ground support' },
    { value: true, label: 'One air-ground support point: +1 on the die' },
  ],
};

export function attackActions(s: State, actor: Actor): LegalAction<Command>[] {
  const b = witeBoard();
  const occ = occupancy(s);
  const out: LegalAction<Command>[] = [];
  for (const [ti, ids] of occ) {
    if (sideAt(s, ids) !== other(actor.side as 'axis')) continue;
    const hex = b.ids[ti];
    if (s.attackedHexes.includes(hex)) continue;
    const att = attackersOf(s, actor, ti, occ);
    if (!att.length) continue;
    const options: ChoiceOption[] = att.map((id) => {
      const u = s.units[id];
      return {
        value: id,
        label: `${u.label} ${unitType(u.type).name} (${face(u).att}) in ${u.at}`,
        hex: u.at ?? undefined,
        hint: { attack: face(u).att },
      };
    });
    const all = attackOdds(s, hex, att, occ);
    const support: Choice[] = supportPoints(s, actor) > 0 ? [SUPPORT_CHOICE] : [];
    out.push({
      command: { type: 'attack', hex } as Command,
      label: `Attack ${hex} (defence ${all.defence}; all adjacent attackers ${all.odds})`,
      rule: '10.0',
      choices: [{ field: 'attackers', label: 'Attacking units', pick: 'some', options }, ...support],
    });
  }
  return out;
}

// ---------------------------------------------------------------- results (S11, substitute)

/** S11.2: a unit eliminated by combat flips to its KG/BG; a KG/BG or a unit without one is removed (10.31, 10.34). */
function eliminate(em: Emitter<State, Event>, id: string, rule: string): void {
  const u = em.s.units[id];
  if (u.at === null) return;
  const t = unitType(u.type);
  em.emit({ type: 'lost', unit: id, how: t.reduced && !u.kg ? 'reduced' : 'removed', rule });
}

/** Printed strength lost when a unit takes one step (S11.3): the difference of faces, or the whole face. */
function stepLoss(s: State, id: string, which: 'att' | 'def'): number {
  const u = s.units[id];
  const t = unitType(u.type);
  if (t.reduced && !u.kg) return t[which] - t.reduced[which];
  return face(u)[which];
}

/**
 * S11.3 exchange, automated (substitute): the paying side's units take steps one at a time, the unit with the
 * smallest printed value first (then by id), until `need` printed points are lost or none is left.
 */
function payExchange(em: Emitter<State, Event>, ids: readonly string[], which: 'att' | 'def', need: number, rule: string): void {
  let lost = 0;
  while (lost < need) {
    const alive = ids.filter((id) => em.s.units[id].at !== null);
    if (!alive.length) return;
    alive.sort((x, y) => face(em.s.units[x])[which] - face(em.s.units[y])[which] || (x < y ? -1 : 1));
    const id = alive[0];
    lost += stepLoss(em.s, id, which);
    eliminate(em, id, rule);
  }
}

/**
 * S11.4 retreat, automated (substitute): two hexes, each farther from the combat hex, never into an enemy hex or
 * an enemy-controlled hex without a friendly unit, nor where a unit may not move (sea, unfrozen lake, 5.29,
 * Hungary); it must end within the stacking limit, going one hex further if every end is full. Among the legal
 * ends the engine takes the lowest hex number. A unit with no retreat is removed with no KG/BG.
 */
function retreat(em: Emitter<State, Event>, id: string, combatHex: number): void {
  const b = witeBoard();
  const s = em.s;
  const u = s.units[id];
  if (u.at === null) return;
  const start = b.index.get(u.at) as number;
  const dist = distanceFrom(combatHex);
  const base = moveBase(s, u.side);
  const ctx = moveContext(s, id, false, base);
  const ok = (a: number, c: number) => dist[c] > dist[a] && mayStep(ctx, a, c) && (!base.ezoc[c] || sideAt(s, base.occ.get(c)) === u.side);
  const room = (i: number) => (base.occ.get(i)?.filter((x) => x !== id).length ?? 0) < STACK_LIMIT[u.side];
  const paths: number[][] = [];
  for (const h1 of b.nb[start]) if (ok(start, h1)) for (const h2 of b.nb[h1]) if (ok(h1, h2)) paths.push([h1, h2]);
  const byId = (p: number[], q: number[]) => (b.ids[p[p.length - 1]] < b.ids[q[q.length - 1]] ? -1 : 1);
  let best = paths.filter((p) => room(p[1])).sort(byId)[0];
  if (!best) {
    const longer: number[][] = [];
    for (const p of paths) for (const h3 of b.nb[p[1]]) if (ok(p[1], h3) && room(h3)) longer.push([...p, h3]);
    best = longer.sort(byId)[0];
  }
  if (!best) {
    em.emit({ type: 'lost', unit: id, how: 'removed', rule: 'S11.4' });
    return;
  }
  em.emit({ type: 'retreated', unit: id, path: best.map((i) => b.ids[i]) });
}

/** Apply a CRT result (S11.1). */
export function applyResult(
  em: Emitter<State, Event>,
  code: CrtCode,
  attackers: readonly string[],
  defenders: readonly string[],
  hex: number,
): void {
  const retreatAll = (ids: readonly string[]) => {
    for (const id of ids) retreat(em, id, hex);
  };
  const lostDef = (ids: readonly string[]) => ids.reduce((a, id) => a + stepLoss(em.s, id, 'def'), 0);
  const lostAtt = (ids: readonly string[]) => ids.reduce((a, id) => a + stepLoss(em.s, id, 'att'), 0);
  switch (code) {
    case 'Ae':
      for (const id of attackers) eliminate(em, id, 'S11.1 Ae');
      return;
    case 'AEx': {
      const need = lostAtt(attackers);
      for (const id of attackers) eliminate(em, id, 'S11.1 AEx');
      payExchange(em, defenders, 'def', need, 'S11.1 AEx');
      return;
    }
    case 'Ar':
      retreatAll(attackers);
      return;
    case 'Br':
      retreatAll(attackers);
      retreatAll(defenders);
      return;
    case 'Ex':
    case '1/2Ex': {
      const lost = lostDef(defenders);
      for (const id of defenders) eliminate(em, id, `S11.1 ${code}`);
      payExchange(em, attackers, 'att', code === 'Ex' ? lost : Math.ceil(lost / 2), `S11.1 ${code}`);
      return;
    }
    case 'Dr':
      retreatAll(defenders);
      return;
    case 'De':
      for (const id of defenders) eliminate(em, id, 'S11.1 De');
      return;
  }
}

export function decideAttack(em: Emitter<State, Event>, cmd: Extract<Command, { type: 'attack' }>, actor: Actor, dice: DiceSource): void {
  const b = witeBoard();
  const s = em.s;
  const ti = b.index.get(cmd.hex);
  if (ti === undefined) throw new RuleError('ILLEGAL', '3.1', `${cmd.hex} is not on the map`);
  const occ = occupancy(s);
  const defenders = occ.get(ti) ?? [];
  if (sideAt(s, defenders) !== other(actor.side as 'axis')) throw new RuleError('ILLEGAL', '10.11', `no enemy unit in ${cmd.hex}`);
  if (s.attackedHexes.includes(cmd.hex)) throw new RuleError('ILLEGAL', '10.14', `${cmd.hex} was already attacked this phase`);
  if (new Set(cmd.attackers).size !== cmd.attackers.length) throw new RuleError('ILLEGAL', '10.14', 'a unit is listed twice');
  const eligible = new Set(attackersOf(s, actor, ti));
  for (const id of cmd.attackers) {
    const u = s.units[id];
    if (!u) throw new RuleError('ILLEGAL', '10.1', `no unit ${id}`);
    if (u.side !== actor.side || !holds(actor, u.command)) throw new RuleError('FORBIDDEN', null, `${u.label} is not under your command`);
    const why = cannotAttack(s, id);
    if (why) throw new RuleError('ILLEGAL', why[0], why[1]);
    if (!eligible.has(id)) throw new RuleError('ILLEGAL', '10.11', `${u.label} is not adjacent to ${cmd.hex} across a passable hexside`);
  }
  // 12.31: a side with air-ground support points says whether it spends one; a side with none may not
  const points = supportPoints(s, actor);
  if (points > 0 && cmd.support === undefined) throw new RuleError('ILLEGAL', '12.31', 'say whether the attack has air-ground support');
  if (points === 0 && cmd.support !== undefined) throw new RuleError('ILLEGAL', '12.31', 'no air-ground support points are committed');
  const o = attackOdds(s, cmd.hex, cmd.attackers);
  const die = dice.roll(6);
  const result = crtResult(o.table as 1, o.column, die + (cmd.support ? 1 : 0));
  em.emit({
    type: 'attacked',
    hex: cmd.hex,
    attackers: [...cmd.attackers],
    defenders: [...defenders],
    attack: o.attack,
    defence: o.defence,
    odds: o.odds,
    table: o.table,
    die,
    result,
    ...(cmd.support ? { support: true } : {}),
  });
  applyResult(em, result, cmd.attackers, defenders, ti);
}

export const combatStep: Step<State, Command, Event, null> = {
  name: 'Combat Phase (10.0)',
  rule: '10.0',
  waiting: (s) => (s.player ? [{ side: s.player, what: 'attack, then end the Combat Phase' }] : []),
  legal: (s, _g, actor) => [...attackActions(s, actor), { command: { type: 'endPhase' }, label: 'End the Combat Phase', rule: '10.0' }],
  on: {
    attack(em, _g, cmd, actor, dice) {
      decideAttack(em, cmd, actor, dice);
    },
    endPhase(em) {
      nextPhase(em);
    },
  },
};
