/**
 * Production (11.1-11.6): order costs and checks, applying both sealed orders, and the production step.
 */
import type { Actor, Choice, ChoiceOption, DiceSource, LegalAction } from '../../../core';
import { type Side, isHq, TYPES } from '../data';
import { friendly, hasSupplyLine, isBox, liveUnits, onMap, railNet, stackLimit, unitsAt } from '../rules';
import type { Command, ProductionOrder, State } from '../state';
import { fixedPart, req, requireHolds, tryOk, type EfStep, type Em, type Game } from './game';
import { startFortnight } from './turn';

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

export function applyProduction(em: Em, g: Game, dice: DiceSource) {
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

/**
 * Production orders as choices (11.3-11.6): the replacement steps as a budgeted pick among the units that may take
 * one (in play, not at full strength, not new this month, not in a battle, with a supply line; 11.41), whose
 * step costs share the side's production points; and orders rebuilding eliminated units as cadres at arrival hexes
 * (11.42, 11.6: each unit once, each hex up to its capacity and stacking limit), sharing the same points with the
 * replacements bought beside them.
 */
export function productionLegal(s: State, g: Game, actor: Actor): LegalAction<Command>[] {
  const side = actor.side as Side;
  const p = s.prompt;
  if (p?.kind !== 'production' || !p.sides.includes(side) || !actor.commands.includes('production')) return [];
  const pl = s.pl[side];
  const steps: ChoiceOption[] = [];
  for (const u of liveUnits(s, side))
    if (u.cv < u.max && tryOk(() => productionCosts(s, g, side, { replace: [u.id], cadres: [] })))
      steps.push({
        value: u.id,
        label: `${u.name} (${u.cv}cv)`,
        ...(onMap(u) ? { hex: u.at! } : {}),
        cost: TYPES[u.type].cost[side]!.step,
      });
  const replace = (budget: number): Choice => ({
    field: 'replace',
    label: `Replacement steps (${budget} PPs)`,
    pick: 'some',
    min: 0,
    budget,
    options: steps.filter((o) => (o.cost ?? 0) <= budget),
  });
  const out: LegalAction<Command>[] = [
    { command: { type: 'produce', replace: [], cadres: [] }, label: 'Spend nothing', rule: '11.3' },
    { command: fixedPart({ type: 'produce', cadres: [] }), label: 'Replacement steps', rule: '11.41', choices: [replace(pl)] },
  ];
  const cadres: ChoiceOption[] = [];
  const caps: Record<string, number> = {};
  for (const u of Object.values(s.units)) {
    if (u.side !== side || u.at) continue;
    const cost = TYPES[u.type].cost[side]!.cadre;
    for (const a of g.ctx.arrivals[side]) {
      const cadre = { unit: u.id, hex: a.hex };
      if (!tryOk(() => productionCosts(s, g, side, { replace: [], cadres: [cadre] }))) continue;
      caps[`unit:${u.id}`] = 1;
      caps[`hex:${a.hex}`] = Math.min(a.cap, stackLimit(g.board, a.hex) - unitsAt(s, a.hex, side).length);
      cadres.push({
        value: cadre,
        label: `${u.name} at ${g.board.label(a.hex)} (${cost} PPs)`,
        hex: a.hex,
        cost,
        groups: [`unit:${u.id}`, `hex:${a.hex}`],
      });
    }
  }
  if (cadres.length)
    out.push({
      command: fixedPart({ type: 'produce' }),
      label: 'Rebuild units as cadres',
      rule: '11.42',
      choices: [
        { field: 'cadres', label: 'Cadres', pick: 'some', min: 1, caps, pool: 'pp', options: cadres },
        { ...replace(pl), label: 'Replacement steps with the points left', budget: undefined, pool: 'pp' },
      ],
      pools: { pp: pl },
    });
  return out;
}

/** Production (4.2, 11.x): both sides write sealed orders at once; the orders apply when both are in. */
export const productionStep: EfStep = {
  name: 'Production',
  rule: '11.1',
  waiting: (s) =>
    s.prompt?.kind === 'production'
      ? s.prompt.sides.map((side) => ({ side, command: 'production', what: 'production orders (11.1)' }))
      : [],
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
};
