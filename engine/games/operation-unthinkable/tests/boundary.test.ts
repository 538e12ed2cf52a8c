import { describe, expect, it } from 'vitest';
import { board } from '../board';
import { printedMap, hexDistance } from '../map';
import { unitDef } from '../data';
import { ALLIED, SOVIET, game, makeState } from './helpers';

const map = printedMap();
const rs = game(map);
const onLine = (kind: 'row' | 'sw-ne' | 'nw-se', hex: string, id: string) =>
  board(map, makeState(map, { units: {}, bnd: { kind, hex } })).boundarySide(id) === 0;

describe('army group boundary (3.4)', () => {
  it('runs the printed example files: SW-NE 1019-3805, NW-SE 1015-4231, zigzag row 21', () => {
    expect(onLine('sw-ne', '1019', '3805')).toBe(true);
    expect(onLine('sw-ne', '1019', '1118')).toBe(true);
    expect(onLine('sw-ne', '1019', '1218')).toBe(true);
    expect(onLine('nw-se', '1015', '4231')).toBe(true);
    for (const h of ['1021', '1121', '1221', '4021', '4121', '4221']) expect(onLine('row', '1021', h)).toBe(true);
    // the SW-NE file climbs 14 rows over 28 columns, the NW-SE file drops 16 over 32 (hex steps = columns)
    expect(hexDistance('1019', '3805')).toBe(28);
    expect(hexDistance('1015', '4231')).toBe(32);
  });

  it('lets US units enter line hexes and UK units only hexes north of it (3.4 example)', () => {
    const s = makeState(map, { units: {}, bnd: { kind: 'row', hex: '1021' } });
    const b = board(map, s);
    expect(b.regionOk(unitDef('us-2-ad'), '1521')).toBe(true);
    expect(b.regionOk(unitDef('uk-7-ad'), '1521')).toBe(false);
    expect(b.regionOk(unitDef('uk-7-ad'), '1520')).toBe(true);
    expect(b.regionOk(unitDef('us-2-ad'), '1520')).toBe(false);
    expect(b.regionOk(unitDef('aaa-18-abc'), '1520')).toBe(true); // 5.3: the 1AAA ignores the line
    expect(b.regionOk(unitDef('su-7-rc'), '1520')).toBe(true); // no effect on Soviet units
  });

  it('refuses a UK move south of the line and lets a US unit move onto it', () => {
    const s = makeState(map, { units: { 'uk-7-ad': '1220', 'us-2-ad': '1222' }, bnd: { kind: 'row', hex: '1021' } });
    expect(() => rs.decide(s, { type: 'move', units: ['uk-7-ad'], path: ['1221'] }, ALLIED, { roll: () => 1 })).toThrow(
      /north of the army group line/,
    );
    const ev = rs.decide(s, { type: 'move', units: ['us-2-ad'], path: ['1221'] }, ALLIED, { roll: () => 1 });
    expect(ev[0]).toMatchObject({ type: 'moved', path: ['1221'] });
  });

  it('marks wrong-side units when the line moves: (a) away from Soviets, (b) next to them', () => {
    const s = makeState(map, {
      step: 'boundary',
      units: { 'uk-7-ad': '1220', 'uk-11-ad': '1218', 'su-7-rc': '1318' },
      bnd: { kind: 'row', hex: '1021' },
    });
    const ev = rs.decide(s, { type: 'boundary', kind: 'row', hex: '1015' }, ALLIED, { roll: () => 1 });
    expect(ev[0]).toMatchObject({ type: 'boundary', wrong: { 'uk-7-ad': 'a', 'uk-11-ad': 'b' } });
  });

  it('makes a (b) unit head straight back and an (a) unit keep clear of Soviet units', () => {
    let s = makeState(map, {
      units: { 'uk-7-ad': '1220', 'uk-11-ad': '1218', 'su-7-rc': '1318', 'su-12-rc': '1522' },
      bnd: { kind: 'row', hex: '1015' },
    });
    s = { ...s, wrong: { 'uk-7-ad': 'a', 'uk-11-ad': 'b' } };
    const d = { roll: () => 1 };
    expect(() => rs.decide(s, { type: 'move', units: ['uk-11-ad'], path: ['1219'] }, ALLIED, d)).toThrow(/straight back/);
    expect(rs.decide(s, { type: 'move', units: ['uk-11-ad'], path: ['1217'] }, ALLIED, d)[0].type).toBe('moved');
    expect(() => rs.decide(s, { type: 'move', units: ['uk-7-ad'], path: ['1319'] }, ALLIED, d)).toThrow(/next to a Soviet unit/);
    // and it may not end the phase before the (b) unit has moved
    expect(() => rs.decide(s, { type: 'end-phase' }, ALLIED, d)).toThrow(/must move back/);
    // wrong-side units may not attack (ruling A29)
    const c = { ...s, order: { allied: 'fight-move' as const } };
    expect(() => rs.decide(c, { type: 'attack', target: '1318', units: ['uk-11-ad'] }, ALLIED, d)).toThrow(/wrong side/);
    expect(SOVIET.side).toBe('soviet');
  });
});
