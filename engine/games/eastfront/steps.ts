/**
 * The table of steps: one entry per phase of the sequence of play (4.x), each pairing the legal-action
 * generator with the handlers that accept those actions. Handlers append events through an Emitter that
 * folds as it goes, so multi-step resolutions (a combat round, a supply phase) read the state they produce.
 */
import type { Actor, DiceSource, LegalAction } from '../../core';
import { notSupported, RuleError } from '../../core/errors';
import { rollMany } from '../../core/dice';
import { countAtLeast } from '../../mechanics/graph';
import type { Board } from './board';
import { FP_TARGET, isHq, MONTHS, other, rollWeather, TYPES, weatherOf, type Fp, type Side, type Weather } from './data';
import { evolve } from './evolve';
import {
  airRange,
  CTL,
  commandRange,
  computeControl,
  ctlAt,
  defenceFp,
  doubleDefence,
  effectiveCv,
  endPositions,
  enemyCtl,
  friendly,
  hasSupplyLine,
  hexsideLimit,
  hitsPerStep,
  isBox,
  inTokenOrder,
  liveUnits,
  offenceFp,
  onMap,
  overstacks,
  productionLevel,
  railNet,
  sideKey,
  speed,
  stackLimit,
  stopsIn,
  unitsAt,
  zocReaches,
  type ScenarioCtx,
} from './rules';
import type { Battle, Command, Event, Phase, ProductionOrder, Prompt, State, Unit } from './state';

export interface Game {
  board: Board;
  ctx: ScenarioCtx;
  /** Per side: command id -> HQ unit id (null for the production command). */
  commands: Record<Side, { id: string; hq: string | null }[]>;
  end: { year: number; month: number };
}

export class Emitter {
  readonly events: Event[] = [];
  constructor(public s: State) {}
  emit(e: Event) {
    this.events.push(e);
    this.s = evolve(this.s, e);
  }
}

const ill = (rule: string | null, msg: string): never => {
  throw new RuleError('ILLEGAL', rule, msg);
};
const req = (c: unknown, rule: string | null, msg: string): void => {
  if (!c) ill(rule, msg);
};

// ---------------------------------------------------------------- authority (team play)

export function supremeCommand(g: Game, side: Side): string {
  return g.commands[side][0].id;
}
function commandOfHq(g: Game, side: Side, hq: string): string | undefined {
  return g.commands[side].find((c) => c.hq === hq)?.id;
}
function requireHolds(_g: Game, actor: Actor, _side: Side, cmd: string | undefined, what: string, rule: string) {
  if (!cmd || !actor.commands.includes(cmd))
    throw new RuleError('FORBIDDEN', rule, `${what} needs the ${cmd ?? 'matching'} command, which this seat does not hold`);
}
function requireSupreme(g: Game, actor: Actor, side: Side, what: string) {
  requireHolds(g, actor, side, supremeCommand(g, side), what, '4.4');
}

// ---------------------------------------------------------------- movement checks

interface PathCheck {
  sides: string[];
  attack: boolean;
  engage: boolean;
  disengage: boolean;
  river: boolean;
}

/** Units per hex, computed once per state object (states are never mutated). */
const occMemo = new WeakMap<State, Map<string, Unit[]>>();
function occ(s: State): Map<string, Unit[]> {
  let m = occMemo.get(s);
  if (!m) {
    m = new Map();
    for (const u of Object.values(s.units)) if (u.at) (m.get(u.at) ?? m.set(u.at, []).get(u.at)!).push(u);
    occMemo.set(s, m);
  }
  return m;
}
function enemiesAt(s: State, hex: string, side: Side): boolean {
  return (occ(s).get(hex) ?? []).some((u) => u.side !== side);
}
function ownAt(s: State, hex: string, side: Side, except?: string): Unit[] {
  return (occ(s).get(hex) ?? []).filter((u) => u.side === side && u.id !== except);
}
/** Units keeping a battle going (6.41): those there since the phase began, or a designated rearguard. */
function remainingOwn(s: State, hex: string, side: Side, except: string): number {
  const rg = new Set(s.rearguards.map((r) => r.unit));
  return ownAt(s, hex, side, except).filter((u) => !u.moved || rg.has(u.id)).length;
}

/**
 * Why a check failed. The validators return one instead of throwing, so that legal() can probe thousands
 * of candidate paths cheaply (an exception per refused path was most of its time); decide() throws it.
 */
interface Fault {
  fault: true;
  rule: string;
  msg: string;
}
const no = (rule: string, msg: string): Fault => ({ fault: true, rule, msg });
const isFault = (x: unknown): x is Fault => !!x && typeof x === 'object' && 'fault' in x;
function must<T>(x: T | Fault): T {
  if (isFault(x)) ill(x.rule, x.msg);
  return x as T;
}

type LandOpts = { noEngage?: boolean; retreat?: boolean; deploy?: boolean };

/**
 * 6.1-6.33: validate a land path for `u` (excluding its start hex). `noEngage` for HQs (5.1) and
 * mobilizing HQs. `retreat` allows leaving a battle with no other unit left (the rearguard, 6.41).
 */
export function checkLandPath(s: State, g: Game, u: Unit, path: string[], opts: LandOpts = {}): PathCheck {
  return must(landPath(s, g, u, path, opts));
}

function landPath(s: State, g: Game, u: Unit, path: string[], opts: LandOpts): PathCheck | Fault {
  const b = g.board;
  if (!onMap(u)) return no('6.1', 'units off the board cannot move by land');
  if (!path.length) return no('6.1', 'a move needs at least one hex');
  const max = opts.deploy ? 1 : speed(s, u);
  if (path.length > max) return no(opts.deploy ? '5.2.1' : '6.1', `${u.name} may move at most ${max} hexes now`);
  const start = u.at!;
  const res: PathCheck = { sides: [], attack: false, engage: false, disengage: false, river: false };
  let prev = start;
  if (enemiesAt(s, start, u.side)) {
    const first = path[0];
    if (!friendly(s, b, first, u.side) || s.battles[first] || enemiesAt(s, first, u.side))
      return no('6.32', 'a unit may only disengage into an adjacent friendly hex that is not embattled');
    if (!opts.retreat && remainingOwn(s, start, u.side, u.id) === 0)
      return no('6.41', 'the last unit leaving a battle must be designated rearguard (retreat)');
    res.disengage = true;
  }
  for (let i = 0; i < path.length; i++) {
    const h = path[i];
    if (!b.has(h)) return no('1.2', `hex ${h} is not in play`);
    if (!b.adjacent(prev, h)) return no('6.1', `${b.label(prev)} and ${b.label(h)} are not connected`);
    const last = i === path.length - 1;
    if (enemiesAt(s, h, u.side)) {
      if (!last) return no('6.31', 'a unit entering a hex with enemy units must stop there');
      if (opts.noEngage || isHq(u.type)) return no('5.1', 'HQs never voluntarily engage');
      if (res.disengage || u.diseng) return no('6.32', 'a unit that disengaged may not re-engage this phase');
      res.engage = true;
      const own = ownAt(s, h, u.side, u.id).length;
      const existing = s.battles[h];
      res.attack = own === 0 || (!!existing && !!existing.fresh && existing.oa === u.side && !!existing.from);
      if (own === 0 && existing) res.attack = true;
      res.river = b.side(prev, h) === 'river' || b.side(prev, h) === 'strait';
      if (s.weather === 'snow') res.river = false; // 7.52 frozen rivers
    }
    if (!last && stopsIn(s.weather, b, u.type, h)) return no('6.1', `${u.name} must stop on entering ${b.label(h)} (mountain/marsh)`);
    // 1.38: crossing straits, a unit must start on one side and stop on the other
    if (b.side(prev, h) === 'strait' && !(i === 0 && last))
      return no('1.38', 'crossing the straits needs the whole move: start beside them and stop across');
    prev = h;
  }
  // hexside limits (6.33): leaving a battle and entering one
  if (res.disengage) res.sides.push(sideKey(start, path[0]));
  if (res.engage) res.sides.push(sideKey(path.length > 1 ? path[path.length - 2] : start, path[path.length - 1]));
  const f = sidesFault(s, g, res.sides);
  return f ?? res;
}

/**
 * Ruling: stacking limits hold when movement ends (6.2, 5.2.1), so units may pass through, stop in a
 * full hex for now and re-arrange. A command is refused only when it would leave a hex overstacked with too
 * few units there still able to move out, since the phase could then never end.
 */
function checkFixable(s: State, g: Game, side: Side) {
  for (const o of shortfalls(s, g, side))
    req(
      false,
      '6.22',
      `${g.board.label(o.hex)} would hold ${o.units} units (limit ${o.limit}) with too few of them left able to move out before movement ends`,
    );
}

/** Overstacked hexes of `side` with fewer units able to move out (`free`) than their unexcused excess. */
function shortfalls(s: State, g: Game, side: Side) {
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
function checkCarriedOverstacks(em: Emitter, g: Game, side: Side) {
  const short = shortfalls(em.s, g, side);
  if (!short.length) return;
  // the best case: every HQ of the side that could still be activated is active
  const units = { ...em.s.units };
  for (const h of liveUnits(em.s, side))
    if (isHq(h.type) && !h.hq && onMap(h))
      units[h.id] = { ...h, hq: { mode: 'normal', ...(h.type === 'shq' ? { supreme: 2 * h.cv } : {}) } };
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
function canStillMove(s: State, g: Game, x: Unit): boolean {
  if (x.moved || x.strat) return false;
  if (x.hq) {
    if (x.hq.mode !== (s.phase === 'blitzMovement' ? 'blitzed' : 'normal')) return false;
    return s.phase === 'command' || landMoves(s, g, x, { noEngage: true }).some((p) => !enemiesAt(s, p[p.length - 1], x.side));
  }
  if (s.phase === 'command') return true; // which HQs command is decided by the activations
  return liveUnits(s, x.side).some((h) => h.hq && commands(s, g, x, h.id)) && landMoves(s, g, x).length > 0;
}

/** 6.2: the end-of-movement stacking check, naming every hex still beyond its limit. */
function checkStacking(s: State, g: Game) {
  const over = overstacks(s, g.board, s.active, true);
  const list = over.map((o) => `${g.board.label(o.hex)} (${o.units - o.repulsed} units, limit ${o.limit})`).join(', ');
  req(!over.length, '6.22', `stacking limits must hold when movement ends; move units out of ${list}`);
}

function sidesFault(s: State, g: Game, keys: string[]): Fault | null {
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (keys.indexOf(k) < i) continue; // counted with its first occurrence
    const n = keys.filter((x) => x === k).length;
    const [a, c] = k.split('|');
    const lim = hexsideLimit(s, g.board, a, c);
    if ((s.sideUse[k] ?? 0) + n > lim)
      return no('6.33', `the battle hexside ${g.board.label(a)}-${g.board.label(c)} allows ${lim} unit(s) per movement phase`);
  }
  return null;
}

/** Which HQ may command `u` this phase, with the supreme-move cost (5.3, 5.61, 5.7). */
function commandCost(s: State, g: Game, u: Unit, by: string): number | Fault {
  const h = s.units[by];
  if (!h || h.side !== u.side || !h.hq) return no('5.2', `${by} is not an active HQ of this side`);
  if (h.hq.para) return no('14.2', `${h.name} spends its whole command on the paradrop`);
  if (h.type === 'shq') {
    if (s.phase !== 'movement') return no('5.7', 'Supreme HQs command only in the Movement Phase');
    if ((h.hq.supreme ?? 0) < 1) return no('5.61', 'no supreme moves left');
    return 1;
  }
  if (s.phase === 'blitzMovement' && h.hq.mode !== 'blitzed') return no('5.7', 'only Blitz HQs command in the Blitz Movement Phase');
  if (!u.at || !commandRange(s, g.board, h).has(u.at)) return no('5.3', `${u.name} is not within command range of ${h.name}`);
  return 0;
}
const commands = (s: State, g: Game, u: Unit, by: string) => !isFault(commandCost(s, g, u, by));

/**
 * Team authority for moving `u` under HQ `by`: the seat must hold that HQ's command; when the HQ cannot
 * command the unit but another seat's active HQ could, the refusal is FORBIDDEN rather than ILLEGAL.
 */
function authorizedCost(s: State, g: Game, actor: Actor, u: Unit, by: string): number {
  requireHolds(g, actor, u.side, commandOfHq(g, u.side, by), `Moving ${u.name} under ${by}`, '5.3');
  const cost = commandCost(s, g, u, by);
  if (!isFault(cost)) return cost;
  const other = liveUnits(s, u.side).find((h) => h.hq && h.id !== by && !holdsHq(g, actor, u.side, h.id) && commands(s, g, u, h.id));
  if (other) throw new RuleError('FORBIDDEN', '5.3', `${u.name} is under the command of ${other.name}, held by another seat`);
  return ill(cost.rule, cost.msg);
}

function movable(_s: State, u: Unit) {
  req(u && onMap(u), '6.1', 'unit not on the board');
  req(!u.moved, '6.1', 'a unit moves only once per Movement Phase');
  req(!u.strat, '6.53', 'units moved strategically cannot move again this turn');
  req(!u.hq, '5.4', 'active HQs move only by mobilizing');
  req(!u.dispersed, '14.6', 'dispersed paratroops cannot move until they link up');
}

// ---------------------------------------------------------------- rail (9.2)

function railPathCheck(s: State, g: Game, u: Unit, path: string[]): { sides: string[]; disengage: boolean } {
  return must(railPath(s, g, u, path));
}

function railPath(s: State, g: Game, u: Unit, path: string[]): { sides: string[]; disengage: boolean } | Fault {
  const b = g.board;
  const net = railNet(s, b, g.ctx, u.side);
  const start = u.at!;
  if (!net.has(start)) return no('9.21', 'a rail move must start on a friendly rail line');
  if (!path.length) return no('9.21', 'empty rail path');
  const out = { sides: [] as string[], disengage: false };
  if (enemiesAt(s, start, u.side)) {
    if (!s.battles[start] || s.battles[start].oa === u.side) return no('9.22', 'rail disengagement only from a friendly battle hex');
    if (remainingOwn(s, start, u.side, u.id) === 0) return no('9.22', 'a rearguard can never retreat by rail');
    out.disengage = true;
    out.sides.push(sideKey(start, path[0]));
  }
  let prev = start;
  for (let i = 0; i < path.length; i++) {
    const h = path[i];
    if (!b.railNeighbours(prev).includes(h)) return no('9.21', `no rail line between ${b.label(prev)} and ${b.label(h)}`);
    if (!net.has(h) || !friendly(s, b, h, u.side)) return no('9.21', `${b.label(h)} is not on a friendly rail line`);
    if (enemiesAt(s, h, u.side)) return no('6.53', 'units can never engage by strategic movement');
    if (i < path.length - 1 && s.battles[h]) return no('9.12', 'rail lines run into but not through battle hexes');
    prev = h;
  }
  return sidesFault(s, g, out.sides) ?? out;
}

// ---------------------------------------------------------------- combat (7.x)

function isSupported(s: State, g: Game, hex: string, side: Side): boolean {
  for (const h of liveUnits(s, side)) {
    if (!h.hq || h.type !== 'hq' || h.hq.para) continue; // 14.5: no support from a paradrop HQ
    if (commandRange(s, g.board, h).has(hex)) return true;
  }
  return false;
}

const stepCost = (u: Unit) => TYPES[u.type].cost[u.side]?.step ?? 99;

/** The stated default among equal candidates: cheapest step to replace (HQs last), then id. */
function pickAmong(cands: Unit[], prefs: string[]): Unit {
  const rank = (u: Unit) => {
    const i = prefs.indexOf(u.id);
    return i < 0 ? 1e6 : i;
  };
  return [...cands].sort((a, b) => rank(a) - rank(b) || stepCost(a) - stepCost(b) || (a.id < b.id ? -1 : 1))[0];
}

/** Candidates that no rule or consequence tells apart (same type, size and Guards status; for a repulse the
 *  same hex to go back to): choosing among them is no real choice, so the default applies (ruling ). */
function alike(cands: Unit[], from: Record<string, string> | undefined): boolean {
  const key = (u: Unit) => `${u.type}|${u.max}|${!!u.guards}|${from?.[u.id] ?? ''}`;
  return new Set(cands.map(key)).size <= 1;
}

/**
 * The owner's choice among equal candidates (7.33 losses, 7.51 repulses): an answer to the pending prompt, a
 * pre-given preference, the default when the choice is moot or autoResolve is on; otherwise the round pauses
 * with an `allocate` prompt to the owner and null is returned.
 */
function choose(em: Emitter, side: Side, what: 'loss' | 'repulse', cands: Unit[], prefs: string[], answer: { unit?: string }): Unit | null {
  if (answer.unit) {
    const u = cands.find((x) => x.id === answer.unit);
    answer.unit = undefined;
    if (u) return u;
  }
  const r = em.s.round!;
  if (
    cands.length === 1 ||
    prefs.some((id) => cands.some((u) => u.id === id)) ||
    em.s.options.autoResolve ||
    alike(cands, what === 'repulse' ? em.s.battles[r.hex]?.from : undefined)
  )
    return pickAmong(cands, prefs);
  em.emit({ type: 'awaiting', prompt: { kind: 'allocate', side, hex: r.hex, what, units: cands.map((u) => u.id) } });
  return null;
}

function orderUnits(units: Unit[], order: string[] | undefined): Unit[] {
  const byStrength = [...units].sort((a, b) => b.cv - a.cv || (a.id < b.id ? -1 : 1));
  if (!order?.length) return byStrength;
  const listed = order.map((id) => units.find((u) => u.id === id)).filter((u): u is Unit => !!u);
  return [...listed, ...byStrength.filter((u) => !order.includes(u.id))];
}

/** The next unit of `side` to fire in this stage, in the owner's order, strongest first otherwise (7.31). */
function nextFirer(s: State, g: Game, side: Side, kind: 'def' | 'off'): { u: Unit; fp: Fp } | null {
  const r = s.round!;
  if (!unitsAt(s, r.hex, other(side)).length) return null;
  for (const u of orderUnits(unitsAt(s, r.hex, side), kind === 'def' ? r.defOrder : r.offOrder)) {
    if (r.fired.includes(u.id) || u.cv <= 0) continue;
    const fp = kind === 'def' ? defenceFp(g.board, u.type, r.hex) : offenceFp(g.board, s.weather, u.type, r.hex);
    if (fp) return { u, fp };
  }
  return null;
}

/**
 * 7.22: open a combat round, then resolve it. Preference and order lists keep only the units in the battle
 * (all revealed by now), so the event names no hidden block.
 */
function startRound(
  em: Emitter,
  g: Game,
  hex: string,
  offOrder: string[],
  activePrefs: string[],
  defOrder: string[],
  passivePrefs: string[],
  dice: DiceSource,
) {
  const s = em.s;
  const active = s.active;
  const battle = s.battles[hex];
  if (g.board.city(hex)?.fortress) notSupported('7.35', 'Fortress battles (Sevastopol, Leningrad)');
  const supported = isSupported(s, g, hex, active);
  const dbl = doubleDefence(g.board, s.weather, hex);
  const den = hitsPerStep(supported, dbl); // 7.34, 7.35, 7.4
  // 7.51 river assaults repulse on 1-2; an air assault, alone or combined, on 1 only (14.4, 7.53)
  const assault = !!battle.river && !!battle.fresh && (!!battle.para || s.weather !== 'snow');
  const repulseOn = !assault ? 0 : battle.para ? 1 : 2;
  const here = new Set(unitsAt(s, hex).map((u) => u.id));
  const keep = (l: string[]) => l.filter((id) => here.has(id));
  em.emit({
    type: 'roundStarted',
    hex,
    offOrder: keep(offOrder),
    activePrefs: keep(activePrefs),
    defOrder: keep(defOrder),
    passivePrefs: keep(passivePrefs),
    den,
    repulseOn,
  });
  continueRound(em, g, dice, {});
}

/**
 * Runs the round in state until it ends or pauses for a choice: allocate what the latest fire scored
 * (repulses first, then hits), then the next fire: airstrike (13.15), defensive fire (repulsed attackers
 * go back at its end, 7.51), offensive fire; then the Original Defender stands upright (7.21).
 */
function continueRound(em: Emitter, g: Game, dice: DiceSource, answer: { unit?: string }) {
  const active = em.s.active;
  const passive = other(active);
  for (;;) {
    const r = em.s.round!;
    const hex = r.hex;
    const battle = em.s.battles[hex];
    if (r.stage === 'def' && r.repulses > 0) {
      const cands = unitsAt(em.s, hex, active).filter((x) => !r.repulsed.includes(x.id) && battle?.from?.[x.id]);
      if (cands.length) {
        const low = Math.min(...cands.map((x) => x.cv));
        const u = choose(
          em,
          active,
          'repulse',
          cands.filter((x) => x.cv === low),
          r.activePrefs,
          answer,
        );
        if (!u) return;
        em.emit({ type: 'repulseMarked', hex, unit: u.id });
        continue;
      }
    }
    if (r.hits > 0) {
      // 7.33: hits to the strongest; active units take full losses, repulsed ones only if no other is left
      const def = r.stage === 'def';
      const side = def ? active : passive;
      const den = def ? 1 : r.den;
      let pool = unitsAt(em.s, hex, side);
      if (def && pool.some((u) => !r.repulsed.includes(u.id))) pool = pool.filter((u) => !r.repulsed.includes(u.id));
      if (pool.length) {
        let target = den > 1 ? pool.find((u) => (u.part ?? 0) > 0) : undefined; // 7.34: finish a partial hit
        if (!target) {
          const top = Math.max(...pool.map((u) => u.cv));
          target =
            choose(
              em,
              side,
              'loss',
              pool.filter((u) => u.cv === top),
              def ? r.activePrefs : r.passivePrefs,
              answer,
            ) ?? undefined;
          if (!target) return;
        }
        const part = (target.part ?? 0) + 1;
        if (part < den) em.emit({ type: 'loss', unit: target.id, cv: target.cv, part });
        else {
          const dead = isHq(target.type) ? target.cv <= 0 : target.cv <= 1;
          em.emit({ type: 'loss', unit: target.id, cv: dead ? 0 : target.cv - 1, part: 0, ...(dead ? { eliminated: true } : {}) });
        }
        continue;
      }
    }
    if (r.stage === 'air' && battle?.air && battle.air.cv > 0 && !r.fired.includes(battle.air.hq)) {
      const d = rollMany(dice, battle.air.cv);
      const fp = em.s.air[active];
      em.emit({ type: 'fire', hex, unit: battle.air.hq, kind: 'air', dice: d, fp, hits: countAtLeast(d, FP_TARGET[fp]), repulses: 0 });
      continue;
    }
    if (r.stage !== 'off') {
      const next = nextFirer(em.s, g, passive, 'def');
      if (next) {
        const d = rollMany(dice, next.u.cv);
        em.emit({
          type: 'fire',
          hex,
          unit: next.u.id,
          kind: 'def',
          dice: d,
          fp: next.fp,
          hits: countAtLeast(d, FP_TARGET[next.fp]),
          repulses: d.filter((x) => x <= r.repulseOn).length,
        });
        continue;
      }
      for (const id of r.repulsed) {
        const u = em.s.units[id];
        if (u.at !== hex) continue;
        // 14.4: a repulsed para also loses a step
        const loss = u.type === 'para' ? (u.cv <= 1 ? { cv: 0, eliminated: true } : { cv: u.cv - 1 }) : {};
        em.emit({ type: 'repulsed', unit: id, hex, to: battle!.from![id], ...loss });
      }
    }
    const next = nextFirer(em.s, g, active, 'off');
    if (next) {
      const d = rollMany(dice, next.u.cv);
      em.emit({
        type: 'fire',
        hex,
        unit: next.u.id,
        kind: 'off',
        dice: d,
        fp: next.fp,
        hits: countAtLeast(d, FP_TARGET[next.fp]),
        repulses: 0,
      });
      continue;
    }
    const stillBattle = !!em.s.battles[hex];
    const od = stillBattle ? other(em.s.battles[hex].oa) : null;
    const hide = od
      ? unitsAt(em.s, hex, od)
          .filter((u) => u.face && !u.hq)
          .map((u) => u.id)
      : [];
    em.emit({ type: 'roundEnded', hex, ended: !stillBattle, hide });
    return;
  }
}

// ---------------------------------------------------------------- pursuit fire (6.42)

function pursuit(em: Emitter, g: Game, unitId: string, hex: string, dice: DiceSource) {
  const rg = em.s.units[unitId];
  const fire: { unit: string; dice: number[]; fp: Fp; hits: number }[] = [];
  let hits = 0;
  for (const p of orderUnits(unitsAt(em.s, hex, other(rg.side)), undefined)) {
    if (isHq(p.type) || p.cv <= 0) continue; // HQs never fire (5.1)
    const ps = speed(em.s, p);
    const rs = speed(em.s, rg);
    if (ps < rs) continue;
    const fp: Fp = ps > rs ? 'DF' : 'SF';
    const d = rollMany(dice, p.cv);
    const h = countAtLeast(d, FP_TARGET[fp]);
    hits += h;
    fire.push({ unit: p.id, dice: d, fp, hits: h });
  }
  em.emit({ type: 'pursuit', unit: unitId, hex, fire });
  const den = doubleDefence(g.board, em.s.weather, hex) ? 2 : 1;
  const steps = Math.floor(hits / den);
  if (steps > 0) {
    const dead = isHq(rg.type) ? rg.cv - steps < 0 : rg.cv - steps < 1;
    em.emit({ type: 'loss', unit: unitId, cv: dead ? 0 : rg.cv - steps, part: 0, ...(dead ? { eliminated: true } : {}) });
  }
}

// ---------------------------------------------------------------- phase transitions

function phaseEvent(em: Emitter, g: Game, phase: Phase, active: Side, extra: Partial<Extract<Event, { type: 'phase' }>> = {}) {
  // 8.1: control is determined at the beginning of each phase
  const control = computeControl(em.s, g.board);
  em.emit({ type: 'phase', phase, active, control, ...extra });
}

function hqDeactivate(em: Emitter, u: Unit) {
  if (u.cv <= 0) em.emit({ type: 'hqStep', hq: u.id, cv: 0, active: false, eliminated: true });
  else em.emit({ type: 'hqStep', hq: u.id, cv: u.cv - 1, active: false });
}

function endCombatPhase(em: Emitter, g: Game, dice: DiceSource) {
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

/**
 * 10.1-10.4: check the enemy's supply; unsupplied units lose a step at once. Then the turn moves on.
 * 6.22: first the owner of a hex left overstacked by a repulse picks the excess units, which count as
 * unsupplied (a prompt to that side; the default applies at once with autoResolve). The owner of those units
 * is the enemy whose supply this phase checks (10.2: supply is only ever checked in the enemy Supply Phase).
 */
function supplyPhase(em: Emitter, g: Game, dice: DiceSource) {
  const side = em.s.active;
  const foe = other(side);
  phaseEvent(em, g, 'supply', side);
  // 14.6: first the linkup of this side's dispersed paras: in a friendly hex, in a friendly ZOC or with other
  // friendly units; otherwise eliminated. Control stays as set at the phase start (8.1). A hex left disputed
  // by earlier control with no friendly ZOC reaching it now does not count (ruling ).
  for (const u of inTokenOrder(liveUnits(em.s, side))) {
    if (!u.dispersed) continue;
    const ok =
      ctlAt(em.s, g.board, u.at!) === CTL[side] ||
      ownAt(em.s, u.at!, side, u.id).some((x) => !x.dispersed) ||
      zocReaches(em.s, g.board, u.at!, side);
    em.emit({ type: 'linkup', unit: u.id, ok });
  }
  const rail = railNet(em.s, g.board, g.ctx, foe);
  // a hex with no supply line is unsupplied as a whole: no choice to make there
  const hexes = overstacks(em.s, g.board, foe, false)
    .filter((o) => hasSupplyLine(em.s, g.board, foe, o.hex, rail))
    .map((o) => ({ hex: o.hex, excess: o.units - o.limit }));
  if (hexes.length && !em.s.options.autoResolve) {
    em.emit({ type: 'awaiting', prompt: { kind: 'unsupply', side: foe, hexes } });
    return;
  }
  supplyCheck(em, g, dice, new Set(hexes.flatMap((h) => defaultUnsupplied(em.s, foe, h.hex, h.excess))));
}

/**
 * The stated default for the 'unsupply' prompt (ruling ): the owner loses the fewest units, so the
 * step comes off the strongest units (HQs last), then the cheapest step, then by id.
 */
export function defaultUnsupplied(s: State, side: Side, hex: string, excess: number): string[] {
  const rank = (u: Unit) => (isHq(u.type) ? 1 : 0);
  return unitsAt(s, hex, side)
    .sort((a, b) => rank(a) - rank(b) || b.cv - a.cv || stepCost(a) - stepCost(b) || (a.id < b.id ? -1 : 1))
    .slice(0, excess)
    .map((u) => u.id);
}

/** The owner's answer to the 'unsupply' prompt (6.22): exactly each hex's excess, from that hex's units. */
export function unsupplyHandler(em: Emitter, g: Game, c: Extract<Command, { type: 'unsupply' }>, _actor: Actor, dice: DiceSource) {
  const p = em.s.prompt;
  req(p?.kind === 'unsupply', '6.22', 'no choice of unsupplied units is expected now');
  const pr = p as Extract<Prompt, { kind: 'unsupply' }>;
  const chosen = new Set(c.units);
  req(chosen.size === c.units.length, '6.22', 'a unit is listed twice');
  for (const id of chosen) {
    const u = em.s.units[id];
    req(u && u.side === pr.side && pr.hexes.some((h) => h.hex === u.at), '6.22', `${id} is not one of your units in an overstacked hex`);
  }
  for (const h of pr.hexes) {
    const n = unitsAt(em.s, h.hex, pr.side).filter((u) => chosen.has(u.id)).length;
    req(
      n === h.excess,
      '6.22',
      `${g.board.label(h.hex)} is ${h.excess} unit(s) over its limit: name exactly ${h.excess} there (${n} named)`,
    );
  }
  em.emit({ type: 'awaiting', prompt: null });
  supplyCheck(em, g, dice, chosen);
}

function supplyCheck(em: Emitter, g: Game, dice: DiceSource, excess: Set<string>) {
  const foe = other(em.s.active);
  const rail = railNet(em.s, g.board, g.ctx, foe);
  const unsupplied: string[] = [];
  const supplied: string[] = [];
  // one attrition event per unit, in token order: the id order would pair face-down tokens with the card's letters
  for (const u of inTokenOrder(liveUnits(em.s, foe))) {
    if (!excess.has(u.id) && hasSupplyLine(em.s, g.board, foe, u.at!, rail)) supplied.push(u.id);
    else unsupplied.push(u.id);
  }
  em.emit({ type: 'supplyChecked', side: foe, unsupplied, supplied });
  for (const id of unsupplied) {
    const u = em.s.units[id];
    const dead = isHq(u.type) ? u.cv <= 0 : u.cv <= 1;
    em.emit({ type: 'attrition', unit: id, cv: dead ? 0 : u.cv - 1, ...(dead ? { eliminated: true } : {}) });
  }
  // the walkthrough adjusts the production track as soon as control changes (11.2)
  const after = { ...em.s, control: computeControl(em.s, g.board) };
  const pl = productionLevel(after, g.board, g.ctx);
  if (pl.german !== em.s.pl.german || pl.soviet !== em.s.pl.soviet) em.emit({ type: 'productionLevel', pl });
  nextPlayerTurn(em, g, dice);
}

function nextPlayerTurn(em: Emitter, g: Game, dice: DiceSource) {
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

function startFortnight(em: Emitter, g: Game, t: State['turn'], dice: DiceSource) {
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

function endGame(em: Emitter, _g: Game) {
  const vp = victoryPoints(em.s);
  const diff = Math.abs(vp.german - vp.soviet);
  const level = diff <= 5 ? 'Draw' : diff <= 15 ? 'Marginal' : diff <= 25 ? 'Major' : 'Decisive';
  const winner: Side | null = level === 'Draw' ? null : vp.german > vp.soviet ? 'german' : 'soviet';
  em.emit({ type: 'gameEnded', winner, level, vp });
}

// ---------------------------------------------------------------- production (11.x)

export function productionCosts(s: State, g: Game, side: Side, order: ProductionOrder): number {
  let spent = 0;
  const b = g.board;
  const rail = railNet(s, b, g.ctx, side);
  const seen = new Set<string>();
  for (const id of order.replace) {
    const u = s.units[id];
    req(u && u.side === side && u.at, '11.41', `${id} is not a unit of yours in play`);
    req(!seen.has(id), '11.41', 'one replacement step per unit per month');
    seen.add(id);
    req(u.cv < u.max, '11.41', `${u.name} is at full strength`);
    req(!u.fresh, '11.41', 'no replacements for units that arrived this month');
    req(isBox(u.at) || !s.battles[u.at!], '11.41', 'engaged units cannot take replacements');
    req(hasSupplyLine(s, b, side, u.at!, rail), '11.41', `${u.name} has no supply line now`);
    spent += TYPES[u.type].cost[side]!.step;
  }
  const used = new Map<string, number>();
  for (const c of order.cadres) {
    const u = s.units[c.unit];
    req(u && u.side === side && !u.at, '11.42', `${c.unit} is not an eliminated unit of yours`);
    req(!seen.has(c.unit), '11.42', 'a unit is rebuilt once');
    seen.add(c.unit);
    const spot = g.ctx.arrivals[side].find((a) => a.hex === c.hex);
    req(spot, '11.6', `${b.label(c.hex)} is not a home city or entry hex for ${side}`);
    req(
      friendly(s, b, c.hex, side) && rail.has(c.hex) && !s.battles[c.hex],
      '11.6',
      'cadres arrive in friendly, rail-supplied, unembattled hexes',
    );
    used.set(c.hex, (used.get(c.hex) ?? 0) + 1);
    req(used.get(c.hex)! <= spot!.cap, '11.6', `${b.label(c.hex)} takes at most ${spot!.cap} new unit(s)`);
    req(
      unitsAt(s, c.hex, side).length + used.get(c.hex)! <= stackLimit(b, c.hex),
      '6.22',
      `a cadre in ${b.label(c.hex)} would overstack it`,
    );
    spent += TYPES[u.type].cost[side]!.cadre;
  }
  req(spent <= s.pl[side], '11.3', `the order costs ${spent} PPs but only ${s.pl[side]} are available`);
  return spent;
}

function applyProduction(em: Emitter, g: Game, dice: DiceSource) {
  for (const side of ['german', 'soviet'] as Side[]) {
    const o = em.s.orders[side]!;
    em.emit({ type: 'replacements', side, units: o.replace.map((id) => ({ unit: id, cv: em.s.units[id].cv + 1 })) });
  }
  for (const side of ['german', 'soviet'] as Side[]) {
    const o = em.s.orders[side]!;
    // by hex (public), so that the order of the new tokens follows where the cadres arrive, not how they were listed
    for (const c of [...o.cadres].sort((x, y) => (x.hex < y.hex ? -1 : x.hex > y.hex ? 1 : 0))) {
      const u = em.s.units[c.unit];
      em.emit({ type: 'cadre', unit: c.unit, hex: c.hex, token: `b${em.s.nextToken}`, cv: isHq(u.type) ? 0 : 1 });
    }
  }
  em.emit({ type: 'awaiting', prompt: null });
  startFortnight(em, g, { ...em.s.turn, fortnight: 1 }, dice);
}

// ---------------------------------------------------------------- the steps table

type Handler<T extends Command['type']> = (em: Emitter, g: Game, c: Extract<Command, { type: T }>, actor: Actor, dice: DiceSource) => void;
interface Step {
  legal(s: State, g: Game, actor: Actor): LegalAction<Command>[];
  on: { [K in Command['type']]?: Handler<K> };
}

const endMovement: Handler<'endMovement'> = (em, g, _c, actor, dice) => {
  requireSupreme(g, actor, em.s.active, 'Ending the movement phase');
  checkStacking(em.s, g);
  // 6.41-6.42: pursuit fire after all other movement, then the rearguards complete their moves
  for (const r of [...em.s.rearguards]) {
    const u = em.s.units[r.unit];
    if (u.at !== r.hex) continue;
    // units that were in the battle at the start of the phase (not moved in) other than the rearguard
    const stayers = ownAt(em.s, r.hex, u.side, u.id).filter((x) => !x.moved);
    const newcomers = ownAt(em.s, r.hex, u.side, u.id).filter((x) => x.moved);
    const retreat = stayers.length === 0 && enemiesAt(em.s, r.hex, u.side);
    if (retreat) pursuit(em, g, r.unit, r.hex, dice);
    else em.emit({ type: 'pursuit', unit: r.unit, hex: r.hex, fire: [] });
    if (em.s.units[r.unit].at === r.hex)
      em.emit({ type: 'moved', unit: r.unit, path: r.path, mode: 'land', by: r.by, cost: 0, side: [], disengage: true });
    // 6.41 NOTE: retreating while new units engaged is also an attack by them; they may become the OA
    if (retreat && newcomers.length && em.s.battles[r.hex]) em.emit({ type: 'battleRenewed', hex: r.hex, oa: u.side });
  }
  const next = em.s.phase === 'movement' ? 'combat' : 'blitzCombat';
  phaseEvent(em, g, next, em.s.active);
};

const moveHandler: Handler<'move'> = (em, g, c, actor) => {
  const s = em.s;
  const u = s.units[c.unit];
  req(u && u.side === s.active, '6.1', `no unit ${c.unit} of the active side`);
  movable(s, u);
  const cost = authorizedCost(s, g, actor, u, c.by);
  const pc = checkLandPath(s, g, u, c.path);
  em.emit({
    type: 'moved',
    unit: u.id,
    path: c.path,
    mode: 'land',
    by: c.by,
    cost,
    side: pc.sides,
    ...(pc.attack ? { attack: true } : {}),
    ...(pc.engage ? { engage: true } : {}),
    ...(pc.river ? { river: true } : {}),
    ...(pc.disengage ? { disengage: true } : {}),
  });
};

const movementStep: Step = {
  legal: (s, g, actor) => movementLegal(s, g, actor),
  on: {
    move: moveHandler,
    rail: (em, g, c, actor) => {
      const s = em.s;
      req(s.phase === 'movement', '6.53', 'no strategic movement in the Blitz Movement Phase');
      const u = s.units[c.unit];
      req(u && u.side === s.active, '9.2', `no unit ${c.unit} of the active side`);
      requireHolds(g, actor, u.side, commandOfHq(g, u.side, c.by), `Rail move of ${u.name}`, '9.2');
      movable(s, u);
      const h = s.units[c.by];
      req(h?.type === 'shq' && h.hq, '9.2', 'rail moves need an active Supreme HQ');
      const cost = Math.ceil(c.path.length / 10); // 9.21: each rail move is up to 10 hexes
      req((h.hq!.supreme ?? 0) >= cost, '5.61', `needs ${cost} supreme moves, ${h.hq!.supreme} left`);
      const rc = railPathCheck(s, g, u, c.path);
      em.emit({
        type: 'moved',
        unit: u.id,
        path: c.path,
        mode: 'rail',
        by: c.by,
        cost,
        side: rc.sides,
        ...(rc.disengage ? { disengage: true } : {}),
      });
    },
    retreat: (em, g, c, actor) => {
      const s = em.s;
      const u = s.units[c.unit];
      req(u && u.side === s.active, '6.41', `no unit ${c.unit} of the active side`);
      movable(s, u);
      req(enemiesAt(s, u.at!, u.side), '6.41', 'only a unit in a battle can be a rearguard');
      req(!s.rearguards.some((r) => r.hex === u.at), '6.41', 'one rearguard per battle');
      const cost = authorizedCost(s, g, actor, u, c.by);
      const pc = checkLandPath(s, g, u, c.path, { retreat: true });
      req(!pc.engage, '6.32', 'a retreating unit may not engage');
      // the hexside is used now; the unit leaves after pursuit fire
      em.emit({ type: 'rearguard', unit: u.id, hex: u.at!, path: c.path, by: c.by, cost, side: pc.sides });
    },
    mobilize: (em, g, c, actor) => {
      const s = em.s;
      const h = s.units[c.hq];
      req(h && h.side === s.active && h.hq, '5.41', `${c.hq} is not an active HQ of the active side`);
      requireHolds(g, actor, h.side, commandOfHq(g, h.side, c.hq), `Mobilizing ${h.name}`, '5.41');
      if (s.phase === 'movement') req(h.hq!.mode === 'normal', '5.7', 'a Blitz HQ may not mobilize before the Blitz Movement Phase');
      else req(h.hq!.mode === 'blitzed', '5.7', 'only Blitz HQs are active now');
      req(!h.moved, '5.41', 'this HQ already moved');
      req(!h.hq!.para, '14.2', 'a paradrop HQ spends its whole command on the paradrop');
      let cost = 0;
      let mode: 'land' | 'rail' = 'land';
      if (c.path.length) {
        if (c.rail) {
          req(h.type === 'shq', '5.62', 'only a Supreme HQ mobilizes by rail');
          railPathCheck(s, g, h, c.path);
          cost = Math.max(0, Math.ceil(c.path.length / 10) - 1); // 5.62: first rail move free
          req((h.hq!.supreme ?? 0) >= cost, '5.62', 'not enough supreme moves reserved');
          mode = 'rail';
        } else {
          const pc = checkLandPath(s, g, h, c.path, { noEngage: true });
          req(!pc.engage, '5.1', 'HQs never voluntarily engage');
        }
      }
      em.emit({ type: 'mobilized', hq: h.id, path: c.path, mode, cost });
      hqDeactivate(em, em.s.units[h.id]);
    },
    paradrop: (em, g, c, actor) => {
      const s = em.s;
      req(s.phase === 'movement', '14.3', 'paradrops are made in the Movement Phase, not in Blitz Movement');
      const u = s.units[c.unit];
      req(u && u.side === s.active && u.type === 'para', '14.1', `${c.unit} is not a paratroop unit of the active side`);
      const h = s.units[c.by];
      req(h && h.side === u.side && h.hq?.para, '14.2', `${c.by} is not an active paradrop HQ of this side`);
      requireHolds(g, actor, u.side, commandOfHq(g, u.side, c.by), `A paradrop under ${h.name}`, '14.2');
      const pc = checkParadrop(s, g, u, h, c.to);
      em.emit({
        type: 'moved',
        unit: u.id,
        path: [c.to],
        mode: 'air',
        by: h.id,
        cost: 0,
        side: [],
        ...(pc.attack ? { attack: true } : {}),
        ...(pc.engage ? { engage: true } : {}),
      });
    },
    endMovement,
  },
};

/**
 * 14.2-14.4: a para airdrops from its paradrop HQ's hex, in the Movement Phase, into any non-mountain hex
 * within the HQ's air range (doubled for a Supreme HQ). Into enemy units it engages; a new battle (or one
 * its side opened this phase) makes it part of the attack, an older battle is simply joined.
 */
function checkParadrop(s: State, g: Game, u: Unit, h: Unit, to: string): { engage: boolean; attack: boolean } {
  const b = g.board;
  movable(s, u);
  req(!h.hq!.dropped, '14.2', `${h.name} has already commanded its paradrop`);
  req(h.at === u.at, '14.2', "the paradrop HQ must be in the para unit's hex");
  req(!enemiesAt(s, u.at!, u.side), '6.32', 'an engaged para leaves its battle only by disengaging on foot'); // ruling
  req(b.has(to) && to !== u.at, '14.3', `${b.label(to)} is not a hex to drop into`);
  req(b.terrain(to) !== 'mountain', '14.3', 'no paradrops into mountains');
  const range = airRange(s, h);
  req(b.dist(h.at!, to) <= range, '14.3', `${b.label(to)} is beyond the air range ${range} of ${h.name}`);
  req(ownAt(s, to, u.side).length + 1 <= stackLimit(b, to), '6.22', `stacking limit ${stackLimit(b, to)} in ${b.label(to)}`);
  const engage = enemiesAt(s, to, u.side);
  const existing = s.battles[to];
  return { engage, attack: engage && (!existing || (!!existing.fresh && existing.oa === u.side && !!existing.from)) };
}

/** 14.2, R-14.3: the HQ stands with a para that could drop: not dispersed, not engaged in a battle. */
function paradropReady(s: State, h: Unit): boolean {
  return ownAt(s, h.at!, h.side).some((x) => x.type === 'para' && !x.dispersed) && !enemiesAt(s, h.at!, h.side);
}

function paradropLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const out: LegalAction<Command>[] = [];
  if (s.phase !== 'movement') return out;
  for (const h of liveUnits(s, s.active)) {
    if (!h.hq?.para || h.hq.dropped || !holdsHq(g, actor, h.side, h.id)) continue;
    for (const u of ownAt(s, h.at!, h.side)) {
      if (u.type !== 'para') continue;
      const range = Math.max(0, airRange(s, h));
      for (const to of g.board.playable)
        if (g.board.dist(h.at!, to) <= range && tryOk(() => checkParadrop(s, g, u, h, to)))
          out.push({
            command: { type: 'paradrop', unit: u.id, by: h.id, to },
            label: `Paradrop ${u.name} to ${g.board.label(to)}`,
            rule: '14.3',
          });
    }
  }
  return out;
}

const combatStep: Step = {
  legal: (s, g, actor) => combatLegal(s, g, actor),
  on: {
    airstrike: (em, g, c, actor) => {
      const s = em.s;
      const h = s.units[c.hq];
      req(h && h.side === s.active && h.hq, '13.1', `${c.hq} is not an active HQ of the active side`);
      requireHolds(g, actor, h.side, commandOfHq(g, h.side, c.hq), `Airstrike by ${h.name}`, '13.1');
      req(!h.hq!.struck, '13.12', 'one airstrike per HQ per combat phase');
      req(!h.hq!.para, '14.2', 'a paradrop HQ has spent its airpower on the paradrop');
      const b = s.battles[c.hex];
      req(b, '13.13', 'airstrikes go into battles');
      req(!b.air, '7.13', 'one airstrike per battle per combat phase');
      req(unitsAt(s, c.hex, s.active).length > 0, '7.15', 'friendly ground units must be in the battle');
      req(!Object.values(s.battles).some((x) => x.fought), '7.13', 'airstrikes are assigned before any battle is fought');
      const cv = effectiveCv(s, h);
      req(cv >= 1, '13.12', 'an HQ at Ø has no airpower');
      const range = airRange(s, h); // 5.63 strategic airstrike
      req(onMap(h) && g.board.dist(h.at!, c.hex) <= range, '13.11', `${g.board.label(c.hex)} is beyond air range ${range}`);
      em.emit({ type: 'airstrikeAssigned', hq: h.id, hex: c.hex, cv });
    },
    fight: (em, g, c, actor, dice) => {
      const s = em.s;
      const b = s.battles[c.hex];
      req(b, '7.14', 'no battle there');
      req(!b.fought, '7.21', 'one combat round per battle per combat phase');
      req(
        g.commands[s.active].some((x) => x.hq && actor.commands.includes(x.id)),
        '7.14',
        'needs an HQ command',
      );
      const units = Object.values(s.units).filter((u) => u.at === c.hex);
      em.emit({ type: 'revealed', hex: c.hex, units: units.map((u) => ({ id: u.id, token: u.token, type: u.type, cv: u.cv })) });
      const passive = other(s.active);
      if (em.s.options.autoResolve) startRound(em, g, c.hex, c.order ?? [], c.prefs ?? [], [], [], dice);
      else
        em.emit({
          type: 'awaiting',
          prompt: { kind: 'defend', side: passive, hex: c.hex, offOrder: c.order ?? [], activePrefs: c.prefs ?? [] },
        });
    },
    endCombat: (em, g, _c, actor, dice) => {
      requireSupreme(g, actor, em.s.active, 'Ending the combat phase');
      const pending = Object.values(em.s.battles).filter((b) => !b.fought && (b.air || (b.fresh && b.oa === em.s.active)));
      req(!pending.length, '7.15', `compulsory battles not fought yet: ${pending.map((b) => g.board.label(b.hex)).join(', ')}`);
      endCombatPhase(em, g, dice);
    },
  },
};

export const STEPS: Record<Phase, Step> = {
  command: {
    legal: (s, g, actor) => commandLegal(s, g, actor),
    on: {
      activate: (em, g, c, actor, dice) => {
        const s = em.s;
        const h = s.units[c.hq];
        req(h && h.side === s.active && isHq(h.type) && h.at, '5.2', `${c.hq} is not an HQ of the active side in play`);
        requireHolds(g, actor, h.side, commandOfHq(g, h.side, c.hq), `Activating ${h.name}`, '5.2');
        req(!h.hq, '5.2', 'already active');
        if (c.blitz) req(h.type !== 'shq', '5.7', 'Supreme HQs cannot Blitz');
        if (c.paradrop) {
          req(!c.blitz && !c.deploy, '14.2', 'a paradrop HQ may neither deploy nor Blitz');
          req(
            onMap(h) && ownAt(s, h.at!, h.side).some((x) => x.type === 'para' && !x.dispersed),
            '14.2',
            'a paradrop HQ must be in the hex of a paratroop unit',
          );
          req(!enemiesAt(s, h.at!, h.side), '14.2', 'the para is in a battle: it cannot drop out of it (ruling R-14.3), so no paradrop HQ');
          // 14.2: the whole command (supreme moves and airpower included) goes to the paradrop
          em.emit({
            type: 'activated',
            hq: h.id,
            token: h.token,
            cv: h.cv,
            unitType: h.type,
            blitz: false,
            ...(h.type === 'shq' ? { supreme: 0 } : {}),
            paradrop: true,
          });
          return;
        }
        let deploy: string | undefined;
        if (c.deploy) {
          req(s.weather !== 'mud', '5.2.1', 'HQs cannot deploy in Mud');
          req(onMap(h), '5.2.1', 'off-board HQs cannot deploy');
          checkLandPath(s, g, h, [c.deploy], { deploy: true, noEngage: true, retreat: true });
          req(friendly(s, g.board, c.deploy, h.side) && !s.battles[c.deploy], '5.2.1', 'HQs deploy only into friendly, unembattled hexes');
          deploy = c.deploy;
        }
        const from = h.at!;
        const retreat = !!deploy && enemiesAt(s, from, h.side) && ownAt(s, from, h.side, h.id).length === 0;
        if (retreat) {
          // 5.2.1: a deploy that empties a battle is a retreat with immediate pursuit fire; the HQ is
          // revealed by its activation first, then fired on, then completes the deploy
          em.emit({
            type: 'activated',
            hq: h.id,
            token: h.token,
            cv: h.cv,
            unitType: h.type,
            blitz: !!c.blitz,
            ...(h.type === 'shq' ? { supreme: 2 * h.cv } : {}),
          });
          pursuit(em, g, h.id, from, dice);
          if (em.s.units[h.id].at === from)
            em.emit({ type: 'moved', unit: h.id, path: [deploy!], mode: 'land', by: h.id, cost: 0, side: [], disengage: true });
          return;
        }
        em.emit({
          type: 'activated',
          hq: h.id,
          token: h.token,
          cv: em.s.units[h.id].cv,
          unitType: h.type,
          blitz: !!c.blitz,
          ...(h.type === 'shq' ? { supreme: 2 * em.s.units[h.id].cv } : {}),
          ...(deploy ? { deploy } : {}),
        });
      },
      endCommand: (em, g, _c, actor) => {
        requireSupreme(g, actor, em.s.active, 'Ending the command phase');
        phaseEvent(em, g, 'movement', em.s.active);
        checkCarriedOverstacks(em, g, em.s.active);
      },
    },
  },
  movement: movementStep,
  blitzMovement: movementStep,
  combat: combatStep,
  blitzCombat: combatStep,
  supply: { legal: () => [], on: {} },
  production: {
    legal: (s, g, actor) => productionLegal(s, g, actor),
    on: {
      produce: (em, g, c, actor, dice) => {
        const side = actor.side as Side;
        const p = em.s.prompt;
        req(p?.kind === 'production' && p.sides.includes(side), '11.1', 'no production order is expected from this side');
        requireHolds(g, actor, side, 'production', 'Production', '11.1');
        const order = { replace: c.replace, cadres: c.cadres };
        const spent = productionCosts(em.s, g, side, order);
        em.emit({ type: 'ordersSealed', side, order, spent });
        const rest = (p as { sides: Side[] }).sides.filter((x) => x !== side);
        if (rest.length) em.emit({ type: 'awaiting', prompt: { kind: 'production', sides: rest } });
        else applyProduction(em, g, dice);
      },
    },
  },
  over: { legal: () => [], on: {} },
};

/**
 * Team play (ruling R-TEAM-PROMPT): a side's combat prompts may be answered by any of its seats that holds
 * an HQ command (the supreme or a field command), not by a production-only seat.
 */
function requireFieldSeat(g: Game, actor: Actor, side: Side, rule: string) {
  if (!g.commands[side].some((x) => x.hq && actor.commands.includes(x.id)))
    throw new RuleError('FORBIDDEN', rule, "combat choices are made by a seat holding one of the side's HQ commands");
}

/** The passive side's answer to a combat prompt (4 in the brief; 7.31, 7.33). */
export function defendHandler(em: Emitter, g: Game, c: Extract<Command, { type: 'defend' }>, _actor: Actor, dice: DiceSource) {
  const p = em.s.prompt;
  req(p?.kind === 'defend' && p.hex === c.hex, '7.22', 'no defensive fire is expected there');
  const pr = p as Extract<State['prompt'], { kind: 'defend' }>;
  em.emit({ type: 'awaiting', prompt: null });
  startRound(em, g, c.hex, pr.offOrder, pr.activePrefs, c.order ?? [], c.prefs ?? [], dice);
}

/** The owner's answer to an allocation prompt: that unit takes the hit (7.33) or the repulse (7.51). */
function allocateHandler(em: Emitter, g: Game, c: Extract<Command, { type: 'allocate' }>, dice: DiceSource) {
  const p = em.s.prompt;
  req(p?.kind === 'allocate' && p.hex === c.hex, '7.33', 'no loss or repulse choice is expected there');
  const pr = p as Extract<State['prompt'], { kind: 'allocate' }>;
  req(
    pr.units.includes(c.unit),
    pr.what === 'loss' ? '7.33' : '7.51',
    `choose one of ${pr.units.map((id) => em.s.units[id]?.name ?? id).join(', ')}`,
  );
  em.emit({ type: 'awaiting', prompt: null });
  continueRound(em, g, dice, { unit: c.unit });
}

const UNSUPPORTED: Record<string, [string, string]> = {
  seaMove: ['15.2', 'Sea movement'],
  invade: ['15.4', 'Sea invasions'],
  exitZone: ['16.23', 'Exit Zone movement'],
  disband: ['11.52', 'Disbanding units'],
  advanceReinforcement: ['11.51', 'Advanced arrival of reinforcements'],
};

/** All simple land paths of 1..max hexes from `start`, shortest first, in a stable order. */
function* landPaths(g: Game, start: string, max: number): Generator<string[]> {
  let frontier: string[][] = [[]];
  for (let k = 1; k <= max; k++) {
    const next: string[][] = [];
    for (const p of frontier) {
      const at = p.length ? p[p.length - 1] : start;
      for (const n of [...g.board.neighbours(at)].sort()) if (n !== start && !p.includes(n)) next.push([...p, n]);
    }
    for (const p of next) yield p;
    frontier = next;
  }
}

const followsVia = (path: string[], via: string[]) => {
  let i = 0;
  for (const h of path) if (i < via.length && h === via[i]) i++;
  return i === via.length;
};

/** Resolve `to`/`via` into a concrete path: the shortest legal one (ruling: ties by hex id order). */
function resolvePath(s: State, g: Game, c: Command): Command {
  if (!('to' in c) || !c.to || c.type === 'paradrop') return c;
  const to = c.to;
  const via = c.via ?? [];
  const unitId = c.type === 'mobilize' ? c.hq : (c as { unit: string }).unit;
  const u = s.units[unitId];
  // only the mover's own units: a path sought for another block would tell where it stands, or that it lives
  req(u?.at && u.side === s.active, '6.1', `no unit ${unitId} of the active side`);
  const { to: _t, via: _v, ...rest } = c as Command & { to?: string; via?: string[] };
  const rail = c.type === 'rail' || (c.type === 'mobilize' && c.rail);
  if (rail) {
    // breadth-first along friendly rails, through the waypoints in order
    let path: string[] = [];
    let from = u.at!;
    for (const goal of [...via, to]) {
      const net = railNet(s, g.board, g.ctx, u.side);
      const prev = new Map<string, string>([[from, from]]);
      const q = [from];
      for (let i = 0; i < q.length && !prev.has(goal); i++) {
        if (q[i] !== from && s.battles[q[i]]) continue;
        for (const n of [...g.board.railNeighbours(q[i])].sort()) if (!prev.has(n) && net.has(n)) prev.set(n, q[i]), q.push(n);
      }
      req(prev.has(goal), '9.21', `no friendly rail line to ${g.board.label(goal)}`);
      const leg: string[] = [];
      for (let x = goal; x !== from; x = prev.get(x)!) leg.unshift(x);
      path = [...path, ...leg];
      from = goal;
    }
    return { ...rest, path } as Command;
  }
  const opts = c.type === 'retreat' ? { retreat: true } : c.type === 'mobilize' ? { noEngage: true } : {};
  for (const p of landPaths(g, u.at!, speed(s, u))) {
    if (p[p.length - 1] !== to || !followsVia(p, via)) continue;
    if (!isFault(landPath(s, g, u, p, opts))) return { ...rest, path: p } as Command;
  }
  return ill('6.1', `no legal path for ${u.name} to ${g.board.label(to)}`);
}

const MOVING = new Set<Phase>(['command', 'movement', 'blitzMovement']);

/**
 * For legal(): whether a movement-type command passes the check. Only a command that ends in a full
 * hex, or one given while some hex is overstacked, can fail it; those are tried in full.
 */
function stackSafe(s: State, g: Game, actor: Actor, c: Command, dest: string | undefined): boolean {
  const side = s.active;
  const room = !dest || (endPositions(s, side).get(dest)?.length ?? 0) < stackLimit(g.board, dest);
  if (room && !overstacks(s, g.board, side, true).length) return true;
  return tryOk(() => decideIn(s, g, c, actor, NO_DICE));
}
/** Trial dice for stackSafe: only a deploy out of a battle rolls (pursuit fire), and misses with these. */
const NO_DICE: DiceSource = { roll: () => 1 };

export function decideIn(s: State, g: Game, c0: Command, actor: Actor, dice: DiceSource): Event[] {
  const em = new Emitter(s);
  const ns = UNSUPPORTED[c0.type];
  if (ns) notSupported(ns[0], ns[1]);
  let c = c0;
  if (s.phase === 'over') ill('17', 'the game is over');
  const side = actor.side as Side;
  if (s.prompt?.kind === 'defend') {
    if (side !== s.prompt.side) throw new RuleError('NOT_YOUR_TURN', '7.22', `waiting for ${s.prompt.side} defensive fire`);
    req(c.type === 'defend', '7.22', 'answer the defensive-fire prompt first');
    requireFieldSeat(g, actor, side, '7.22');
    defendHandler(em, g, c as Extract<Command, { type: 'defend' }>, actor, dice);
    return em.events;
  }
  if (s.prompt?.kind === 'allocate') {
    const rule = s.prompt.what === 'loss' ? '7.33' : '7.51';
    if (side !== s.prompt.side) throw new RuleError('NOT_YOUR_TURN', rule, `waiting for the ${s.prompt.side} ${s.prompt.what} choice`);
    req(c.type === 'allocate', rule, `choose which unit takes the ${s.prompt.what} first`);
    requireFieldSeat(g, actor, side, rule);
    allocateHandler(em, g, c as Extract<Command, { type: 'allocate' }>, dice);
    return em.events;
  }
  if (s.prompt?.kind === 'unsupply') {
    if (side !== s.prompt.side)
      throw new RuleError('NOT_YOUR_TURN', '6.22', `waiting for ${s.prompt.side} to choose the units beyond stacking limits`);
    req(c.type === 'unsupply', '6.22', 'choose the overstacked units that go unsupplied first');
    unsupplyHandler(em, g, c as Extract<Command, { type: 'unsupply' }>, actor, dice);
    return em.events;
  }
  if (s.phase === 'production') {
    req(c.type === 'produce', '11.1', 'only production orders now');
    STEPS.production.on.produce!(em, g, c as Extract<Command, { type: 'produce' }>, actor, dice);
    return em.events;
  }
  if (side !== s.active) throw new RuleError('NOT_YOUR_TURN', '4.4', `it is the ${s.active} player-turn`);
  const h = STEPS[s.phase].on[c.type] as Handler<typeof c.type> | undefined;
  if (!h) ill('4.4', `${c.type} is not allowed in the ${s.phase} phase`);
  c = resolvePath(s, g, c);
  h!(em, g, c as never, actor, dice);
  if (MOVING.has(s.phase) && em.s.phase === s.phase) checkFixable(em.s, g, side);
  return em.events;
}

// ---------------------------------------------------------------- legal action generators

function holdsHq(g: Game, actor: Actor, side: Side, hq: string) {
  const c = commandOfHq(g, side, hq);
  return !!c && actor.commands.includes(c);
}

function commandLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const out: LegalAction<Command>[] = [];
  const side = s.active;
  for (const h of liveUnits(s, side)) {
    if (!isHq(h.type) || h.hq || !holdsHq(g, actor, side, h.id)) continue;
    out.push({ command: { type: 'activate', hq: h.id }, label: `Activate ${h.name}`, rule: '5.2' });
    if (h.type === 'hq')
      out.push({ command: { type: 'activate', hq: h.id, blitz: true }, label: `Activate ${h.name} for Blitz`, rule: '5.7' });
    if (onMap(h) && paradropReady(s, h))
      out.push({
        command: { type: 'activate', hq: h.id, paradrop: true },
        label: `Activate ${h.name} to command a paradrop`,
        rule: '14.2',
      });
    if (onMap(h) && s.weather !== 'mud')
      for (const n of g.board.neighbours(h.at!)) {
        if (!friendly(s, g.board, n, side) || s.battles[n] || enemiesAt(s, n, side)) continue;
        const command: Command = { type: 'activate', hq: h.id, deploy: n };
        if (!stackSafe(s, g, actor, command, n)) continue;
        out.push({ command, label: `Activate ${h.name}, deploy to ${g.board.label(n)}`, rule: '5.2.1' });
      }
  }
  const end: Command = { type: 'endCommand' };
  if (
    actor.commands.includes(supremeCommand(g, side)) &&
    (!overstacks(s, g.board, side, true).length || tryOk(() => decideIn(s, g, end, actor, NO_DICE)))
  )
    out.push({ command: end, label: 'End the Command Phase', rule: '4.41' });
  return out;
}

function tryOk(f: () => unknown): boolean {
  try {
    f();
    return true;
  } catch (e) {
    if (e instanceof RuleError) return false;
    throw e;
  }
}

/**
 * Land paths of up to `speed` hexes, breadth-first so the first valid path per destination is a shortest one.
 * With `entries`, an engaging destination gets one path per hexside it can be entered by: the hexside decides
 * a river assault (7.5) and which hexside limit is used (6.33), so the player should be able to choose it.
 */
function landMoves(s: State, g: Game, u: Unit, opts: { noEngage?: boolean; retreat?: boolean } = {}, entries = false): string[][] {
  const out = new Map<string, string[]>();
  let frontier: string[][] = [[]];
  for (let k = 1; k <= speed(s, u) && frontier.length; k++) {
    const next: string[][] = [];
    for (const p of frontier) {
      const at = p.length ? p[p.length - 1] : u.at!;
      for (const n of g.board.neighbours(at)) {
        if (n === u.at || p.includes(n)) continue;
        const path = [...p, n];
        const engage = enemiesAt(s, n, u.side);
        const key = entries && engage ? `${n}<${at}` : n;
        if (!out.has(key) && !isFault(landPath(s, g, u, path, opts))) out.set(key, path);
        if (!engage && !stopsIn(s.weather, g.board, u.type, n)) next.push(path);
      }
    }
    frontier = next;
  }
  return [...out.values()];
}

function railMoves(s: State, g: Game, u: Unit): string[][] {
  const net = railNet(s, g.board, g.ctx, u.side);
  if (!u.at || !net.has(u.at)) return [];
  const prev = new Map<string, string>();
  const dist = new Map<string, number>([[u.at, 0]]);
  const q = [u.at];
  const out: string[][] = [];
  for (let i = 0; i < q.length; i++) {
    const h = q[i];
    const d = dist.get(h)!;
    if (d >= 10 || (d > 0 && s.battles[h])) continue;
    for (const n of g.board.railNeighbours(h)) {
      if (dist.has(n) || !net.has(n) || enemiesAt(s, n, u.side)) continue;
      dist.set(n, d + 1);
      prev.set(n, h);
      q.push(n);
      const path = [n];
      let c = h;
      while (c !== u.at) {
        path.unshift(c);
        c = prev.get(c)!;
      }
      if (!isFault(railPath(s, g, u, path))) out.push(path);
    }
  }
  return out;
}

function movementLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const out: LegalAction<Command>[] = [];
  const side = s.active;
  const add = (command: Command, label: string, rule: string, dest?: string) => {
    if (stackSafe(s, g, actor, command, dest)) out.push({ command, label, rule });
  };
  const dest = (p: string[]) => p[p.length - 1];
  const hqs = liveUnits(s, side).filter((h) => h.hq && holdsHq(g, actor, side, h.id));
  for (const u of liveUnits(s, side)) {
    if (!onMap(u) || u.moved || u.strat || u.hq || u.dispersed) continue; // 14.6: dispersed paras cannot move
    // a field HQ commands for free; the SHQ is offered when no field HQ of this seat reaches the unit (5.61)
    const cmdrs = hqs.filter((h) => commands(s, g, u, h.id));
    const shq = cmdrs.find((h) => h.type === 'shq');
    const by = cmdrs.find((h) => h.type !== 'shq') ?? shq;
    if (!by) continue;
    for (const path of landMoves(s, g, u, {}, true))
      add({ type: 'move', unit: u.id, path, by: by.id }, `Move ${u.name} to ${g.board.label(dest(path))}`, '6.1', dest(path));
    if (enemiesAt(s, u.at!, side) && !s.rearguards.some((r) => r.hex === u.at))
      for (const path of landMoves(s, g, u, { retreat: true })
        .filter((p) => !enemiesAt(s, dest(p), side))
        .slice(0, 2))
        add(
          { type: 'retreat', unit: u.id, path, by: by.id },
          `Retreat ${u.name} (rearguard) to ${g.board.label(dest(path))}`,
          '6.41',
          dest(path),
        );
    if (shq && s.phase === 'movement')
      for (const path of railMoves(s, g, u))
        add({ type: 'rail', unit: u.id, path, by: shq.id }, `Rail ${u.name} to ${g.board.label(dest(path))}`, '9.21', dest(path));
  }
  out.push(...paradropLegal(s, g, actor));
  for (const h of hqs) {
    if (h.moved || h.hq!.para) continue;
    const ok = s.phase === 'movement' ? h.hq!.mode === 'normal' : h.hq!.mode === 'blitzed';
    if (!ok) continue;
    add({ type: 'mobilize', hq: h.id, path: [] }, `Mobilize ${h.name} in place and deactivate`, '5.41');
    if (onMap(h))
      for (const path of landMoves(s, g, h, { noEngage: true }).filter((p) => !enemiesAt(s, dest(p), side)))
        add({ type: 'mobilize', hq: h.id, path }, `Mobilize ${h.name} to ${g.board.label(dest(path))}`, '5.41', dest(path));
  }
  if (actor.commands.includes(supremeCommand(g, side)) && !overstacks(s, g.board, side, true).length)
    out.push({ command: { type: 'endMovement' }, label: 'End movement (pursuit fire, then combat)', rule: '4.42' });
  return out;
}

function combatLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const out: LegalAction<Command>[] = [];
  const side = s.active;
  const anyFought = Object.values(s.battles).some((b) => b.fought);
  for (const h of liveUnits(s, side)) {
    if (!h.hq || h.hq.struck || h.hq.para || anyFought || !holdsHq(g, actor, side, h.id) || !onMap(h)) continue;
    const cv = effectiveCv(s, h);
    if (cv < 1) continue;
    const range = airRange(s, h);
    for (const b of Object.values(s.battles))
      if (!b.air && g.board.dist(h.at!, b.hex) <= range && unitsAt(s, b.hex, side).length)
        out.push({
          command: { type: 'airstrike', hq: h.id, hex: b.hex },
          label: `Airstrike by ${h.name} on ${g.board.label(b.hex)}`,
          rule: '7.13',
        });
  }
  const canFight = g.commands[side].some((x) => x.hq && actor.commands.includes(x.id));
  for (const b of Object.values(s.battles))
    if (!b.fought && canFight)
      out.push({ command: { type: 'fight', hex: b.hex }, label: `Fight at ${g.board.label(b.hex)}`, rule: '7.14' });
  const pending = Object.values(s.battles).some((b) => !b.fought && (b.air || (b.fresh && b.oa === side)));
  if (!pending && actor.commands.includes(supremeCommand(g, side)))
    out.push({ command: { type: 'endCombat' }, label: 'End the combat phase', rule: '4.43' });
  return out;
}

function productionLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const side = actor.side as Side;
  const p = s.prompt;
  if (p?.kind !== 'production' || !p.sides.includes(side) || !actor.commands.includes('production')) return [];
  const out: LegalAction<Command>[] = [{ command: { type: 'produce', replace: [], cadres: [] }, label: 'Spend nothing', rule: '11.3' }];
  // a greedy order: one step for every unit that can take it, while PPs last
  const replace: string[] = [];
  for (const u of liveUnits(s, side)) {
    const trial = { replace: [...replace, u.id], cadres: [] };
    if (tryOk(() => productionCosts(s, g, side, trial))) replace.push(u.id);
  }
  if (replace.length)
    out.push({ command: { type: 'produce', replace, cadres: [] }, label: `Replacements for ${replace.length} units`, rule: '11.41' });
  return out;
}

/** The passive prompt's answers for this seat: defensive fire, or one button per allocation candidate. */
export function promptLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const p = s.prompt;
  if ((p?.kind !== 'defend' && p?.kind !== 'allocate') || actor.side !== p.side) return [];
  if (!tryOk(() => requireFieldSeat(g, actor, p.side, '7.22'))) return [];
  if (p.kind === 'defend') return [{ command: { type: 'defend', hex: p.hex }, label: 'Defensive fire (strongest first)', rule: '7.22' }];
  return p.units.map((id) => {
    const u = s.units[id];
    const label = p.what === 'loss' ? `${u.name} (${u.cv}cv) takes the hit` : `${u.name} (${u.cv}cv) is thrown back`;
    return { command: { type: 'allocate', hex: p.hex, unit: id }, label, rule: p.what === 'loss' ? '7.33' : '7.51' };
  });
}

/** The owner's answers to the 'unsupply' prompt: the default first, then each single swap of it. */
export function unsupplyLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const p = s.prompt;
  if (p?.kind !== 'unsupply' || actor.side !== p.side) return [];
  const picks = p.hexes.map((h) => defaultUnsupplied(s, p.side, h.hex, h.excess));
  const name = (id: string) => s.units[id].name;
  const out: LegalAction<Command>[] = [
    {
      command: { type: 'unsupply', units: picks.flat() },
      label: `Unsupplied: ${picks.flat().map(name).join(', ')} (default)`,
      rule: '6.22',
    },
  ];
  p.hexes.forEach((h, i) => {
    for (const alt of unitsAt(s, h.hex, p.side)) {
      if (picks[i].includes(alt.id)) continue;
      for (const out1 of picks[i]) {
        const units = picks.flatMap((l, j) => (j === i ? l.map((x) => (x === out1 ? alt.id : x)) : l));
        out.push({
          command: { type: 'unsupply', units },
          label: `Unsupplied at ${g.board.label(h.hex)}: ${alt.name} instead of ${name(out1)}`,
          rule: '6.22',
        });
      }
    }
  });
  return out;
}

export function statusLine(s: State): string {
  if (s.phase === 'production') return `${MONTHS[s.turn.month]} ${s.turn.year}, production`;
  return `${MONTHS[s.turn.month]} ${s.turn.year} ${s.turn.fortnight === 1 ? 'I' : 'II'}, ${s.active} player-turn`;
}

export { CTL, enemyCtl };
export type { Battle };
