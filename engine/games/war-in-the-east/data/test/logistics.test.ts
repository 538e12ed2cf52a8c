import { describe, expect, it } from 'vitest';
import { logistics, scenario, UNIT_TYPES, unitType } from '../index';
import { draftRebuilds, railCapacity, railWeight, victoryLevel } from '../tables';

describe('German draft replacements (20.11)', () => {
  it('rebuilds one kampfgruppe per six points or fraction: 7 points rebuild 2, 13 rebuild 3', () => {
    expect(draftRebuilds(7)).toBe(2);
    expect(draftRebuilds(13)).toBe(3);
    for (const ex of logistics.draft.examples) {
      expect(draftRebuilds(ex.points)).toBe(ex.rebuilds);
      expect(ex.spent).toBe(ex.rebuilds * logistics.draft.costPerRebuild);
    }
  });

  it('rebuilds one from a single point, one from six, none from none', () => {
    expect(draftRebuilds(1)).toBe(1);
    expect(draftRebuilds(6)).toBe(1);
    expect(draftRebuilds(12)).toBe(2);
    expect(draftRebuilds(0)).toBe(0);
  });

  it('starts Barbarossa with no points (31.22)', () => {
    expect(scenario.setup.draftPointsAtStart).toMatchObject({ infantry: 0, armor: 0 });
  });
});

describe('rail capacity (6.1, 6.13, 14.12, 31.41)', () => {
  it('weighs a corps 3, a division 1 and a KG/BG 1', () => {
    expect(railWeight(unitType('4-4'))).toBe(3);
    expect(railWeight(unitType('9-6'))).toBe(3);
    expect(railWeight(unitType('6-5'))).toBe(1);
    expect(railWeight(unitType('1-4'))).toBe(1);
    expect(railWeight(unitType('10-8'), true)).toBe(1);
    expect(railWeight(unitType('4-4'), true)).toBe(1);
    expect(railWeight(unitType('repair-axis'))).toBe(1);
    expect(logistics.rail.weights).toMatchObject({ trainingCenter: 10, armsCenter: 20 });
  });

  it('is 60 Russian and 10 Axis, the Russian halved on GT 1-8 of Barbarossa only', () => {
    for (let gt = 1; gt <= 8; gt++) expect(railCapacity('soviet', gt, 'clear')).toBe(30);
    expect(railCapacity('soviet', 9, 'clear')).toBe(60);
    expect(railCapacity('soviet', 1, 'clear', 'campaign')).toBe(60);
    expect(railCapacity('axis', 1, 'clear')).toBe(10);
  });

  it('halves the Axis to 5 in Mud and Snow (14.12, 14.22) but never the Russian for weather', () => {
    expect(railCapacity('axis', 17, 'mud')).toBe(5);
    expect(railCapacity('axis', 30, 'snow')).toBe(5);
    expect(railCapacity('soviet', 17, 'mud')).toBe(60);
  });
});

describe('sea movement (7.0-7.9)', () => {
  it('is open to exactly the infantry and anti-tank types', () => {
    for (const t of UNIT_TYPES.values()) expect(t.sea, t.code).toBe(logistics.sea.eligibleClasses.includes(t.class));
  });

  it('moves one Axis division or one Russian corps, or three smaller units; a KG is a third (10.36)', () => {
    const { axis, soviet } = logistics.sea.loads;
    expect(axis.division).toBe(axis.capacity);
    expect(3 * axis.kg).toBe(axis.capacity);
    expect(soviet.corps).toBe(soviet.capacity);
    expect(3 * soviet.division).toBe(soviet.capacity);
    expect(3 * soviet.kg).toBe(soviet.capacity);
    expect(logistics.sea.seas.baltic.soviet).toBe(false);
  });
});

describe('supply ranges (13.5, 14.13, 14.23)', () => {
  it('are 4 Russian and 10 Axis, 5 for the Axis in Mud and Snow and 3 for all north of the Weatherline', () => {
    expect(logistics.supply.sources.soviet.range).toBe(4);
    expect(logistics.supply.sources.axis.range).toBe(10);
    expect(logistics.supply.sources.finnish.range).toBe(10);
    const mods = logistics.supply.rangeModifiers;
    expect(mods.find((m) => m.weather?.includes('mud'))?.range).toBe(5);
    expect(mods.find((m) => m.where === 'north of the Weatherline')?.range).toBe(3);
  });
});

describe('Barbarossa victory (31.6)', () => {
  it('is Axis at 8 or more Personnel Centres, a draw at 6-7 and Russian at 5 or fewer', () => {
    expect([0, 5, 6, 7, 8, 20].map(victoryLevel)).toEqual(['soviet', 'soviet', 'draw', 'draw', 'axis', 'axis']);
  });
});
