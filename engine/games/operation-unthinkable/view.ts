/** What each viewer may see (hidden information: 3.5.1 face-down set-up, 6.1 blind draws). */
import { onMap } from './board';
import { unitDef } from './data';
import type { Event, State, UnitSt, UnitView, View } from './types';
import { emptyPhase } from './evolve';
import type { Viewer } from '../../core/ruleset';

/** May this viewer identify Soviet units that are still face down? */
export function seesSoviet(viewer: Viewer): boolean {
  return viewer.kind === 'omniscient' || (viewer.kind === 'side' && viewer.side === 'soviet');
}

export const faceDown = (s: State): boolean => s.opt.hidden && !s.revealed;

export function view(s: State, viewer: Viewer): View {
  const hideSet = faceDown(s) && !seesSoviet(viewer);
  const hideDrawn = !seesSoviet(viewer);
  const units: UnitView[] = [];
  const hidden = new Map<string, number>();
  let pool = 0;
  for (const [id, u] of Object.entries(s.u)) {
    const d = unitDef(id);
    if (u.at === 'pool' || (u.at === 'drawn' && hideDrawn)) {
      pool++;
      continue;
    }
    if (d.side === 'soviet' && hideSet && u.at !== 'pool') {
      if (onMap(u.at)) hidden.set(u.at, (hidden.get(u.at) ?? 0) + 1);
      continue;
    }
    units.push({ id, at: u.at, s: u.s });
  }
  return {
    turn: s.turn,
    lastTurn: s.lastTurn,
    step: s.step,
    line: s.line,
    lineDie: s.lineDie,
    boundary: s.bnd,
    control: s.ctl,
    units,
    // by hex: the order units are listed in (the counter manifest's) would say which counter stands first where
    hidden: [...hidden].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([hex, count]) => ({ hex, count })),
    pool,
    combat: s.combat,
    exits: s.exits,
    order: s.order,
    mask: s.mask,
    wrong: s.wrong,
    result: s.result,
    options: s.opt,
    ph: s.ph,
    dropped: s.dropped,
  };
}

export function redact(e: Event, viewer: Viewer, before: State): Event | null {
  if (seesSoviet(viewer)) return e;
  if (e.type === 'placed' && e.side === 'soviet' && faceDown(before)) {
    // 3.5.1: the Allies see where counters stand, not which they are
    // listed by hex: the command's own order (the manifest's, as the offered action lists them) would name them
    return { ...e, units: e.units.map(([, hex]): [string, string] => ['?', hex]).sort((a, b) => (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)) };
  }
  if (e.type === 'drawn') return { ...e, units: [] }; // 6.1: the draw is blind; units show once placed
  return e;
}

/**
 * A State holding only what a view shows, for the pure helpers a board calls with the viewer's own data
 * (reachable(), setupTargets(), attackPreview()). Face-down and pooled units are absent; helpers that would need
 * them say so (attackPreview() takes the count of face-down defenders).
 */
export function viewState(v: View): State {
  const u: Record<string, UnitSt> = {};
  for (const x of v.units) u[x.id] = { at: x.at, s: x.s };
  return {
    v: 1,
    scenario: 'standard',
    opt: v.options,
    turn: v.turn,
    lastTurn: v.lastTurn,
    step: v.step,
    line: v.line,
    lineDie: v.lineDie,
    bnd: v.boundary,
    wrong: v.wrong,
    ctl: v.control,
    u,
    revealed: !v.hidden.length,
    mask: v.mask,
    order: v.order,
    ph: v.ph ?? emptyPhase(),
    dropped: v.dropped ?? {},
    recyc: [],
    exits: v.exits,
    combat: v.combat,
    result: v.result,
  };
}
