/**
 * Units arriving on their own map edge: Soviet reinforcements drawn from the R pool (6.1) and under the
 * preparedness option (3.5.2), Allied units returning from the recycling boxes (6.2, 6.3). Each goes to a
 * friendly-controlled hex of its side's edge (ruling A31); a unit no such hex can take waits (ruling A26).
 */
import type { LegalAction } from '../../../core/actions';
import { RuleError } from '../../../core/errors';
import type { Actor } from '../../../core/ruleset';
import type { Step } from '../../../core/steps';
import type { Command } from '../commands';
import { unitDef } from '../data';
import type { OuMap } from '../map';
import { covers, requireCovers } from '../movement';
import { edgeHexes, kindHexes, placeable, unitToHex } from '../placement';
import type { Event, Placement, Side, State } from '../types';

type OuStep = Step<State, Command, Event, OuMap>;

const whereOf = (why: 'reinf' | 'recycle', s: State) => (why === 'reinf' ? 'drawn' : `box:${s.turn}`);

function edgeIdx(map: OuMap, s: State, side: Side): number[] {
  return edgeHexes(map, s, side).map((h) => map.index.get(h) ?? -1);
}

/** Greedy placement of every waiting unit of the seat (place-all). */
function greedy(map: OuMap, s: State, actor: Actor, why: 'reinf' | 'recycle'): Placement[] {
  const side = actor.side as Side;
  const out: Placement[] = [];
  let cur = s;
  for (const id of placeable(map, s, whereOf(why, s)).filter((x) => covers(actor, unitDef(x)))) {
    const h = kindHexes(map, cur, id, edgeIdx(map, cur, side))[0];
    if (!h) continue;
    out.push([id, h]);
    cur = { ...cur, u: { ...cur.u, [id]: { ...cur.u[id], at: h } } };
  }
  return out;
}

export const arrivalStep = (why: 'reinf' | 'recycle', name: string): OuStep => {
  const side: Side = why === 'reinf' ? 'soviet' : 'allied';
  const rule = why === 'reinf' ? '6.1' : '6.3';
  return {
    name,
    rule,
    waiting: (s, map) => {
      const cmds = [...new Set(placeable(map, s, whereOf(why, s)).map((id) => unitDef(id).cmd))];
      return cmds.map((command) => ({ side, command, what: name }));
    },
    legal: (s, map, actor) => {
      const units = placeable(map, s, whereOf(why, s)).filter((id) => covers(actor, unitDef(id)));
      const out: LegalAction<Command>[] = [];
      const g = greedy(map, s, actor, why);
      if (g.length) out.push({ command: { type: 'place-all' }, label: `Place ${g.length} units on the map edge`, rule });
      const one = unitToHex(s, {
        command: { type: 'place' } as Command,
        label: 'Place a unit on the map edge',
        rule,
        units,
        hexes: (rep) => kindHexes(map, s, rep, edgeIdx(map, s, side)),
      });
      if (one) out.push(one);
      return out;
    },
    on: {
      place: (em, map, cmd, actor) => {
        const s = em.s;
        requireCovers(actor, [cmd.unit], rule, rule);
        if (s.u[cmd.unit]?.at !== whereOf(why, s))
          throw new RuleError('ILLEGAL', rule, `${unitDef(cmd.unit).name} is not waiting to be placed`);
        const i = map.index.get(cmd.hex);
        if (i === undefined || !edgeIdx(map, s, side).includes(i))
          throw new RuleError('ILLEGAL', rule, `${cmd.hex} is not a friendly ${side === 'soviet' ? 'east' : 'west'} edge hex`);
        if (!kindHexes(map, s, cmd.unit, [i]).length)
          throw new RuleError('ILLEGAL', '7.0', `${cmd.hex} cannot take ${unitDef(cmd.unit).name}`);
        em.emit({ type: 'placed', side, why, units: [[cmd.unit, cmd.hex]] });
      },
      'place-all': (em, map, _c, actor) => {
        const g = greedy(map, em.s, actor, why);
        if (!g.length) throw new RuleError('ILLEGAL', rule, 'none of your waiting units fits on the map edge');
        em.emit({ type: 'placed', side, why, units: g });
      },
    },
  };
};
