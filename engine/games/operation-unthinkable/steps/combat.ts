/**
 * A declared combat's sub-steps (11.1-11.4), each waiting for one side: defensive artillery (11.1), step losses
 * and the bloodbath choices (11.3 BB), the retreat (11.3 DR), the advance (11.4). What needs no choice happens by
 * itself (autoCombat).
 */
import type { LegalAction } from '../../../core/actions';
import type { DiceSource } from '../../../core/dice';
import { RuleError } from '../../../core/errors';
import type { Actor } from '../../../core/ruleset';
import type { Step } from '../../../core/steps';
import { other } from '../board';
import { defensiveSupportOptions, involved, lossCandidates, resolve, totalSteps } from '../combat';
import { advanceCandidates, decideAdvanceOne, decideRetreatOne, retreatHexes, retreatPlan } from '../retreat';
import type { Command } from '../commands';
import { isArtillery, unitDef } from '../data';
import type { OuMap } from '../map';
import { requireCovers } from '../movement';
import { type Em, SUPREME } from '../sequence';
import type { Combat, Event, Side, State } from '../types';

type OuStep = Step<State, Command, Event, OuMap>;

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

/** The side's supreme command decides for any unit; a front or army group only for its own (team play). */
function mayDecide(actor: Actor, ids: readonly string[]): boolean {
  return actor.commands.includes(SUPREME[actor.side as Side]) || ids.every((id) => actor.commands.includes(unitDef(id).cmd));
}

function requireDecider(actor: Actor, side: Side, ids: string[], rule: string): void {
  if (actor.side !== side) throw new RuleError('FORBIDDEN', rule, `the ${side} player decides this`);
  if (actor.commands.includes(SUPREME[side])) return;
  requireCovers(actor, ids, rule, rule);
}

const pending = (s: State): Combat => {
  if (!s.combat) throw new RuleError('ILLEGAL', '11.0', 'no combat is pending');
  return s.combat;
};

export const combatStep: OuStep = {
  name: 'Combat (11.0)',
  rule: '11.0',
  waiting: (s) => {
    const c = pending(s);
    return [{ side: combatSide(c), what: `combat at ${c.target}: ${c.stage}` }];
  },
  legal: (s, map, actor) => {
    const c = pending(s);
    const out: LegalAction<Command>[] = [];
    const one = (ids: string[]) => ids.filter((id) => mayDecide(actor, [id]));
    switch (c.stage) {
      case 'support': {
        const opts = one(defensiveSupportOptions(map, s, c));
        out.push({ command: { type: 'support', artillery: [] }, label: 'No artillery support', rule: '11.1' });
        if (opts.length)
          out.push({
            command: { type: 'support' } as Command,
            label: 'Support with artillery',
            rule: '11.1',
            choices: [
              {
                field: 'artillery',
                label: 'Artillery',
                pick: 'some',
                options: opts.map((id) => ({ value: id, label: unitDef(id).name, hex: s.u[id].at })),
              },
            ],
          });
        break;
      }
      case 'loss':
        for (const id of one(lossCandidates(s, c, c.losses[0])))
          out.push({ command: { type: 'loss', unit: id }, label: `Step loss: ${unitDef(id).name}`, rule: '11.3' });
        break;
      case 'bb-att':
        out.push({ command: { type: 'bb-extra', unit: null }, label: 'Stop the bloodbath', rule: '11.3' });
        for (const id of one(lossCandidates(s, c, 'att')))
          out.push({ command: { type: 'bb-extra', unit: id }, label: `Press on, losing a step of ${unitDef(id).name}`, rule: '11.3' });
        break;
      case 'bb-def': {
        for (const id of one(lossCandidates(s, c, 'def')))
          out.push({ command: { type: 'bb-defend', unit: id }, label: `Hold, losing a step of ${unitDef(id).name}`, rule: '11.3' });
        if (mayDecide(actor, involved(s, c, 'def')))
          out.push({ command: { type: 'bb-defend', retreat: true }, label: 'Retreat one hex', rule: '11.3' });
        break;
      }
      case 'retreat': {
        const options = retreatPlan(map, s, c)
          .ids.filter((id) => mayDecide(actor, [id]))
          .map((id) => ({
            value: id,
            label: unitDef(id).name,
            next: [
              {
                field: 'hex',
                label: 'Retreat into',
                pick: 'one' as const,
                options: retreatHexes(map, s, c, id).map((h) => ({ value: h, label: h, hex: h })),
              },
            ],
          }))
          .filter((o) => o.next[0].options.length);
        if (options.length)
          out.push({
            command: { type: 'retreat' } as Command,
            label: 'Retreat one hex',
            rule: '11.3',
            choices: [{ field: 'unit', label: 'Unit', pick: 'one', options }],
          });
        break;
      }
      case 'advance': {
        out.push({ command: { type: 'stay' }, label: 'Do not advance (further)', rule: '11.4' });
        for (const id of one(advanceCandidates(map, s, c)))
          out.push({ command: { type: 'advance', unit: id }, label: `Advance ${unitDef(id).name}`, rule: '11.4' });
        break;
      }
    }
    return out;
  },
  on: {
    support: (em, map, cmd, actor, dice) => {
      const c = pending(em.s);
      if (c.stage !== 'support') throw new RuleError('ILLEGAL', '11.1', 'no defensive support is being asked for');
      const opts = defensiveSupportOptions(map, em.s, c);
      if (new Set(cmd.artillery).size !== cmd.artillery.length) throw new RuleError('ILLEGAL', '11.1', 'name each artillery unit once');
      for (const id of cmd.artillery) if (!opts.includes(id)) throw new RuleError('ILLEGAL', '11.1', `${id} cannot support this defense`);
      requireDecider(actor, 'soviet', cmd.artillery, '11.1');
      if (cmd.artillery.length) em.emit({ type: 'support-used', artillery: cmd.artillery });
      em.emitAll(resolve(map, em.s, { ...c, dart: [...cmd.artillery] }, dice));
    },
    loss: (em, _map, cmd, actor) => {
      const c = pending(em.s);
      if (!(c.stage === 'loss' && c.losses.length > 0)) throw new RuleError('ILLEGAL', '11.3', 'no step loss is pending');
      if (!lossCandidates(em.s, c, c.losses[0]).includes(cmd.unit))
        throw new RuleError('ILLEGAL', '11.3', 'that unit may not take this loss (two-step units first)');
      requireDecider(actor, combatSide(c), [cmd.unit], '11.3');
      em.emit({ type: 'loss', unit: cmd.unit, oos: c.oos.includes(cmd.unit), why: c.result ?? '' });
      em.emit({ type: 'combat', combat: { ...c, losses: c.losses.slice(1) } });
    },
    'bb-extra': (em, _map, cmd, actor) => {
      const c = pending(em.s);
      if (c.stage !== 'bb-att') throw new RuleError('ILLEGAL', '11.3', 'no bloodbath choice is pending');
      requireDecider(actor, c.side, cmd.unit === null ? [] : [cmd.unit], '11.3');
      if (cmd.unit === null) {
        em.emit({ type: 'combat', combat: null });
        return;
      }
      if (!(totalSteps(em.s, involved(em.s, c, 'att')) > 1))
        throw new RuleError('ILLEGAL', '11.3', 'the attacker may not give up its last step');
      if (!lossCandidates(em.s, c, 'att').includes(cmd.unit)) throw new RuleError('ILLEGAL', '11.3', 'that unit may not take this loss');
      em.emit({ type: 'loss', unit: cmd.unit, oos: c.oos.includes(cmd.unit), why: 'BB' });
      em.emit({ type: 'combat', combat: { ...c, stage: 'bb-def' } });
    },
    'bb-defend': (em, _map, cmd, actor) => {
      const s = em.s;
      const c = pending(s);
      if (c.stage !== 'bb-def') throw new RuleError('ILLEGAL', '11.3', 'no bloodbath choice is pending');
      const def = other(c.side);
      if (cmd.retreat && cmd.unit) throw new RuleError('ILLEGAL', '11.3', 'either lose a step or retreat, not both');
      if (cmd.retreat) {
        requireDecider(actor, def, involved(s, c, 'def'), '11.3');
        // ruling A24: artillery that cannot retreat is eliminated
        for (const id of involved(s, c, 'def').filter((x) => isArtillery(unitDef(x))))
          em.emit({ type: 'eliminated', unit: id, oos: c.oos.includes(id), why: 'BB retreat: artillery cannot retreat' });
        em.emit({ type: 'combat', combat: { ...c, stage: 'retreat', after: 'advance' } });
        return;
      }
      if (!cmd.unit || !lossCandidates(s, c, 'def').includes(cmd.unit))
        throw new RuleError('ILLEGAL', '11.3', 'name a unit to lose a step, or retreat');
      requireDecider(actor, def, [cmd.unit], '11.3');
      em.emit({ type: 'loss', unit: cmd.unit, oos: c.oos.includes(cmd.unit), why: 'BB' });
      em.emit({ type: 'combat', combat: { ...c, stage: 'bb-att' } });
    },
    retreat: (em, map, cmd, actor) => {
      const c = pending(em.s);
      if (c.stage !== 'retreat') throw new RuleError('ILLEGAL', '11.3', 'no retreat is pending');
      requireDecider(actor, other(c.side), [cmd.unit], '11.3');
      em.emitAll(decideRetreatOne(map, em.s, c, cmd.unit, cmd.hex));
    },
    advance: (em, map, cmd, actor) => {
      const c = pending(em.s);
      if (c.stage !== 'advance') throw new RuleError('ILLEGAL', '11.4', 'no advance is pending');
      requireDecider(actor, c.side, [cmd.unit], '11.4');
      em.emitAll(decideAdvanceOne(map, em.s, c, cmd.unit));
    },
    stay: (em, _map, _c, actor) => {
      const c = pending(em.s);
      if (c.stage !== 'advance') throw new RuleError('ILLEGAL', '11.4', 'no advance is pending');
      requireDecider(actor, c.side, [], '11.4');
      em.emit({ type: 'combat', combat: null });
    },
  },
};

/** What a pending combat does by itself (forced losses, stages nobody needs to choose in); nothing when it waits. */
export function autoCombat(em: Em, map: OuMap, dice: DiceSource): void {
  const s = em.s;
  const c = pending(s);
  const set = (patch: Partial<Combat>) => em.emit({ type: 'combat', combat: { ...c, ...patch } });
  switch (c.stage) {
    case 'support':
      if (!defensiveSupportOptions(map, s, c).length) em.emitAll(resolve(map, s, c, dice));
      return;
    case 'loss': {
      if (!c.losses.length) {
        const defLeft = involved(s, c, 'def').length;
        const attLeft = involved(s, c, 'att').length;
        if (c.after === 'end') {
          em.emit({ type: 'combat', combat: null });
          return;
        }
        if (c.after === 'advance' || !defLeft) {
          set({ stage: 'advance' });
          return;
        }
        if (c.after === 'bb-att') {
          if (attLeft) set({ stage: 'bb-att' });
          else em.emit({ type: 'combat', combat: null });
          return;
        }
        set({ stage: c.after });
        return;
      }
      const cands = lossCandidates(s, c, c.losses[0]);
      if (cands.length === 0) {
        set({ losses: c.losses.slice(1) });
        return;
      }
      if (cands.length === 1) {
        em.emit({ type: 'loss', unit: cands[0], oos: c.oos.includes(cands[0]), why: c.result ?? '' });
        set({ losses: c.losses.slice(1) });
      }
      return;
    }
    case 'bb-att':
      if (!involved(s, c, 'def').length) {
        set({ stage: 'advance' });
        return;
      }
      if (totalSteps(s, involved(s, c, 'att')) <= 1) em.emit({ type: 'combat', combat: null });
      return;
    case 'bb-def':
      if (!involved(s, c, 'def').length) set({ stage: 'advance' });
      return;
    case 'retreat': {
      const plan = retreatPlan(map, s, c);
      if (!plan.ids.length) {
        set({ stage: 'advance', rt: undefined });
        return;
      }
      if (c.rt === undefined) {
        set({ rt: plan.together });
        return;
      }
      // 11.3 DR: a unit with no hex to retreat into is eliminated
      for (const id of plan.ids)
        if (!retreatHexes(map, s, c, id).length)
          em.emit({ type: 'eliminated', unit: id, oos: c.oos.includes(id), why: 'no hex to retreat into' });
      return;
    }
    case 'advance':
      if (!advanceCandidates(map, s, c).length) em.emit({ type: 'combat', combat: null });
      return;
  }
}
