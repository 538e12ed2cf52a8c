/**
 * Hex and unit wording shared by the board and the event log: hex labels from map.json (rulebook names,
 * "City DIR n" forms included), river names on hexsides, unit type words. Display only: no rule lives here.
 */
import { FP_TARGET } from '../../../engine/games/eastfront/data';
import mapJson from '../../../engine/games/eastfront/map.json';
import type { MapData, Provenance } from '../../../engine/maps/model';
import { placeName } from '../../../engine/maps/places';

export const efMap = mapJson as unknown as MapData;

const labelById = new Map<string, string>();
const provById = new Map<string, Provenance>();
for (const h of efMap.hexes) {
  provById.set(h.id, h.prov);
  if (h.name) labelById.set(h.id, h.name);
}
for (const c of efMap.cities) if (!labelById.has(c.hex)) labelById.set(c.hex, c.name);
for (const [name, id] of Object.entries(efMap.named)) {
  const cur = labelById.get(id);
  if (!cur || (name.length < cur.length && !efMap.hexes.find((h) => h.id === id)?.name)) labelById.set(id, name);
}
const sideByPair = new Map<string, { kind: string; name?: string; prov: Provenance }>();
for (const s of efMap.hexsides) sideByPair.set(s.a < s.b ? `${s.a}|${s.b}` : `${s.b}|${s.a}`, s);

/** "Rostov E1" for a named hex, "2 SE of Kamensko" otherwise (engine/maps/places); off-board boxes by their name. */
export function hexLabel(id: string | null | undefined): string {
  if (!id) return 'the pool';
  if (id.startsWith('box:')) return `${id.slice(4).charAt(0)}${id.slice(5).toLowerCase()} (off-board)`;
  return labelById.get(id) ?? placeName(efMap, id);
}

export function hexProv(id: string): Provenance | undefined {
  return provById.get(id);
}

/** The river (or strait) on the hexside between two hexes, if any. */
export function riverBetween(a: string, b: string): { name: string; prov: Provenance } | null {
  const s = sideByPair.get(a < b ? `${a}|${b}` : `${b}|${a}`);
  if (!s || (s.kind !== 'river' && s.kind !== 'major-river' && s.kind !== 'strait')) return null;
  return { name: s.name ?? (s.kind === 'strait' ? 'the strait' : 'a river'), prov: s.prov };
}

export const TYPE_WORD: Record<string, string> = {
  armor: 'armor',
  mech: 'mechanized',
  infantry: 'infantry',
  mountain: 'mountain infantry',
  satellite: 'satellite army',
  cavalry: 'cavalry',
  shock: 'shock army',
  para: 'paratroop corps',
  hq: 'HQ',
  shq: 'supreme HQ',
};
export const TYPE_SHORT: Record<string, string> = {
  armor: 'ARM',
  mech: 'MEC',
  infantry: 'INF',
  mountain: 'MTN',
  satellite: 'SAT',
  cavalry: 'CAV',
  shock: 'SHK',
  para: 'PAR',
  hq: 'HQ',
  shq: 'SHQ',
};
export const SIDE_NAME: Record<string, string> = { german: 'German', soviet: 'Soviet' };
export const SIDE_COLOUR: Record<string, string> = { german: '#5d6b7a', soviet: '#9b2d20' };

/** Dice needed per firepower (a die hits on this face or higher): the engine's FP_TARGET, indexable by the log's untyped event fields. */
export const FP_HITS_ON: Record<string, number> = FP_TARGET;
export const FP_WORD: Record<string, string> = { SF: 'single fire (6s hit)', DF: 'double fire (5-6 hit)', TF: 'triple fire (4-6 hit)' };
