/**
 * The sequence of play as a table of steps (5.1 plus the set-up of 3.0-3.7). Each step pairs the legal-action
 * generator with the handlers that accept those actions; decide() runs the handler, then lets the game move on
 * by itself through anything that needs no one's input (dice rolls, empty phases, forced choices).
 */
import { RuleError } from '../../core/errors';
import type { Actor, LegalAction } from '../../core/ruleset';
import type { DiceSource } from '../../core/dice';
import { board, onMap, other, stackOk } from './board';
import { isAirborne, isArtillery, stackValue, tables, unitDef, UNITS } from './data';
import { hexDistance, type OuMap } from './map';
import { covers, decideMove, moveOptions, phaseKind, requireCovers } from './movement';
import {
  advanceCandidates,
  decideAdvance,
  decideRetreat,
  declareAttack,
  defensiveSupportOptions,
  involved,
  lossCandidates,
  resolve,
  retreatPlan,
  totalSteps,
} from './combat';
import { evolve } from './evolve';
import type { Combat, Command, Event, Placement, Side, State, StepId } from './types';

export const ALLIED_COMMANDS = ['supreme', 'us-12ag', 'uk-21ag'];
export const SOVIET_COMMANDS = ['stavka', '1bf', '2bf', '1uf'];
export const SUPREME: Record<Side, string> = { allied: 'supreme', soviet: 'stavka' };

type Cmd<K extends Command['type']> = Extract<Command, { type: K }>;
type Handler<K extends Command['type']> = (map: OuMap, s: State, cmd: Cmd<K>, actor: Actor, dice: DiceSource) => Event[];
type Handlers = { [K in Command['type']]?: Handler<K> };

export interface StepDef {
  side(s: State): Side | null;
  legal(map: OuMap, s: State, actor: Actor): LegalAction<Command>[];
  on: Handlers;
}

const act = (command: Command, label: string, rule?: string): LegalAction<Command> => ({ command, label, rule });
const fold = (map: OuMap, s: State, ev: Event[]): State => ev.reduce((x, e) => evolve(map, x, e), s);

function requireCommand(actor: Actor, cmd: string, rule: string, what: string): void {
  if (!actor.commands.includes(cmd)) throw new RuleError('FORBIDDEN', rule, `${what} is decided by the ${cmd} command`);
}

// ---------------------------------------------------------------- sequence
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

/** Events of entering a step: its rolls and draws. */
function enter(_map: OuMap, s: State, step: StepId, turn: number, dice: DiceSource): Event[] {
  const ev: Event[] = [{ type: 'step', step, turn }];
  if (step === 'maskirovka') {
    if (s.opt.hidden) ev.push({ type: 'revealed', units: sovietOnMap(s) }); // 3.5.1: revealed before 3.7
    const n = s.line === 'mulde' ? tables.frontline.mulde.maskirovkaDice : tables.frontline.elbe.maskirovkaDice;
    const rolls = Array.from({ length: n }, () => dice.roll(6));
    ev.push({ type: 'mask-rolled', dice: rolls, n: rolls.reduce((a, x) => a + x, 0) }); // 3.7
  }
  if (step === 'reinforce' && !s.opt.prepared && turn <= tables.reinforcements.lastTurn) {
    // 6.1: 1d6 + turn (+1 on the Elbe line), drawn blind from the R pool
    const die = dice.roll(6);
    const count = die + turn + (s.line === 'elbe' ? tables.frontline.elbe.reinforcementBonus : 0);
    const pool = Object.keys(s.u).filter((id) => s.u[id].at === 'pool');
    const drawn: string[] = [];
    while (drawn.length < count && pool.length) drawn.push(pool.splice(dice.roll(pool.length) - 1, 1)[0]);
    ev.push({ type: 'drawn', die, count, units: drawn });
  }
  if (step === 'prepared') {
    // 3.5.2 (ruling A6): every R unit arrives before the Soviet player-turn of GT1
    const pool = Object.keys(s.u).filter((id) => s.u[id].at === 'pool');
    ev.push({ type: 'drawn', die: 0, count: pool.length, units: pool });
  }
  if (step === 'recycle' && turn <= tables.recycling.lastTurn) {
    // 6.2.2: one roll per eligible unit, +1 for the UK army group; a return on GT7 or later is never
    for (const id of s.recyc) {
      const die = dice.roll(6);
      const mod = unitDef(id).ag === 'UK' ? tables.recycling.ukModifier : 0;
      const box = turn + die + mod;
      ev.push({ type: 'recycle-roll', unit: id, die, mod, box: box >= tables.recycling.neverFromBox ? null : box });
    }
  }
  return ev;
}

function sovietOnMap(s: State): Placement[] {
  return Object.entries(s.u)
    .filter(([id, u]) => onMap(u.at) && unitDef(id).side === 'soviet')
    .map(([id, u]) => [id, u.at]);
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

function finish(s: State): Event[] {
  return alliedVictory(s)
    ? [{ type: 'ended', winner: 'allied', reason: 'five Allied units left the east edge in supply (4.2)' }]
    : [{ type: 'ended', winner: 'soviet', reason: 'the Allies did not meet their exit requirement (4.2)' }];
}

function advanceStep(map: OuMap, s: State, dice: DiceSource): Event[] {
  const n = nextStep(s);
  if (!n) return finish(s);
  return enter(map, s, n[0], n[1], dice);
}

/** Anything that can happen without input; [] when the game waits for someone. */
export function autoStep(map: OuMap, s: State, dice: DiceSource): Event[] {
  if (s.result) return [];
  const sovietExits = s.exits.filter((e) => e.side === 'soviet').length;
  if (s.turn >= tables.victory.suddenDeathFromTurn && sovietExits >= tables.victory.suddenDeathExits)
    return [{ type: 'ended', winner: 'soviet', reason: `${sovietExits} Soviet units left the west edge (4.1)` }];
  if (s.combat) return autoCombat(map, s, s.combat, dice);
  switch (s.step) {
    case 'airborne':
      return Object.entries(s.u).some(([id, u]) => u.at === 'aside' && isAirborne(unitDef(id))) ? [] : advanceStep(map, s, dice);
    case 'reinforce':
    case 'prepared':
      return placeable(map, s, 'drawn').length ? [] : advanceStep(map, s, dice);
    case 'recycle':
      return placeable(map, s, `box:${s.turn}`).length ? [] : advanceStep(map, s, dice);
    default:
      return [];
  }
}

function autoCombat(map: OuMap, s: State, c: Combat, dice: DiceSource): Event[] {
  const set = (patch: Partial<Combat>): Event[] => [{ type: 'combat', combat: { ...c, ...patch } }];
  const end: Event[] = [{ type: 'combat', combat: null }];
  switch (c.stage) {
    case 'support':
      return defensiveSupportOptions(map, s, c).length ? [] : resolve(map, s, c, dice);
    case 'loss': {
      if (!c.losses.length) {
        const defLeft = involved(s, c, 'def').length;
        const attLeft = involved(s, c, 'att').length;
        if (c.after === 'end') return end;
        if (c.after === 'advance' || !defLeft) return set({ stage: 'advance' });
        if (c.after === 'bb-att') return attLeft ? set({ stage: 'bb-att' }) : end;
        return set({ stage: c.after });
      }
      const who = c.losses[0];
      const cands = lossCandidates(s, c, who);
      if (cands.length === 0) return set({ losses: c.losses.slice(1) });
      if (cands.length === 1)
        return [
          { type: 'loss', unit: cands[0], oos: c.oos.includes(cands[0]), why: c.result ?? '' },
          ...set({ losses: c.losses.slice(1) }),
        ];
      return [];
    }
    case 'bb-att':
      if (!involved(s, c, 'def').length) return set({ stage: 'advance' });
      return totalSteps(s, involved(s, c, 'att')) <= 1 ? end : [];
    case 'bb-def':
      return involved(s, c, 'def').length ? [] : set({ stage: 'advance' });
    case 'retreat': {
      const plan = retreatPlan(map, s, c);
      const ids = Object.keys(plan.single);
      if (!ids.length) return set({ stage: 'advance' });
      if (ids.every((id) => plan.single[id].length === 0))
        return [...decideRetreat(map, s, c, [], undefined), ...set({ stage: 'advance' })];
      return [];
    }
    case 'advance':
      return advanceCandidates(map, s, c).length ? [] : end;
  }
}

/** Units at `where` that some supplied edge hex could take now (6.1, 6.3, ruling A31, A26). */
export function placeable(map: OuMap, s: State, where: string): string[] {
  const ids = Object.keys(s.u).filter((id) => s.u[id].at === where);
  return ids.filter((id) => edgeHexes(map, s, unitDef(id).side).some((h) => placementOk(map, s, id, h, new Map())));
}

function edgeHexes(map: OuMap, s: State, side: Side): string[] {
  const edge = side === 'allied' ? map.west : map.east;
  const c = side === 'allied' ? 'a' : 's';
  return edge.filter((i) => s.ctl[i] === c).map((i) => map.ids[i]);
}

/** Stacking and army group checks for a placement, with earlier placements of the same command in `extra`. */
function placementOk(map: OuMap, s: State, id: string, hex: string, extra: Map<string, string>): boolean {
  const b = board(map, s);
  const i = map.index.get(hex);
  if (i === undefined) return false;
  const d = unitDef(id);
  if (b.occupant(i) === other(d.side)) return false;
  const here = b.unitsAt(i).filter((u) => u !== id && !extra.has(u));
  for (const [u, h] of extra) if (h === hex && u !== id) here.push(u);
  if (!stackOk([...here, id])) return false;
  return b.regionOk(d, hex);
}

/** Polish 2nd Corps and German units may not end next to each other (7.1.2; ruling A27 at set-up). */
function p2cGermanClash(map: OuMap, pos: Map<string, string>): boolean {
  const byHex = new Map<string, string>();
  for (const [id, h] of pos) {
    const n = unitDef(id).nat;
    if (n === 'PL2' || n === 'DE') byHex.set(h, (byHex.get(h) ?? '') + n);
  }
  for (const [h, nats] of byHex) {
    const i = map.index.get(h)!;
    for (const nb of map.nb[i]) {
      const o = byHex.get(map.ids[nb]);
      if (!o) continue;
      if ((nats.includes('PL2') && o.includes('DE')) || (nats.includes('DE') && o.includes('PL2'))) return true;
    }
  }
  return false;
}

function alliedPositions(s: State): Map<string, string> {
  return new Map(
    Object.entries(s.u)
      .filter(([id, u]) => onMap(u.at) && unitDef(id).side === 'allied')
      .map(([id, u]) => [id, u.at]),
  );
}

// ---------------------------------------------------------------- set-up placement (3.5, 3.6)
function setupHexOk(map: OuMap, s: State, id: string, hex: string, extra: Map<string, string>): string | null {
  const d = unitDef(id);
  const i = map.index.get(hex);
  if (i === undefined) return `${hex} is not on the map`;
  const west = map.frontline[s.line ?? 'elbe'][i] === 1;
  if (d.side === 'soviet' && west) return `${hex} is west of the frontline (3.5)`;
  if (d.side === 'allied' && !west) return `${hex} is east of the frontline (3.6)`;
  if (!placementOk(map, s, id, hex, extra)) return `${d.name} cannot stack or stand in ${hex} (7.0, 3.4)`;
  return null;
}

function decideSetupPlace(map: OuMap, s: State, actor: Actor, placements: Placement[]): Event[] {
  const side = actor.side as Side;
  requireCovers(
    actor,
    placements.map((p) => p[0]),
    '3.0',
  );
  const extra = new Map<string, string>();
  for (const [id, hex] of placements) {
    const d = unitDef(id);
    if (!(d.side === side && !d.r && !isAirborne(d)))
      throw new RuleError('ILLEGAL', side === 'soviet' ? '3.5' : '3.6', `${d.name} does not set up on the map`);
    // 5.0: a command that has declared its set-up done may not go back to it
    if (s.ph.ready.includes(d.cmd)) throw new RuleError('ILLEGAL', '5.0', `${d.name}'s command has finished its set-up`);
    if (extra.has(id)) throw new RuleError('ILLEGAL', '3.0', `${d.name} is placed twice`);
    const err = setupHexOk(map, s, id, hex, extra);
    if (err) throw new RuleError('ILLEGAL', side === 'soviet' ? '3.5' : '3.6', err);
    extra.set(id, hex);
  }
  if (side === 'allied') {
    const pos = alliedPositions(s);
    for (const [id, h] of extra) pos.set(id, h);
    if (p2cGermanClash(map, pos))
      throw new RuleError('ILLEGAL', '7.1.2', 'Polish 2nd Corps and German units may not set up next to each other (ruling A27)');
  }
  return [{ type: 'placed', side, why: 'setup', units: placements }];
}

/**
 * Hexes where one of the actor's set-up units may be placed now (3.5, 3.6, 3.4, 7.0, 7.1.2/ruling A27), given the
 * units already on the map: an unplaced unit, or a placed one moved again before its command says it is done. For
 * the board's click-to-place; decide() checks the same through decideSetupPlace().
 */
export function setupTargets(map: OuMap, s: State, actor: Actor, unit: string): string[] {
  const side = actor.side as Side;
  if (s.step !== (side === 'soviet' ? 'setup-soviet' : 'setup-allied')) return [];
  if (!s.u[unit]) return [];
  const d = unitDef(unit);
  if (!covers(actor, d) || s.ph.ready.includes(d.cmd)) return [];
  const at = s.u[unit].at;
  if (at !== 'setup' && !map.index.has(at)) return [];
  const none = new Map<string, string>();
  const pos = side === 'allied' && (d.nat === 'PL2' || d.nat === 'DE') ? alliedPositions(s) : null;
  return map.ids.filter((h) => {
    if (setupHexOk(map, s, unit, h, none)) return false;
    if (!pos) return true;
    pos.set(unit, h);
    return !p2cGermanClash(map, pos);
  });
}

/** Greedy placement of the actor's unplaced units, for legal() and demos. */
function greedySetup(map: OuMap, s: State, actor: Actor): Placement[] {
  const side = actor.side as Side;
  const ids = Object.keys(s.u).filter((id) => s.u[id].at === 'setup' && covers(actor, unitDef(id)));
  const fl = map.frontline[s.line ?? 'elbe'];
  const order = map.ids.map((_, i) => i).filter((i) => (side === 'allied' ? fl[i] === 1 : fl[i] === 0));
  order.sort((a, b) => (side === 'allied' ? map.col[b] - map.col[a] : map.col[a] - map.col[b]) || map.row[a] - map.row[b]);
  const b = board(map, s);
  // occupancy and nationality by hex, kept as we go (placementOk per candidate would be quadratic)
  const occ = new Map<number, string[]>();
  for (const [id, u] of Object.entries(s.u))
    if (onMap(u.at)) {
      const i = b.idx(u.at);
      occ.set(i, [...(occ.get(i) ?? []), id]);
    }
  const natAt = (i: number, nat: string) => (occ.get(i) ?? []).some((u) => unitDef(u).nat === nat);
  const out: Placement[] = [];
  for (const id of ids) {
    const d = unitDef(id);
    const foe = d.nat === 'PL2' ? 'DE' : d.nat === 'DE' ? 'PL2' : null;
    for (const i of order) {
      const here = occ.get(i) ?? [];
      if (here.length && unitDef(here[0]).side !== side) continue;
      if (!stackOk([...here, id]) || !b.regionOk(d, map.ids[i])) continue;
      if (foe && map.nb[i].some((n) => natAt(n, foe))) continue;
      occ.set(i, [...here, id]);
      out.push([id, map.ids[i]]);
      break;
    }
  }
  return out;
}

// ---------------------------------------------------------------- readiness (team play)
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

export const READY_STEPS: StepId[] = ['setup-soviet', 'setup-allied', 'allied-1', 'allied-2', 'soviet-1', 'soviet-2'];

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

function readyEvents(map: OuMap, s: State, actor: Actor, dice: DiceSource): Event[] {
  const side = actor.side as Side;
  const req = requiredCommands(s, side);
  const mine = actor.commands.filter((c) => req.includes(c) || c === SUPREME[side]);
  const ev: Event[] = [{ type: 'ready', commands: mine.length ? mine : [...actor.commands] }];
  const after = fold(map, s, ev);
  const all = req.every((c) => after.ph.ready.includes(c)) || (after.ph.ready.includes(SUPREME[side]) && req.length === 0);
  if (all || req.length === 0) ev.push(...advanceStep(map, after, dice));
  return ev;
}

// ---------------------------------------------------------------- steps
function boundaryOptions(): { kind: 'row' | 'sw-ne' | 'nw-se'; hex: string }[] {
  return [
    { kind: 'row', hex: '1021' },
    { kind: 'row', hex: '1018' },
    { kind: 'row', hex: '1025' },
    { kind: 'row', hex: '1030' },
    { kind: 'sw-ne', hex: '1019' },
    { kind: 'nw-se', hex: '1015' },
  ];
}

/** Ruling (set-up): the first line must leave each army group room to set up west of the frontline (3.4, 3.6). */
export function setupRoom(map: OuMap, s: State, bnd: { kind: 'row' | 'sw-ne' | 'nw-se'; hex: string }): boolean {
  const b = board(map, { ...s, bnd });
  const fl = map.frontline[s.line ?? 'elbe'];
  for (const ag of ['US', 'UK'] as const) {
    const probe = UNITS.find((d) => d.ag === ag)!;
    const hexes = map.ids.filter((h, i) => fl[i] === 1 && b.regionOk(probe, h)).length;
    const need = UNITS.filter((d) => d.ag === ag).reduce((t, d) => t + stackValue(d), 0);
    if (hexes * 2.5 < need * 1.5 + 5) return false;
  }
  return true;
}

function decideBoundary(map: OuMap, s: State, cmd: Cmd<'boundary'>, actor: Actor, dice: DiceSource): Event[] {
  requireCommand(actor, 'supreme', '3.4', 'the army group boundary');
  if (!map.index.has(cmd.hex)) throw new RuleError('ILLEGAL', '3.4', `${cmd.hex} is not on the map`);
  if (s.step === 'boundary0')
    if (!setupRoom(map, s, cmd))
      throw new RuleError('ILLEGAL', '3.6', 'that line leaves an army group no room to set up west of the frontline');
  const next: State = { ...s, bnd: { kind: cmd.kind, hex: cmd.hex } };
  const b = board(map, next);
  const wrong: Record<string, 'a' | 'b'> = {};
  for (const [id, u] of Object.entries(s.u)) {
    const d = unitDef(id);
    if (!onMap(u.at) || d.side !== 'allied' || !d.ag) continue;
    if (!b.regionOk(d, u.at)) wrong[id] = b.adjacentToEnemy('allied', b.idx(u.at)) ? 'b' : 'a';
  }
  const ev: Event[] = [{ type: 'boundary', kind: cmd.kind, hex: cmd.hex, wrong }];
  return [...ev, ...advanceStep(map, fold(map, s, ev), dice)];
}

const boundaryStep = (initial: boolean): StepDef => ({
  side: () => 'allied',
  legal: (map, s, actor) => {
    if (!actor.commands.includes('supreme')) return [];
    const out = boundaryOptions()
      .filter((o) => !initial || setupRoom(map, s, o))
      .map((o) => act({ type: 'boundary', ...o }, `Army group line: ${o.kind} through ${o.hex}`, '3.4'));
    if (!initial) out.unshift(act({ type: 'keep-boundary' }, 'Keep the army group line', '3.4'));
    return out;
  },
  on: {
    boundary: decideBoundary,
    ...(initial
      ? {}
      : {
          'keep-boundary': (map: OuMap, s: State, _c: Cmd<'keep-boundary'>, actor: Actor, dice: DiceSource) => {
            requireCommand(actor, 'supreme', '3.4', 'the army group boundary');
            return advanceStep(map, s, dice);
          },
        }),
  },
});

const setupStep = (side: Side): StepDef => ({
  side: () => side,
  legal: (map, s, actor) => {
    const out: LegalAction<Command>[] = [];
    const g = greedySetup(map, s, actor);
    if (g.length) out.push(act({ type: 'place', placements: g }, `Set up ${g.length} units`, side === 'soviet' ? '3.5' : '3.6'));
    const mine = Object.keys(s.u).filter((id) => s.u[id].at === 'setup' && covers(actor, unitDef(id)));
    if (!mine.length && owesReady(s, actor)) out.push(act({ type: 'end-setup' }, 'Set-up done', side === 'soviet' ? '3.5' : '3.6'));
    return out;
  },
  on: {
    place: (map, s, cmd, actor) => decideSetupPlace(map, s, actor, cmd.placements),
    'end-setup': (map, s, _c, actor, dice) => {
      const left = Object.keys(s.u).filter((id) => s.u[id].at === 'setup' && covers(actor, unitDef(id)));
      if (!(left.length === 0))
        throw new RuleError('ILLEGAL', side === 'soviet' ? '3.5' : '3.6', `${left.length} of your units are not set up yet`);
      return readyEvents(map, s, actor, dice);
    },
  },
});

const maskirovkaStep: StepDef = {
  side: () => 'soviet',
  legal: (map, s, actor) => {
    if (!actor.commands.includes('stavka')) return [];
    const out = [act({ type: 'end-maskirovka' }, 'End maskirovka', '3.7')];
    const m = s.mask;
    if (!m || m.moved.length >= m.n) return out;
    // a few suggestions: pull front-line units back to free hexes near the east edge
    const b = board(map, s);
    const units = Object.keys(s.u).filter((id) => unitDef(id).side === 'soviet' && onMap(s.u[id].at) && !m.moved.includes(id));
    units.sort((x, y) => b.idx(s.u[x].at) - b.idx(s.u[y].at));
    const free = map.ids.filter((_h, i) => s.ctl[i] === 's' && b.unitsAt(i).length === 0 && map.col[i] >= 38);
    units.slice(0, 3).forEach((id, k) => {
      if (free[k]) out.push(act({ type: 'redeploy', unit: id, hex: free[k] }, `Redeploy ${unitDef(id).name} to ${free[k]}`, '3.7'));
    });
    return out;
  },
  on: {
    redeploy: (map, s, cmd, actor) => {
      requireCommand(actor, 'stavka', '3.7', 'maskirovka');
      const m = s.mask!;
      const d = unitDef(cmd.unit);
      if (!(d.side === 'soviet' && onMap(s.u[cmd.unit].at)))
        throw new RuleError('ILLEGAL', '3.7', `${d.name} is not a Soviet unit on the map`);
      if (!(m.moved.includes(cmd.unit) || m.moved.length < m.n)) throw new RuleError('ILLEGAL', '3.7', `the roll allows ${m.n} units`);
      const i = map.index.get(cmd.hex);
      if (!(i !== undefined && s.ctl[i] === 's'))
        throw new RuleError('ILLEGAL', '3.7', `${cmd.hex} is not on the Soviet side of the frontline`);
      if (!placementOk(map, s, cmd.unit, cmd.hex, new Map())) throw new RuleError('ILLEGAL', '7.0', `${cmd.hex} cannot take ${d.name}`);
      return [{ type: 'placed', side: 'soviet', why: 'mask', units: [[cmd.unit, cmd.hex]] }];
    },
    'end-maskirovka': (map, s, _c, actor, dice) => {
      requireCommand(actor, 'stavka', '3.7', 'maskirovka');
      return advanceStep(map, s, dice);
    },
  },
};

/** 5.3: a clear or autobahn hex with no unit at all (no Soviet unit; airborne corps stack with nothing, 7.1.1). */
export function dropHexOk(map: OuMap, s: State, hex: string): boolean {
  const b = board(map, s);
  const i = map.index.get(hex);
  if (i === undefined) return false;
  if (b.unitsAt(i).length) return false;
  return b.clear(i) || b.autobahn(i); // ruling A22
}

const airborneStep: StepDef = {
  side: () => 'allied',
  legal: (map, s, actor) => {
    if (!actor.commands.includes('supreme')) return [];
    const out = [act({ type: 'end-phase' }, 'No airdrop this turn', '5.3')];
    const aside = Object.keys(s.u).filter((id) => s.u[id].at === 'aside');
    const b = board(map, s);
    const cands = map.ids.filter((h, i) => s.ctl[i] === 's' && dropHexOk(map, s, h) && b.ezoc('allied', i)).slice(0, 3);
    for (const h of cands) out.push(act({ type: 'airdrop', drops: [[aside[0], h]] }, `Drop ${unitDef(aside[0]).name} on ${h}`, '5.3'));
    return out;
  },
  on: {
    airdrop: (map, s, cmd, actor, dice) => {
      requireCommand(actor, 'supreme', '5.3', 'the airborne drop');
      if (!(cmd.drops.length > 0)) throw new RuleError('ILLEGAL', '5.3', 'name the dropping corps');
      const hexes = new Set<string>();
      for (const [id, hex] of cmd.drops) {
        if (!(s.u[id]?.at === 'aside' && isAirborne(unitDef(id))))
          throw new RuleError('ILLEGAL', '5.3', `${id} is not a 1AAA corps waiting to drop`);
        if (!(dropHexOk(map, s, hex) && !hexes.has(hex)))
          throw new RuleError('ILLEGAL', '5.3', `${hex} is not an empty clear or autobahn hex`);
        hexes.add(hex);
      }
      const ev: Event[] = [{ type: 'placed', side: 'allied', why: 'drop', units: cmd.drops }];
      return [...ev, ...advanceStep(map, fold(map, s, ev), dice)];
    },
    'end-phase': (map, s, _c, actor, dice) => {
      requireCommand(actor, 'supreme', '5.3', 'the airborne drop');
      return advanceStep(map, s, dice);
    },
  },
};

const orderStep = (side: Side): StepDef => ({
  side: () => side,
  legal: (_map, s, actor) => {
    const out: LegalAction<Command>[] = [];
    const groups: ('US' | 'UK' | undefined)[] =
      side === 'allied' && s.opt.splitOrder ? (['US', 'UK'] as const).filter((g) => !s.order[g]) : [undefined];
    for (const g of groups) {
      const cmdNeeded = g ? (g === 'US' ? 'us-12ag' : 'uk-21ag') : SUPREME[side];
      if (!actor.commands.includes(cmdNeeded) && !actor.commands.includes(SUPREME[side])) continue;
      for (const o of ['move-fight', 'fight-move'] as const)
        out.push(act({ type: 'order', order: o, ...(g ? { group: g } : {}) }, `${g ?? side}: ${o}`, '5.4'));
    }
    return out;
  },
  on: {
    order: (map, s, cmd, actor, dice) => {
      if (side === 'allied' && s.opt.splitOrder) {
        if (!cmd.group) throw new RuleError('ILLEGAL', '5.4', 'with the optional rule each army group declares its own order');
        if (!actor.commands.includes('supreme'))
          requireCommand(actor, cmd.group === 'US' ? 'us-12ag' : 'uk-21ag', '5.4', 'this army group order');
        const ev: Event[] = [{ type: 'order', side, group: cmd.group, order: cmd.order }];
        const after = fold(map, s, ev);
        return after.order.US && after.order.UK ? [...ev, ...advanceStep(map, after, dice)] : ev;
      }
      requireCommand(actor, SUPREME[side], '5.4', 'the move/fight order');
      const ev: Event[] = [{ type: 'order', side, order: cmd.order }];
      return [...ev, ...advanceStep(map, fold(map, s, ev), dice)];
    },
  },
});

/** End-of-movement checks (7.1.2, 3.4 b) for the actor's units in a Movement Phase. */
function endPhaseChecks(map: OuMap, s: State, actor: Actor, known?: { units: string[] }[]): void {
  if (actor.side !== 'allied') return;
  const b = board(map, s);
  const moving = (id: string) => phaseKind(s, 'allied', unitDef(id).ag) === 'move';
  const movable = new Map<string, Set<string>>();
  const canStill = (id: string) => {
    if (s.ph.done.includes(id)) return false;
    const cmd = unitDef(id).cmd;
    let set = movable.get(cmd);
    if (!set) {
      const opts = known && actor.commands.includes(cmd) ? known : moveOptions(map, s, { side: 'allied', commands: [cmd] });
      movable.set(cmd, (set = new Set(opts.flatMap((o) => o.units))));
    }
    return set.has(id);
  };
  const pos = alliedPositions(s);
  if (p2cGermanClash(map, pos)) {
    // 7.1.2: refuse while an offending unit could still move away (a clash no one can undo stands)
    const offenders = [...pos].filter(([id, h]) => {
      const n = unitDef(id).nat;
      if (n !== 'PL2' && n !== 'DE') return false;
      const foe = n === 'PL2' ? 'DE' : 'PL2';
      return map.nb[map.index.get(h)!].some((i) => b.unitsAt(i).some((u) => unitDef(u).nat === foe));
    });
    const movable = offenders.filter(([id]) => moving(id) && canStill(id));
    if (!(movable.length === 0))
      throw new RuleError('ILLEGAL', '7.1.2', 'Polish 2nd Corps and German units may not end the Movement Phase next to each other');
  }
  for (const [id, w] of Object.entries(s.wrong)) {
    if (w !== 'b' || !moving(id) || s.ph.used[id]) continue;
    if (canStill(id))
      throw new RuleError('ILLEGAL', '3.4', `${unitDef(id).name} must move back toward its own side of the army group line`);
  }
}

function attackOptions(map: OuMap, s: State, actor: Actor): LegalAction<Command>[] {
  const b = board(map, s);
  const side = actor.side as Side;
  const out: LegalAction<Command>[] = [];
  const targets = new Set<number>();
  const fighting = (id: string) =>
    covers(actor, unitDef(id)) &&
    !s.ph.attacked.includes(id) &&
    !s.ph.ready.includes(unitDef(id).cmd) &&
    phaseKind(s, side, unitDef(id).ag) === 'combat';
  for (const [id, u] of Object.entries(s.u)) {
    if (!onMap(u.at) || !fighting(id)) continue;
    for (const n of map.nb[b.idx(u.at)]) if (b.occupant(n) === other(side)) targets.add(n);
  }
  const klass = (id: string) => {
    const d = unitDef(id);
    return d.side === 'soviet'
      ? 'su'
      : d.nat === 'DE'
        ? 'de'
        : isAirborne(d)
          ? 'aaa'
          : d.ag === 'US'
            ? 'us'
            : d.nat === 'PL2'
              ? 'pl'
              : 'uk';
  };
  for (const t of targets) {
    const target = map.ids[t];
    const adj = map.nb[t].flatMap((n) => b.unitsAt(n)).filter(fighting);
    const byClass = new Map<string, string[]>();
    for (const id of adj) byClass.set(klass(id), [...(byClass.get(klass(id)) ?? []), id]);
    const tries = [...byClass.values()];
    if (byClass.has('uk') && byClass.has('pl')) tries.push([...byClass.get('uk')!, ...byClass.get('pl')!]);
    for (const units of tries) {
      const art: string[] =
        side === 'soviet'
          ? Object.keys(s.u).filter(
              (id) =>
                isArtillery(unitDef(id)) &&
                covers(actor, unitDef(id)) &&
                onMap(s.u[id].at) &&
                !units.includes(id) &&
                !s.ph.attacked.includes(id) &&
                !map.nb[t].includes(b.idx(s.u[id].at)) &&
                hexDistance(s.u[id].at, target) <= 3 &&
                b.inSupply(id),
            )
          : [];
      const markers = side === 'allied' ? (['US', 'UK'] as const).filter((m) => !s.ph.bombers.includes(m)) : [];
      for (const bomber of [null, ...markers]) {
        try {
          declareAttack(map, s, actor, target, units, art, bomber);
          out.push(
            act(
              { type: 'attack', target, units, ...(art.length ? { artillery: art } : {}), ...(bomber ? { bomber } : {}) },
              `Attack ${target} with ${units.length} units${bomber ? ` and the ${bomber} bombers` : ''}`,
              '11.2',
            ),
          );
        } catch {
          /* not a legal combination */
        }
      }
    }
  }
  return out;
}

const phaseStep = (side: Side): StepDef => ({
  side: () => side,
  legal: (map, s, actor) => {
    const out: LegalAction<Command>[] = [];
    const moves = moveOptions(map, s, actor);
    for (const o of moves) out.push(act({ type: 'move', units: o.units, path: o.path }, `Move ${o.units.length} to ${o.path[0]}`, '10.0'));
    out.push(...attackOptions(map, s, actor));
    if (owesReady(s, actor)) {
      try {
        endPhaseChecks(map, s, actor, moves);
        out.push(act({ type: 'end-phase' }, 'End phase', '5.1'));
      } catch {
        /* obligations remain */
      }
    }
    return out;
  },
  on: {
    move: (map, s, cmd, actor) => decideMove(map, s, actor, cmd.units, cmd.path),
    attack: (map, s, cmd, actor, _dice) => {
      const c = declareAttack(map, s, actor, cmd.target, cmd.units, cmd.artillery ?? [], cmd.bomber ?? null);
      const ev: Event[] = [
        { type: 'declared', attackers: [...c.att, ...c.art], defenders: c.def },
        { type: 'combat', combat: c },
      ];
      return ev;
    },
    'end-phase': (map, s, _c, actor, dice) => {
      endPhaseChecks(map, s, actor);
      return readyEvents(map, s, actor, dice);
    },
  },
});

const placeStep = (why: 'reinf' | 'recycle'): StepDef => ({
  side: () => (why === 'reinf' ? 'soviet' : 'allied'),
  legal: (map, s, actor) => {
    const where = why === 'reinf' ? 'drawn' : `box:${s.turn}`;
    const ids = placeable(map, s, where).filter((id) => covers(actor, unitDef(id)));
    const extra = new Map<string, string>();
    const out: Placement[] = [];
    for (const id of ids) {
      const h = edgeHexes(map, s, unitDef(id).side).find((x) => placementOk(map, s, id, x, extra));
      if (h) {
        extra.set(id, h);
        out.push([id, h]);
      }
    }
    return out.length
      ? [act({ type: 'place', placements: out }, `Place ${out.length} units on the map edge`, why === 'reinf' ? '6.1' : '6.3')]
      : [];
  },
  on: {
    place: (map, s, cmd, actor) => {
      const where = why === 'reinf' ? 'drawn' : `box:${s.turn}`;
      const rule = why === 'reinf' ? '6.1' : '6.3';
      requireCovers(
        actor,
        cmd.placements.map((p) => p[0]),
        rule,
      );
      const extra = new Map<string, string>();
      const side = actor.side as Side;
      const edge = new Set(edgeHexes(map, s, side));
      for (const [id, hex] of cmd.placements) {
        if (!(s.u[id]?.at === where)) throw new RuleError('ILLEGAL', rule, `${id} is not waiting to be placed`);
        if (!edge.has(hex))
          throw new RuleError('ILLEGAL', rule, `${hex} is not a supplied ${side === 'soviet' ? 'east' : 'west'} edge hex`);
        if (!placementOk(map, s, id, hex, extra)) throw new RuleError('ILLEGAL', '7.0', `${hex} cannot take ${unitDef(id).name}`);
        extra.set(id, hex);
      }
      return [{ type: 'placed', side, why, units: cmd.placements }];
    },
  },
});

// ---------------------------------------------------------------- combat sub-steps
/** The side whose input the pending combat waits for. */
export function combatSide(c: Combat): Side {
  const def = other(c.side);
  switch (c.stage) {
    case 'support':
    case 'bb-def':
    case 'retreat':
      return def;
    case 'loss':
      return c.losses[0] === 'def' ? def : c.side;
    default:
      return c.side;
  }
}

function requireDecider(actor: Actor, side: Side, ids: string[], rule: string): void {
  if (actor.commands.includes(SUPREME[side])) return;
  requireCovers(actor, ids, rule);
}

export const combatStep: StepDef = {
  side: (s) => combatSide(s.combat!),
  legal: (map, s, actor) => {
    const c = s.combat!;
    const out: LegalAction<Command>[] = [];
    const mine = (ids: string[]) => actor.commands.includes(SUPREME[actor.side as Side]) || ids.every((id) => covers(actor, unitDef(id)));
    switch (c.stage) {
      case 'support': {
        const opts = defensiveSupportOptions(map, s, c).filter((id) => mine([id]));
        out.push(act({ type: 'support', artillery: [] }, 'No artillery support', '11.1'));
        if (opts.length) out.push(act({ type: 'support', artillery: opts }, `Support with ${opts.length} artillery`, '11.1'));
        break;
      }
      case 'loss':
        for (const id of lossCandidates(s, c, c.losses[0]))
          if (mine([id])) out.push(act({ type: 'loss', unit: id }, `Step loss: ${unitDef(id).name}`, '11.3'));
        break;
      case 'bb-att':
        out.push(act({ type: 'bb-extra', unit: null }, 'Stop the bloodbath', '11.3'));
        for (const id of lossCandidates(s, c, 'att'))
          if (mine([id])) out.push(act({ type: 'bb-extra', unit: id }, `Press on, losing a step of ${unitDef(id).name}`, '11.3'));
        break;
      case 'bb-def': {
        for (const id of lossCandidates(s, c, 'def'))
          if (mine([id])) out.push(act({ type: 'bb-defend', unit: id }, `Hold, losing a step of ${unitDef(id).name}`, '11.3'));
        const r = retreatSuggestion(map, s, c);
        if (r && mine(r.map((p) => p[0]))) out.push(act({ type: 'bb-defend', retreat: r }, 'Retreat one hex', '11.3'));
        break;
      }
      case 'retreat': {
        const r = retreatSuggestion(map, s, c);
        if (r && mine(r.map((p) => p[0]))) out.push(act({ type: 'retreat', moves: r }, 'Retreat one hex', '11.3'));
        break;
      }
      case 'advance': {
        const cands = advanceCandidates(map, s, c).filter((id) => mine([id]));
        out.push(act({ type: 'advance', units: [] }, 'Do not advance', '11.4'));
        const pick: string[] = [];
        for (const id of cands) if (stackOk([...pick, id])) pick.push(id);
        if (pick.length) out.push(act({ type: 'advance', units: pick }, `Advance ${pick.length} units`, '11.4'));
        break;
      }
    }
    return out;
  },
  on: {
    support: (map, s, cmd, actor, dice) => {
      const c = s.combat!;
      if (!(c.stage === 'support')) throw new RuleError('ILLEGAL', '11.1', 'no defensive support is being asked for');
      const opts = defensiveSupportOptions(map, s, c);
      for (const id of cmd.artillery) if (!opts.includes(id)) throw new RuleError('ILLEGAL', '11.1', `${id} cannot support this defense`);
      requireDecider(actor, 'soviet', cmd.artillery, '11.1');
      const c2: Combat = { ...c, dart: [...cmd.artillery] };
      const ev: Event[] = cmd.artillery.length ? [{ type: 'support-used', artillery: cmd.artillery }] : [];
      return [...ev, ...resolve(map, fold(map, s, ev), c2, dice)];
    },
    loss: (_map, s, cmd, actor) => {
      const c = s.combat!;
      if (!(c.stage === 'loss' && c.losses.length > 0)) throw new RuleError('ILLEGAL', '11.3', 'no step loss is pending');
      if (!lossCandidates(s, c, c.losses[0]).includes(cmd.unit))
        throw new RuleError('ILLEGAL', '11.3', 'that unit may not take this loss (two-step units first)');
      requireDecider(actor, combatSide(c), [cmd.unit], '11.3');
      return [
        { type: 'loss', unit: cmd.unit, oos: c.oos.includes(cmd.unit), why: c.result ?? '' },
        { type: 'combat', combat: { ...c, losses: c.losses.slice(1) } },
      ];
    },
    'bb-extra': (_map, s, cmd, actor) => {
      const c = s.combat!;
      if (!(c.stage === 'bb-att')) throw new RuleError('ILLEGAL', '11.3', 'no bloodbath choice is pending');
      if (cmd.unit === null) return [{ type: 'combat', combat: null }];
      if (!(totalSteps(s, involved(s, c, 'att')) > 1)) throw new RuleError('ILLEGAL', '11.3', 'the attacker may not give up its last step');
      if (!lossCandidates(s, c, 'att').includes(cmd.unit)) throw new RuleError('ILLEGAL', '11.3', 'that unit may not take this loss');
      requireDecider(actor, c.side, [cmd.unit], '11.3');
      return [
        { type: 'loss', unit: cmd.unit, oos: c.oos.includes(cmd.unit), why: 'BB' },
        { type: 'combat', combat: { ...c, stage: 'bb-def' } },
      ];
    },
    'bb-defend': (map, s, cmd, actor) => {
      const c = s.combat!;
      if (!(c.stage === 'bb-def')) throw new RuleError('ILLEGAL', '11.3', 'no bloodbath choice is pending');
      const def = other(c.side);
      if (cmd.retreat) {
        requireDecider(
          actor,
          def,
          cmd.retreat.map((p) => p[0]),
          '11.3',
        );
        // ruling A24: artillery that cannot retreat is eliminated
        const art: Event[] = involved(s, c, 'def')
          .filter((id) => isArtillery(unitDef(id)))
          .map((id) => ({ type: 'eliminated', unit: id, oos: c.oos.includes(id), why: 'BB retreat: artillery cannot retreat' }));
        const s2 = fold(map, s, art);
        return [...art, ...decideRetreat(map, s2, c, cmd.retreat, undefined), { type: 'combat', combat: { ...c, stage: 'advance' } }];
      }
      if (!cmd.unit || !lossCandidates(s, c, 'def').includes(cmd.unit))
        throw new RuleError('ILLEGAL', '11.3', 'name a unit to lose a step, or retreat');
      requireDecider(actor, def, [cmd.unit!], '11.3');
      return [
        { type: 'loss', unit: cmd.unit!, oos: c.oos.includes(cmd.unit!), why: 'BB' },
        { type: 'combat', combat: { ...c, stage: 'bb-att' } },
      ];
    },
    retreat: (map, s, cmd, actor) => {
      const c = s.combat!;
      if (!(c.stage === 'retreat')) throw new RuleError('ILLEGAL', '11.3', 'no retreat is pending');
      requireDecider(
        actor,
        other(c.side),
        cmd.moves.map((p) => p[0]),
        '11.3',
      );
      return [...decideRetreat(map, s, c, cmd.moves, cmd.loss), { type: 'combat', combat: { ...c, stage: 'advance' } }];
    },
    advance: (map, s, cmd, actor) => {
      const c = s.combat!;
      if (!(c.stage === 'advance')) throw new RuleError('ILLEGAL', '11.4', 'no advance is pending');
      requireDecider(actor, c.side, cmd.units, '11.4');
      return [...decideAdvance(map, s, c, cmd.units), { type: 'combat', combat: null }];
    },
  },
};

/** A legal retreat for the whole defending stack, if any (for legal()). */
export function retreatSuggestion(map: OuMap, s: State, c: Combat): Placement[] | null {
  const plan = retreatPlan(map, s, c);
  const ids = Object.keys(plan.single);
  if (!ids.length) return null;
  if (plan.together.length) return ids.map((id) => [id, plan.together[0]]);
  const b = board(map, s);
  const placed = new Map<string, string[]>();
  const out: Placement[] = [];
  for (const id of ids) {
    const h = plan.single[id].find((x) => stackOk([...b.unitsAt(b.idx(x)), ...(placed.get(x) ?? []), id]));
    if (!h) continue;
    placed.set(h, [...(placed.get(h) ?? []), id]);
    out.push([id, h]);
  }
  return out.length ? out : null;
}

export const STEPS: Record<StepId, StepDef> = {
  boundary0: boundaryStep(true),
  'setup-soviet': setupStep('soviet'),
  'setup-allied': setupStep('allied'),
  maskirovka: maskirovkaStep,
  boundary: boundaryStep(false),
  airborne: airborneStep,
  'order-allied': orderStep('allied'),
  'allied-1': phaseStep('allied'),
  'allied-2': phaseStep('allied'),
  prepared: placeStep('reinf'),
  'order-soviet': orderStep('soviet'),
  'soviet-1': phaseStep('soviet'),
  'soviet-2': phaseStep('soviet'),
  reinforce: placeStep('reinf'),
  recycle: placeStep('recycle'),
  over: { side: () => null, legal: () => [], on: {} },
};

export function stepOf(s: State): StepDef {
  return s.combat ? combatStep : STEPS[s.step];
}

export { fold, enter };
