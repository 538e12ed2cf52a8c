/** After the roll: the defender's retreat (11.3 DR 1-3) and the attacker's advance (11.4). */
import { RuleError } from '../../core/errors';
import { board, onMap, other, stackOk } from './board';
import { involved } from './combat';
import { isArtillery, isCavalry, unitDef } from './data';
import type { OuMap } from './map';
import type { Combat, Event, State } from './types';

export interface RetreatPlan {
  /** units still to retreat */
  ids: string[];
  /** hexes the whole remaining stack may retreat into together without overstacking (DR 1) */
  together: string[];
  /** per unit, the hexes it may retreat into alone, overstacking or not (DR 3, 7.0) */
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
  for (const id of ids) single[id] = map.nb[t].filter((n) => ok(n, id)).map((n) => map.ids[n]);
  const together = ids.length
    ? map.nb[t].filter((n) => ids.every((id) => ok(n, id)) && stackOk([...b.unitsAt(n), ...ids])).map((n) => map.ids[n])
    : [];
  return { ids, together, single };
}

/** Where one unit may retreat now: with the stack (DR 1) while a hex takes it whole, else any hex of its own (DR 3). */
export function retreatHexes(map: OuMap, s: State, c: Combat, unit: string): string[] {
  const plan = retreatPlan(map, s, c);
  if (!plan.ids.includes(unit)) return [];
  const rt = c.rt ?? plan.together;
  return rt.length ? rt.filter((h) => plan.single[unit].includes(h)) : plan.single[unit];
}

/** One unit's retreat (11.3 DR 1-3): into a hex of the plan, a step lost entering an empty enemy zone (DR 2). */
export function decideRetreatOne(map: OuMap, s: State, c: Combat, unit: string, hex: string): Event[] {
  const b = board(map, s);
  const side = other(c.side);
  const plan = retreatPlan(map, s, c);
  if (!plan.ids.includes(unit)) throw new RuleError('ILLEGAL', '11.3', `${unitDef(unit).name} is not retreating`);
  const rt = c.rt ?? plan.together;
  if (!retreatHexes(map, s, c, unit).includes(hex))
    throw new RuleError(
      'ILLEGAL',
      '11.3',
      rt.length && plan.single[unit].includes(hex)
        ? 'the stack retreats together (11.3 DR 1)'
        : `${unitDef(unit).name} may not retreat into ${hex}`,
    );
  const ev: Event[] = [{ type: 'retreated', moves: [[unit, hex]] }];
  // DR 2: entering an enemy zone of control with no friendly unit there costs a step, unless cavalry is along
  const i = b.idx(hex);
  const withCav = isCavalry(unitDef(unit)) || (rt.length ? plan.ids.some((id) => isCavalry(unitDef(id))) : false);
  if (b.ezoc(side, i) && b.unitsAt(i).length === 0 && !withCav)
    ev.push({ type: 'loss', unit, oos: c.oos.includes(unit), why: 'retreat into enemy zone of control' });
  // the rest of a stack retreating together follows into the same hex (DR 1)
  const next = rt.length ? [hex] : [];
  if (!c.rt || c.rt.join() !== next.join()) ev.push({ type: 'combat', combat: { ...c, rt: next } });
  return ev;
}

/** Attackers that may advance into the vacated hex now, one at a time within stacking (11.4, ruling A16, A17b). */
export function advanceCandidates(map: OuMap, s: State, c: Combat): string[] {
  const b = board(map, s);
  const t = b.idx(c.target);
  if (b.occupant(t) === other(c.side)) return [];
  const there = b.unitsAt(t);
  return c.att.filter(
    (id) =>
      onMap(s.u[id].at) &&
      s.u[id].at !== c.target &&
      map.nb[b.idx(s.u[id].at)].includes(t) &&
      b.regionOk(unitDef(id), c.target) &&
      stackOk([...there, id]),
  );
}

export function decideAdvanceOne(map: OuMap, s: State, c: Combat, unit: string): Event[] {
  if (!advanceCandidates(map, s, c).includes(unit))
    throw new RuleError('ILLEGAL', '11.4', `${unitDef(unit).name} may not advance (an attacker next to the vacated hex, within stacking)`);
  return [{ type: 'advanced', units: [unit], hex: c.target }];
}
