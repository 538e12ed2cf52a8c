/** The 1st Allied Airborne Army's drop (5.3) and the move/fight declarations (5.4). */
import type { LegalAction } from '../../../core/actions';
import { RuleError } from '../../../core/errors';
import type { Step } from '../../../core/steps';
import { board } from '../board';
import type { Command } from '../commands';
import { isAirborne, unitDef } from '../data';
import type { OuMap } from '../map';
import { advanceStep, SUPREME } from '../sequence';
import type { Event, Side, State } from '../types';
import { requireCommand } from './setup';

type OuStep = Step<State, Command, Event, OuMap>;

/** 5.3: a clear or autobahn hex with no unit at all (no Soviet unit; airborne corps stack with nothing, 7.1.1). */
export function dropHexOk(map: OuMap, s: State, hex: string): boolean {
  const b = board(map, s);
  const i = map.index.get(hex);
  if (i === undefined) return false;
  if (b.unitsAt(i).length) return false;
  return b.clear(i) || b.autobahn(i); // ruling A22
}

const waitingToDrop = (s: State) => Object.keys(s.u).filter((id) => s.u[id].at === 'aside' && isAirborne(unitDef(id)));

export const airborneStep: OuStep = {
  name: 'Allied Airborne Entry Phase (5.3)',
  rule: '5.3',
  waiting: () => [{ side: 'allied', command: 'supreme', what: 'Allied Airborne Entry Phase (5.3)' }],
  legal: (s, map, actor) => {
    if (!actor.commands.includes('supreme')) return [];
    const out: LegalAction<Command>[] = [
      {
        command: { type: 'end-phase' },
        label: waitingToDrop(s).length < 2 ? 'No more airdrops this turn' : 'No airdrop this turn',
        rule: '5.3',
      },
    ];
    const hexes = map.ids.filter((h) => dropHexOk(map, s, h)).map((h) => ({ value: h, label: h, hex: h }));
    const corps = waitingToDrop(s);
    if (hexes.length && corps.length)
      out.push({
        command: { type: 'airdrop' } as Command,
        label: 'Drop an airborne corps',
        rule: '5.3',
        shared: { drop: hexes },
        choices: [
          {
            field: 'unit',
            label: 'Corps',
            pick: 'one',
            options: corps.map((id) => ({
              value: id,
              label: unitDef(id).name,
              next: [{ field: 'hex', label: 'Drop hex', pick: 'one' as const, options: [], ref: 'drop' }],
            })),
          },
        ],
      });
    return out;
  },
  on: {
    airdrop: (em, map, cmd, actor) => {
      requireCommand(actor, 'supreme', '5.3', 'the airborne drop');
      const s = em.s;
      if (!(s.u[cmd.unit]?.at === 'aside' && isAirborne(unitDef(cmd.unit))))
        throw new RuleError('ILLEGAL', '5.3', `${cmd.unit} is not a 1AAA corps waiting to drop`);
      if (!dropHexOk(map, s, cmd.hex)) throw new RuleError('ILLEGAL', '5.3', `${cmd.hex} is not an empty clear or autobahn hex`);
      em.emit({ type: 'placed', side: 'allied', why: 'drop', units: [[cmd.unit, cmd.hex]] });
    },
    'end-phase': (em, _map, _c, actor, dice) => {
      requireCommand(actor, 'supreme', '5.3', 'the airborne drop');
      advanceStep(em, dice);
    },
  },
};

const GROUP_COMMAND = { US: 'us-12ag', UK: 'uk-21ag' } as const;

export const orderStep = (side: Side): OuStep => ({
  name: side === 'allied' ? 'Allied move/fight declaration (5.4)' : 'Soviet move/fight declaration (5.4)',
  rule: '5.4',
  waiting: (s) =>
    side === 'allied' && s.opt.splitOrder
      ? (['US', 'UK'] as const)
          .filter((g) => !s.order[g])
          .map((g) => ({ side, command: GROUP_COMMAND[g], what: `${g} army group move/fight declaration (5.4)` }))
      : [{ side, command: SUPREME[side], what: 'Move/fight declaration (5.4)' }],
  legal: (s, _map, actor) => {
    const out: LegalAction<Command>[] = [];
    const groups: ('US' | 'UK' | undefined)[] =
      side === 'allied' && s.opt.splitOrder ? (['US', 'UK'] as const).filter((g) => !s.order[g]) : [undefined];
    for (const g of groups) {
      const needed = g ? GROUP_COMMAND[g] : SUPREME[side];
      if (!actor.commands.includes(needed) && !actor.commands.includes(SUPREME[side])) continue;
      for (const o of ['move-fight', 'fight-move'] as const)
        out.push({ command: { type: 'order', order: o, ...(g ? { group: g } : {}) }, label: `${g ?? side}: ${o}`, rule: '5.4' });
    }
    return out;
  },
  on: {
    order: (em, _map, cmd, actor, dice) => {
      const s = em.s;
      if (side === 'allied' && s.opt.splitOrder) {
        if (!cmd.group) throw new RuleError('ILLEGAL', '5.4', 'with the optional rule each army group declares its own order');
        if (s.order[cmd.group]) throw new RuleError('ILLEGAL', '5.4', `the ${cmd.group} army group has declared its order`);
        if (!actor.commands.includes('supreme')) requireCommand(actor, GROUP_COMMAND[cmd.group], '5.4', 'this army group order');
        em.emit({ type: 'order', side, group: cmd.group, order: cmd.order });
        if (em.s.order.US && em.s.order.UK) advanceStep(em, dice);
        return;
      }
      if (cmd.group) throw new RuleError('ILLEGAL', '5.4', 'one order for the whole side (the optional rule is not in play)');
      requireCommand(actor, SUPREME[side], '5.4', 'the move/fight order');
      em.emit({ type: 'order', side, order: cmd.order });
      advanceStep(em, dice);
    },
  },
});
