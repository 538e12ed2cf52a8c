/**
 * What the map's pieces show (issue 16, point 2): a block or counter the viewer may not know carries nothing but
 * its side's colour; known ones carry their NATO type, size marks (EastFront 2.4: German corps, Soviet
 * infantry armies, satellite armies), designation and strength. Stacks spread without overlapping.
 */
import { describe, expect, it } from 'vitest';
import { blockLook, designationOf as efDesignation, echelonOf } from '../eastfront/layers';
import type { ViewUnit } from '../eastfront/model';
import { counterLook, designationOf as ouDesignation } from '../ou/layers';
import { defOf } from '../ou/model';
import { pieceSize, spreadOffset } from './unitSymbol';

const info = (unit: ViewUnit, own: boolean) => ({ unit, own, selected: false, movable: false });

describe('EastFront blocks', () => {
  it('an enemy block standing up shows only its side colour: no type, size, letter, strength or steps', () => {
    const look = blockLook(info({ token: 'b7', side: 'soviet', at: '3,-2' }, false), 40);
    expect(look.glyph).toBeUndefined();
    expect(look.echelon).toBeUndefined();
    expect(look.designation).toBeUndefined();
    expect(look.value).toBeUndefined();
    expect(look.pips).toBeUndefined();
    expect(look.fill).toBe(blockLook(info({ token: 'b8', side: 'soviet', at: null }, false), 40).fill);
  });

  it('an own German armor corps shows the armor box, XXX, its letter, its CV and its steps', () => {
    const u: ViewUnit = { token: 'b1', side: 'german', at: '1,1', id: 'V', type: 'armor', name: 'Armor V', cv: 3, max: 4 };
    const look = blockLook(info(u, true), 40);
    expect(look).toMatchObject({ glyph: 'armor', echelon: 'XXX', designation: 'V', value: '3', pips: [3, 4] });
  });

  it('size marks follow 2.4: Soviet infantry and shock are armies, other Soviet blocks corps, satellites armies', () => {
    expect(echelonOf({ side: 'soviet', type: 'infantry' })).toBe('XXXX');
    expect(echelonOf({ side: 'soviet', type: 'shock' })).toBe('XXXX');
    expect(echelonOf({ side: 'soviet', type: 'armor' })).toBe('XXX');
    expect(echelonOf({ side: 'german', type: 'infantry' })).toBe('XXX');
    expect(echelonOf({ side: 'german', type: 'satellite' })).toBe('XXXX');
    expect(echelonOf({ side: 'german', type: 'hq' })).toBe('XXXXX');
  });

  it('Guards blocks carry a G, HQs their command, and an HQ strength in roman numerals', () => {
    expect(efDesignation({ id: 'D', name: 'Guards Infantry D', type: 'infantry' })).toBe('G D');
    expect(efDesignation({ id: 'U', name: 'AG "A" HQ', type: 'hq' })).toBe('AG A');
    const hq: ViewUnit = { token: 'b2', side: 'german', at: '1,1', id: 'U', type: 'hq', name: 'AG "A" HQ', cv: 2, max: 3 };
    expect(blockLook(info(hq, true), 40).value).toBe('II');
  });
});

describe('Operation Unthinkable counters', () => {
  it('a face-down Soviet counter shows nothing but its colour', () => {
    const look = counterLook({ counter: { id: '?0101-0', at: '0101', steps: 0, hidden: true }, selected: false, movable: false }, 40);
    expect(look.glyph).toBeUndefined();
    expect(look.value).toBeUndefined();
    expect(look.designation).toBeUndefined();
  });

  it('a face-up rifle corps shows the infantry box, XXX, its number from the manifest and its factors', () => {
    const def = defOf('su-7-rc')!;
    const look = counterLook({ counter: { id: def.id, at: '0101', steps: 2, def }, selected: false, movable: false }, 40);
    expect(look).toMatchObject({
      glyph: 'infantry',
      echelon: 'XXX',
      designation: '7',
      value: `${def.f[0][0]}-${def.f[0][1]}`,
      pips: [2, 2],
    });
  });

  it('designations come from the manifest names', () => {
    expect(ouDesignation('11G TC (1 Gds Tank)')).toBe('11G');
    expect(ouDesignation('Guards Armd Div')).toBe('Gds');
    expect(ouDesignation('UKG 7 FJ Div')).toBe('7');
  });
});

describe('sizes and spreading', () => {
  it('pieces never get smaller than 22 px nor larger than 58 px, except chips one hex wide on a far zoomed-out map', () => {
    expect(pieceSize(16)).toBe(22);
    expect(pieceSize(10)).toBe(9);
    expect(pieceSize(60)).toBeGreaterThan(30);
    expect(pieceSize(1000)).toBe(58);
  });

  it('a spread stack puts every piece in its own place, centred on the hex', () => {
    for (const n of [2, 3, 4, 5, 7]) {
      const spots = Array.from({ length: n }, (_, i) => spreadOffset(i, n, 40));
      expect(new Set(spots.map((p) => p.join(','))).size).toBe(n);
      const cx = spots.reduce((t, p) => t + p[0], 0) / n;
      expect(Math.abs(cx)).toBeLessThan(40);
      for (const [a, b] of spots.flatMap((p, i) => spots.slice(i + 1).map((q) => [p, q])))
        expect(Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]))).toBeGreaterThanOrEqual(40);
    }
  });
});
