/**
 * What each viewer may see (digest 4.1, 7.1). The owner sees everything about its blocks; the opponent and
 * spectators see side and location only, under an opaque token, unless a rule has the block face-up
 * (active HQ, Original Attacker in battle, units in a combat round, rearguards). Production orders and
 * unspent points are never shown to the opponent.
 */
import type { Viewer } from '../../core';
import type { Side, UnitType } from './data';
import type { Event, Phase, Prompt, State, Turn, Unit } from './state';

export interface ViewUnit {
  token: string;
  side: Side;
  at: string | null;
  face?: boolean;
  unsupplied?: boolean;
  /** A paradropped unit not yet linked up (14.6). */
  dispersed?: boolean;
  /** Present only when the viewer may know the block. */
  id?: string;
  type?: UnitType;
  name?: string;
  cv?: number;
  max?: number;
  active?: boolean;
  blitz?: boolean;
  /** An active HQ spending its command on a paradrop (14.2). */
  paradrop?: boolean;
  supreme?: number;
}

export interface View {
  scenario: string;
  map: string;
  turn: Turn;
  phase: Phase;
  active: Side;
  weather: State['weather'];
  control: string;
  productionLevel: Record<Side, number>;
  units: ViewUnit[];
  battles: { hex: string; oa: Side; air?: number; fought?: boolean; river?: boolean; para?: boolean }[];
  prompt: Prompt | null;
  /** The viewer's own sealed production order this month, if any. */
  myOrder?: State['orders'][Side];
  result?: State['result'];
}

export function sees(viewer: Viewer, u: Pick<Unit, 'side' | 'face'>, s: State, id?: string): boolean {
  if (viewer.kind === 'omniscient') return true;
  if (viewer.kind === 'side' && viewer.side === u.side) return true;
  if (s.phase === 'over') return true; // after the game everything is shown
  if (u.face) return true;
  return !!id && s.rearguards.some((r) => r.unit === id);
}

function viewUnit(u: Unit, viewer: Viewer, s: State): ViewUnit | null {
  const mine = sees(viewer, u, s, u.id);
  if (!u.at && !mine) return null;
  const out: ViewUnit = { token: u.token, side: u.side, at: u.at };
  if (u.face) out.face = true;
  if (u.unsupplied) out.unsupplied = true;
  if (u.dispersed) out.dispersed = true; // 14.6: the block lies face down, for both players to see
  if (u.hq) {
    out.active = true;
    if (u.hq.mode === 'blitz') out.blitz = true;
    if (u.hq.para) out.paradrop = true;
  }
  if (!mine) return out;
  out.id = u.id;
  out.type = u.type;
  out.name = u.name;
  out.cv = u.cv;
  out.max = u.max;
  if (u.hq?.supreme !== undefined) out.supreme = u.hq.supreme;
  return out;
}

function publicPrompt(p: Prompt | null, viewer: Viewer, s: State): Prompt | null {
  if (!p) return null;
  if (p.kind === 'defend' && viewer.kind !== 'omniscient' && !(viewer.kind === 'side' && viewer.side !== p.side))
    return { ...p, offOrder: [], activePrefs: [] };
  // allocation candidates are battle units revealed for the round; tokens stand in for any that is not
  if (p.kind === 'allocate')
    return { ...p, units: p.units.map((id) => (s.units[id] && !sees(viewer, s.units[id], s, id) ? s.units[id].token : id)) };
  return p;
}

export function viewOf(s: State, viewer: Viewer): View {
  const units: ViewUnit[] = [];
  // sorted by token so the listing order says nothing about ids
  for (const u of Object.values(s.units).sort((a, b) => (a.token < b.token ? -1 : 1))) {
    const v = viewUnit(u, viewer, s);
    if (v) units.push(v);
  }
  const v: View = {
    scenario: s.scenario,
    map: s.map,
    turn: s.turn,
    phase: s.phase,
    active: s.active,
    weather: s.weather,
    control: s.control,
    productionLevel: s.pl,
    units,
    battles: Object.values(s.battles).map((b) => ({
      hex: b.hex,
      oa: b.oa,
      ...(b.air ? { air: b.air.cv } : {}),
      ...(b.fought ? { fought: true } : {}),
      ...(b.river ? { river: true } : {}),
      ...(b.para ? { para: true } : {}),
    })),
    prompt: publicPrompt(s.prompt, viewer, s),
  };
  if (viewer.kind === 'side' && s.orders[viewer.side as Side]) v.myOrder = s.orders[viewer.side as Side];
  if (s.result) v.result = s.result;
  return v;
}

/** A public order for lists of blocks: side, hex, token (tokens are dealt by a shuffle at set-up). */
function byPlace(a: { side: string; at: string | null; token: string }, b: { side: string; at: string | null; token: string }): number {
  return cmp(a.side, b.side) || cmp(a.at ?? '', b.at ?? '') || cmp(a.token, b.token);
}
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The event as `viewer` may see it, judged on the state before the event. */
export function redactEvent(e: Event, viewer: Viewer, before: State): Event | null {
  if (viewer.kind === 'omniscient') return e;
  const owner = (id: string) => viewer.kind === 'side' && before.units[id]?.side === viewer.side;
  const visible = (id: string) => {
    const u = before.units[id];
    return !!u && sees(viewer, u, before, id);
  };
  const pub = (id: string) => (visible(id) ? id : (before.units[id]?.token ?? '?'));
  switch (e.type) {
    case 'setup':
      // listed by side, hex and token: the card's letter order would pair each face-down token with its letter
      return {
        ...e,
        units: e.units
          .map((u) => (sees(viewer, u, before, undefined) ? u : ({ token: u.token, side: u.side, at: u.at } as unknown as Unit)))
          .filter((u) => u.at !== null || sees(viewer, u, before))
          .sort(byPlace),
      };
    case 'moved': {
      if (owner(e.unit)) return e;
      // the commanding HQ is shown only while it is itself visible (an active HQ is face-up)
      if (visible(e.unit)) return visible(e.by) ? e : { ...e, by: '', cost: 0 };
      const { by: _b, cost: _c, ...rest } = e;
      return { ...rest, unit: pub(e.unit), by: '', cost: 0 };
    }
    case 'rearguard':
      // a rearguard is placed on top of the enemy units: its location is public, its command is not
      return owner(e.unit) ? e : { ...e, unit: pub(e.unit), by: '', cost: 0 };
    case 'pursuit':
      return { ...e, fire: e.fire.map((f) => ({ ...f, unit: pub(f.unit) })) };
    case 'hqStep':
      if (owner(e.hq) || e.active) return e;
      return { type: 'hqStep', hq: pub(e.hq), cv: -1, active: false, ...(e.eliminated ? { eliminated: true } : {}) };
    case 'loss':
      return visible(e.unit) ? e : { type: 'loss', unit: pub(e.unit), cv: -1, part: 0, ...(e.eliminated ? { eliminated: true } : {}) };
    case 'repulsed':
    case 'repulseMarked':
      return visible(e.unit)
        ? e
        : ({
            type: e.type,
            unit: pub(e.unit),
            hex: e.hex,
            ...(e.type === 'repulsed' ? { to: e.to, ...(e.eliminated ? { eliminated: true } : {}) } : {}),
          } as Event);
    case 'roundStarted': {
      // each side's fire order and preference lists are its own business until its fire shows them (7.31)
      const side = viewer.kind === 'side' ? viewer.side : null;
      const mine = side === before.active;
      const theirs = !!side && !mine;
      return {
        ...e,
        offOrder: mine ? e.offOrder : [],
        activePrefs: mine ? e.activePrefs : [],
        defOrder: theirs ? e.defOrder : [],
        passivePrefs: theirs ? e.passivePrefs : [],
      };
    }
    case 'linkup':
      return visible(e.unit) ? e : { ...e, unit: pub(e.unit) };
    case 'overstackExcused':
      return owner(e.units[0] ?? '') ? e : { ...e, units: e.units.map(pub).sort(cmp) };
    case 'fire':
      return visible(e.unit) || e.kind === 'air' ? e : { ...e, unit: pub(e.unit) };
    case 'awaiting':
      return { ...e, prompt: publicPrompt(e.prompt, viewer, before) };
    case 'roundEnded':
      return e;
    case 'supplyChecked':
      if (viewer.kind === 'side' && viewer.side === e.side) return e;
      // the decider lists units by id: sorted again by what the viewer is shown
      return { ...e, unsupplied: e.unsupplied.map(pub).sort(cmp), supplied: e.supplied.map(pub).sort(cmp) };
    case 'attrition':
      return owner(e.unit) ? e : { type: 'attrition', unit: pub(e.unit), cv: -1, ...(e.eliminated ? { eliminated: true } : {}) };
    case 'replacements':
      return viewer.kind === 'side' && viewer.side === e.side ? e : null;
    case 'ordersSealed':
    case 'replaced':
      return viewer.kind === 'side' && viewer.side === (e.type === 'ordersSealed' ? e.side : before.units[e.unit]?.side) ? e : null;
    case 'cadre':
      return owner(e.unit) ? e : { type: 'cadre', unit: e.token, hex: e.hex, token: e.token, cv: -1 };
    case 'phase':
    case 'activated':
    case 'mobilized':
    case 'airstrikeAssigned':
    case 'revealed':
    case 'battlesSelected':
    case 'productionLevel':
    case 'gameEnded':
    case 'battleRenewed':
      return e;
  }
}
