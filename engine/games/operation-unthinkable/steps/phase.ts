/**
 * A player's Movement and Combat Phases (5.4, 10.0, 11.0): moves (a stack or part of it, then where to), attack
 * declarations (a target, then the attackers), and the end of the phase with its checks (7.1.2, 3.4 b) and the
 * removal of excess units from overstacked hexes (7.0).
 */
import type { ChoiceOption, LegalAction } from '../../../core/actions';
import { RuleError } from '../../../core/errors';
import type { Actor } from '../../../core/ruleset';
import type { Step } from '../../../core/steps';
import { board, onMap, other } from '../board';
import { declareAttack } from '../combat';
import type { Command } from '../commands';
import { isAirborne, isArtillery, tables, unitDef } from '../data';
import { hexDistance, type OuMap } from '../map';
import { covers, decideMoveTo, moveChoices, movableGroups, phaseKind, reachable, subsets } from '../movement';
import { alliedPositions, p2cGermanClash } from '../placement';
import { type Em, owesReady, overstacked, readyWaiting, sayReady } from '../sequence';
import type { Event, Side, State } from '../types';

type OuStep = Step<State, Command, Event, OuMap>;

const RANGE = tables.artilleryRange.value;
const names = (ids: readonly string[]) => ids.map((id) => unitDef(id).name).join(', ');

// ---------------------------------------------------------------- movement (10.0)
/** The lazy option list of a move's destinations: asked for one set of units (Ruleset.choiceOptions). */
export const REACH = 'reach';

/**
 * A set of units, then where it may go (10.0). The sets are every non-empty part of each stack that may move (10.1),
 * listed at once; each set's destinations are a lazy choice (actions.ts `lazy`), computed for the set a player picks
 * (reachOptions), so legal() never runs reachable() for every set. A set that turns out to have nowhere to go opens
 * no destination.
 */
function moveAction(s: State, actor: Actor): LegalAction<Command> | null {
  const options: ChoiceOption[] = [];
  for (const grp of movableGroups(s, actor))
    for (const units of subsets(grp))
      options.push({
        value: units,
        label: names(units),
        hex: s.u[units[0]].at,
        next: [{ field: 'to', label: 'To', pick: 'one', options: [], lazy: REACH }],
      });
  if (!options.length) return null;
  return {
    command: { type: 'move' } as Command,
    label: 'Move',
    rule: '10.0',
    choices: [{ field: 'units', label: 'Units', pick: 'one', options }],
  };
}

/** The destinations of a set of units (the lazy choice of moveAction), with their movement points as hints. */
export function reachOptions(map: OuMap, s: State, actor: Actor, units: unknown): ChoiceOption[] {
  if (!Array.isArray(units) || !units.every((u) => typeof u === 'string' && s.u[u])) return [];
  return [...reachable(map, s, actor, units as string[])].map(([to, r]) => ({
    value: to,
    label: to === 'exit' ? 'off the map' : to,
    ...(to === 'exit' ? {} : { hex: to }),
    hint: { mp: r.cost / 2 },
  }));
}

// ---------------------------------------------------------------- attacks (11.0-11.2)
/** May this unit attack `target` now, as far as the unit itself goes (11.0, 3.4, 9.4.2, 5.0, 5.4)? */
function canAttack(map: OuMap, s: State, actor: Actor, id: string, t: number): boolean {
  const b = board(map, s);
  const d = unitDef(id);
  const side = actor.side as Side;
  if (!covers(actor, d) || s.ph.attacked.includes(id) || s.ph.ready.includes(d.cmd) || s.wrong[id]) return false;
  if (phaseKind(s, side, d.ag) !== 'combat' || !onMap(s.u[id].at)) return false;
  const at = b.idx(s.u[id].at);
  if (!map.nb[at].includes(t)) return false;
  if (b.lakeBetween(at, t) && !b.unitsAt(at).some((u) => unitDef(u).special === '79th')) return false;
  if (!b.regionOk(d, map.ids[t])) return false;
  return !(side === 'soviet' && isArtillery(d) && !b.inSupply(id));
}

/** Soviet artillery that may fire into `target` from range (11.1): not adjacent, within 3 hexes, in supply. */
function rangedArtillery(map: OuMap, s: State, actor: Actor, t: number): string[] {
  if (actor.side !== 'soviet' || phaseKind(s, 'soviet', null) !== 'combat') return [];
  const b = board(map, s);
  return Object.keys(s.u).filter((id) => {
    const d = unitDef(id);
    if (!isArtillery(d) || !covers(actor, d) || !onMap(s.u[id].at) || s.ph.attacked.includes(id) || s.ph.ready.includes(d.cmd))
      return false;
    const at = b.idx(s.u[id].at);
    return !map.nb[at].includes(t) && at !== t && hexDistance(s.u[id].at, map.ids[t]) <= RANGE && b.inSupply(id);
  });
}

/** The allied attacker groups that may fight together (11.0, 7.1.2): US with the 1AAA, UK with it, Germans alone. */
function alliedClass(id: string): 'US' | 'UK' | 'DE' | 'AAA' {
  const d = unitDef(id);
  if (isAirborne(d)) return 'AAA';
  if (d.nat === 'DE') return 'DE';
  return d.ag === 'US' ? 'US' : 'UK';
}

function attackActions(map: OuMap, s: State, actor: Actor): LegalAction<Command>[] {
  const b = board(map, s);
  const side = actor.side as Side;
  const out: LegalAction<Command>[] = [];
  const targets = new Set<number>();
  for (const [id, u] of Object.entries(s.u)) {
    if (!onMap(u.at) || unitDef(id).side !== side) continue;
    for (const n of map.nb[b.idx(u.at)]) if (b.occupant(n) === other(side)) targets.add(n);
  }
  const opt = (id: string): ChoiceOption => ({ value: id, label: unitDef(id).name, hex: s.u[id].at });
  const some = (field: string, label: string, ids: string[], extra: { atLeastOne?: string[] } = {}) => ({
    field,
    label,
    pick: 'some' as const,
    options: ids.map(opt),
    ...(extra.atLeastOne ? { atLeastOne: extra.atLeastOne } : {}),
  });
  for (const t of [...targets].sort((x, y) => x - y)) {
    const target = map.ids[t];
    if (!b.unitsAt(t).some((id) => !s.ph.defended.includes(id))) continue; // 11.0: each unit attacked once per phase
    const adj = map.nb[t].flatMap((n) => b.unitsAt(n)).filter((id) => canAttack(map, s, actor, id, t));
    if (!adj.length) continue;
    const label = `Attack ${target}`;
    if (side === 'soviet') {
      const ground = adj.filter((id) => !isArtillery(unitDef(id)));
      if (!ground.length) continue; // ruling A17: at least one non-artillery unit
      const units = some('units', 'Attackers', adj, adj.length > ground.length ? { atLeastOne: ground } : {});
      out.push({ command: { type: 'attack', target } as Command, label, rule: '11.2', choices: [units] });
      const art = rangedArtillery(map, s, actor, t);
      if (art.length)
        out.push({
          command: { type: 'attack', target } as Command,
          label: `${label} with artillery support`,
          rule: '11.1',
          choices: [units, some('artillery', 'Artillery at range', art)],
        });
      continue;
    }
    const free = (['US', 'UK'] as const).filter((m) => !s.ph.bombers.includes(m));
    const aaa = adj.filter((id) => alliedClass(id) === 'AAA');
    const groups: [string[], ('US' | 'UK')[]][] = [
      [adj.filter((id) => ['US', 'AAA'].includes(alliedClass(id))), ['US']],
      [adj.filter((id) => ['UK', 'AAA'].includes(alliedClass(id))), ['UK']],
      [adj.filter((id) => alliedClass(id) === 'DE'), ['UK']],
      [aaa, ['US', 'UK']],
    ];
    for (const [ids, markers] of groups) {
      if (!ids.length) continue;
      if (ids !== aaa)
        out.push({ command: { type: 'attack', target } as Command, label, rule: '11.2', choices: [some('units', 'Attackers', ids)] });
      for (const m of markers.filter((x) => free.includes(x)))
        out.push({
          command: { type: 'attack', target, bomber: m } as Command,
          label: `${label} with the ${m} heavy bombers`,
          rule: '11.2',
          choices: [some('units', 'Attackers', ids)],
        });
    }
  }
  return out;
}

// ---------------------------------------------------------------- end of the phase (7.1.2, 3.4)
/** End-of-movement checks (7.1.2, 3.4 b) for the actor's units in a Movement Phase. */
export function endPhaseChecks(map: OuMap, s: State, actor: Actor): void {
  if (actor.side !== 'allied') return;
  const b = board(map, s);
  const moving = (id: string) => phaseKind(s, 'allied', unitDef(id).ag) === 'move';
  const movable = new Map<string, Set<string>>();
  const canStill = (id: string) => {
    if (s.ph.done.includes(id)) return false;
    const cmd = unitDef(id).cmd;
    let set = movable.get(cmd);
    if (!set) movable.set(cmd, (set = new Set(moveChoices(map, s, { side: 'allied', commands: [cmd] }).flatMap((o) => o.units))));
    return set.has(id);
  };
  const pos = alliedPositions(s);
  if (p2cGermanClash(map, pos)) {
    // 7.1.2: refuse while an offending unit could still move away (a clash no one can undo stands)
    const offenders = [...pos].filter(([id, h]) => {
      const n = unitDef(id).nat;
      if (n !== 'PL2' && n !== 'DE') return false;
      const foe = n === 'PL2' ? 'DE' : 'PL2';
      return map.nb[b.idx(h)].some((i) => b.unitsAt(i).some((u) => unitDef(u).nat === foe));
    });
    if (offenders.some(([id]) => moving(id) && canStill(id)))
      throw new RuleError('ILLEGAL', '7.1.2', 'Polish 2nd Corps and German units may not end the Movement Phase next to each other');
  }
  for (const [id, w] of Object.entries(s.wrong)) {
    if (w !== 'b' || !moving(id) || s.ph.used[id]) continue;
    if (canStill(id))
      throw new RuleError('ILLEGAL', '3.4', `${unitDef(id).name} must move back toward its own side of the army group line`);
  }
}

export const phaseStep = (side: Side, name: string): OuStep => ({
  name,
  rule: '5.4',
  waiting: (s) => readyWaiting(s, side, name),
  legal: (s, map, actor) => {
    const out: LegalAction<Command>[] = [];
    const move = moveAction(s, actor);
    if (move) out.push(move);
    out.push(...attackActions(map, s, actor));
    if (owesReady(s, actor)) {
      try {
        endPhaseChecks(map, s, actor);
        out.push({ command: { type: 'end-phase' }, label: 'End phase', rule: '5.1' });
      } catch {
        /* obligations remain */
      }
    }
    return out;
  },
  on: {
    move: (em, map, cmd, actor) => em.emitAll(decideMoveTo(map, em.s, actor, cmd.units, cmd.to)),
    attack: (em, map, cmd, actor) => {
      const c = declareAttack(map, em.s, actor, cmd.target, cmd.units, cmd.artillery ?? [], cmd.bomber ?? null);
      em.emit({ type: 'declared', attackers: [...c.att, ...c.art], defenders: c.def });
      em.emit({ type: 'combat', combat: c });
    },
    'end-phase': (em, map, _c, actor) => {
      if (!owesReady(em.s, actor)) throw new RuleError('ILLEGAL', '5.0', 'your commands have ended this phase');
      endPhaseChecks(map, em.s, actor);
      sayReady(em, actor);
    },
  },
});

// ---------------------------------------------------------------- 7.0 excess units
/** The side owning the first overstacked hex, which must remove units from it. */
export function overstackOwner(map: OuMap, s: State): Side | null {
  const o = overstacked(map, s)[0];
  return o ? unitDef(o.units[0]).side : null;
}

export const removalStep: OuStep = {
  name: 'End of phase: excess units removed (7.0)',
  rule: '7.0',
  waiting: (s, map) => {
    const side = overstackOwner(map, s);
    return side ? [{ side, what: 'remove units from overstacked hexes (7.0)' }] : [];
  },
  legal: (s, map, actor) => {
    const ids = overstacked(map, s)
      .filter((o) => unitDef(o.units[0]).side === actor.side)
      .flatMap((o) => o.units)
      .filter((id) => covers(actor, unitDef(id)) || actor.commands.includes(actor.side === 'allied' ? 'supreme' : 'stavka'));
    return ids.map((id) => ({ command: { type: 'remove', unit: id }, label: `Remove ${unitDef(id).name} (${s.u[id].at})`, rule: '7.0' }));
  },
  on: {
    remove: (em: Em, map, cmd, actor) => {
      const s = em.s;
      const d = unitDef(cmd.unit);
      const o = overstacked(map, s).find((x) => x.units.includes(cmd.unit));
      if (!o) throw new RuleError('ILLEGAL', '7.0', `${d.name} is not in an overstacked hex`);
      if (d.side !== actor.side) throw new RuleError('FORBIDDEN', '7.0', 'the owning player chooses which of its units to remove');
      if (!covers(actor, d) && !actor.commands.includes(actor.side === 'allied' ? 'supreme' : 'stavka'))
        throw new RuleError('FORBIDDEN', '3.4', `${d.name} belongs to command ${d.cmd}, which you do not hold`);
      em.emit({
        type: 'eliminated',
        unit: cmd.unit,
        oos: !board(map, s).inSupply(cmd.unit),
        why: 'overstacked at the end of the phase (7.0)',
      });
    },
  },
};
