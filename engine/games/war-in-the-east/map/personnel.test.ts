/**
 * Personnel Centres (30.32: 20 on the map; NW3713 is not one). The eight the text places are fixed; the rest
 * follow the substitute rule of personnel.ts. Checked against the counts the Axis holds at the start of the
 * Stalingrad scenario (32.5: six at the start) and the Kursk scenario (33.5: seven at the start), with the
 * historical holdings of history.ts.
 */
import { describe, expect, it } from 'vitest';
import type { MapData } from '../../../maps/model';
import mapJson from '../map.json';
import { BOOK_AXIS_HELD_AT_START, BOOK_PERSONNEL_CENTRES, PERSONNEL_CENTRES_ON_MAP } from './book';
import { AXIS_HELD_JUNE_1942, AXIS_HELD_JUNE_1943 } from './history';
import { personnelCentres } from './personnel';

const map = mapJson as unknown as MapData;
const pcs = personnelCentres(map);

describe('War in the East Personnel Centres', () => {
  it('30.32: 20 on the map, in 20 different playable hexes; Leningrad NW3712 and NW3812 are, NW3713 is not', () => {
    expect(pcs).toHaveLength(PERSONNEL_CENTRES_ON_MAP);
    expect(new Set(pcs.map((p) => p.hex)).size).toBe(20);
    const hexes = new Set(pcs.map((p) => p.hex));
    expect(hexes.has('NW3712')).toBe(true);
    expect(hexes.has('NW3812')).toBe(true);
    expect(hexes.has('NW3713')).toBe(false);
    for (const p of pcs) expect(map.hexes.find((h) => h.id === p.hex)?.impassable).toBeUndefined();
  });

  it('35.2, 15.16: the printed ones are fixed (Odessa, Kiev, Rostov, Kharkov, Voroshilov, Sevastopol)', () => {
    for (const b of BOOK_PERSONNEL_CENTRES) expect(pcs.find((p) => p.hex === b.hex)?.prov, b.city).toBe('printed');
    expect(pcs.filter((p) => p.prov === 'substitute')).toHaveLength(12);
  });

  it('32.5: the Axis holds 6 at the start of Stalingrad (June 1942); 33.5: 7 at the start of Kursk (June 1943)', () => {
    const held = (list: string[]) => pcs.filter((p) => list.includes(p.city)).map((p) => p.city);
    expect(held(AXIS_HELD_JUNE_1942)).toHaveLength(BOOK_AXIS_HELD_AT_START.stalingrad);
    expect(held(AXIS_HELD_JUNE_1943)).toHaveLength(BOOK_AXIS_HELD_AT_START.kursk);
  });

  it('the map carries them: regions personnel-centres-printed / -substitute and a personnel value on each city hex', () => {
    const printed = map.regions?.find((r) => r.id === 'personnel-centres-printed');
    const sub = map.regions?.find((r) => r.id === 'personnel-centres-substitute');
    expect(printed?.prov).toBe('printed');
    expect(sub?.prov).toBe('substitute');
    expect([...(printed?.hexes ?? []), ...(sub?.hexes ?? [])].sort()).toEqual(pcs.map((p) => p.hex).sort());
    const onCities = map.cities.filter((c) => c.values?.personnel).map((c) => c.hex);
    expect(onCities.sort()).toEqual(pcs.map((p) => p.hex).sort());
  });
});
