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
  /**
   * unit id -> destination hex -> cost (from the 'Move a unit' action); null when the destinations are a lazy
   * choice, asked for the selected unit through game.choices (the list named in `lazy.moves`).
   */
  moves: Map<string, Map<string, Dest> | null>;
  /** The same for the infantry forced march (5.6). */
  forced: Map<string, Map<string, Dest> | null>;
  /** The names of the lazy destination lists, when the destinations are asked for. */
  lazy: { moves?: string; forced?: string };
  /** Hex attacked -> its attack action (attackers still to pick). */
  attacks: Map<string, LegalActionData>;
  /** Everything else (end the phase, ...), as buttons. */
  other: LegalActionData[];
}

/** Destination options (a 'to' choice, listed or asked for) as hex -> cost. */
export function destsOf(options: readonly { value: unknown; hint?: Record<string, unknown> }[]): Map<string, Dest> {
  const d = new Map<string, Dest>();
  for (const t of options) d.set(String(t.value), { cost: Number(t.hint?.cost ?? 0), minimum: t.hint?.minimum === true });
  return d;
}

function destinationsOf(a: LegalActionData): { units: Map<string, Map<string, Dest> | null>; lazy?: string } {
  const units = new Map<string, Map<string, Dest> | null>();
  let lazy: string | undefined;
  const x = expandAction(a as LegalAction);
  for (const o of x.choices?.[0]?.options ?? []) {
    const to = o.next?.[0];
    if (to?.lazy) {
      lazy = to.lazy;
      units.set(String(o.value), null);
    } else units.set(String(o.value), destsOf(to?.options ?? []));
  }
  return { units, lazy };
}

export function indexLegal(legal: LegalActionData[]): LegalIndex {
  const idx: LegalIndex = { moves: new Map(), forced: new Map(), lazy: {}, attacks: new Map(), other: [] };
  for (const a of legal) {
    if (a.command.type === 'move' && a.choices?.length) {
      const d = destinationsOf(a);
      if (a.command.forced) [idx.forced, idx.lazy.forced] = [d.units, d.lazy];
      else [idx.moves, idx.lazy.moves] = [d.units, d.lazy];
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
