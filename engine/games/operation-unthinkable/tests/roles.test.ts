import { firstCompletion } from '../../../core/actions';
/**
 * Team roles (issue 8, point 4): who holds which units and decisions, and what each seat is offered. Allied:
 * the supreme commander (army group line 3.4, airborne drop 5.3, move/fight order 5.4), the US 12th and British
 * 21st Army Groups (their own units, on their own side of the line); Soviet: Stavka (R pool 6.1, maskirovka
 * 3.7, order 5.4) and three fronts.
 */
import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../core/dice';
import { isRuleError } from '../../../core/errors';
import type { Actor } from '../../../core/ruleset';
import { UNITS } from '../data';
import { printedMap } from '../map';
import type { Command, State } from '../types';
import { game } from './helpers';

const rs = game(printedMap());
const seat = (side: string, ...commands: string[]): Actor => ({ side, commands });
const SUPREME = seat('allied', 'supreme');
const US = seat('allied', 'us-12ag');
const UK = seat('allied', 'uk-21ag');
const STAVKA = seat('soviet', 'stavka');
const FRONTS = ['1bf', '2bf', '1uf'].map((c) => seat('soviet', c));

const types = (s: State, a: Actor) => [...new Set(rs.legal(s, a).map((l) => l.command.type))].sort();
const unitsOffered = (s: State, a: Actor) =>
  rs.legal(s, a).flatMap((l) => (l.command.type === 'move' ? (l.choices?.[0].options ?? []).flatMap((o) => o.value as string[]) : []));

function refusal(s: State, c: Command, a: Actor): string | null {
  try {
    rs.decide(s, c, a, new FixedDice([]));
    return null;
  } catch (e) {
    return isRuleError(e) ? `${e.code}:${e.rule}` : String(e);
  }
}

/** Play `c` as `a`. */
function play(s: State, c: Command, a: Actor, dice: number[] = []): State {
  return rs.decide(s, c, a, new FixedDice(dice)).reduce((x, e) => rs.evolve(x, e), s);
}
const first = (s: State, a: Actor, type: string): Command =>
  firstCompletion(rs.legal(s, a).find((l) => l.command.type === type)!, (ch, p) => rs.choiceOptions?.(s, a, ch.lazy ?? '', { ...p }))!;

/** Boundary, both set-ups (each command its own units) and maskirovka, up to the Allied first phase of turn 1. */
function toAlliedPhase(): State {
  let s = rs.setup('standard', {}, new FixedDice([2])).reduce((x, e) => rs.evolve(x, e), rs.initial());
  s = play(s, first(s, SUPREME, 'boundary'), SUPREME);
  for (const f of FRONTS) s = play(s, first(s, f, 'place-all'), f);
  for (const f of FRONTS) s = play(s, { type: 'end-setup' }, f);
  for (const g of [US, UK]) s = play(s, first(s, g, 'place-all'), g);
  s = play(s, { type: 'end-setup' }, US);
  s = play(s, { type: 'end-setup' }, UK, [3, 4]);
  s = play(s, { type: 'end-maskirovka' }, STAVKA);
  s = play(s, { type: 'end-phase' }, SUPREME); // no airdrop
  return play(s, { type: 'order', order: 'move-fight' }, SUPREME);
}

describe('team roles (issue 8 point 4)', () => {
  it('gives every unit to exactly one command of its side', () => {
    const commands = new Map(rs.roles('standard').sides.map((sd) => [sd.id, sd.commands.map((c) => c.id)]));
    for (const u of UNITS) expect(commands.get(u.side)).toContain(u.cmd);
    const cmdOf = (pred: (u: (typeof UNITS)[number]) => boolean) => [...new Set(UNITS.filter(pred).map((u) => u.cmd))];
    expect(cmdOf((u) => u.ag === 'US')).toEqual(['us-12ag']);
    expect(cmdOf((u) => u.ag === 'UK')).toEqual(['uk-21ag']); // with the Canadian, Polish and German formations
    expect(cmdOf((u) => u.nat === 'AAA')).toEqual(['supreme']); // 1st Allied Airborne Army
    expect(cmdOf((u) => !!u.r)).toEqual(['stavka']); // the R pool
    expect(cmdOf((u) => u.side === 'soviet' && !u.r).sort()).toEqual(['1bf', '1uf', '2bf']);
  });

  it('offers the line, the airdrop and the order to the supreme commander only, maskirovka to Stavka only', () => {
    let s = rs.setup('standard', {}, new FixedDice([2])).reduce((x, e) => rs.evolve(x, e), rs.initial());
    expect(types(s, SUPREME)).toEqual(['boundary']);
    expect([types(s, US), types(s, UK)]).toEqual([[], []]);
    expect(refusal(s, { type: 'boundary', kind: 'row', hex: '1021' }, UK)).toBe('FORBIDDEN:3.4');
    s = play(s, first(s, SUPREME, 'boundary'), SUPREME);
    // set-up: each front places its own units; Stavka and the supreme commander have nothing to set up or finish
    expect(types(s, STAVKA)).toEqual([]);
    for (const f of FRONTS) s = play(s, first(s, f, 'place-all'), f);
    for (const f of FRONTS) s = play(s, { type: 'end-setup' }, f);
    expect(types(s, SUPREME)).toEqual([]);
    for (const g of [US, UK]) s = play(s, first(s, g, 'place-all'), g);
    s = play(s, { type: 'end-setup' }, US);
    s = play(s, { type: 'end-setup' }, UK, [3, 4]);
    expect(s.step).toBe('maskirovka');
    expect(types(s, FRONTS[0])).toEqual([]);
    expect(types(s, STAVKA)).toContain('end-maskirovka');
    expect(refusal(s, { type: 'end-maskirovka' }, FRONTS[0])).toBe('FORBIDDEN:3.7');
    s = play(s, { type: 'end-maskirovka' }, STAVKA);
    expect(s.step).toBe('airborne');
    expect(types(s, SUPREME)).toContain('end-phase');
    expect([types(s, US), types(s, UK)]).toEqual([[], []]);
    expect(refusal(s, { type: 'end-phase' }, US)).toBe('FORBIDDEN:5.3');
  });

  it('lets each army group move only its own units and finish only its own phase', () => {
    const s = toAlliedPhase();
    expect(s.step).toBe('allied-1');
    const us = unitsOffered(s, US);
    const uk = unitsOffered(s, UK);
    expect(us.length).toBeGreaterThan(0);
    expect(uk.length).toBeGreaterThan(0);
    expect(us.every((id) => id.startsWith('us-'))).toBe(true);
    expect(uk.some((id) => id.startsWith('us-'))).toBe(false);
    // the supreme commander has no units on the map before a drop: nothing to move, no "end phase" to give
    expect(rs.legal(s, SUPREME)).toEqual([]);
    const move = first(s, US, 'move');
    expect(refusal(s, move, UK)).toBe('FORBIDDEN:3.4');
    const after = play(s, { type: 'end-phase' }, US);
    expect(after.step).toBe('allied-1');
    expect(types(after, US)).not.toContain('end-phase');
    // 5.0: a command that has ended its phase moves no more, even when the request is forced
    expect(unitsOffered(after, US)).toEqual([]);
    expect(refusal(after, move, US)).toBe('ILLEGAL:5.0');
    expect(unitsOffered(after, UK).length).toBeGreaterThan(0);
    expect(rs.status(after).waitingFor.map((w) => w.command)).toEqual(['uk-21ag']);
    expect(play(after, { type: 'end-phase' }, UK).step).toBe('allied-2');
  });

  it('lets each front move only its own units, and gives the reinforcements to Stavka (6.1)', () => {
    let s = toAlliedPhase();
    for (let k = 0; k < 2; k++) for (const g of [US, UK]) s = play(s, { type: 'end-phase' }, g);
    expect(s.step).toBe('order-soviet');
    expect(FRONTS.map((f) => types(s, f))).toEqual([[], [], []]);
    s = play(s, { type: 'order', order: 'move-fight' }, STAVKA);
    expect(s.step).toBe('soviet-1');
    for (const f of FRONTS) {
      const ids = unitsOffered(s, f);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.every((id) => UNITS.find((u) => u.id === id)!.cmd === f.commands[0])).toBe(true);
    }
    expect(refusal(s, first(s, FRONTS[1], 'move'), FRONTS[0])).toBe('FORBIDDEN:3.4');
    expect(rs.legal(s, STAVKA)).toEqual([]); // no Stavka units on the map yet
    for (let k = 0; k < 2; k++) for (const f of FRONTS) s = play(s, { type: 'end-phase' }, f, [1, 1, 1, 1]); // the last one draws 1 + 1 + 1 (Elbe) R units
    expect(s.step).toBe('reinforce');
    const place = first(s, STAVKA, 'place');
    expect(FRONTS.map((f) => types(s, f))).toEqual([[], [], []]);
    expect(refusal(s, place, FRONTS[0])).toBe('FORBIDDEN:6.1');
  });
});
