import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../core/dice';
import { printedMap } from '../map';
import { ALLIED, SOVIET, game, makeState, testMap, walkMove } from './helpers';
import type { Command, Event, State } from '../types';

const noDice = new FixedDice([]);
const _sov = (s: State, c: Command) => game(printedMap()).decide(s, c, SOVIET, noDice);

describe('movement and terrain (10.0-10.2)', () => {
  const map = printedMap();
  const rs = game(map);
  const soviet = (units: Record<string, string>) => makeState(map, { step: 'soviet-1', units, alliedUpTo: 10 });

  it('10.2.1 example: the 4G Motorized Rifle Corps pays 3 MP per marsh hex alone, 1 MP with the 1G Cavalry Corps', () => {
    const alone = walkMove(rs, soviet({ 'su-4g-mrc': '1824' }), ['su-4g-mrc'], ['1823', '1922'], SOVIET);
    expect(alone[0]).toMatchObject({ type: 'moved', cost: [12] }); // 2 x 3 MP, in half-MP
    const scouted = walkMove(rs, soviet({ 'su-4g-mrc': '1824', 'su-1g-cc': '1824' }), ['su-4g-mrc', 'su-1g-cc'], ['1823', '1922'], SOVIET);
    expect(scouted[0]).toMatchObject({ type: 'moved', cost: [4, 4] }); // 2 x 1 MP each
  });

  it('charges forest, marsh and river by mobility class; autobahns half an MP but not across rivers for free', () => {
    const m = testMap({
      terrain: { '2020': 'forest' },
      rivers: [['2021', '2022']],
      autobahn: [
        ['2023', '2024'],
        ['2024', '2025'],
      ],
    });
    const r = game(m);
    const st = (u: Record<string, string>) => makeState(m, { step: 'soviet-1', units: u, alliedUpTo: 10 });
    expect(walkMove(r, st({ 'su-7-rc': '2019' }), ['su-7-rc'], ['2020'], SOVIET)[0]).toMatchObject({
      cost: [2],
    });
    expect(walkMove(r, st({ 'su-11g-tc': '2019' }), ['su-11g-tc'], ['2020'], SOVIET)[0]).toMatchObject({
      cost: [4],
    });
    expect(walkMove(r, st({ 'su-11g-tc': '2021' }), ['su-11g-tc'], ['2022'], SOVIET)[0]).toMatchObject({
      cost: [6],
    });
    expect(walkMove(r, st({ 'su-7-rc': '2021' }), ['su-7-rc'], ['2022'], SOVIET)[0]).toMatchObject({
      cost: [4],
    });
    expect(walkMove(r, st({ 'su-11g-tc': '2023' }), ['su-11g-tc'], ['2024', '2025'], SOVIET)[0]).toMatchObject({ cost: [2] });
  });

  it('forbids all-lake hexsides except to the 79th Armored Division and units moving with it (10.2.2)', () => {
    const m = testMap({ lakes: [['1220', '1221']], rivers: [['1221', '1222']] });
    const r = game(m);
    const st = makeState(m, { units: { 'uk-7-ad': '1220', 'uk-79-ad': '1220', 'uk-11-ad': '1220' }, alliedUpTo: 30 });
    expect(() => walkMove(r, st, ['uk-7-ad'], ['1221'], ALLIED)).toThrow(/all-lake/);
    const ev = walkMove(r, st, ['uk-7-ad', 'uk-79-ad'], ['1221', '1222'], ALLIED);
    expect(ev[0]).toMatchObject({ type: 'moved', cost: [4, 4] }); // lake and river at no extra cost
  });

  it('stops a unit entering an enemy zone of control, and lets it go from one EZOC hex to another, then stop (8.2)', () => {
    const st = makeState(map, { units: { 'us-2-ad': '2020', 'su-7-rc': '2222' }, alliedUpTo: 30 });
    // 2121 is next to 2222; 2122 too
    expect(() => walkMove(rs, st, ['us-2-ad'], ['2120', '2121', '2221'], ALLIED)).toThrow(/stops/);
    const ev = walkMove(rs, st, ['us-2-ad'], ['2120', '2121'], ALLIED);
    expect(ev[0]).toMatchObject({ stop: true });
    const st2 = makeState(map, { units: { 'us-2-ad': '2121', 'su-7-rc': '2222' }, alliedUpTo: 30 });
    const ev2 = walkMove(rs, st2, ['us-2-ad'], ['2122'], ALLIED);
    expect(ev2[0]).toMatchObject({ stop: true, path: ['2122'] });
    // leaving an EZOC into a free hex is fine
    const ev3 = walkMove(rs, st2, ['us-2-ad'], ['2021', '1921'], ALLIED);
    expect(ev3[0]).toMatchObject({ stop: false });
  });

  it('never enters enemy hexes, never passes through an overstack, and keeps army groups and Germans apart (7.0-7.1.2)', () => {
    const st = makeState(map, {
      units: { 'us-2-ad': '2020', 'us-3-ad': '2021', 'us-4-ad': '2021', 'us-5-ad': '2021', 'su-7-rc': '2222' },
      alliedUpTo: 30,
    });
    expect(() => walkMove(rs, st, ['us-2-ad'], ['2021'], ALLIED)).toThrow(/overstack/);
    expect(() => walkMove(rs, st, ['us-2-ad'], ['2121', '2222'], ALLIED)).toThrow();
    const mixed = makeState(map, { units: { 'uk-7-ad': '1210', 'de-7-fj': '1211' }, alliedUpTo: 30 });
    expect(() => walkMove(rs, mixed, ['uk-7-ad'], ['1211'], ALLIED)).toThrow(/overstack/);
  });

  it('halves the allowance of a unit out of supply when it starts to move (9.4.1)', () => {
    // Soviet unit with every east-edge hex Allied-controlled: no source
    const st = makeState(map, { step: 'soviet-1', units: { 'su-7-rc': '3020' }, alliedUpTo: 42 });
    const ev = walkMove(rs, st, ['su-7-rc'], ['3021'], SOVIET);
    expect(ev[0]).toMatchObject({ mf: { 'su-7-rc': 8 } }); // 8 MP halved = 4 MP = 8 half-MP
    const ok = makeState(map, { step: 'soviet-1', units: { 'su-7-rc': '3020' }, alliedUpTo: 10 });
    expect(walkMove(rs, ok, ['su-7-rc'], ['3021'], SOVIET)[0]).toMatchObject({ mf: { 'su-7-rc': 16 } });
  });

  it('moves stacks only if they began the phase together, and does not resume an earlier parent stack (10.1)', () => {
    let s = makeState(map, { units: { 'us-2-ad': '2020', 'us-3-ad': '2020', 'us-4-ad': '1920' }, alliedUpTo: 30 });
    const apply = (ev: Event[]) => (s = ev.reduce((x, e) => rs.evolve(x, e), s));
    apply(walkMove(rs, s, ['us-2-ad', 'us-3-ad'], ['2021'], ALLIED));
    apply(walkMove(rs, s, ['us-3-ad'], ['2022'], ALLIED)); // split off
    apply(walkMove(rs, s, ['us-2-ad'], ['2121'], ALLIED)); // resume the parent
    expect(() => walkMove(rs, s, ['us-4-ad', 'us-2-ad'], ['2021'], ALLIED)).toThrow();
    apply(walkMove(rs, s, ['us-4-ad'], ['1921'], ALLIED)); // a new parent stack
    expect(() => walkMove(rs, s, ['us-2-ad'], ['2120'], ALLIED)).toThrow(/finished moving/);
  });

  it('lets units leave the map from their exit edge for 1 MP (ruling A10) and records Allied supply at exit (A9)', () => {
    const st = makeState(map, { units: { 'us-2-ad': '4120' }, alliedUpTo: 42 });
    const ev = walkMove(rs, st, ['us-2-ad'], ['4220', 'exit'], ALLIED);
    expect(ev[1]).toMatchObject({ type: 'exited', hex: '4220', side: 'allied', sup: true });
    expect(() => walkMove(rs, st, ['us-2-ad'], ['exit'], ALLIED)).toThrow(/east edge/);
    const so = makeState(map, { step: 'soviet-1', units: { 'su-7-rc': '1120' }, alliedUpTo: 0 });
    expect(walkMove(game(printedMap()), so, ['su-7-rc'], ['1020', 'exit'], SOVIET)[1]).toMatchObject({ type: 'exited', side: 'soviet' });
  });

  it('keeps dropped airborne corps still on their drop turn (5.3)', () => {
    const st = { ...makeState(map, { units: { 'aaa-18-abc': '3020' }, alliedUpTo: 30 }), dropped: { 'aaa-18-abc': 1 } };
    expect(() => walkMove(rs, st, ['aaa-18-abc'], ['3021'], ALLIED)).toThrow(/dropped/);
  });
});
