import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../core/dice';
import { printedMap } from '../map';
import { ALLIED, SOVIET, game, makeState, testMap } from './helpers';
import type { Command, Event, State } from '../types';

const noDice = new FixedDice([]);
const sov = (s: State, c: Command) => game(printedMap()).decide(s, c, SOVIET, noDice);

describe('movement and terrain (10.0-10.2)', () => {
  const map = printedMap();
  const rs = game(map);
  const soviet = (units: Record<string, string>) => makeState(map, { step: 'soviet-1', units, alliedUpTo: 10 });

  it('10.2.1 example: the 4G Motorized Rifle Corps pays 3 MP per marsh hex alone, 1 MP with the 1G Cavalry Corps', () => {
    const alone = rs.decide(
      soviet({ 'su-4g-mrc': '1824' }),
      { type: 'move', units: ['su-4g-mrc'], path: ['1823', '1922'] },
      SOVIET,
      noDice,
    );
    expect(alone[0]).toMatchObject({ type: 'moved', cost: [12] }); // 2 x 3 MP, in half-MP
    const scouted = rs.decide(
      soviet({ 'su-4g-mrc': '1824', 'su-1g-cc': '1824' }),
      { type: 'move', units: ['su-4g-mrc', 'su-1g-cc'], path: ['1823', '1922'] },
      SOVIET,
      noDice,
    );
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
    expect(r.decide(st({ 'su-7-rc': '2019' }), { type: 'move', units: ['su-7-rc'], path: ['2020'] }, SOVIET, noDice)[0]).toMatchObject({
      cost: [2],
    });
    expect(r.decide(st({ 'su-11g-tc': '2019' }), { type: 'move', units: ['su-11g-tc'], path: ['2020'] }, SOVIET, noDice)[0]).toMatchObject({
      cost: [4],
    });
    expect(r.decide(st({ 'su-11g-tc': '2021' }), { type: 'move', units: ['su-11g-tc'], path: ['2022'] }, SOVIET, noDice)[0]).toMatchObject({
      cost: [6],
    });
    expect(r.decide(st({ 'su-7-rc': '2021' }), { type: 'move', units: ['su-7-rc'], path: ['2022'] }, SOVIET, noDice)[0]).toMatchObject({
      cost: [4],
    });
    expect(
      r.decide(st({ 'su-11g-tc': '2023' }), { type: 'move', units: ['su-11g-tc'], path: ['2024', '2025'] }, SOVIET, noDice)[0],
    ).toMatchObject({ cost: [2] });
  });

  it('forbids all-lake hexsides except to the 79th Armored Division and units moving with it (10.2.2)', () => {
    const m = testMap({ lakes: [['1220', '1221']], rivers: [['1221', '1222']] });
    const r = game(m);
    const st = makeState(m, { units: { 'uk-7-ad': '1220', 'uk-79-ad': '1220', 'uk-11-ad': '1220' }, alliedUpTo: 30 });
    expect(() => r.decide(st, { type: 'move', units: ['uk-7-ad'], path: ['1221'] }, ALLIED, noDice)).toThrow(/all-lake/);
    const ev = r.decide(st, { type: 'move', units: ['uk-7-ad', 'uk-79-ad'], path: ['1221', '1222'] }, ALLIED, noDice);
    expect(ev[0]).toMatchObject({ type: 'moved', cost: [4, 4] }); // lake and river at no extra cost
  });

  it('stops a unit entering an enemy zone of control, and lets it go from one EZOC hex to another, then stop (8.2)', () => {
    const st = makeState(map, { units: { 'us-2-ad': '2020', 'su-7-rc': '2222' }, alliedUpTo: 30 });
    // 2121 is next to 2222; 2122 too
    expect(() => rs.decide(st, { type: 'move', units: ['us-2-ad'], path: ['2120', '2121', '2221'] }, ALLIED, noDice)).toThrow(/stops/);
    const ev = rs.decide(st, { type: 'move', units: ['us-2-ad'], path: ['2120', '2121'] }, ALLIED, noDice);
    expect(ev[0]).toMatchObject({ stop: true });
    const st2 = makeState(map, { units: { 'us-2-ad': '2121', 'su-7-rc': '2222' }, alliedUpTo: 30 });
    const ev2 = rs.decide(st2, { type: 'move', units: ['us-2-ad'], path: ['2122'] }, ALLIED, noDice);
    expect(ev2[0]).toMatchObject({ stop: true, path: ['2122'] });
    // leaving an EZOC into a free hex is fine
    const ev3 = rs.decide(st2, { type: 'move', units: ['us-2-ad'], path: ['2021', '1921'] }, ALLIED, noDice);
    expect(ev3[0]).toMatchObject({ stop: false });
  });

  it('never enters enemy hexes, never passes through an overstack, and keeps army groups and Germans apart (7.0-7.1.2)', () => {
    const st = makeState(map, {
      units: { 'us-2-ad': '2020', 'us-3-ad': '2021', 'us-4-ad': '2021', 'us-5-ad': '2021', 'su-7-rc': '2222' },
      alliedUpTo: 30,
    });
    expect(() => rs.decide(st, { type: 'move', units: ['us-2-ad'], path: ['2021'] }, ALLIED, noDice)).toThrow(/overstack/);
    expect(() => rs.decide(st, { type: 'move', units: ['us-2-ad'], path: ['2121', '2222'] }, ALLIED, noDice)).toThrow();
    const mixed = makeState(map, { units: { 'uk-7-ad': '1210', 'de-7-fj': '1211' }, alliedUpTo: 30 });
    expect(() => rs.decide(mixed, { type: 'move', units: ['uk-7-ad'], path: ['1211'] }, ALLIED, noDice)).toThrow(/overstack/);
  });

  it('halves the allowance of a unit out of supply when it starts to move (9.4.1)', () => {
    // Soviet unit with every east-edge hex Allied-controlled: no source
    const st = makeState(map, { step: 'soviet-1', units: { 'su-7-rc': '3020' }, alliedUpTo: 42 });
    const ev = rs.decide(st, { type: 'move', units: ['su-7-rc'], path: ['3021'] }, SOVIET, noDice);
    expect(ev[0]).toMatchObject({ mf: { 'su-7-rc': 8 } }); // 8 MP halved = 4 MP = 8 half-MP
    const ok = makeState(map, { step: 'soviet-1', units: { 'su-7-rc': '3020' }, alliedUpTo: 10 });
    expect(rs.decide(ok, { type: 'move', units: ['su-7-rc'], path: ['3021'] }, SOVIET, noDice)[0]).toMatchObject({ mf: { 'su-7-rc': 16 } });
  });

  it('moves stacks only if they began the phase together, and does not resume an earlier parent stack (10.1)', () => {
    let s = makeState(map, { units: { 'us-2-ad': '2020', 'us-3-ad': '2020', 'us-4-ad': '1920' }, alliedUpTo: 30 });
    const apply = (ev: Event[]) => (s = ev.reduce((x, e) => rs.evolve(x, e), s));
    apply(rs.decide(s, { type: 'move', units: ['us-2-ad', 'us-3-ad'], path: ['2021'] }, ALLIED, noDice));
    apply(rs.decide(s, { type: 'move', units: ['us-3-ad'], path: ['2022'] }, ALLIED, noDice)); // split off
    apply(rs.decide(s, { type: 'move', units: ['us-2-ad'], path: ['2121'] }, ALLIED, noDice)); // resume the parent
    expect(() => rs.decide(s, { type: 'move', units: ['us-4-ad', 'us-2-ad'], path: ['2021'] }, ALLIED, noDice)).toThrow();
    apply(rs.decide(s, { type: 'move', units: ['us-4-ad'], path: ['1921'] }, ALLIED, noDice)); // a new parent stack
    expect(() => rs.decide(s, { type: 'move', units: ['us-2-ad'], path: ['2120'] }, ALLIED, noDice)).toThrow(/finished moving/);
  });

  it('lets units leave the map from their exit edge for 1 MP (ruling A10) and records Allied supply at exit (A9)', () => {
    const st = makeState(map, { units: { 'us-2-ad': '4120' }, alliedUpTo: 42 });
    const ev = rs.decide(st, { type: 'move', units: ['us-2-ad'], path: ['4220', 'exit'] }, ALLIED, noDice);
    expect(ev[1]).toMatchObject({ type: 'exited', hex: '4220', side: 'allied', sup: true });
    expect(() => rs.decide(st, { type: 'move', units: ['us-2-ad'], path: ['exit'] }, ALLIED, noDice)).toThrow(/east edge/);
    const so = makeState(map, { step: 'soviet-1', units: { 'su-7-rc': '1120' }, alliedUpTo: 0 });
    expect(sov(so, { type: 'move', units: ['su-7-rc'], path: ['1020', 'exit'] })[1]).toMatchObject({ type: 'exited', side: 'soviet' });
  });

  it('keeps dropped airborne corps still on their drop turn (5.3)', () => {
    const st = { ...makeState(map, { units: { 'aaa-18-abc': '3020' }, alliedUpTo: 30 }), dropped: { 'aaa-18-abc': 1 } };
    expect(() => rs.decide(st, { type: 'move', units: ['aaa-18-abc'], path: ['3021'] }, ALLIED, noDice)).toThrow(/dropped/);
  });
});
