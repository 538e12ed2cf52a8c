/**
 * What each viewer sees. In War in the East every counter is face up on the map and both sides may inspect any
 * stack (no rule hides ground units), so the ground state is public. The one hidden thing the rules make is the
 * sealed air commitment of the Joint Air War Turn (12.12): each side writes its commitment secretly and both are
 * revealed together. The Available box does not change until the reveal, so it tells nothing either.
 *
 * hints(): what the board draws beyond legal(), all of it public: both sides' zones of control (8.0), the
 * Personnel Centres and who holds them (31.6), and which values are our substitutes (the UI labels them).
 */
import { seesSide, type Viewer } from '../../core/ruleset';
import { witeBoard } from './board';
import { crt, terrain } from './data';
import { occupancy, sideAt, weather, zocOf } from './rules';
import type { Event, State } from './state';

export type View = State;

/** The viewer's own sealed commitment stays; the other side's is dropped until both are revealed (12.12). */
export function view(s: State, viewer: Viewer): View {
  const sealed: State['sealed'] = {};
  for (const side of ['axis', 'soviet'] as const) if (s.sealed[side] && seesSide(viewer, side)) sealed[side] = s.sealed[side];
  return { ...s, sealed };
}

/** A sealed commitment reaches the other side (and spectators) as the bare fact that it is in. */
export function redact(e: Event, viewer: Viewer, _before: State): Event | null {
  if (e.type === 'airCommitted' && !seesSide(viewer, e.side)) return { type: 'airCommitted', side: e.side };
  return e;
}

export interface WiteHints {
  /** Hexes in each side's zone of control now (8.1). */
  zoc: { axis: string[]; soviet: string[] };
  /** Personnel Centre hexes with the side whose units stand in them (null: empty). */
  personnelCentres: { hex: string; held: 'axis' | 'soviet' | null }[];
  /** Axis-held centres now, the figure 31.6 counts at the end. */
  axisCentres: number;
  weather: string;
  /** What the UI must label as our stand-in, not the printed game's. */
  substitutes: { crt: boolean; terrain: boolean; combatResolution: boolean };
}

export function hints(s: State, _viewer: Viewer): WiteHints | null {
  if (s.scenario === null) return null;
  const b = witeBoard();
  const occ = occupancy(s);
  const list = (z: Uint8Array) => {
    const out: string[] = [];
    for (let i = 0; i < z.length; i++) if (z[i]) out.push(b.ids[i]);
    return out;
  };
  const personnelCentres = b.personnelCentres.map((i) => ({ hex: b.ids[i], held: sideAt(s, occ.get(i)) }));
  return {
    zoc: { axis: list(zocOf(s, 'axis', occ)), soviet: list(zocOf(s, 'soviet', occ)) },
    personnelCentres,
    // the figure 31.6 counts (axisPersonnelCentres), from the occupancy already at hand
    axisCentres: personnelCentres.filter((p) => p.held === 'axis').length,
    weather: weather(s),
    substitutes: {
      crt: (crt as { prov?: string }).prov === 'substitute',
      terrain: (terrain as { prov?: string }).prov === 'substitute',
      combatResolution: true,
    },
  };
}
