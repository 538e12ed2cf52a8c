/**
 * Set-up (3.3-3.7): the army group line (3.4, also at the start of each later turn), the Soviet and Allied
 * deployments west and east of the frontline (3.5, 3.6), the Soviet maskirovka (3.7).
 */
import type { LegalAction } from '../../../core/actions';
import { RuleError } from '../../../core/errors';
import type { Actor } from '../../../core/ruleset';
import type { Step } from '../../../core/steps';
import { board, onMap, stackOk } from '../board';
import type { Command, CommandOf } from '../commands';
import { isAirborne, stackValue, UNITS, unitDef } from '../data';
import { idToAxial, type OuMap, parseId } from '../map';
import { covers, requireCovers } from '../movement';
import { kindHexes, unitToHex } from '../placement';
import { advanceStep, type Em, owesReady, readyWaiting, sayReady } from '../sequence';
import type { BoundaryKind, Event, Placement, Side, State } from '../types';

type OuStep = Step<State, Command, Event, OuMap>;

export function requireCommand(actor: Actor, cmd: string, rule: string, what: string): void {
  if (!actor.commands.includes(cmd)) throw new RuleError('FORBIDDEN', rule, `${what} is decided by the ${cmd} command`);
}

// ---------------------------------------------------------------- 3.4 army group line
const KINDS: BoundaryKind[] = ['row', 'sw-ne', 'nw-se'];
const KIND_WORD: Record<BoundaryKind, string> = {
  row: 'along a hex row',
  'sw-ne': 'south-west to north-east',
  'nw-se': 'north-west to south-east',
};

/** The number that places a hex relative to a line of this kind (board.ts boundarySide compares the same). */
function lineKey(kind: BoundaryKind, hex: string): number {
  if (kind === 'row') return parseId(hex).row;
  const h = idToAxial(hex);
  return kind === 'sw-ne' ? h.q + h.r : h.r;
}

const SUGGESTED: { kind: BoundaryKind; hex: string }[] = [
  { kind: 'row', hex: '1021' },
  { kind: 'row', hex: '1018' },
  { kind: 'row', hex: '1025' },
  { kind: 'row', hex: '1030' },
  { kind: 'sw-ne', hex: '1019' },
  { kind: 'nw-se', hex: '1015' },
];

const roomCache = new WeakMap<OuMap, Map<string, boolean>>();

/** Ruling (set-up): the first line must leave each army group room to set up west of the frontline (3.4, 3.6). */
export function setupRoom(map: OuMap, s: State, bnd: { kind: BoundaryKind; hex: string }): boolean {
  let cache = roomCache.get(map);
  if (!cache) roomCache.set(map, (cache = new Map()));
  const key = `${s.line}|${bnd.kind}|${lineKey(bnd.kind, bnd.hex)}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const b = board(map, { ...s, bnd });
  const fl = map.frontline[s.line ?? 'elbe'];
  let ok = true;
  for (const ag of ['US', 'UK'] as const) {
    const probe = UNITS.find((d) => d.ag === ag);
    if (!probe) continue;
    const hexes = map.ids.filter((h, i) => fl[i] === 1 && b.regionOk(probe, h)).length;
    const need = UNITS.filter((d) => d.ag === ag).reduce((t, d) => t + stackValue(d), 0);
    if (hexes * 2.5 < need * 1.5 + 5) ok = false;
  }
  cache.set(key, ok);
  return ok;
}

function decideBoundary(em: Em, map: OuMap, cmd: CommandOf<'boundary'>, actor: Actor, dice: Parameters<typeof advanceStep>[1]): void {
  const s = em.s;
  requireCommand(actor, 'supreme', '3.4', 'the army group boundary');
  if (!map.index.has(cmd.hex)) throw new RuleError('ILLEGAL', '3.4', `${cmd.hex} is not on the map`);
  if (s.step === 'boundary0' && !setupRoom(map, s, cmd))
    throw new RuleError('ILLEGAL', '3.6', 'that line leaves an army group no room to set up west of the frontline');
  const b = board(map, { ...s, bnd: { kind: cmd.kind, hex: cmd.hex } });
  const wrong: Record<string, 'a' | 'b'> = {};
  for (const [id, u] of Object.entries(s.u)) {
    const d = unitDef(id);
    if (!onMap(u.at) || d.side !== 'allied' || !d.ag) continue;
    if (!b.regionOk(d, u.at)) wrong[id] = b.adjacentToEnemy('allied', b.idx(u.at)) ? 'b' : 'a';
  }
  em.emit({ type: 'boundary', kind: cmd.kind, hex: cmd.hex, wrong });
  advanceStep(em, dice);
}

export const boundaryStep = (initial: boolean): OuStep => ({
  name: initial ? 'Set-up: army group boundary (3.4)' : 'Start of turn: army group boundary (3.4)',
  rule: '3.4',
  waiting: () => [
    { side: 'allied', command: 'supreme', what: initial ? 'Set-up: army group boundary (3.4)' : 'Army group boundary (3.4)' },
  ],
  legal: (s, map, actor) => {
    if (!actor.commands.includes('supreme')) return [];
    const out: LegalAction<Command>[] = [];
    if (!initial) out.push({ command: { type: 'keep-boundary' }, label: 'Keep the army group line', rule: '3.4' });
    // the usual lines as one-click suggestions; any other line through the form below
    for (const o of SUGGESTED)
      if (!initial || setupRoom(map, s, o))
        out.push({ command: { type: 'boundary', ...o }, label: `Army group line: ${o.kind} through ${o.hex}`, rule: '3.4' });
    const options = KINDS.map((kind) => ({
      value: kind,
      label: `Line ${KIND_WORD[kind]}`,
      next: [
        {
          field: 'hex',
          label: 'Through hex',
          pick: 'one' as const,
          options: map.ids.filter((hex) => !initial || setupRoom(map, s, { kind, hex })).map((h) => ({ value: h, label: h, hex: h })),
        },
      ],
    })).filter((o) => o.next[0].options.length);
    if (options.length)
      out.push({
        command: { type: 'boundary' } as Command,
        label: 'Draw the army group line',
        rule: '3.4',
        choices: [{ field: 'kind', label: 'Direction', pick: 'one', options }],
      });
    return out;
  },
  on: {
    boundary: decideBoundary,
    ...(initial
      ? {}
      : {
          'keep-boundary': (em: Em, _map: OuMap, _c: CommandOf<'keep-boundary'>, actor: Actor, dice: Parameters<typeof advanceStep>[1]) => {
            requireCommand(actor, 'supreme', '3.4', 'the army group boundary');
            advanceStep(em, dice);
          },
        }),
  },
});

// ---------------------------------------------------------------- 3.5, 3.6 deployment
/** Units of this seat that set up on the map and may be (re)placed now. */
function setupUnits(s: State, actor: Actor): string[] {
  return Object.keys(s.u).filter((id) => {
    const d = unitDef(id);
    if (d.side !== actor.side || d.r || isAirborne(d) || !covers(actor, d) || s.ph.ready.includes(d.cmd)) return false;
    const at = s.u[id].at;
    return at === 'setup' || onMap(at);
  });
}

/** Map indices on a side's own side of the frontline. */
function ownSide(map: OuMap, s: State, side: Side): number[] {
  const fl = map.frontline[s.line ?? 'elbe'];
  const want = side === 'allied' ? 1 : 0;
  return map.ids.map((_, i) => i).filter((i) => fl[i] === want);
}

/** Hexes a unit of this kind may set up in now (3.5, 3.6, 3.4, 7.0-7.2, 7.1.2 with ruling A27). */
export function setupHexes(map: OuMap, s: State, unit: string): string[] {
  const d = unitDef(unit);
  return kindHexes(map, s, unit, ownSide(map, s, d.side), d.side === 'allied');
}

/** Greedy placement of the seat's units still in the set-up box (place-all): front first, stacking kept. */
export function greedySetup(map: OuMap, s: State, actor: Actor): Placement[] {
  const side = actor.side as Side;
  const ids = setupUnits(s, actor).filter((id) => s.u[id].at === 'setup');
  const order = ownSide(map, s, side);
  order.sort((a, b) => (side === 'allied' ? map.col[b] - map.col[a] : map.col[a] - map.col[b]) || map.row[a] - map.row[b]);
  const b = board(map, s);
  const occ = new Map<number, string[]>();
  for (const [i, l] of b.occ) occ.set(i, [...l]);
  const natAt = (i: number, nat: string) => (occ.get(i) ?? []).some((u) => unitDef(u).nat === nat);
  const out: Placement[] = [];
  for (const id of ids) {
    const d = unitDef(id);
    const foe = d.nat === 'PL2' ? 'DE' : d.nat === 'DE' ? 'PL2' : null;
    for (const i of order) {
      const here = occ.get(i) ?? [];
      if (here.length && unitDef(here[0]).side !== side) continue;
      if (!stackOk([...here, id]) || !b.regionOk(d, map.ids[i])) continue;
      if (foe && map.nb[i].some((n) => natAt(n, foe))) continue;
      occ.set(i, [...here, id]);
      out.push([id, map.ids[i]]);
      break;
    }
  }
  return out;
}

export const setupStep = (side: Side): OuStep => {
  const rule = side === 'soviet' ? '3.5' : '3.6';
  const name = side === 'soviet' ? 'Set-up: Soviet deployment (3.5)' : 'Set-up: Allied deployment (3.6)';
  return {
    name,
    rule,
    waiting: (s) => readyWaiting(s, side, name),
    legal: (s, map, actor) => {
      const out: LegalAction<Command>[] = [];
      const g = greedySetup(map, s, actor);
      if (g.length) out.push({ command: { type: 'place-all' }, label: `Set up ${g.length} units`, rule });
      const one = unitToHex(s, {
        command: { type: 'place' } as Command,
        label: 'Set up a unit',
        rule,
        units: setupUnits(s, actor),
        hexes: (rep) => setupHexes(map, s, rep),
      });
      if (one) out.push(one);
      const left = setupUnits(s, actor).filter((id) => s.u[id].at === 'setup');
      if (!left.length && owesReady(s, actor)) out.push({ command: { type: 'end-setup' }, label: 'Set-up done', rule });
      return out;
    },
    on: {
      place: (em, map, cmd, actor) => {
        const s = em.s;
        requireCovers(actor, [cmd.unit], rule, '3.0');
        const d = unitDef(cmd.unit);
        if (d.r || isAirborne(d)) throw new RuleError('ILLEGAL', rule, `${d.name} does not set up on the map`);
        if (s.ph.ready.includes(d.cmd)) throw new RuleError('ILLEGAL', '5.0', `${d.name}'s command has finished its set-up`);
        const at = s.u[cmd.unit].at;
        if (at !== 'setup' && !onMap(at)) throw new RuleError('ILLEGAL', rule, `${d.name} does not set up on the map`);
        if (at === cmd.hex) throw new RuleError('ILLEGAL', rule, `${d.name} already stands in ${cmd.hex}`);
        const i = map.index.get(cmd.hex);
        if (i === undefined) throw new RuleError('ILLEGAL', rule, `${cmd.hex} is not on the map`);
        const west = map.frontline[s.line ?? 'elbe'][i] === 1;
        if (side === 'soviet' && west) throw new RuleError('ILLEGAL', '3.5', `${cmd.hex} is west of the frontline`);
        if (side === 'allied' && !west) throw new RuleError('ILLEGAL', '3.6', `${cmd.hex} is east of the frontline`);
        if (!board(map, s).regionOk(d, cmd.hex))
          throw new RuleError('ILLEGAL', '3.4', `${d.name} sets up on its own army group's side of the line`);
        if (!kindHexes(map, s, cmd.unit, [i]).length) throw new RuleError('ILLEGAL', '7.0', `${d.name} cannot stack in ${cmd.hex}`);
        if (side === 'allied' && !kindHexes(map, s, cmd.unit, [i], true).length)
          throw new RuleError('ILLEGAL', '7.1.2', 'Polish 2nd Corps and German units may not set up next to each other (ruling A27)');
        em.emit({ type: 'placed', side, why: 'setup', units: [[cmd.unit, cmd.hex]] });
      },
      'place-all': (em, map, _c, actor) => {
        const g = greedySetup(map, em.s, actor);
        if (!g.length) throw new RuleError('ILLEGAL', rule, 'none of your units waiting to set up fits anywhere');
        em.emit({ type: 'placed', side, why: 'setup', units: g });
      },
      'end-setup': (em, _map, _c, actor) => {
        const left = setupUnits(em.s, actor).filter((id) => em.s.u[id].at === 'setup');
        if (left.length) throw new RuleError('ILLEGAL', rule, `${left.length} of your units are not set up yet`);
        sayReady(em, actor);
      },
    },
  };
};

// ---------------------------------------------------------------- 3.7 maskirovka
function redeployUnits(s: State): string[] {
  const m = s.mask;
  if (!m) return [];
  return Object.keys(s.u).filter(
    (id) => unitDef(id).side === 'soviet' && onMap(s.u[id].at) && (m.moved.includes(id) || m.moved.length < m.n),
  );
}

function redeployHexes(map: OuMap, s: State, unit: string): string[] {
  return kindHexes(
    map,
    s,
    unit,
    map.ids.map((_, i) => i).filter((i) => s.ctl[i] === 's'),
  );
}

export const maskirovkaStep: OuStep = {
  name: 'Set-up: Soviet maskirovka (3.7)',
  rule: '3.7',
  waiting: () => [{ side: 'soviet', command: 'stavka', what: 'Set-up: Soviet maskirovka (3.7)' }],
  legal: (s, map, actor) => {
    if (!actor.commands.includes('stavka')) return [];
    const out: LegalAction<Command>[] = [{ command: { type: 'end-maskirovka' }, label: 'End maskirovka', rule: '3.7' }];
    const one = unitToHex(s, {
      command: { type: 'redeploy' } as Command,
      label: 'Redeploy a unit',
      rule: '3.7',
      units: redeployUnits(s),
      hexes: (rep) => redeployHexes(map, s, rep),
    });
    if (one) out.push(one);
    return out;
  },
  on: {
    redeploy: (em, map, cmd, actor) => {
      const s = em.s;
      requireCommand(actor, 'stavka', '3.7', 'maskirovka');
      const m = s.mask;
      const d = unitDef(cmd.unit);
      if (!m) throw new RuleError('ILLEGAL', '3.7', 'no maskirovka roll');
      if (!(d.side === 'soviet' && onMap(s.u[cmd.unit].at)))
        throw new RuleError('ILLEGAL', '3.7', `${d.name} is not a Soviet unit on the map`);
      if (!(m.moved.includes(cmd.unit) || m.moved.length < m.n)) throw new RuleError('ILLEGAL', '3.7', `the roll allows ${m.n} units`);
      if (s.u[cmd.unit].at === cmd.hex) throw new RuleError('ILLEGAL', '3.7', `${d.name} already stands in ${cmd.hex}`);
      const i = map.index.get(cmd.hex);
      if (!(i !== undefined && s.ctl[i] === 's'))
        throw new RuleError('ILLEGAL', '3.7', `${cmd.hex} is not on the Soviet side of the frontline`);
      if (!kindHexes(map, s, cmd.unit, [i]).length) throw new RuleError('ILLEGAL', '7.0', `${cmd.hex} cannot take ${d.name}`);
      em.emit({ type: 'placed', side: 'soviet', why: 'mask', units: [[cmd.unit, cmd.hex]] });
    },
    'end-maskirovka': (em, _map, _c, actor, dice) => {
      requireCommand(actor, 'stavka', '3.7', 'maskirovka');
      advanceStep(em, dice);
    },
  },
};
