/**
 * What the EastFront computer player works out once per decision from what its seat may see: the view, the
 * legal actions and the static board and scenario facts (rail sources, arrival hexes). Nothing here reads the
 * state: supply and command range are traced on the view's control string and battles, the way the hints do.
 */
import type { Choice, LegalAction } from '../../core/actions';
import type { Board } from './board';
import { isHq, type Side } from './data';
import { CTL, ctlIn, hasSupplyLine, railNet, rangeFrom, type ScenarioCtx } from './rules';
import type { State } from './state';
import type { View, ViewUnit } from './view';

/** A face-down enemy block counts as this many steps (EastFront blocks run 1-4). */
export const UNSEEN_CV = 2.5;

export interface Plan {
  v: View;
  side: Side;
  mine: Map<string, ViewUnit>;
  /** my combat strength per hex (HQs excluded) */
  myStrength: Map<string, number>;
  /** my blocks per hex, HQs included (6.21 stacking) */
  myCount: Map<string, number>;
  enemyStrength: Map<string, number>;
  /** valuable cities the enemy holds (or nobody): the bot's goals */
  goals: { hex: string; value: number }[];
  /** my cities with an enemy block next door */
  threatened: Set<string>;
  /** per unit still free to move now, the hexes legal() offers it */
  reach: Map<string, Set<string>>;
  /** per enemy hex, my strength there now plus what could still move in */
  potential: Map<string, number>;
  /** 10.3 on the view: 2 on my rail net, 1 with a supply line to it, 0 without */
  supply(hex: string): number;
}

/** The values a 'one' choice tree offers for `field`, keyed by the option picked at the top. */
function destinations(a: LegalAction, field: string): Set<string> {
  const out = new Set<string>();
  const walk = (chs: readonly Choice[] | undefined) => {
    for (const ch of chs ?? [])
      for (const o of ch.options) {
        if (ch.field === field && typeof o.value === 'string') out.add(o.value);
        walk(o.next);
      }
  };
  walk(a.choices);
  return out;
}

export function makePlan(
  b: Board,
  ctx: ScenarioCtx,
  view: View,
  side: Side,
  legal: readonly LegalAction[],
  worth: (hex: string) => number,
): Plan {
  const mine = new Map<string, ViewUnit>();
  const myStrength = new Map<string, number>();
  const enemyStrength = new Map<string, number>();
  const myCount = new Map<string, number>();
  for (const u of view.units) {
    if (!u.at || u.at.startsWith('box:')) {
      if (u.side === side && u.id) mine.set(u.id, u);
      continue;
    }
    if (u.side === side) {
      if (u.id) mine.set(u.id, u);
      myCount.set(u.at, (myCount.get(u.at) ?? 0) + 1);
      if (!(u.type && isHq(u.type))) myStrength.set(u.at, (myStrength.get(u.at) ?? 0) + (u.cv ?? 1));
    } else enemyStrength.set(u.at, (enemyStrength.get(u.at) ?? 0) + (u.cv ?? UNSEEN_CV));
  }
  const cities = [...b.cities].filter(([hex]) => b.has(hex));
  const goals = cities
    .filter(([hex]) => ctlIn(view.control, b, hex) !== CTL[side])
    .map(([hex]) => ({ hex, value: worth(hex) }))
    .filter((g) => g.value > 1);
  const threatened = new Set<string>();
  for (const [hex] of cities)
    if (ctlIn(view.control, b, hex) === CTL[side] && b.neighbours(hex).some((n) => (enemyStrength.get(n) ?? 0) > 0)) threatened.add(hex);
  // units still free to move, and where to (move and rail offers)
  const reach = new Map<string, Set<string>>();
  for (const a of legal) {
    const c = a.command as { type: string; unit?: string };
    if ((c.type !== 'move' && c.type !== 'rail') || !c.unit) continue;
    const set = reach.get(c.unit) ?? new Set<string>();
    for (const d of destinations(a, 'to')) set.add(d);
    reach.set(c.unit, set);
  }
  const potential = new Map<string, number>();
  for (const hex of enemyStrength.keys()) {
    let p = myStrength.get(hex) ?? 0;
    for (const [id, dests] of reach) {
      const u = mine.get(id);
      if (!u || (u.type && isHq(u.type)) || u.at === hex) continue;
      if (dests.has(hex)) p += u.cv ?? 1;
    }
    potential.set(hex, p);
  }
  // supply traced on the view (control string and battles are public), as rules.ts traces it on the state
  const pseudo = { control: view.control, battles: Object.fromEntries(view.battles.map((x) => [x.hex, x])) } as unknown as State;
  const rail = railNet(pseudo, b, ctx, side);
  const memo = new Map<string, number>();
  const supply = (hex: string) => {
    if (hex.startsWith('box:')) return 2;
    let r = memo.get(hex);
    if (r === undefined) {
      r = rail.has(hex) ? 2 : hasSupplyLine(pseudo, b, side, hex, rail) ? 1 : 0;
      memo.set(hex, r);
    }
    return r;
  };
  return { v: view, side, mine, myStrength, myCount, enemyStrength, goals, threatened, reach, potential, supply };
}

/**
 * What activating an HQ may buy (5.2): attacks at good odds within its range and my units there that need to
 * get back into supply. An activation costs a step at the end of the turn (5.43), two VP (17.1).
 */
export function activationValue(b: Board, p: Plan, hq: ViewUnit, worth: (hex: string) => number, opts = { odds: 2 }): number {
  const shq = hq.type === 'shq';
  if (!hq.at || (!shq && hq.at.startsWith('box:')) || hq.cv === undefined) return 0;
  // a supreme HQ commands by supreme moves anywhere (5.61); its trace is only a guide
  const range = shq ? null : rangeFrom(b, p.v.weather, p.v.control, { side: p.side, cv: hq.cv, at: hq.at });
  const inRange = (hex: string) => !range || range.has(hex);
  let value = 0;
  for (const [hex, e] of p.enemyStrength) {
    if (!inRange(hex)) continue;
    // my blocks within two hexes could join an attack there
    let mineNear = p.myStrength.get(hex) ?? 0;
    for (const [at, st] of p.myStrength)
      if (at !== hex && b.dist(at, hex) <= 2 && inRange(at)) mineNear += st * (b.dist(at, hex) === 1 ? 1 : 0.6);
    const r = mineNear / Math.max(1, e);
    if (r >= opts.odds) value += 1 + Math.min(2, r - opts.odds) * 0.5 + worth(hex) * 0.3;
  }
  // enemy cities left empty within reach
  for (const g of p.goals)
    if (inRange(g.hex) && !p.enemyStrength.has(g.hex) && [...p.myStrength.keys()].some((at) => b.dist(at, g.hex) <= 2))
      value += 0.3 * g.value;
  for (const u of p.mine.values()) if (u.at && inRange(u.at) && !(u.type && isHq(u.type)) && p.supply(u.at) === 0) value += 0.7;
  return shq ? Math.min(value, 3 * (hq.supreme ?? hq.cv)) : value;
}
