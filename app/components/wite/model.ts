/**
 * Client-side reading of the War in the East view and legal actions: units by hex, and the engine's offered
 * moves (a unit, then its destinations with costs), forced marches and attacks indexed for the map. Display only:
 * the engine decides what is allowed.
 */
import { expandAction, type LegalAction } from '../../../engine/core/actions';
import type { State as View } from '../../../engine/games/war-in-the-east/state';
import type { LegalActionData } from '../boards';

export type { View };

export interface Dest {
  cost: number;
  minimum: boolean;
}

export interface LegalIndex {
  /** unit id -> destination hex -> cost (from the 'Move a unit' action). */
  moves: Map<string, Map<string, Dest>>;
  /** The same for the infantry forced march (5.6). */
  forced: Map<string, Map<string, Dest>>;
  /** Hex attacked -> its attack action (attackers still to pick). */
  attacks: Map<string, LegalActionData>;
  /** Everything else (end the phase, ...), as buttons. */
  other: LegalActionData[];
}

function destinationsOf(a: LegalActionData): Map<string, Map<string, Dest>> {
  const out = new Map<string, Map<string, Dest>>();
  const x = expandAction(a as LegalAction);
  for (const o of x.choices?.[0]?.options ?? []) {
    const d = new Map<string, Dest>();
    for (const t of o.next?.[0]?.options ?? [])
      d.set(String(t.value), { cost: Number(t.hint?.cost ?? 0), minimum: t.hint?.minimum === true });
    out.set(String(o.value), d);
  }
  return out;
}

export function indexLegal(legal: LegalActionData[]): LegalIndex {
  const idx: LegalIndex = { moves: new Map(), forced: new Map(), attacks: new Map(), other: [] };
  for (const a of legal) {
    if (a.command.type === 'move' && a.choices?.length) {
      if (a.command.forced) idx.forced = destinationsOf(a);
      else idx.moves = destinationsOf(a);
    } else if (a.command.type === 'attack' && typeof a.command.hex === 'string') idx.attacks.set(a.command.hex, a);
    else idx.other.push(a);
  }
  return idx;
}

export interface Counter {
  id: string;
  type: string;
  side: 'axis' | 'soviet';
  label: string;
  kg: boolean;
  at: string;
  nat: string;
}

export function stacks(view: View, natOf: (type: string) => string): Map<string, Counter[]> {
  const m = new Map<string, Counter[]>();
  for (const [id, u] of Object.entries(view.units)) {
    if (u.at === null) continue;
    const c: Counter = { id, type: u.type, side: u.side, label: u.label, kg: u.kg, at: u.at, nat: natOf(u.type) };
    const l = m.get(u.at);
    if (l) l.push(c);
    else m.set(u.at, [c]);
  }
  return m;
}

export const SIDE_NAME: Record<string, string> = { axis: 'Axis', soviet: 'Russian' };
