/** Combat (11.0-11.4): declaration, strengths, odds and shifts, results, losses, retreat and advance. */
import { RuleError } from '../../core/errors';
import type { Actor } from '../../core/ruleset';
import type { DiceSource } from '../../core/dice';
import { columnOf, halveUp, netShift, oddsLabel, oddsRatio, readCell, type ShiftedColumn, shiftOnLadder } from '../../mechanics/odds';
import { board, onMap, other, stackOk, type Board } from './board';
import { crtTable, factors, isAirborne, isArtillery, isCavalry, isMech, tables, unitDef } from './data';
import { hexDistance, ring1, sideKey, type OuMap } from './map';
import { phaseKind, requireCovers } from './movement';
import type { Combat, Event, LossSide, Placement, Side, State } from './types';

const RANGE = tables.artilleryRange.value;

const has79At = (b: Board, hexIdx: number): boolean => b.unitsAt(hexIdx).some((id) => unitDef(id).special === '79th');

/** Validate an attack declaration (11.0, 11.1, 3.4, 7.1.2, 9.4.2) and build the combat. */
export function declareAttack(
  map: OuMap,
  s: State,
  actor: Actor,
  target: string,
  units: string[],
  artillery: string[],
  bomber: 'US' | 'UK' | null,
): Combat {
  const b = board(map, s);
  const side = actor.side as Side;
  if (s.combat) throw new RuleError('ILLEGAL', '11.0', 'finish the current combat first');
  if (!(units.length > 0 && new Set([...units, ...artillery]).size === units.length + artillery.length))
    throw new RuleError('ILLEGAL', '11.0', 'name each attacking unit once');
  requireCovers(actor, [...units, ...artillery], '3.4');
  const t = b.idx(target);
  if (!(b.occupant(t) === other(side))) throw new RuleError('ILLEGAL', '11.0', `${target} holds no enemy units`);
  const def = b.unitsAt(t);
  if (!def.some((id) => !s.ph.defended.includes(id)))
    throw new RuleError('ILLEGAL', '11.0', 'each unit may be attacked only once per Combat Phase');
  for (const d of [...units, ...artillery].map(unitDef)) {
    if (s.ph.ready.includes(d.cmd)) throw new RuleError('ILLEGAL', '5.0', `${d.name}'s command has ended its phase`);
  }
  const defs = units.map(unitDef);
  for (const d of defs) {
    if (!(phaseKind(s, side, d.ag) === 'combat')) throw new RuleError('ILLEGAL', '5.4', `${d.name} is not in a Combat Phase now`);
    if (!onMap(s.u[d.id].at)) throw new RuleError('ILLEGAL', '11.0', `${d.name} is not on the map`);
    if (s.ph.attacked.includes(d.id)) throw new RuleError('ILLEGAL', '11.0', `${d.name} has already attacked this phase`);
    const at = b.idx(s.u[d.id].at);
    if (!map.nb[at].includes(t)) throw new RuleError('ILLEGAL', '11.0', `${d.name} is not adjacent to ${target}`);
    if (b.lakeBetween(at, t) && !has79At(b, at))
      throw new RuleError('ILLEGAL', '11.0', `${d.name} may not attack across an all-lake hexside`);
    if (s.wrong[d.id]) throw new RuleError('ILLEGAL', '3.4', `${d.name} is on the wrong side of the army group line (ruling A29)`);
    if (!b.regionOk(d, target))
      throw new RuleError(
        'ILLEGAL',
        '3.4',
        d.ag === 'US' ? 'US units attack only into hexes on or south of the line' : 'UK units attack only into hexes north of the line',
      );
    if (side === 'soviet' && isArtillery(d))
      if (!b.inSupply(d.id)) throw new RuleError('ILLEGAL', '9.4.2', `${d.name} is out of supply and may not attack`);
  }
  if (side === 'allied') {
    const ags = new Set(defs.filter((d) => !isAirborne(d)).map((d) => d.ag));
    if (!(ags.size <= 1)) throw new RuleError('ILLEGAL', '11.0', 'units of the two army groups may not attack together');
    const german = defs.filter((d) => d.nat === 'DE').length;
    if (!(german === 0 || german === defs.length))
      throw new RuleError('ILLEGAL', '7.1.2', 'German units attack only together with German units');
    if (defs.some((d) => d.nat === 'PL2') && german > 0)
      throw new RuleError('ILLEGAL', '7.1.2', 'Polish 2nd Corps and German units never join one attack');
    if (!(artillery.length === 0)) throw new RuleError('ILLEGAL', '11.1', 'only Soviet artillery supports at range');
  } else {
    if (!(bomber === null)) throw new RuleError('ILLEGAL', '11.2', 'heavy bombers support Allied attacks only');
    if (!defs.some((d) => !isArtillery(d)))
      throw new RuleError('ILLEGAL', '11.1', 'a Soviet attack needs at least one non-artillery unit (ruling A17)');
    for (const id of artillery) {
      const d = unitDef(id);
      if (!isArtillery(d)) throw new RuleError('ILLEGAL', '11.1', `${d.name} is not artillery`);
      if (!(onMap(s.u[id].at) && phaseKind(s, side, null) === 'combat'))
        throw new RuleError('ILLEGAL', '11.1', `${d.name} cannot support now`);
      if (s.ph.attacked.includes(id)) throw new RuleError('ILLEGAL', '11.1', `${d.name} has already fired this phase (ruling A18)`);
      if (!(hexDistance(s.u[id].at, target) <= RANGE))
        throw new RuleError('ILLEGAL', '11.1', `${target} is beyond ${d.name}'s range of ${RANGE}`);
      if (!b.inSupply(id)) throw new RuleError('ILLEGAL', '9.4.2', `${d.name} is out of supply and may not support an attack`);
    }
  }
  if (bomber) {
    if (s.ph.bombers.includes(bomber))
      throw new RuleError('ILLEGAL', '11.2', `the ${bomber} heavy bomber marker has already supported an attack this phase`);
    const ground = defs.filter((d) => !isAirborne(d));
    const ag = ground.length ? ground[0].ag : null;
    if (ag)
      if (!(ag === bomber))
        throw new RuleError('ILLEGAL', '11.2', `the ${bomber} marker supports only ${bomber} army group attacks (and the 1AAA)`);
  }
  return attackCombat(s, side, target, units, artillery, bomber);
}

/** The combat an attack declaration opens, without validation (declareAttack() validates; previews reuse it). */
export function attackCombat(
  s: State,
  side: Side,
  target: string,
  units: string[],
  artillery: string[],
  bomber: 'US' | 'UK' | null,
): Combat {
  const def = Object.keys(s.u).filter((id) => s.u[id].at === target && unitDef(id).side !== side);
  return {
    side,
    target,
    att: [...units],
    art: [...artillery],
    def,
    dart: [],
    weak: def.filter((id) => s.ph.defended.includes(id)),
    bomber,
    stage: 'support',
    losses: [],
    after: 'end',
    oos: [],
    result: null,
  };
}

/** Soviet artillery that may support the defense of the combat's target (11.1; rulings A17, A18, A19). */
export function defensiveSupportOptions(map: OuMap, s: State, c: Combat): string[] {
  if (c.side !== 'allied') return [];
  const b = board(map, s);
  if (c.def.every((id) => isArtillery(unitDef(id)))) return [];
  const attackHexes = [...new Set(c.att.map((id) => s.u[id].at))];
  return Object.entries(s.u)
    .filter(([id, u]) => {
      const d = unitDef(id);
      return (
        d.side === 'soviet' &&
        isArtillery(d) &&
        onMap(u.at) &&
        u.at !== c.target &&
        !s.ph.artDef.includes(id) &&
        attackHexes.some((h) => hexDistance(h, u.at) <= RANGE)
      );
    })
    .map(([id]) => id)
    .filter(() => b.has(c.target));
}

export interface Strength {
  attack: number;
  defense: number;
  oos: string[];
  /** each unit's factor as counted, and why it differs from the counter */
  parts: { id: string; role: 'att' | 'art' | 'def' | 'dart'; printed: number; counted: number; why: string[] }[];
}

/** 11.2 steps 2-3: supply, halving (out of supply first, then rivers; both round up), totals. */
export function strengths(b: Board, s: State, c: Combat): Strength {
  const oos: string[] = [];
  const parts: Strength['parts'] = [];
  const t = b.idx(c.target);
  for (const id of c.att) {
    const d = unitDef(id);
    const printed = factors(d, s.u[id].s)[0];
    let v = printed;
    const why: string[] = [];
    if (!b.inSupply(id)) {
      oos.push(id);
      v = halveUp(v);
      why.push('out of supply, halved (9.4.2)');
    }
    const at = b.map.index.get(s.u[id].at);
    if (at !== undefined && b.riverBetween(at, t) && !has79At(b, at)) {
      v = halveUp(v);
      why.push('across a river, halved (10.2.2)');
    }
    parts.push({ id, role: 'att', printed, counted: v, why });
  }
  for (const id of c.art) {
    const v = factors(unitDef(id), s.u[id].s)[0];
    parts.push({ id, role: 'art', printed: v, counted: v, why: ['artillery at range, never halved for rivers (11.1)'] });
  }
  for (const id of c.def) {
    const d = unitDef(id);
    const sup = b.inSupply(id);
    if (!sup) oos.push(id);
    const printed = factors(d, s.u[id].s)[1];
    if (c.weak.includes(id)) {
      parts.push({ id, role: 'def', printed, counted: 0, why: ['already attacked this phase: adds nothing (11.0)'] });
      continue;
    }
    const halve = !sup && d.side === 'soviet'; // 9.4.2: Allied defenders suffer no penalty
    parts.push({
      id,
      role: 'def',
      printed,
      counted: halve ? halveUp(printed) : printed,
      why: halve ? ['out of supply, halved (9.4.2)'] : [],
    });
  }
  for (const id of c.dart) {
    const [af, df] = factors(unitDef(id), s.u[id].s);
    const sup = b.inSupply(id);
    parts.push({
      id,
      role: 'dart',
      printed: sup ? af : df,
      counted: sup ? af : halveUp(df),
      why: sup ? ['supporting artillery adds its attack factor (11.1)'] : ['out of supply: half its defense factor (9.4.2, ruling A19)'],
    });
  }
  const sum = (roles: string[]) => parts.filter((p) => roles.includes(p.role)).reduce((a, p) => a + p.counted, 0);
  return { attack: sum(['att', 'art']), defense: sum(['def', 'dart']), oos, parts };
}

export interface CombatOdds extends Strength {
  /** ratio after rounding (11.2 step 4) */
  odds: string;
  row: 'upper' | 'lower';
  /** column of the raw odds in that row (clamped to the table) */
  column: number;
  /** shifts known before the roll (terrain, concentric, airborne); the bomber's comes from its own die */
  shifts: Record<string, number>;
  /** the column after those shifts, or past either end (automatic DE / AL1) */
  final: ShiftedColumn;
}

/**
 * The combat odds exactly as resolve() uses them (11.2 steps 2-6): strengths with supply and river halving, the
 * rounded ratio, the CRT row, the raw column and the shifts other than the heavy bomber's die. Pure: the board
 * calls it on the state it can see (viewState()) for its preview.
 */
export function combatOdds(map: OuMap, s: State, c: Combat): CombatOdds {
  const b = board(map, s);
  const st = strengths(b, s, c);
  const row = crtRow(c);
  const ladder = crtTable.rows[row];
  const column = columnOf(ladder, st.attack, st.defense);
  const sh = shifts(b, s, c);
  return {
    ...st,
    odds: oddsLabel(oddsRatio(st.attack, st.defense)),
    row,
    column,
    shifts: sh,
    final: shiftOnLadder(ladder, column, netShift(sh)),
  };
}

export interface AttackPreview {
  /** null while face-down defenders hide their factors (3.5.1): the attacker may not know them */
  odds: CombatOdds | null;
  /** the attacker's own total, always known */
  attack: number;
  hiddenDefenders: number;
  /** Soviet artillery that could still join the defense before the roll (11.1); shown, never assumed */
  support: string[];
}

/** combatOdds() for a side's preview, from a state holding only what that side sees plus the count of face-down defenders. */
export function attackPreview(map: OuMap, s: State, c: Combat, hiddenDefenders = 0): AttackPreview {
  const support = c.stage === 'support' && !c.dart.length ? defensiveSupportOptions(map, s, c) : [];
  if (hiddenDefenders > 0) {
    const st = strengths(board(map, s), s, { ...c, def: [], dart: [] });
    return { odds: null, attack: st.attack, hiddenDefenders, support };
  }
  const odds = combatOdds(map, s, c);
  return { odds, attack: odds.attack, hiddenDefenders, support };
}

/** What each heavy bomber die can do (11.2 step 6): the halved die and its effect. */
export const BOMBER_EFFECTS = tables.heavyBomber.byHalvedDie as Record<string, 'AL1' | number>;

/** 11.2 step 6 shifts other than heavy bombers; positive favours the attacker. */
export function shifts(b: Board, s: State, c: Combat): Record<string, number> {
  const out: Record<string, number> = {};
  const t = b.idx(c.target);
  const city = b.city(t);
  if (city) out.city = -2;
  else if (b.forest(t)) out.forest = -1;
  const defAAA = c.def.some((id) => isAirborne(unitDef(id)));
  if (!city && !defAAA) {
    const around = ring1(c.target);
    const dirs = new Set(c.att.map((id) => around.indexOf(s.u[id].at)).filter((k) => k >= 0));
    const opposite = [...dirs].some((k) => dirs.has((k + 3) % 6));
    const triple = [0, 2, 4].every((k) => dirs.has(k)) || [1, 3, 5].every((k) => dirs.has(k));
    if (opposite || triple || dirs.size > 3) out.concentric = 1;
  }
  const alliedUnits = c.side === 'allied' ? c.att : c.def;
  const sovietUnits = c.side === 'allied' ? c.def : c.att;
  if (alliedUnits.length && alliedUnits.every((id) => isAirborne(unitDef(id))) && sovietUnits.some((id) => isMech(unitDef(id)))) {
    out.airborne = c.side === 'allied' ? -1 : 1;
  }
  return out;
}

/** 11.2 step 5: the upper row for US, 1AAA, German and Polish 2nd Corps attacks; the lower for Soviet and UK (ruling A3b). */
export function crtRow(c: Combat): 'upper' | 'lower' {
  if (c.side === 'soviet') return 'lower';
  return c.att.some((id) => ['UK', 'CN'].includes(unitDef(id).nat)) ? 'lower' : 'upper';
}

/** Roll and apply the CRT for a declared combat (11.2 steps 4-7, 11.3). */
export function resolve(map: OuMap, s: State, c: Combat, dice: DiceSource): Event[] {
  const b = board(map, s);
  const ev: Event[] = [];
  const o = combatOdds(map, s, c);
  const { row, column } = o;
  const ladder = crtTable.rows[row];
  const sh = { ...o.shifts };
  const base: Combat = { ...c, oos: o.oos };
  const summary = { type: 'resolved' as const, attack: o.attack, defense: o.defense, odds: o.odds, row, column };
  if (c.bomber) {
    const die = dice.roll(6);
    const eff = BOMBER_EFFECTS[String(Math.floor(die / 2))];
    ev.push({ type: 'bomber', marker: c.bomber, die, effect: eff });
    if (eff === 'AL1') {
      ev.push({ ...summary, shifts: sh, final: column, die: null, result: 'AL1' });
      ev.push({ type: 'combat', combat: { ...base, stage: 'loss', losses: ['att'], after: 'end', result: 'AL1' } });
      return ev;
    }
    if (eff > 0) sh.bomber = eff;
  }
  const col = shiftOnLadder(ladder, column, netShift(sh));
  let die: number | null = null;
  let raw: string;
  if (col.kind === 'above') raw = 'DE';
  else if (col.kind === 'below') raw = 'AL1';
  else {
    die = dice.roll(6);
    raw = readCell(crtTable, col.index, die);
  }
  const t = b.idx(c.target);
  let result = raw;
  if (raw === 'DR' && (b.city(t) || c.def.some((id) => isAirborne(unitDef(id))))) result = 'BB'; // 5.3, 11.3 DR exception b
  ev.push({
    ...summary,
    shifts: sh,
    final: col.kind === 'column' ? col.index : col.kind === 'above' ? ladder.columns.length : -1,
    die,
    result,
    ...(raw !== result ? { raw } : {}),
  });
  ev.push(...applyResult(s, { ...base, result }, result));
  return ev;
}

function applyResult(s: State, c: Combat, result: string): Event[] {
  const ev: Event[] = [];
  if (result === 'AL1') {
    ev.push({ type: 'combat', combat: { ...c, stage: 'loss', losses: ['att'], after: 'end' } });
  } else if (result === 'DE') {
    // 11.3 DE: one-step defenders eliminated, two-step defenders reduced; the 18th loses one step (ruling A12)
    for (const id of c.def) ev.push({ type: 'loss', unit: id, oos: c.oos.includes(id), why: 'DE' });
    const left = c.def.filter((id) => s.u[id].s > 1);
    ev.push({
      type: 'combat',
      combat: { ...c, stage: left.length ? 'loss' : 'advance', losses: [], after: left.length ? 'end' : 'advance' },
    });
  } else if (result === 'DR') {
    // 11.3 DR exception a: defending Soviet artillery cannot retreat
    for (const id of c.def)
      if (isArtillery(unitDef(id))) ev.push({ type: 'eliminated', unit: id, oos: c.oos.includes(id), why: 'DR: artillery cannot retreat' });
    ev.push({ type: 'combat', combat: { ...c, stage: 'retreat', losses: [], after: 'advance' } });
  } else {
    ev.push({ type: 'combat', combat: { ...c, stage: 'loss', losses: ['def', 'att'], after: 'bb-att' } });
  }
  return ev;
}

/** Units of the combat still in play on one side. */
export function involved(s: State, c: Combat, who: LossSide): string[] {
  if (who === 'att') return c.att.filter((id) => onMap(s.u[id].at));
  return c.def.filter((id) => s.u[id].at === c.target);
}

/** Units that may take the next step loss (11.3: no one-step unit eliminated while a two-step unit is whole; ruling A13). */
export function lossCandidates(s: State, c: Combat, who: LossSide): string[] {
  const ids = involved(s, c, who);
  const whole = ids.some((id) => {
    const d = unitDef(id);
    return d.f.length >= 2 && s.u[id].s === d.f.length;
  });
  return whole ? ids.filter((id) => s.u[id].s >= 2) : ids;
}

export const totalSteps = (s: State, ids: string[]): number => ids.reduce((t, id) => t + s.u[id].s, 0);

// ---- retreat (11.3 DR) ----
export interface RetreatPlan {
  /** hexes the whole stack may retreat into together */
  together: string[];
  /** per unit, the hexes it could retreat into alone */
  single: Record<string, string[]>;
}

export function retreatPlan(map: OuMap, s: State, c: Combat): RetreatPlan {
  const b = board(map, s);
  const side = other(c.side);
  const ids = involved(s, c, 'def').filter((id) => !isArtillery(unitDef(id)));
  const t = b.idx(c.target);
  const dist = b.sourceDist(side);
  const has79 = ids.some((id) => unitDef(id).special === '79th');
  const ok = (n: number, unit: string) => {
    if (b.occupant(n) === other(side)) return false;
    if (dist[t] < 0 || dist[n] < 0 || dist[n] >= dist[t]) return false; // ruling A14: strictly nearer a friendly source
    if (b.lakeBetween(t, n) && !has79) return false; // ruling A15
    return b.regionOk(unitDef(unit), map.ids[n]); // ruling A16
  };
  const single: Record<string, string[]> = {};
  for (const id of ids) single[id] = map.nb[t].filter((n) => ok(n, id) && stackOk([...b.unitsAt(n), id])).map((n) => map.ids[n]);
  const together = map.nb[t].filter((n) => ids.every((id) => ok(n, id)) && stackOk([...b.unitsAt(n), ...ids])).map((n) => map.ids[n]);
  return { together, single };
}

/** Validate a retreat and return its events (11.3 DR procedure 1-3, rulings A25, A26). */
export function decideRetreat(map: OuMap, s: State, c: Combat, moves: Placement[], lossPick: string | undefined): Event[] {
  const b = board(map, s);
  const side = other(c.side);
  const plan = retreatPlan(map, s, c);
  const ids = Object.keys(plan.single);
  const ev: Event[] = [];
  const dest = new Map<string, string>();
  for (const [u, h] of moves) {
    if (!ids.includes(u)) throw new RuleError('ILLEGAL', '11.3', `${u} is not retreating`);
    if (dest.has(u)) throw new RuleError('ILLEGAL', '11.3', 'each unit retreats once');
    dest.set(u, h);
  }
  const stuck = ids.filter((u) => plan.single[u].length === 0);
  if (!plan.together.length) {
    // split retreat (11.3 DR 3): a unit left out must have had no room left in any of its hexes
    const load = new Map<string, string[]>();
    for (const [u, h] of dest) load.set(h, [...(load.get(h) ?? []), u]);
    for (const u of ids)
      if (!dest.has(u) && !stuck.includes(u) && plan.single[u].every((h) => !stackOk([...b.unitsAt(b.idx(h)), ...(load.get(h) ?? []), u])))
        stuck.push(u);
  }
  for (const u of ids)
    if (!dest.has(u)) if (!stuck.includes(u)) throw new RuleError('ILLEGAL', '11.3', `${unitDef(u).name} has a hex to retreat into`);
  if (plan.together.length) {
    const hs = new Set(dest.values());
    if (!(hs.size === 1 && plan.together.includes([...hs][0]) && dest.size === ids.length))
      throw new RuleError('ILLEGAL', '11.3', 'the stack retreats together (11.3 DR 1)');
  } else {
    const groups = new Map<string, string[]>();
    for (const [u, h] of dest) {
      if (!plan.single[u].includes(h)) throw new RuleError('ILLEGAL', '11.3', `${unitDef(u).name} may not retreat into ${h}`);
      groups.set(h, [...(groups.get(h) ?? []), u]);
    }
    for (const [h, us] of groups)
      if (!stackOk([...b.unitsAt(b.idx(h)), ...us])) throw new RuleError('ILLEGAL', '11.3', `retreating into ${h} would overstack it`);
  }
  for (const u of stuck) if (!dest.has(u)) ev.push({ type: 'eliminated', unit: u, oos: c.oos.includes(u), why: 'no hex to retreat into' });
  if (dest.size) ev.push({ type: 'retreated', moves: [...dest] });
  // 11.3 DR 2: entering an enemy zone of control with no friendly unit there costs one step, unless cavalry is along
  const groups = new Map<string, string[]>();
  for (const [u, h] of dest) groups.set(h, [...(groups.get(h) ?? []), u]);
  for (const [h, us] of groups) {
    const i = b.idx(h);
    if (!b.ezoc(side, i) || b.unitsAt(i).length > 0 || us.some((u) => isCavalry(unitDef(u)))) continue;
    const whole = us.some((u) => unitDef(u).f.length >= 2 && s.u[u].s === unitDef(u).f.length);
    const cands = whole ? us.filter((u) => s.u[u].s >= 2) : us;
    const pick = lossPick && cands.includes(lossPick) ? lossPick : cands[0];
    ev.push({ type: 'loss', unit: pick, oos: c.oos.includes(pick), why: 'retreat into enemy zone of control' });
  }
  return ev;
}

/** Attackers that may advance into the vacated hex (11.4, ruling A16, A17b). */
export function advanceCandidates(map: OuMap, s: State, c: Combat): string[] {
  const b = board(map, s);
  const t = b.idx(c.target);
  if (b.unitsAt(t).length) return [];
  return c.att.filter((id) => onMap(s.u[id].at) && map.nb[b.idx(s.u[id].at)].includes(t) && b.regionOk(unitDef(id), c.target));
}

export function decideAdvance(map: OuMap, s: State, c: Combat, units: string[]): Event[] {
  const cands = advanceCandidates(map, s, c);
  for (const u of units) if (!cands.includes(u)) throw new RuleError('ILLEGAL', '11.4', `${u} may not advance`);
  if (!(new Set(units).size === units.length)) throw new RuleError('ILLEGAL', '11.4', 'name each unit once');
  if (!units.length) return [];
  if (!stackOk(units)) throw new RuleError('ILLEGAL', '11.4', 'advancing units must obey stacking');
  return [{ type: 'advanced', units, hex: c.target }];
}

export { RuleError, sideKey };
