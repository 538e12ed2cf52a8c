/**
 * Engine facts for the UI, computed for the viewer's OWN blocks from that viewer's redacted view and the
 * static board only (so nothing here can reveal more than the view does): effective firepower, movement
 * left and what each legal move costs, and the command range of active HQs. Pure functions; the EastFront
 * board runs them in the browser (docs/decisions.md, "EastFront UI hints").
 */
import type { Board } from './board';
import { FP_TARGET, isHq, TYPES, type Fp, type Side } from './data';
import { cvIn, defenceFp, disrupted, doubleDefence, hitsPerStep, offenceFp, rangeFrom, stopsIn } from './rules';
import type { View, ViewUnit } from './view';

export interface FireHint {
  /** Offensive and defensive firepower in the block's hex now, null if it does not fire (HQs). */
  off: Fp | null;
  def: Fp | null;
  /** Lowest die that hits (SF 6, DF 5, TF 4). */
  offHitsOn: number | null;
  defHitsOn: number | null;
  /** In a battle: hits the enemy needs per step of loss from this side's offensive fire (7.34, 7.4). */
  hitsPerStep?: number;
  /** In a battle: whether an active HQ of the block's side supports it (7.4). */
  supported?: boolean;
  /** Why the figures differ from the printed ones, in plain words with rule numbers. */
  notes: string[];
}

const own = (view: View, me: Side) =>
  view.units.filter((u): u is ViewUnit & { id: string } => u.side === me && !!u.id && !!u.type && u.cv !== undefined);

/** Active HQs (not the SHQ, 5.64, nor a paradrop HQ, 14.5) of `me` whose range covers `hex` support (7.4). */
function supportedAt(b: Board, view: View, me: Side, hex: string): boolean {
  return own(view, me).some(
    (h) =>
      h.type === 'hq' && h.active && !h.paradrop && rangeFrom(b, view.weather, view.control, { side: me, cv: h.cv!, at: h.at }).has(hex),
  );
}

/** 7.3-7.4, 2.62, 7.32, 12.24: effective firepower of each of the viewer's blocks on the map. */
export function fireHints(b: Board, view: View, me: Side): Map<string, FireHint> {
  const out = new Map<string, FireHint>();
  for (const u of own(view, me)) {
    if (!u.at || !b.has(u.at)) continue;
    const t = TYPES[u.type!];
    const off = offenceFp(b, view.weather, u.type!, u.at);
    const def = defenceFp(b, u.type!, u.at);
    const notes: string[] = [];
    if (off && t.off && off !== t.off) {
      if (u.type === 'mountain' && b.terrain(u.at) === 'mountain' && off === 'DF')
        notes.push('mountain troops attack at DF in mountains (2.62)');
      else if (view.weather === 'mud') notes.push('Mud: every attack is at SF (12.24)');
      else notes.push('attacks in marsh are at SF (7.32)');
    }
    if (def && t.def && def !== t.def)
      notes.push(b.isMajor(u.at) ? 'defends a major city at DF at least (7.32)' : 'mountain troops defend at DF in mountains (2.62)');
    const hint: FireHint = { off, def, offHitsOn: off ? FP_TARGET[off] : null, defHitsOn: def ? FP_TARGET[def] : null, notes };
    const battle = view.battles.find((x) => x.hex === u.at);
    if (battle && off) {
      const supported = supportedAt(b, view, me, u.at);
      const dbl = doubleDefence(b, view.weather, u.at);
      hint.supported = supported;
      hint.hitsPerStep = hitsPerStep(supported, dbl);
      if (dbl) notes.push('the defender here takes half hits (7.34)');
      if (!supported) notes.push(`unsupported: no active HQ in range, ${dbl ? 'a third' : 'half'} the effect (7.4)`);
    }
    out.set(u.id, hint);
  }
  return out;
}

export interface RangeHint {
  /** Command value after disruption (5.8). */
  cv: number;
  disrupted: boolean;
  hexes: Set<string>;
  /** Supreme HQs command anywhere by supreme moves (5.61); their hexes are only the trace for reference. */
  supreme?: number;
}

/** 5.3, 5.8: the command range of each of the viewer's active HQs. */
export function rangeHints(b: Board, view: View, me: Side): Map<string, RangeHint> {
  const out = new Map<string, RangeHint>();
  for (const h of own(view, me)) {
    if (!h.active || !isHq(h.type!)) continue;
    const d = disrupted(view.weather, me);
    out.set(h.id, {
      cv: Math.max(0, cvIn(view.weather, me, h.cv!)),
      disrupted: d,
      hexes: rangeFrom(b, view.weather, view.control, { side: me, cv: h.cv!, at: h.at }),
      ...(h.supreme !== undefined ? { supreme: h.supreme } : {}),
    });
  }
  return out;
}

export interface MoveCost {
  /** Hexes entered (land), or rail hexes. */
  hexes: number;
  /** Movement left after this move (0 once a stop rule applies). */
  left: number;
  /** Supreme moves the move takes from the commanding SHQ (5.61, 9.21), 0 otherwise. */
  supreme: number;
  /** Why it must stop there, if it must. */
  stop?: string;
}

/** The block's speed this fortnight (6.1, 12.2). */
export function speedOf(view: View, type: ViewUnit['type']): number {
  return type ? TYPES[type].speed[view.weather] : 0;
}

/**
 * What a legal move costs (6.1, 5.61, 9.21): hexes used, movement left, supreme moves. `move` is one of the
 * moves legal() offered, so the path is known to be allowed; this only prices it.
 */
export function moveCost(b: Board, view: View, unit: ViewUnit, move: { kind: string; path: string[]; by?: string }): MoveCost {
  const hexes = move.path.length;
  const byShq = !!move.by && view.units.some((u) => u.id === move.by && u.type === 'shq');
  if (move.kind === 'rail') return { hexes, left: 0, supreme: Math.ceil(hexes / 10) };
  const dest = move.path[hexes - 1];
  const speed = speedOf(view, unit.type);
  let stop: string | undefined;
  if (dest && view.units.some((u) => u.at === dest && u.side !== unit.side)) stop = 'engaging stops the move (6.31)';
  else if (dest && unit.type && stopsIn(view.weather, b, unit.type, dest))
    stop = `${view.weather === 'mud' ? 'Mud' : b.terrain(dest)} stops the move (6.1, 12.24)`;
  return {
    hexes,
    left: stop ? 0 : Math.max(0, speed - hexes),
    supreme: byShq && move.kind !== 'mobilize' ? 1 : 0,
    ...(stop ? { stop } : {}),
  };
}

/** The hints as plain JSON, as the server sends them with the view (ruleset.hints): per own unit id. */
export interface HintsData {
  fire: Record<string, FireHint>;
  range: Record<string, Omit<RangeHint, 'hexes'> & { hexes: string[] }>;
}

/** The viewer's hints from their own view (so they hold nothing the view does not); none for spectators. */
export function hintsData(b: Board, view: View, me: Side | null): HintsData {
  if (!me) return { fire: {}, range: {} };
  const range: HintsData['range'] = {};
  for (const [id, r] of rangeHints(b, view, me)) range[id] = { ...r, hexes: [...r.hexes].sort() };
  return { fire: Object.fromEntries(fireHints(b, view, me)), range };
}
