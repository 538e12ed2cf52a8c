/**
 * Edelweiss in the scenario format equals the set-up the engine plays today (engine/games/eastfront data.ts;
 * if that module moves, only the import below changes), and its set-up adds up to the card (3.2.2).
 */
import { describe, expect, it } from 'vitest';
import { MapIndex } from '../../../../maps/index';
import type { MapData } from '../../../../maps/model';
import { EDELWEISS, EDELWEISS_UNITS } from '../../data';
import mapJson from '../../map.json';
import { CATEGORY, card, edelweiss } from '../index';

const idx = new MapIndex(mapJson as unknown as MapData);

describe('Edelweiss', () => {
  it('has the same blocks, strengths, maxima and hexes as the engine data', () => {
    expect(edelweiss.units).toEqual(EDELWEISS_UNITS.map((u) => ({ ...u })));
  });

  it('has the same start, end, battle hex, out-of-play hexes, boxes, commands, production and air', () => {
    const c = card('EDELWEISS');
    expect({ year: edelweiss.start.year, month: edelweiss.start.month, fortnight: edelweiss.start.fortnight }).toEqual(EDELWEISS.start);
    expect({ year: edelweiss.end.year, month: edelweiss.end.month }).toEqual(EDELWEISS.end);
    expect(edelweiss.battles.map((b) => ({ hex: b.hex, oa: b.od === 'soviet' ? 'german' : 'soviet' }))).toEqual(EDELWEISS.battles);
    expect(edelweiss.outOfPlay).toEqual(EDELWEISS.outOfPlay);
    expect(edelweiss.boxes).toEqual(EDELWEISS.boxes);
    for (const side of ['german', 'soviet'] as const) {
      expect(edelweiss.commands[side].map(({ id, name, hq }) => ({ id, name, hq }))).toEqual(EDELWEISS.commands[side]);
      expect(c.production[side].start).toBe(EDELWEISS.production[side]);
      expect(c.air[side]).toBe(EDELWEISS.air[side]);
    }
  });

  it('adds up to the card except the German HQ line (card 6cv, set-up II + III: R-EDW-4)', () => {
    const c = card('EDELWEISS');
    for (const side of ['german', 'soviet'] as const) {
      const got: Record<string, { units: number; cv: number }> = {};
      for (const u of edelweiss.units.filter((x) => x.side === side)) {
        const cat = CATEGORY[u.type]!;
        got[cat] ??= { units: 0, cv: 0 };
        got[cat].units++;
        got[cat].cv += u.cv;
      }
      for (const [cat, line] of Object.entries(c.forces[side])) {
        if (!line!.units) continue;
        const want = side === 'german' && cat === 'hq' ? { units: 2, cv: 5 } : { units: line!.units, cv: line!.cv };
        expect(got[cat], `${side} ${cat}`).toEqual(want);
      }
    }
  });

  it('names only hexes of the map (MOSCOW is the off-map box)', () => {
    for (const u of edelweiss.units) if (u.at && u.at !== 'MOSCOW') expect(idx.named(u.at), u.at).toBeDefined();
    for (const h of [...edelweiss.outOfPlay, ...edelweiss.battles.map((b) => b.hex)]) expect(idx.named(h), h).toBeDefined();
  });
});
