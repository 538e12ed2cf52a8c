/** Test helpers: synthetic maps and hand-built states (never used by the rules). */
import { buildMap, type MapSpec, type OuMap } from '../map';
import { initialState } from '../evolve';
import { DEFAULT_OPTIONS, makeOperationUnthinkable } from '../index';
import { ALLIED_COMMANDS, SOVIET_COMMANDS } from '../sequence';
import type { Options, State, StepId } from '../types';
import type { Actor } from '../../../core/ruleset';
import { type Expand, expandAction, type Json, type LegalAction, resolveChoice, sameJson } from '../../../core/actions';
import { decideMovePath } from '../movement';

export function testMap(extra: Partial<MapSpec> = {}): OuMap {
  return buildMap({ columns: [10, 42], rows: [5, 44], ...extra });
}

export const ALLIED: Actor = { side: 'allied', commands: ALLIED_COMMANDS };
export const SOVIET: Actor = { side: 'soviet', commands: SOVIET_COMMANDS };

export interface Setup {
  step?: StepId;
  turn?: number;
  line?: 'elbe' | 'mulde';
  /** unit id -> hex (or [hex, steps]) */
  units: Record<string, string | [string, number]>;
  order?: State['order'];
  bnd?: State['bnd'];
  options?: Partial<Options>;
  /** columns <= this are Allied-controlled (default: the frontline) */
  alliedUpTo?: number;
}

export function makeState(map: OuMap, o: Setup): State {
  const s0 = initialState();
  const u = { ...s0.u };
  for (const id of Object.keys(u)) if (u[id].at === 'setup') u[id] = { ...u[id], at: 'dead' };
  for (const [id, v] of Object.entries(o.units)) {
    if (!u[id]) throw new Error(`no unit ${id}`);
    const [at, s] = Array.isArray(v) ? v : [v, u[id].s];
    u[id] = { at, s };
  }
  const line = o.line ?? 'elbe';
  const ctl = map.ids
    .map((_, i) => (o.alliedUpTo !== undefined ? (map.col[i] <= o.alliedUpTo ? 'a' : 's') : map.frontline[line][i] ? 'a' : 's'))
    .join('');
  return {
    ...s0,
    u,
    ctl,
    line,
    lineDie: line === 'elbe' ? 2 : 5,
    opt: { ...DEFAULT_OPTIONS, ...o.options },
    lastTurn: o.options?.tenTurns ? 10 : 8,
    turn: o.turn ?? 1,
    step: o.step ?? 'allied-1',
    order: o.order ?? { allied: 'move-fight', soviet: 'move-fight' },
    bnd: o.bnd ?? null,
    recyc: [],
  };
}

export function game(map: OuMap) {
  return makeOperationUnthinkable(map);
}

/** A move along a hand-made path, checked by the same walk decide() uses (rules tests of 7.0, 8.2, 10.x). */
export function walkMove(rs: { map: OuMap }, s: State, units: string[], path: string[], actor: Actor) {
  return decideMovePath(rs.map, s, actor, units, path);
}

/** The values legal() offers for the second choice of an action of this type, once its first choice is `first`. */
export function nextOptions(actions: readonly LegalAction[], type: string, first: Json, expand?: Expand): string[] {
  const a = actions.find((x) => x.command.type === type && x.choices);
  if (!a?.choices) return [];
  const ch = expandAction(a).choices?.[0];
  const o = ch?.options.find((x) => sameJson(x.value, first));
  const next = o?.next?.[0];
  if (!ch || !next) return [];
  return resolveChoice(a, next, expand, { [ch.field]: first }).options.map((x) => String(x.value));
}
