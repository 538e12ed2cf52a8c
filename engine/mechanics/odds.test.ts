import { describe, expect, it } from 'vitest';
import {
  columnOf,
  compareOdds,
  ladder,
  modifiedDie,
  netShift,
  oddsColumn,
  oddsRatio,
  oddsTable,
  oddsValue,
  parseOdds,
  readCell,
  shiftOnLadder,
} from './odds';

describe('odds as rationals', () => {
  it('represents 3:2 between 1:1 and 2:1 (oddsValue no longer rounds it to 0.5)', () => {
    expect(oddsValue(parseOdds('3:2'))).toBe(1.5);
    expect(compareOdds(parseOdds('1:1'), parseOdds('3:2'))).toBeLessThan(0);
    expect(compareOdds(parseOdds('2:1'), parseOdds('3:2'))).toBeGreaterThan(0);
    expect(parseOdds('3-2')).toEqual({ att: 3, def: 2 });
  });

  it('finds the column exactly: 15 against 10 is 3:2, 14 against 10 is 1:1', () => {
    const l = ladder(['1:2', '1:1', '3:2', '2:1', '3:1']);
    expect(l.columns[columnOf(l, 15, 10)].label).toBe('3:2');
    expect(l.columns[columnOf(l, 14, 10)].label).toBe('1:1');
    expect(l.columns[columnOf(l, 20, 10)].label).toBe('2:1');
    expect(l.columns[columnOf(l, 99, 0)].label).toBe('3:1'); // no defense counts as 1
    expect(l.columns[columnOf(l, 2, 0)].label).toBe('2:1');
    expect(columnOf(l, 4, 10)).toBe(0); // clamped
    expect(columnOf(l, 4, 10, false)).toBe(-1);
  });

  it('agrees with the n:1 / 1:n rounding on whole-number rows (26:7 -> 3:1, 8:12 -> 1:2)', () => {
    const row = ['1:3', '1:2', '1:1', '2:1', '3:1', '4:1', '5:1', '6:1'];
    const l = ladder(row);
    for (let a = 0; a <= 40; a++) for (let d = 0; d <= 40; d++) expect(columnOf(l, a, d)).toBe(oddsColumn(row, oddsRatio(a, d)));
    expect(row[columnOf(l, 26, 7)]).toBe('3:1');
    expect(row[columnOf(l, 8, 12)]).toBe('1:2');
  });

  it('counts invisible columns for ratios and shifts', () => {
    // printed 1:2 .. 3:1, with 1:4 and 1:3 counted below the table
    const l = ladder(['1:2', '1:1', '2:1', '3:1'], ['1:4', '1:3']);
    expect(l.columns.map((c) => c.label)).toEqual(['1:4', '1:3', '1:2', '1:1', '2:1', '3:1']);
    const at = columnOf(l, 4, 16); // 1:4, an invisible column
    expect(l.columns[at].visible).toBe(false);
    expect(shiftOnLadder(l, at, 0)).toEqual({ kind: 'below' });
    expect(shiftOnLadder(l, at, 1)).toEqual({ kind: 'below' }); // 1:3: still off the printed table
    expect(shiftOnLadder(l, at, 2)).toEqual({ kind: 'column', index: 0 }); // 1:2, first printed column
    expect(shiftOnLadder(l, columnOf(l, 30, 10), 1)).toEqual({ kind: 'above' });
    expect(() => ladder(['1:1', '1:1'])).toThrow();
  });

  it('reads several rows over one grid, split cells, shifts and die modifiers', () => {
    const t = oddsTable({ armor: ladder(['1:1', '3:2', '2:1']), infantry: ladder(['1:2', '1:1', '3:2']) }, [
      ['AE', 'AR', 'AR', 'EX', 'DR', 'DR'],
      {
        ranges: [
          { upTo: 2, result: 'AR' },
          { upTo: 6, result: 'DR' },
        ],
      },
      ['EX', 'DR', 'DR', 'DR', 'DE', 'DE'],
    ]);
    // the same 3:2 attack reads one column further right for armor than for infantry
    expect(columnOf(t.rows.armor, 3, 2)).toBe(1);
    expect(columnOf(t.rows.infantry, 3, 2)).toBe(2);
    expect(readCell(t, 1, 2)).toBe('AR');
    expect(readCell(t, 1, 3)).toBe('DR');
    expect(readCell(t, 0, 4)).toBe('EX');
    expect(netShift({ terrain: -1, air: 2 })).toBe(1);
    expect(modifiedDie(t, 5, { leader: 2 })).toBe(6);
    expect(modifiedDie(t, 1, { river: -2 })).toBe(1);
    expect(() => oddsTable({ a: ladder(['1:1']) }, [['x'], ['y']])).toThrow();
  });
});
