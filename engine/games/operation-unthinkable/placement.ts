/**
 * Where units may be put without moving: set-up (3.5, 3.6), maskirovka (3.7), arrivals on a map edge (6.1, 6.3),
 * with stacking (7.0-7.2), the army group line (3.4) and the Polish/German rule (7.1.2, ruling A27).
 * Hex sets are computed per kind of unit (side, army group, nation, stacking value), so legal() can share one list
 * among every unit of a kind.
 */
import type { ChoiceOption, LegalAction } from '../../core/actions';
import { board, onMap, other, stackOk, stackOkDefs } from './board';
import { isAirborne, stackValue, type UnitDef, unitDef } from './data';
import type { Command } from './commands';
import type { OuMap } from './map';
import type { Side, State } from './types';

/** Polish 2nd Corps and German units may not end next to each other (7.1.2; ruling A27 at set-up). */
export function p2cGermanClash(map: OuMap, pos: Map<string, string>): boolean {
  const byHex = new Map<string, string>();
  for (const [id, h] of pos) {
    const n = unitDef(id).nat;
    if (n === 'PL2' || n === 'DE') byHex.set(h, (byHex.get(h) ?? '') + n);
  }
  for (const [h, nats] of byHex) {
    const i = map.index.get(h);
    if (i === undefined) continue;
    for (const nb of map.nb[i]) {
      const o = byHex.get(map.ids[nb]);
      if (!o) continue;
      if ((nats.includes('PL2') && o.includes('DE')) || (nats.includes('DE') && o.includes('PL2'))) return true;
    }
  }
  return false;
}

export function alliedPositions(s: State): Map<string, string> {
  return new Map(
    Object.entries(s.u)
      .filter(([id, u]) => onMap(u.at) && unitDef(id).side === 'allied')
      .map(([id, u]) => [id, u.at]),
  );
}

/** The nation a unit may not stand next to (7.1.2), or null. */
export const foeNation = (d: UnitDef): string | null => (d.nat === 'PL2' ? 'DE' : d.nat === 'DE' ? 'PL2' : null);

/** Stacking and army group checks for putting `id` into `hex` (the unit itself, wherever it stands, not counted). */
export function placementOk(map: OuMap, s: State, id: string, hex: string): boolean {
  const b = board(map, s);
  const i = map.index.get(hex);
  if (i === undefined) return false;
  const d = unitDef(id);
  if (b.occupant(i) === other(d.side)) return false;
  const here = b.unitsAt(i).filter((u) => u !== id);
  if (!stackOk([...here, id])) return false;
  return b.regionOk(d, hex);
}

/** Friendly-controlled hexes of a side's own map edge (6.1, 6.3, ruling A31). */
export function edgeHexes(map: OuMap, s: State, side: Side): string[] {
  const edge = side === 'allied' ? map.west : map.east;
  const c = side === 'allied' ? 'a' : 's';
  return edge.filter((i) => s.ctl[i] === c).map((i) => map.ids[i]);
}

/** Units at `where` that some supplied edge hex could take now (6.1, 6.3, ruling A31, A26). */
export function placeable(map: OuMap, s: State, where: string): string[] {
  const ids = Object.keys(s.u).filter((id) => s.u[id].at === where);
  return ids.filter((id) => edgeHexes(map, s, unitDef(id).side).some((h) => placementOk(map, s, id, h)));
}

/** Units of one kind go to the same hexes: side, army group, nation (7.1.2), stacking value and the stacking classes of 7.1. */
export function kindOf(id: string): string {
  const d = unitDef(id);
  const airborne = isAirborne(d);
  return `${d.side}|${d.ag ?? ''}|${d.nat === 'DE' || d.nat === 'PL2' ? d.nat : ''}|${stackValue(d)}|${airborne ? 'aaa' : ''}`;
}

/** Set-up hex check (3.5, 3.6, 3.4, 7.0); null when fine, else why not. Ignores 7.1.2 (see setupClash). */
export function setupHexProblem(map: OuMap, s: State, id: string, hex: string): string | null {
  const d = unitDef(id);
  const i = map.index.get(hex);
  if (i === undefined) return `${hex} is not on the map`;
  const west = map.frontline[s.line ?? 'elbe'][i] === 1;
  if (d.side === 'soviet' && west) return `${hex} is west of the frontline (3.5)`;
  if (d.side === 'allied' && !west) return `${hex} is east of the frontline (3.6)`;
  if (!placementOk(map, s, id, hex)) return `${d.name} cannot stack or stand in ${hex} (7.0, 3.4)`;
  return null;
}

/** Would putting `id` into `hex` bring Polish 2nd Corps and German units next to each other (7.1.2, ruling A27)? */
export function setupClash(map: OuMap, s: State, id: string, hex: string): boolean {
  if (!foeNation(unitDef(id))) return false;
  const pos = alliedPositions(s);
  pos.set(id, hex);
  return p2cGermanClash(map, pos);
}

/**
 * Hexes among `candidates` that one more unit of the kind of `rep` may be put into: no enemy there, stacking with
 * what stands there (7.0-7.2), its army group's side of the line (3.4), and (with `clash`) not next to the other
 * nation of 7.1.2.
 */
export function kindHexes(map: OuMap, s: State, rep: string, candidates: Iterable<number>, clash = false): string[] {
  const b = board(map, s);
  const d = unitDef(rep);
  const foe = clash ? foeNation(d) : null;
  const foeAt = (i: number) => b.unitsAt(i).some((u) => unitDef(u).nat === foe);
  const out: string[] = [];
  for (const i of candidates) {
    if (b.occupant(i) === other(d.side)) continue;
    if (!stackOkDefs([...b.unitsAt(i).map(unitDef), d])) continue;
    if (!b.regionOk(d, map.ids[i])) continue;
    if (foe && map.nb[i].some(foeAt)) continue;
    out.push(map.ids[i]);
  }
  return out;
}

/**
 * One action "a unit, then a hex" for units that go wherever their kind may: each kind's hexes are listed once
 * (shared), and a unit already on the map is not offered its own hex (that would change nothing).
 */
export function unitToHex(
  s: State,
  o: { command: Command; label: string; rule: string; units: string[]; hexes(rep: string): string[]; hexLabel?: string },
): LegalAction<Command> | null {
  const shared: Record<string, ChoiceOption[]> = {};
  const options: ChoiceOption[] = [];
  for (const id of o.units) {
    const k = kindOf(id);
    if (!shared[k]) shared[k] = o.hexes(id).map((h) => ({ value: h, label: h, hex: h }));
    const at = s.u[id].at;
    const except = onMap(at) && shared[k].some((x) => x.value === at) ? [at] : undefined;
    if (shared[k].length - (except ? 1 : 0) <= 0) continue;
    options.push({
      value: id,
      label: unitDef(id).name,
      ...(onMap(at) ? { hex: at } : {}),
      next: [{ field: 'hex', label: o.hexLabel ?? 'Hex', pick: 'one', options: [], ref: k, ...(except ? { except } : {}) }],
    });
  }
  if (!options.length) return null;
  const used = new Set(options.map((x) => kindOf(String(x.value))));
  for (const k of Object.keys(shared)) if (!used.has(k)) delete shared[k];
  return { command: o.command, label: o.label, rule: o.rule, choices: [{ field: 'unit', label: 'Unit', pick: 'one', options }], shared };
}
