import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../core/dice';
import { printedMap } from '../map';
import { ALLIED, SOVIET, game, makeState } from './helpers';
import type { Command, Event, State } from '../types';

const map = printedMap();
const rs = game(map);
const apply = (s: State, ev: Event[]) => ev.reduce((x, e) => rs.evolve(x, e), s);

describe('optional rules as scenario options', () => {
  it('3.5.2 Soviet preparedness: every R unit arrives in GT1 before the Soviet player-turn, and 6.1 never rolls', () => {
    let s = makeState(map, {
      step: 'allied-2',
      turn: 1,
      units: { 'su-7-rc': '3020', 'us-2-ad': '1230' },
      options: { prepared: true },
      alliedUpTo: 15,
    });
    s = apply(s, rs.decide(s, { type: 'end-phase' }, ALLIED, new FixedDice([])));
    expect(s.step).toBe('prepared');
    const pool = Object.keys(s.u).filter((id) => s.u[id].at === 'drawn');
    expect(pool.length).toBe(31);
    const place = rs.legal(s, SOVIET)[0].command as Extract<Command, { type: 'place' }>;
    s = apply(s, rs.decide(s, place, SOVIET, new FixedDice([])));
    expect(s.step).toBe('order-soviet');
    expect(pool.every((id) => /^42\d\d$/.test(s.u[id].at))).toBe(true);
    // later turns: no reinforcement roll at all
    const later = makeState(map, { step: 'soviet-2', turn: 2, units: { 'su-7-rc': '3020' }, options: { prepared: true }, alliedUpTo: 15 });
    const ev = rs.decide(later, { type: 'end-phase' }, SOVIET, new FixedDice([]));
    expect(ev.some((e) => e.type === 'drawn')).toBe(false);
  });

  it('5.4 option: each army group declares its own order and acts in its own kind of phase', () => {
    let s = makeState(map, {
      step: 'order-allied',
      units: { 'us-2-ad': '1230', 'uk-7-ad': '1210', 'su-7-rc': '1310' },
      bnd: { kind: 'row', hex: '1021' },
      options: { splitOrder: true },
      order: {},
      alliedUpTo: 12,
    });
    const us = { side: 'allied', commands: ['us-12ag'] };
    const uk = { side: 'allied', commands: ['uk-21ag'] };
    expect(() => rs.decide(s, { type: 'order', order: 'move-fight', group: 'UK' }, us, new FixedDice([]))).toThrow();
    s = apply(s, rs.decide(s, { type: 'order', order: 'move-fight', group: 'US' }, us, new FixedDice([])));
    expect(s.step).toBe('order-allied');
    s = apply(s, rs.decide(s, { type: 'order', order: 'fight-move', group: 'UK' }, uk, new FixedDice([])));
    expect(s.step).toBe('allied-1');
    expect(rs.decide(s, { type: 'move', units: ['us-2-ad'], path: ['1231'] }, us, new FixedDice([]))[0].type).toBe('moved');
    expect(() => rs.decide(s, { type: 'move', units: ['uk-7-ad'], path: ['1209'] }, uk, new FixedDice([]))).toThrow(/Movement Phase/);
    expect(rs.decide(s, { type: 'attack', target: '1310', units: ['uk-7-ad'] }, uk, new FixedDice([4]))[0].type).toBe('declared');
  });

  it('4.2 option: ten turns', () => {
    const ev = rs.setup('standard', { tenTurns: true }, new FixedDice([1]));
    expect(apply(rs.initial(), ev).lastTurn).toBe(10);
  });
});
