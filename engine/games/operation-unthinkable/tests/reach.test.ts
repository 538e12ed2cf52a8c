/**
 * What legal() offers for large choices: reachable hexes for a multi-hex move (10.0-10.2, 8.2, 7.0, 3.4) and
 * set-up targets (3.5, 3.6). Each must agree with decide().
 */
import { describe, expect, it } from 'vitest';
import { FixedDice, SeededDice } from '../../../core/dice';
import { fold } from '../../../core/ruleset';
import { printedMap } from '../map';
import { reachable } from '../movement';
import { operationUnthinkable } from '../index';
import { playUntil } from '../fuzz';
import { onMap } from '../board';
import { unitDef } from '../data';
import { ALLIED, SOVIET, game, makeState, nextOptions, testMap, walkMove } from './helpers';
import type { Event, State } from '../types';

const noDice = new FixedDice([]);

describe('reachable hexes for one multi-hex move (10.0-10.2, 8.2, 7.0, 3.4)', () => {
  const map = printedMap();
  const _rs = game(map);

  it('10.2.1 example: through the marsh 1823-1922 the 4G Motorized Rifle Corps reaches further with the 1G Cavalry Corps', () => {
    const st = (u: Record<string, string>) => makeState(map, { step: 'soviet-1', units: u, alliedUpTo: 10 });
    const alone = reachable(map, st({ 'su-4g-mrc': '1824' }), SOVIET, ['su-4g-mrc']);
    const scouted = reachable(map, st({ 'su-4g-mrc': '1824', 'su-1g-cc': '1824' }), SOVIET, ['su-4g-mrc', 'su-1g-cc']);
    // in half-MP: alone, marsh costs it 3 MP (1823: 6; 1922: one clear hex and the marsh, 8); scouted, 1 MP each
    expect(alone.get('1823')?.cost).toBe(6);
    expect(alone.get('1922')?.cost).toBe(8);
    expect(scouted.get('1823')?.cost).toBe(2);
    expect(scouted.get('1922')?.cost).toBe(4);
    expect(scouted.size).toBeGreaterThan(alone.size);
  });

  it('stops at enemy zones of control, never enters enemy hexes and lists the exit from the east edge', () => {
    const st = makeState(map, { units: { 'us-2-ad': '2020', 'su-7-rc': '2222' }, alliedUpTo: 30 });
    const r = reachable(map, st, ALLIED, ['us-2-ad']);
    expect(r.has('2121')).toBe(true); // in the ZOC: a stop
    expect(r.has('2222')).toBe(false);
    expect(r.get('2121')!.path.at(-1)).toBe('2121');
    // no path runs on through a hex in the enemy zone of control
    const zoc = ['2121', '2122', '2221', '2223', '2321', '2322'];
    for (const [, v] of r) for (const h of v.path.slice(0, -1)) expect(zoc).not.toContain(h);
    const edge = makeState(map, { units: { 'us-2-ad': '4220', 'us-3-ad': '4020' }, alliedUpTo: 42 });
    expect(reachable(map, edge, ALLIED, ['us-2-ad']).get('exit')).toEqual({ cost: 2, path: ['exit'] }); // ruling A10: 1 MP
    const two = reachable(map, edge, ALLIED, ['us-3-ad']).get('exit')!;
    expect(two.path).toHaveLength(3);
    expect(two.cost).toBe(6);
  });

  it('every listed path is a move decide() accepts, at the listed cost, and every single step legal() offers is listed', () => {
    const m = testMap({
      terrain: { '2020': 'forest', '2121': 'marsh' },
      rivers: [
        ['2221', '2222'],
        ['1920', '1921'],
      ],
      autobahn: [
        ['2323', '2324'],
        ['2324', '2325'],
      ],
      lakes: [['1818', '1819']],
    });
    const r = game(m);
    const st = makeState(m, {
      units: { 'us-2-ad': '2322', 'us-3-ad': '2322', 'aaa-18-abc': '2324', 'su-7-rc': '2827', 'su-4g-mrc': '2927' },
      alliedUpTo: 30,
      bnd: { kind: 'row', hex: '1015' },
    });
    for (const group of [['us-2-ad'], ['us-2-ad', 'us-3-ad']]) {
      const reach = reachable(m, st, ALLIED, group);
      expect(reach.size).toBeGreaterThan(20);
      expect(reach.has('2324')).toBe(false); // 7.1.1: the airborne corps stands alone
      expect(reach.get('2325')?.path).toEqual(['2323', '2324', '2325']); // but the stack passes along the autobahn
      for (const [hex, v] of reach) {
        const ev = walkMove(r, st, group, v.path, ALLIED);
        const moved = ev[0] as Extract<Event, { type: 'moved' }>;
        expect(Math.max(...moved.cost), `${hex} via ${v.path.join(' ')}`).toBe(v.cost);
        const byTo = r.decide(st, { type: 'move', units: group, to: hex }, ALLIED, noDice)[0] as Extract<Event, { type: 'moved' }>;
        expect(byTo.path).toEqual(v.path.filter((h) => h !== 'exit'));
      }
      // legal() offers this group exactly these destinations
      expect(
        nextOptions(r.legal(st, ALLIED), 'move', group, (ch, p) => r.choiceOptions?.(st, ALLIED, ch.lazy ?? '', { ...p })).sort(),
      ).toEqual([...reach.keys()].sort());
    }
  });

  it('agrees with decide() on every destination of a random game', () => {
    // a seeded game up to the first Allied Movement Phase, then every group's reach from the Allied view
    const rs0 = operationUnthinkable;
    const s = playUntil(rs0, 7, (x) => x.step === 'allied-1' && x.order.allied === 'move-fight');
    expect(s.step).toBe('allied-1');
    const m = (rs0 as unknown as { map: typeof map }).map;
    const groups = new Map<string, string[]>();
    for (const [id, u] of Object.entries(s.u))
      if (onMap(u.at) && unitDef(id).side === 'allied') groups.set(u.at, [...(groups.get(u.at) ?? []), id]);
    let checked = 0;
    const t0 = performance.now();
    for (const g of groups.values()) {
      const fromState = reachable(m, s, ALLIED, g);
      for (const [to] of [...fromState].slice(0, 25)) {
        rs0.decide(s, { type: 'move', units: g, to }, ALLIED, noDice);
        checked++;
      }
    }
    const ms = performance.now() - t0;
    expect(checked).toBeGreaterThan(100);
    console.log(`[ou reach] ${groups.size} Allied stacks, ${checked} paths decided; ${ms.toFixed(0)} ms`);
  });
});

describe('set-up targets (3.5, 3.6, 3.4, 7.1.2)', () => {
  const setupTargets = (s: State, actor: typeof ALLIED, unit: string) => nextOptions(operationUnthinkable.legal(s, actor), 'place', unit);
  it('lists exactly the hexes decide() accepts for one unit', () => {
    const rs0 = operationUnthinkable;
    const m = (rs0 as unknown as { map: ReturnType<typeof printedMap> }).map;
    const dice = new SeededDice(3);
    let s: State = fold(rs0, rs0.setup('standard', {}, dice));
    s = fold(rs0, rs0.decide(s, { type: 'boundary', kind: 'row', hex: '1021' }, ALLIED, dice), s);
    expect(s.step).toBe('setup-soviet');
    const su = Object.keys(s.u).find((id) => s.u[id].at === 'setup' && unitDef(id).side === 'soviet') ?? '';
    const hexes = setupTargets(s, SOVIET, su);
    expect(hexes.length).toBeGreaterThan(500);
    for (const h of hexes) expect(m.frontline[s.line ?? 'elbe'][m.index.get(h) ?? -1]).toBe(0); // 3.5: east of the line
    for (const h of [hexes[0], hexes[hexes.length - 1]])
      expect(() => rs0.decide(s, { type: 'place', unit: su, hex: h }, SOVIET, dice)).not.toThrow();
    const west = m.ids.find((_h, i) => m.frontline[s.line ?? 'elbe'][i] === 1) ?? '';
    expect(hexes).not.toContain(west);
    expect(() => rs0.decide(s, { type: 'place', unit: su, hex: west }, SOVIET, dice)).toThrow(/west of the frontline/);
    expect(setupTargets(s, ALLIED, su)).toEqual([]); // not the Allies' unit, not their step
  });

  it('a placed unit may be placed again until its command says its set-up is done, then never (5.0)', () => {
    const rs0 = operationUnthinkable;
    const dice = new SeededDice(3);
    let s: State = fold(rs0, rs0.setup('standard', {}, dice));
    s = fold(rs0, rs0.decide(s, { type: 'boundary', kind: 'row', hex: '1021' }, ALLIED, dice), s);
    const front = { side: 'soviet', commands: ['1bf'] };
    const ev = rs0.decide(s, { type: 'place-all' }, front, dice);
    s = fold(rs0, ev, s);
    const [unit, first] = (ev[0] as Extract<Event, { type: 'placed' }>).units[0];
    expect(setupTargets(s, front, unit)).not.toContain(first); // already there
    const again = setupTargets(s, front, unit)[0];
    expect(again).toBeDefined();
    const moved = fold(rs0, rs0.decide(s, { type: 'place', unit, hex: again }, front, dice), s);
    expect(moved.u[unit].at).toBe(again);
    s = fold(rs0, rs0.decide(moved, { type: 'end-setup' }, front, dice), moved);
    expect(s.step).toBe('setup-soviet'); // the other fronts are not done yet
    expect(setupTargets(s, front, unit)).toEqual([]);
    expect(() => rs0.decide(s, { type: 'place', unit, hex: first }, front, dice)).toThrow(/finished its set-up/);
  });
});
