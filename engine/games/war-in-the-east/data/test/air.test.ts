import { describe, expect, it } from 'vitest';
import { air, forces } from '../index';
import { airKills, groundSupportLosses, isLegalAirAllocation } from '../tables';

const DIE = [1, 2, 3, 4, 5, 6];
const pKill = (n: number) => DIE.filter((d) => airKills(n, d)).length / 6;

describe('air superiority allocation (12.2)', () => {
  it('accepts the three groupings of the example: six points against three', () => {
    expect(isLegalAirAllocation([2, 2, 2], 6, 3)).toBe(true); // three attacks at 2-1
    expect(isLegalAirAllocation([1, 1, 4], 6, 3)).toBe(true); // two 1-1 and one 4-1
    expect(isLegalAirAllocation([3, 2, 1], 6, 3)).toBe(true); // 3-1, 2-1 and 1-1
  });

  it('refuses groupings that leave a defending point unattacked, attack one below 1-1, or hold points back', () => {
    expect(isLegalAirAllocation([5, 1], 6, 3)).toBe(false);
    expect(isLegalAirAllocation([6, 0, 0], 6, 3)).toBe(false);
    expect(isLegalAirAllocation([2, 2, 1], 6, 3)).toBe(false);
    expect(isLegalAirAllocation([2, 2, 2, 0], 6, 3)).toBe(false);
  });

  it('fights counterattacks and equal commitments at 1-1', () => {
    expect(air.allocation.counterattack.odds).toBe('1-1');
    expect(air.allocation.equalCommitments.eachSideAttacksEveryEnemyPointAt).toBe('1-1');
    expect(air.allocation.equalCommitments.counterattacks).toBe(false);
  });
});

describe('Air Combat Table (substitute)', () => {
  it('is monotone in the die and the odds, uncertain at 1-1 and certain at the top column', () => {
    for (let n = 1; n <= 6; n++)
      for (const d of DIE) {
        if (d > 1 && airKills(n, d - 1)) expect(airKills(n, d)).toBe(true);
        if (n > 1 && airKills(n - 1, d)) expect(airKills(n, d)).toBe(true);
      }
    expect(pKill(1)).toBeGreaterThan(0);
    expect(pKill(1)).toBeLessThan(1);
    expect(pKill(5)).toBe(1);
    expect(pKill(9)).toBe(1);
  });

  it('expects the same kills from every grouping of the 12.2 example, so the choice only changes the spread', () => {
    const expected = (groups: number[]) => groups.reduce((a, n) => a + pKill(n), 0);
    expect(expected([1, 1, 4])).toBeCloseTo(expected([2, 2, 2]), 10);
    expect(expected([3, 2, 1])).toBeCloseTo(expected([2, 2, 2]), 10);
  });
});

describe('ground-support attrition after air combat (12.2)', () => {
  it('costs the Russian one ground-support point when 11 Axis points survive against 5', () => {
    expect(groundSupportLosses(5, 11, 4)).toBe(1);
    expect(groundSupportLosses(11, 5, 4)).toBe(0);
  });

  it('costs nothing when the ground-support box is empty', () => {
    expect(groundSupportLosses(5, 11, 0)).toBe(0);
  });

  it('costs one point per two enemy survivors when no friendly point committed or survived', () => {
    expect(groundSupportLosses(0, 7, 10)).toBe(3);
    expect(groundSupportLosses(0, 8, 10)).toBe(4);
    expect(groundSupportLosses(0, 8, 2)).toBe(2);
  });
});

describe('Game-Turn 1 (30.34B): no Joint Air War Turn, a deemed result', () => {
  it('destroys the 7 Russian ground-support points and leaves the 3 uncommitted ones for GT 2', () => {
    const d = air.turnOne.deemed;
    const lost = groundSupportLosses(d.sovietAirSuperiority, d.axisAirSuperiority, d.sovietAirGroundSupport);
    expect(lost).toBe(7);
    const left = d.sovietAirGroundSupport - lost + d.sovietUncommitted;
    expect(left).toBe(3);
    expect(air.turnOne.result).toEqual({ sovietDestroyed: lost, sovietLeftForTurnTwo: left });
    expect(forces.air.soviet.available).toBe(left);
    expect(forces.air.soviet.beforeTurnOne.total).toBe(d.sovietAirGroundSupport + d.sovietUncommitted);
    expect(d.axisAirSuperiority).toBe(forces.air.axis.available);
  });
});
