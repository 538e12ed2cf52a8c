/**
 * The engine's UI hints (engine/games/eastfront/hints.ts) bound to the Edelweiss board, computed in the
 * browser from the side's own view (docs/decisions.md, "EastFront UI hints"), and their wording.
 */
import { useMemo } from 'react';
import { Board } from '../../../engine/games/eastfront/board';
import type { Side } from '../../../engine/games/eastfront/data';
import { edelweissArea } from '../../../engine/games/eastfront/edelweiss';
import {
  fireHints,
  moveCost,
  rangeHints,
  speedOf,
  type FireHint,
  type HintsData,
  type MoveCost,
  type RangeHint,
} from '../../../engine/games/eastfront/hints';
import { stackLimit } from '../../../engine/games/eastfront/rules';
import { efMap, hexLabel } from './labels';
import type { MoveOption, View, ViewUnit } from './model';

/** The Edelweiss play area (R-EDW-2); the board's playable hexes are these less sea, lake and impassable hexes. */
export const efInPlay = edelweissArea(efMap);
export const efBoard = new Board(efMap, efInPlay);

export interface Hints {
  fire: Map<string, FireHint>;
  range: Map<string, RangeHint>;
}

const NONE: Hints = { fire: new Map(), range: new Map() };

/**
 * The hints the server sent with the view (ruleset.hints, computed from this viewer's own view); computed here
 * from the view only where a page has none from the server (a replay link).
 */
export function useHints(view: View, side?: string, fromServer?: unknown): Hints {
  return useMemo(() => {
    const data = fromServer as HintsData | null | undefined;
    if (data?.fire && data.range)
      return {
        fire: new Map(Object.entries(data.fire)),
        range: new Map(Object.entries(data.range).map(([id, r]) => [id, { ...r, hexes: new Set(r.hexes) }])),
      };
    if (side !== 'german' && side !== 'soviet') return NONE;
    return { fire: fireHints(efBoard, view, side as Side), range: rangeHints(efBoard, view, side as Side) };
  }, [view, side, fromServer]);
}

export function costOf(view: View, unit: ViewUnit, o: MoveOption): MoveCost {
  return moveCost(efBoard, view, unit, o);
}

const fpWord = (fp: string | null, on: number | null) => (fp ? `${fp} (hits on ${on}+)` : 'none');

/** "attack DF (hits on 5+), defence SF (hits on 6+)" plus the reasons and the support in a battle. */
export function fireLine(h: FireHint): string {
  if (!h.off && !h.def) return 'none (HQs never fire, 5.1)';
  const parts = [`attack ${fpWord(h.off, h.offHitsOn)}`, `defence ${fpWord(h.def, h.defHitsOn)}`];
  if (h.hitsPerStep) parts.push(`${h.hitsPerStep} hit${h.hitsPerStep === 1 ? '' : 's'} per enemy step lost here`);
  return parts.join(', ') + (h.notes.length ? ` — ${h.notes.join('; ')}` : '');
}

/** "2 hexes, 1 left · 1 supreme move" for a move button or the hover preview. */
export function costLine(c: MoveCost): string {
  const parts = [
    c.left > 0
      ? `${c.hexes} hex${c.hexes === 1 ? '' : 'es'}, ${c.left} left`
      : `${c.hexes} hex${c.hexes === 1 ? '' : 'es'}${c.stop ? ', stops there' : ', all movement used'}`,
  ];
  if (c.supreme) parts.push(`${c.supreme} supreme move${c.supreme === 1 ? '' : 's'}`);
  return parts.join(' · ');
}

/** Hexes where the side's blocks stand beyond the stacking limit now (6.21), as "Rostov (5 of 4)". */
export function overstackedHexes(view: View, side: string): string[] {
  const n = new Map<string, number>();
  for (const u of view.units) if (u.side === side && u.at && efBoard.has(u.at)) n.set(u.at, (n.get(u.at) ?? 0) + 1);
  return [...n]
    .filter(([hex, k]) => k > stackLimit(efBoard, hex))
    .map(([hex, k]) => `${hexLabel(hex)} (${k} of ${stackLimit(efBoard, hex)})`);
}

export { speedOf };
