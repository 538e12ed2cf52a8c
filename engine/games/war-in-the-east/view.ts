/**
 * What each viewer sees. In War in the East every counter is face up on the map and both sides may inspect any
 * stack (no rule hides ground units), so the ground state is public. The one hidden thing the rules make is the
 * sealed air commitment of the Joint Air War Turn (12.12): each side writes its commitment secretly and both are
 * revealed together. Air power is not yet supported, so no state or event carries a commitment yet; when it is,
 * view() must drop the other side's sealed commitment and redact() its `committed` event until both are in.
 */
import type { Viewer } from '../../core/ruleset';
import type { Event, State } from './state';

export type View = State;

export function view(s: State, _viewer: Viewer): View {
  return s;
}

export function redact(e: Event, _viewer: Viewer, _before: State): Event | null {
  return e;
}
