import { describe, expect, it } from 'vitest';
import { crt } from '../index';
import { type CrtCode, type CrtTable, crtColumn, crtRank, crtResult, crtTableFor, overrunOdds } from '../tables';

const TABLES: CrtTable[] = [1, 2, 3, 4];
const DICE = crt.dieRows;
const COLS = crt.columns.map((_, i) => i);
const PRINTED_CODES = ['Ae', 'AEx', 'Ar', 'Br', 'Ex', 'Dr', '1/2Ex', 'De'];

describe('Combat Results Tables #1-#4 (substitute grids)', () => {
  it('share one set of odds columns and one die, plus the air-ground-support row 7 (12.32)', () => {
    for (const t of TABLES) {
      const rows = crt.tables[String(t) as '1'].rows;
      expect(rows).toHaveLength(7);
      for (const r of rows) expect(r).toHaveLength(crt.columns.length);
    }
    expect(DICE).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(crt.airGroundSupport.dieModifier).toBe(1);
  });

  it('use exactly the result codes the text names (14.32, 27.24, 28.14), each somewhere on a plain die', () => {
    expect(Object.keys(crt.resultCodes).sort()).toEqual([...PRINTED_CODES].sort());
    const seen = new Set<string>();
    for (const t of TABLES) for (const d of [1, 2, 3, 4, 5, 6]) for (const c of COLS) seen.add(crtResult(t, c, d));
    expect([...seen].sort()).toEqual([...PRINTED_CODES].sort());
  });

  it('never get worse for the attacker with a higher die or a better column', () => {
    for (const t of TABLES)
      for (const c of COLS)
        for (const d of DICE) {
          const here = crtRank(crtResult(t, c, d));
          if (d > 1) expect(here, `#${t} ${crt.columns[c]} die ${d}`).toBeGreaterThanOrEqual(crtRank(crtResult(t, c, d - 1)));
          if (c > 0) expect(here, `#${t} ${crt.columns[c]} die ${d}`).toBeGreaterThanOrEqual(crtRank(crtResult(t, c - 1, d)));
        }
  });

  it('run from #1, best for the attacker, to #4, worst, cell by cell (14.17, 14.26, 35.2)', () => {
    for (let t = 2; t <= 4; t++)
      for (const c of COLS)
        for (const d of DICE)
          expect(crtRank(crtResult(t as CrtTable, c, d))).toBeLessThanOrEqual(crtRank(crtResult((t - 1) as CrtTable, c, d)));
    const total = (t: CrtTable) => COLS.reduce((a, c) => a + DICE.reduce((b, d) => b + crtRank(crtResult(t, c, d)), 0), 0);
    expect(total(1)).toBeGreaterThan(total(2));
    expect(total(3)).toBeGreaterThan(total(4));
  });

  it('have the expected extremes: 1-3 on a 1 kills the attacker, 7-1 on a 6 kills the defender, on every table', () => {
    for (const t of TABLES) {
      expect(crtResult(t, 0, 1)).toBe('Ae');
      expect(crtResult(t, COLS.length - 1, 6)).toBe('De');
    }
    expect(crtResult(1, 0, 6)).not.toBe('De');
    expect(crtResult(4, COLS.length - 1, 1)).not.toBe('Ae');
  });

  it('cap the die at 7: one ground-support mission per attack (12.31)', () => {
    expect(crtResult(1, 2, 9)).toBe(crtResult(1, 2, 7));
    expect(crt.airGroundSupport.maxPerAttack).toBe(1);
  });
});

describe('odds (10.0): rounded in favour of the defender', () => {
  it('maps totals to columns', () => {
    expect(crt.columns[crtColumn(10, 3)]).toBe('3-1');
    expect(crt.columns[crtColumn(5, 3)]).toBe('1-1');
    expect(crt.columns[crtColumn(2, 5)]).toBe('1-3');
    expect(crt.columns[crtColumn(3, 6)]).toBe('1-2');
    expect(crt.columns[crtColumn(100, 1)]).toBe('7-1');
  });

  it('makes odds worse than 1-3 an automatic Ae', () => {
    expect(crtColumn(1, 4)).toBe(-1);
    expect(crtResult(1, crtColumn(1, 4), 7)).toBe('Ae');
  });

  it('keeps the overrun (13:1, 5.7) apart from the table, whose top column is far below it', () => {
    expect(crt.columns).not.toContain('13-1');
    expect(Number(crt.overrun.minOdds.split(':')[0])).toBeGreaterThan(Number(crt.columns.at(-1)!.split('-')[0]));
    expect(overrunOdds(13, 1)).toBe(true);
    expect(overrunOdds(25.5, 2)).toBe(false);
    expect(overrunOdds(26, 2)).toBe(true);
    expect(crt.overrun.maxUnits).toBe(3);
  });
});

describe('which table applies', () => {
  it('is #4 for the Axis and #2 for the Russian in Mud and Snow (14.17, 14.26)', () => {
    for (const w of ['mud', 'snow'] as const) {
      expect(crtTableFor('axis', 17, w)).toBe(4);
      expect(crtTableFor('soviet', 17, w)).toBe(2);
    }
  });

  it('follows the by-year schedule in clear weather: 1941 is #1 for the Axis and #4 for the Russian', () => {
    for (let gt = 1; gt <= 20; gt++) {
      expect(crtTableFor('axis', gt, 'clear')).toBe(1);
      expect(crtTableFor('soviet', gt, 'clear')).toBe(4);
    }
    expect(crtTableFor('axis', 80, 'clear')).toBe(2);
    expect(crtTableFor('soviet', 79, 'clear')).toBe(3);
  });

  it('agrees with the only evidence, the 35.2 No Purge variant', () => {
    const sched = crt.selection.clearByYear;
    const purge = sched.noPurgeVariant;
    // the variant helps the Russian: his normal 1941-42 tables are worse (higher) than #2
    for (const y of ['1941', '1942'] as const) expect(sched.soviet[y]).toBeGreaterThan(purge.soviet[y]);
    // and hurts the Axis: his normal 1942 and 1943 tables are better (lower) than #2 and #3
    for (const y of ['1942', '1943'] as const) expect(sched.axis[y]).toBeLessThan(purge.axis[y]);
  });

  it('keeps the by-year table north of the Weatherline in clear turns, and #4/#2 there in Mud (14.44)', () => {
    expect(crtTableFor('axis', 5, 'clear', { northOfWeatherline: true })).toBe(1);
    expect(crtTableFor('soviet', 5, 'clear', { northOfWeatherline: true })).toBe(4);
    expect(crtTableFor('axis', 18, 'mud', { northOfWeatherline: true })).toBe(4);
  });

  it('lets an all-Finnish attack in Mud use the Russian table (14.0 weather treatment)', () => {
    expect(crtTableFor('axis', 18, 'mud', { finnishOnly: true })).toBe(2);
    expect(crtTableFor('axis', 5, 'clear', { finnishOnly: true })).toBe(1);
  });
});

describe('result codes', () => {
  const code = (c: string) => crt.resultCodes[c as CrtCode];
  it('make every result 27.24 counts against Finnish attackers cost the attacker units', () => {
    for (const c of ['Ae', 'AEx', 'Ex', '1/2Ex']) expect(code(c).attacker).not.toMatch(/^(none|retreat)$/);
    expect(code('Ar').attacker).toBe('retreat');
  });

  it('make Br a retreat for both sides and De, Dr, Br the results that reach a defender (28.14)', () => {
    expect([code('Br').attacker, code('Br').defender]).toEqual(['retreat', 'retreat']);
    for (const c of ['De', 'Dr', 'Br']) expect(code(c).defender).not.toBe('none');
    expect(crt.retreatAndAdvance.advance.when).not.toContain('Br');
  });
});
