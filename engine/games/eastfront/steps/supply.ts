/**
 * Supply Phase (10.1-10.4, 14.6, 6.22): para link-up, the enemy supply check and attrition, and the owner's
 * choice of the units beyond a stacking limit that go unsupplied.
 */
import type { Actor, DiceSource, LegalAction } from '../../../core';
import { type Side, isHq, other } from '../data';
import {
  CTL,
  computeControl,
  ctlAt,
  hasSupplyLine,
  inTokenOrder,
  liveUnits,
  overstacks,
  productionLevel,
  railNet,
  unitsAt,
  zocReaches,
} from '../rules';
import type { Command, Prompt, State, Unit } from '../state';
import { fixedPart, ownAt, req, type EfStep, type Em, type Game } from './game';
import { stepCost } from './round';
import { nextPlayerTurn, phaseEvent } from './turn';

/**
 * 10.1-10.4: check the enemy's supply; unsupplied units lose a step at once. Then the turn moves on.
 * 6.22: first the owner of a hex left overstacked by a repulse picks the excess units, which count as
 * unsupplied (a prompt to that side; the default applies at once with autoResolve). The owner of those units
 * is the enemy whose supply this phase checks (10.2: supply is only ever checked in the enemy Supply Phase).
 */
export function supplyPhase(em: Em, g: Game, dice: DiceSource) {
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
export function unsupplyHandler(em: Em, g: Game, c: Extract<Command, { type: 'unsupply' }>, _actor: Actor, dice: DiceSource) {
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

export function supplyCheck(em: Em, g: Game, dice: DiceSource, excess: Set<string>) {
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
  const own = (hex: string) => unitsAt(s, hex, p.side).sort((a, b) => (a.id < b.id ? -1 : 1));
  if (p.hexes.length === 1) {
    const h = p.hexes[0];
    out.push({
      command: fixedPart({ type: 'unsupply' }),
      label: `Choose the ${h.excess} unit(s) at ${g.board.label(h.hex)} that go unsupplied`,
      rule: '6.22',
      choices: [
        {
          field: 'units',
          label: 'Unsupplied',
          pick: 'some',
          min: h.excess,
          max: h.excess,
          options: own(h.hex).map((u) => ({ value: u.id, label: `${u.name} (${u.cv}cv)` })),
        },
      ],
    });
    return out;
  }
  // several hexes at once (rare): every combination, each hex's units in id order (R-6.22-OFFER)
  let combos: string[][] = [[]];
  for (const h of p.hexes) {
    const ids = own(h.hex).map((u) => u.id);
    const subsets: string[][] = [];
    const walk = (from: number, acc: string[]) => {
      if (acc.length === h.excess) return void subsets.push(acc);
      for (let i = from; i < ids.length; i++) walk(i + 1, [...acc, ids[i]]);
    };
    walk(0, []);
    combos = combos.flatMap((c) => subsets.map((x) => [...c, ...x]));
  }
  for (const units of combos)
    out.push({ command: { type: 'unsupply', units }, label: `Unsupplied: ${units.map(name).join(', ')}`, rule: '6.22' });
  return out;
}

/** After a repulse overstack, the owner names the units beyond the limit that go unsupplied (6.22). */
export const unsupplyStep: EfStep = {
  name: 'Units beyond stacking limits',
  rule: '6.22',
  waiting: (s, g) =>
    s.prompt?.kind === 'unsupply'
      ? [
          {
            side: s.prompt.side,
            what: `units beyond stacking limits to go unsupplied at ${s.prompt.hexes.map((h) => g.board.label(h.hex)).join(', ')} (6.22)`,
          },
        ]
      : [],
  legal: (s, g, actor) => unsupplyLegal(s, g, actor),
  on: { unsupply: unsupplyHandler },
};
