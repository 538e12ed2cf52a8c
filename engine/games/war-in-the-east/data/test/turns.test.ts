import { describe, expect, it } from 'vitest';
import { production, reinforcements, scenario, turnRecord, turns, UNIT_TYPES } from '../index';
import { turnStart, weatherOf, yearOfTurn } from '../tables';

const GTS = Array.from({ length: 20 }, (_, i) => i + 1);

describe('calendar (3.5, 14.3, 27.5)', () => {
  it('starts GT 1 on 22 June 1941 and steps a week a turn', () => {
    expect(turnStart(1).toISOString().slice(0, 10)).toBe('1941-06-22');
    expect(turnStart(20).toISOString().slice(0, 10)).toBe('1941-11-02');
    for (const gt of GTS) expect(turnRecord(gt).weeks).toBe(turnStart(gt).toISOString().slice(0, 10));
  });

  it('makes GT 80 the first Game-Turn of 1943, as 27.5 prints', () => {
    expect(yearOfTurn(79)).toBe(1942);
    expect(yearOfTurn(80)).toBe(1943);
    for (const gt of GTS) expect(yearOfTurn(gt)).toBe(1941);
  });
});

describe('weather GT 1-20 (substitute schedule)', () => {
  it('is clear on GT 1-16 and mud on GT 17-20, with no snow in the scenario', () => {
    expect(GTS.map(weatherOf)).toEqual([...Array(16).fill('clear'), ...Array(4).fill('mud')]);
    expect(turns.weather.snowInScenario).toBe(false);
    expect(turns.weather.snowFrom).toBe(21);
  });

  it('agrees with the schedule summary and starts winter where the first-winter rule does (GT 21, 14.3)', () => {
    for (const gt of GTS) {
      const [c0, c1] = turns.weather.clear;
      const [m0, m1] = turns.weather.mud;
      expect(weatherOf(gt)).toBe(gt >= c0 && gt <= c1 ? 'clear' : gt >= m0 && gt <= m1 ? 'mud' : 'snow');
    }
  });

  it("fits EastFront's printed months: June-September dry, October dry or mud, November mud or snow", () => {
    for (const gt of GTS) {
      const month = turnStart(gt).getUTCMonth() + 1;
      const w = weatherOf(gt);
      if (month >= 6 && month <= 9) expect(w, `GT ${gt}`).toBe('clear');
      if (month === 10) expect(['clear', 'mud'], `GT ${gt}`).toContain(w);
      if (month === 11) expect(['mud', 'snow'], `GT ${gt}`).toContain(w);
    }
  });
});

describe('Russian stand-in reinforcements (derived from 36.21)', () => {
  const gt50 = (type: string) => production.historical.rows[type as keyof typeof production.historical.rows][0];
  /** GT 1-50 production net of the components conversions consumed (36.21, 36.22, 15.42, 36.1). */
  const net = (): Record<string, number> => {
    const recipes = production.recipes as Record<string, { from: Record<string, number> }>;
    const out: Record<string, number> = {};
    for (const type of Object.keys(production.historical.rows)) if (UNIT_TYPES.has(type)) out[type] = gt50(type);
    for (const [product, r] of Object.entries(recipes)) for (const [part, n] of Object.entries(r.from)) out[part] -= n * gt50(product);
    return out;
  };
  const { firstTurn, lastTurn } = turns.sovietReinforcementSchedule;
  const cumulative = (n: number, gt: number) => Math.floor((n * Math.max(0, gt - firstTurn + 1)) / (lastTurn - firstTurn + 1));

  it('nets conversions out: 32 x 1-4, 8 x 4-4, 26 x 5-5, 5 x 2-5, 4 x 3-5 remain by GT 50', () => {
    expect(net()).toMatchObject({ '1-4': 32, '4-4': 8, '5-5': 26, '2-5': 5, '3-5': 4, '8-6': 8, '9-6': 8, '0-1-10': 43, '10-1-10': 3 });
  });

  it('spreads each type evenly over GT 5-50, turn by turn', () => {
    const n = net();
    for (const gt of GTS) {
      const got: Record<string, number> = {};
      for (const g of turnRecord(gt).soviet.filter((x) => !x.bracketed))
        got[g.type] = (got[g.type] ?? 0) + (g.count ?? g.labels?.length ?? 0);
      const want: Record<string, number> = {};
      for (const [type, total] of Object.entries(n)) {
        const k = cumulative(total, gt) - cumulative(total, gt - 1);
        if (k > 0) want[type] = k;
      }
      expect(got, `GT ${gt}`).toEqual(want);
    }
  });

  it('brings the bracketed (Far East) arrivals only inside the GT 19-23 window of 35.2', () => {
    const when = GTS.filter((gt) => turnRecord(gt).soviet.some((g) => g.bracketed));
    expect(when.length).toBeGreaterThan(0);
    for (const gt of when) expect(gt).toBeGreaterThanOrEqual(19);
  });
});

describe('Axis schedule', () => {
  it('gives air replacements of 0-2 a turn (12.51) and non-negative draft points', () => {
    for (const gt of GTS) {
      const t = turnRecord(gt);
      expect(t.axisAir).toBeGreaterThanOrEqual(0);
      expect(t.axisAir).toBeLessThanOrEqual(2);
      expect(t.draft.infantry).toBeGreaterThanOrEqual(0);
      expect(t.draft.armor).toBeGreaterThanOrEqual(0);
    }
  });

  it('sends every reinforcement in by its printed entry (29.33, 29.34), Hungarians not before GT 5 (30.34E)', () => {
    const entryOf: Record<string, string> = {
      german: 'west',
      italian: 'west',
      slovak: 'west',
      hungarian: 'budapest',
      rumanian: 'bucharest',
      finnish: 'helsinki',
      soviet: 'east',
    };
    for (const gt of GTS)
      for (const c of reinforcements(gt)) {
        expect(c.entry, c.id).toBe(entryOf[c.nat]);
        expect(Object.keys(turns.entries)).toContain(c.entry);
        if (c.nat === 'hungarian') expect(gt).toBeGreaterThanOrEqual(5);
      }
  });
});

describe('militia (29.35)', () => {
  it('is 2, 2 and 1 per Personnel Centre on GT 1-3, at most 125 with 25 centres', () => {
    const m = scenario.militia;
    expect(m.perPersonnelCentre).toEqual({ '1': 2, '2': 2, '3': 1 });
    const centres = m.personnelCentres.onMap + m.personnelCentres.offMap;
    expect(centres).toBe(25);
    expect(Object.values(m.perPersonnelCentre).reduce((a, b) => a + b, 0) * centres).toBe(m.maximum.value);
  });
});
