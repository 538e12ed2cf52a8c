/**
 * A combat round (7.2-7.53): fire order, hits and repulses, the owner's choice among equal units, and the
 * passive side's steps (defensive fire 7.22, loss or repulse allocation 7.33/7.51).
 */
import type { Actor, Choice, ChoiceOption, DiceSource, LegalAction } from '../../../core';
import { rollMany } from '../../../core/dice';
import { countAtLeast } from '../../../mechanics/graph';
import { type Fp, type Side, FP_TARGET, isHq, other, TYPES } from '../data';
import { defenceFp, offenceFp, unitsAt } from '../rules';
import type { Command, State, Unit } from '../state';
import { startRound } from './combat';
import { req, requireFieldSeat, tryOk, type EfStep, type Em, type Game } from './game';

export const stepCost = (u: Unit) => TYPES[u.type].cost[u.side]?.step ?? 99;

/** The stated default among equal candidates: cheapest step to replace (HQs last), then id. */
export function pickAmong(cands: Unit[], prefs: string[]): Unit {
  const rank = (u: Unit) => {
    const i = prefs.indexOf(u.id);
    return i < 0 ? 1e6 : i;
  };
  return [...cands].sort((a, b) => rank(a) - rank(b) || stepCost(a) - stepCost(b) || (a.id < b.id ? -1 : 1))[0];
}

/** Candidates that no rule or consequence tells apart (same type, size and Guards status; for a repulse the
 *  same hex to go back to): choosing among them is no real choice, so the default applies (ruling ). */
export function alike(cands: Unit[], from: Record<string, string> | undefined): boolean {
  const key = (u: Unit) => `${u.type}|${u.max}|${!!u.guards}|${from?.[u.id] ?? ''}`;
  return new Set(cands.map(key)).size <= 1;
}

/**
 * The owner's choice among equal candidates (7.33 losses, 7.51 repulses): an answer to the pending prompt, a
 * pre-given preference, the default when the choice is moot or autoResolve is on; otherwise the round pauses
 * with an `allocate` prompt to the owner and null is returned.
 */
export function choose(
  em: Em,
  side: Side,
  what: 'loss' | 'repulse',
  cands: Unit[],
  prefs: string[],
  answer: { unit?: string },
): Unit | null {
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

export function orderUnits(units: Unit[], order: string[] | undefined): Unit[] {
  const byStrength = [...units].sort((a, b) => b.cv - a.cv || (a.id < b.id ? -1 : 1));
  if (!order?.length) return byStrength;
  const listed = order.map((id) => units.find((u) => u.id === id)).filter((u): u is Unit => !!u);
  return [...listed, ...byStrength.filter((u) => !order.includes(u.id))];
}

/**
 * The next unit of `side` to fire in this stage (7.31: in any order the owner wants, chosen as the round goes).
 * A pre-given order list is followed first; then the owner's answer to a `fire` prompt; the strongest unit when
 * only one is left, when the rest are alike (same strength and firepower: the same dice), or with autoResolve.
 * Otherwise the round pauses with an `allocate` prompt (`what: 'fire'`) to the owner and 'wait' is returned.
 */
export function nextFirer(
  em: Em,
  g: Game,
  side: Side,
  kind: 'def' | 'off',
  answer: { unit?: string },
): { u: Unit; fp: Fp } | null | 'wait' {
  const s = em.s;
  const r = s.round!;
  if (!unitsAt(s, r.hex, other(side)).length) return null;
  const cands: { u: Unit; fp: Fp }[] = [];
  for (const u of orderUnits(unitsAt(s, r.hex, side), kind === 'def' ? r.defOrder : r.offOrder)) {
    if (r.fired.includes(u.id) || u.cv <= 0) continue;
    const fp = kind === 'def' ? defenceFp(g.board, u.type, r.hex) : offenceFp(g.board, s.weather, u.type, r.hex);
    if (fp) cands.push({ u, fp });
  }
  if (!cands.length) return null;
  const order = kind === 'def' ? r.defOrder : r.offOrder;
  if (order.includes(cands[0].u.id)) return cands[0];
  if (answer.unit) {
    const c = cands.find((x) => x.u.id === answer.unit);
    answer.unit = undefined;
    if (c) return c;
  }
  if (cands.length === 1 || s.options.autoResolve || new Set(cands.map((c) => `${c.fp}|${c.u.cv}`)).size === 1) return cands[0];
  em.emit({ type: 'awaiting', prompt: { kind: 'allocate', side, hex: r.hex, what: 'fire', units: cands.map((c) => c.u.id) } });
  return 'wait';
}

/**
 * Runs the round in state until it ends or pauses for a choice: allocate what the latest fire scored
 * (repulses first, then hits), then the next fire: airstrike (13.15), defensive fire (repulsed attackers
 * go back at its end, 7.51), offensive fire; then the Original Defender stands upright (7.21).
 */
export function continueRound(em: Em, g: Game, dice: DiceSource, answer: { unit?: string }) {
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
      const next = nextFirer(em, g, passive, 'def', answer);
      if (next === 'wait') return;
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
    const next = nextFirer(em, g, active, 'off', answer);
    if (next === 'wait') return;
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

/** The passive side's answer to a combat prompt (4 in the brief; 7.31, 7.33). */
export function defendHandler(em: Em, g: Game, c: Extract<Command, { type: 'defend' }>, _actor: Actor, dice: DiceSource) {
  const p = em.s.prompt;
  req(p?.kind === 'defend' && p.hex === c.hex, '7.22', 'no defensive fire is expected there');
  const pr = p as Extract<State['prompt'], { kind: 'defend' }>;
  em.emit({ type: 'awaiting', prompt: null });
  startRound(em, g, c.hex, pr.offOrder, pr.activePrefs, c.order ?? [], c.prefs ?? [], dice);
}

/** The owner's answer to an allocation prompt: that unit takes the hit (7.33) or the repulse (7.51). */
export function allocateHandler(em: Em, g: Game, c: Extract<Command, { type: 'allocate' }>, dice: DiceSource) {
  const p = em.s.prompt;
  req(p?.kind === 'allocate' && p.hex === c.hex, '7.33', 'no loss or repulse choice is expected there');
  const pr = p as Extract<State['prompt'], { kind: 'allocate' }>;
  req(
    pr.units.includes(c.unit),
    pr.what === 'loss' ? '7.33' : pr.what === 'fire' ? '7.31' : '7.51',
    `choose one of ${pr.units.map((id) => em.s.units[id]?.name ?? id).join(', ')}`,
  );
  em.emit({ type: 'awaiting', prompt: null });
  continueRound(em, g, dice, { unit: c.unit });
}

const RULE_OF = { loss: '7.33', repulse: '7.51', fire: '7.31' } as const;

/** The passive prompt's answers for this seat: defensive fire, or one button per allocation candidate. */
export function promptLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const p = s.prompt;
  if ((p?.kind !== 'defend' && p?.kind !== 'allocate') || actor.side !== p.side) return [];
  if (!tryOk(() => requireFieldSeat(g, actor, p.side, '7.22'))) return [];
  if (p.kind === 'defend') return fireOrders(s, p.hex, p.side, { type: 'defend', hex: p.hex }, 'Defensive fire', '7.22');
  return p.units.map((id) => {
    const u = s.units[id];
    const label =
      p.what === 'loss'
        ? `${u.name} (${u.cv}cv) takes the hit`
        : p.what === 'fire'
          ? `${u.name} (${u.cv}cv) fires next`
          : `${u.name} (${u.cv}cv) is thrown back`;
    return { command: { type: 'allocate', hex: p.hex, unit: id }, label, rule: RULE_OF[p.what] };
  });
}

/**
 * A fight or defensive fire with the defaults (strongest fire first, 7.31; the stated loss default, 7.33), and
 * with an own fire `order` and/or loss preferences `prefs`: any distinct units of this side in the battle.
 */
export function fireOrders(
  s: State,
  hex: string,
  side: Side,
  base: Extract<Command, { type: 'fight' | 'defend' }>,
  label: string,
  rule: string,
): LegalAction<Command>[] {
  const own: ChoiceOption[] = unitsAt(s, hex, side).map((u) => ({ value: u.id, label: `${u.name} (${u.cv}cv)` }));
  const order: Choice = { field: 'order', label: 'Fire order (first to last)', pick: 'some', min: 1, options: own };
  const prefs: Choice = { field: 'prefs', label: 'Loss preference among equals (first first)', pick: 'some', min: 1, options: own };
  const out: LegalAction<Command>[] = [{ command: base, label: `${label} (strongest first)`, rule }];
  if (!own.length) return out;
  out.push({ command: base, label: `${label} in an order of your choice`, rule: '7.31', choices: [order] });
  out.push({ command: base, label: `${label} with loss preferences`, rule: '7.33', choices: [prefs] });
  out.push({ command: base, label: `${label} with a fire order and loss preferences`, rule: '7.31', choices: [order, prefs] });
  return out;
}

/** 7.31, 7.33: an order or preference list names distinct units of the side in that battle. */
export function checkFireLists(s: State, hex: string, side: Side, c: { order?: string[]; prefs?: string[] }) {
  for (const [list, rule] of [
    [c.order, '7.31'],
    [c.prefs, '7.33'],
  ] as const) {
    if (!list) continue;
    req(new Set(list).size === list.length, rule, 'a unit is listed twice');
    for (const id of list) req(s.units[id]?.side === side && s.units[id].at === hex, rule, `${id} is not a unit of yours in this battle`);
  }
}

/** The passive side owes its defensive fire in a battle just opened for a round (7.22). */
export const defendStep: EfStep = {
  name: 'Defensive fire',
  rule: '7.22',
  waiting: (s, g) =>
    s.prompt?.kind === 'defend' ? [{ side: s.prompt.side, what: `defensive fire at ${g.board.label(s.prompt.hex)} (7.22)` }] : [],
  legal: (s, g, actor) => promptLegal(s, g, actor),
  on: {
    defend: (em, g, c, actor, dice) => {
      requireFieldSeat(g, actor, actor.side as Side, '7.22');
      checkFireLists(em.s, c.hex, actor.side as Side, c);
      defendHandler(em, g, c, actor, dice);
    },
  },
};

/** The owner of several equal candidates chooses which takes the hit (7.33) or is thrown back (7.51). */
export const allocateStep: EfStep = {
  name: 'Loss or repulse choice',
  rule: '7.33',
  waiting: (s, g) => {
    const p = s.prompt;
    if (p?.kind !== 'allocate') return [];
    const what =
      p.what === 'loss'
        ? `which unit takes a hit at ${g.board.label(p.hex)} (7.33)`
        : p.what === 'fire'
          ? `which unit fires next at ${g.board.label(p.hex)} (7.31)`
          : `which attacker is thrown back at ${g.board.label(p.hex)} (7.51)`;
    return [{ side: p.side, what }];
  },
  legal: (s, g, actor) => promptLegal(s, g, actor),
  on: {
    allocate: (em, g, c, actor, dice) => {
      const p = em.s.prompt;
      requireFieldSeat(g, actor, actor.side as Side, p?.kind === 'allocate' ? RULE_OF[p.what] : '7.33');
      allocateHandler(em, g, c, dice);
    },
  },
};
