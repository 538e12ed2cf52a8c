/**
 * Personnel Centres (15.1, 30.32: 20 on the map). The text places eight: the two southern Leningrad hexes
 * (30.32), Odessa, Kiev, Rostov, Kharkov and Voroshilov (35.2, Ukrainian Nationalism) and Sevastopol (15.16).
 *
 * Substitute rule for the other twelve: the largest cities of the USSR in its 1939 borders by the census of
 * January 1939 (places.ts POP_1939) that lie on the map and are not already printed, one hex each (a city of
 * several hexes in its first printed hex), taken in order of population until there are 20. Cities annexed in
 * 1939-1940 (Riga, Lvov, Vilna...) are left out: they had been Soviet for under two years and the
 * Russian production system draws on the old Soviet population. Checked by personnel.test.ts against the
 * printed counts the Axis holds at the start of the Stalingrad (6, 32.5) and Kursk (7, 33.5) scenarios.
 */
import type { MapData } from '../../../maps/model';
import { BOOK_PERSONNEL_CENTRES, PERSONNEL_CENTRES_ON_MAP } from './book';
import { POP_1939 } from './places';

export interface PersonnelCentre {
  hex: string;
  city: string;
  prov: 'printed' | 'substitute';
  src: string;
}

export const PC_RULE_SRC =
  'substitute: largest cities of the 1939 USSR (census of January 1939) on the map, one hex each, until 20 (30.32)';

export function personnelCentres(map: Pick<MapData, 'named' | 'hexes'>): PersonnelCentre[] {
  const out: PersonnelCentre[] = BOOK_PERSONNEL_CENTRES.map((p) => ({ hex: p.hex, city: p.city, prov: 'printed', src: p.src }));
  const playable = new Set(map.hexes.filter((h) => !h.impassable).map((h) => h.id));
  const taken = new Set(out.map((p) => p.city));
  const byPop = Object.entries(POP_1939).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  for (const [city] of byPop) {
    if (out.length >= PERSONNEL_CENTRES_ON_MAP) break;
    if (taken.has(city)) continue;
    const hex = map.named[city];
    if (!hex || !playable.has(hex)) continue;
    out.push({ hex, city, prov: 'substitute', src: PC_RULE_SRC });
    taken.add(city);
  }
  return out;
}
