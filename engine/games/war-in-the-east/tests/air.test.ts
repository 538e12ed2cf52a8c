/** Air power (12.0): the sealed commitment, air combat and its attrition, air-ground support, GT 1 without an air war. */
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../core/dice';
import { RuleError } from '../../../core/errors';
import { fold } from '../../../core/ruleset';
import { groundSupportLosses } from '../data/tables';
import { warInTheEast as rs } from '../index';
import { commitCap, evenGroups } from '../steps/air';
import type { State } from '../state';
import { AXIS, clearPatch, decide, play, SOVIET, situation } from './helpers';

/** The Barbarossa game walked to the GT 2 Air Commitment Phase by ending every phase. */
function toGt2(): State {
  let s = fold(rs, rs.setup('barbarossa', {}, new SeededDice(5)));
  for (let i = 0; i < 20 && s.phase !== 'air-commitment'; i++) {
    const who = rs.status(s).waitingFor[0].side === 'axis' ? AXIS : SOVIET;
    s = rs.decide(s, { type: 'endPhase' }, who, new SeededDice(i)).reduce(rs.evolve, s);
  }
  return s;
}

const commit = (superiority: number, groundSupport: number) => ({ type: 'commitAir', superiority, groundSupport });

describe('the Joint Air War Turn (4.2 A, 12.12)', () => {
  it('30.34B: no air war on GT 1; from GT 2 both sides are asked for a commitment (Axis 20, Russian 3 available, 31.21, 31.31)', () => {
    const s0 = fold(rs, rs.setup('barbarossa', {}, new SeededDice(5)));
    expect(s0.phase).toBe('initial-movement');
    const s = toGt2();
    expect(s.gt).toBe(2);
    expect(rs.status(s).waitingFor.map((w) => `${w.side}:${w.command}`)).toEqual(['axis:okh', 'soviet:stavka']);
    expect(s.air.axis.available).toBe(20);
    expect(s.air.soviet.available).toBe(3);
    expect(rs.legal(s, { side: 'axis', commands: ['ag-north'] })).toEqual([]); // 12.1 belongs to OKH
  });

  it('12.12: a commitment is sealed: the Russian sees only that the Axis committed, not how', () => {
    const s = toGt2();
    const events = decide(s, commit(12, 6), AXIS);
    expect(events).toEqual([{ type: 'airCommitted', side: 'axis', superiority: 12, groundSupport: 6 }]);
    const after = events.reduce(rs.evolve, s);
    const soviet = { kind: 'side' as const, side: 'soviet' };
    expect(rs.redact(events[0], soviet, s)).toEqual({ type: 'airCommitted', side: 'axis' });
    expect(rs.redact(events[0], { kind: 'spectator' }, s)).toEqual({ type: 'airCommitted', side: 'axis' });
    expect(rs.view(after, soviet).sealed).toEqual({});
    expect(rs.view(after, soviet).air).toEqual(rs.view(s, soviet).air); // Available does not move before the reveal
    expect(rs.view(after, { kind: 'side', side: 'axis' }).sealed).toEqual({ axis: { superiority: 12, groundSupport: 6 } });
    expect(rs.status(after).waitingFor.map((w) => w.side)).toEqual(['soviet']);
    expect(() => decide(after, commit(1, 0), AXIS)).toThrow(RuleError);
  });

  it('12.2: both revealed together, then air combat; 12.13 superiority survivors return to Available', () => {
    const s = play(toGt2(), commit(6, 0), AXIS);
    // the Russian commits 3 to superiority: the Axis (more points) attacks in three groups of two (the 12.2 example)
    const dice = [6, 1, 6, 1, 1, 1]; // group 1 kills, counter misses; group 2 kills, counter misses; group 3 misses, counter misses
    const ev = decide(s, commit(3, 0), SOVIET, dice);
    const combat = ev.find((e) => e.type === 'airCombat');
    expect(ev[1]).toMatchObject({ type: 'airRevealed', axis: { superiority: 6 }, soviet: { superiority: 3 } });
    expect(combat).toMatchObject({ attacker: 'axis', superiorityLost: { axis: 0, soviet: 2 } });
    const after = ev.reduce(rs.evolve, s);
    expect(after.air.axis).toEqual({ available: 20, superiority: 0, groundSupport: 0 });
    expect(after.air.soviet).toEqual({ available: 1, superiority: 0, groundSupport: 0 });
    expect([after.player, after.phase]).toEqual(['axis', 'initial-movement']); // on to the Axis Player-Turn
  });

  it('12.2 examples: six against three may go as 2-2-2; Axis 11 against Russian 5 survivors costs the Russian one support point', () => {
    expect(evenGroups(6, 3)).toEqual([2, 2, 2]);
    expect(evenGroups(7, 3)).toEqual([3, 2, 2]);
    expect(groundSupportLosses(5, 11, 4)).toBe(1);
    expect(groundSupportLosses(0, 5, 4)).toBe(2); // clarification: one per two enemy survivors when none of one's own survive
    expect(groundSupportLosses(5, 11, 0)).toBe(0); // nothing in the box, nothing lost
  });

  it('12.15: in Mud at most half the available points may be committed', () => {
    const s = toGt2();
    expect(commitCap(s, 'axis')).toBe(20);
    const mud = { ...s, gt: 17 };
    expect(commitCap(mud, 'axis')).toBe(10);
    expect(() => decide(mud, commit(8, 3), AXIS)).toThrow(/12\.15|at most/);
  });
});

describe('air-ground support (12.3)', () => {
  const P = clearPatch(3);
  const [N1] = P.ring(1);
  const withSupport = (points: number): State => {
    const s = situation(
      [
        { id: 'p', type: '10-8', at: N1 },
        { id: 'r', type: '2-5', at: P.centre },
      ],
      { phase: 'combat' },
    );
    return { ...s, air: { ...s.air, axis: { available: 10, superiority: 0, groundSupport: points } } };
  };

  it('12.31-12.32: one point adds one to the die and goes back to Available (12.13)', () => {
    const s = withSupport(2);
    const ev = decide(s, { type: 'attack', hex: P.centre, attackers: ['p'], support: true }, AXIS, [6]);
    const att = ev.find((e) => e.type === 'attacked');
    expect(att).toMatchObject({ die: 6, support: true });
    const after = ev.reduce(rs.evolve, s);
    expect(after.air.axis).toEqual({ available: 11, superiority: 0, groundSupport: 1 });
  });

  it('12.31: the attacker says whether he uses support when he has some, and may not claim it without', () => {
    expect(() => decide(withSupport(1), { type: 'attack', hex: P.centre, attackers: ['p'] }, AXIS, [3])).toThrow(/air-ground support/);
    expect(() => decide(withSupport(0), { type: 'attack', hex: P.centre, attackers: ['p'], support: true }, AXIS, [3])).toThrow(
      /no air-ground support/,
    );
    const offered = rs.legal(withSupport(1), AXIS).find((a) => a.command.type === 'attack');
    expect(offered?.choices?.map((c) => c.field)).toEqual(['attackers', 'support']);
  });

  it('12.14: support points left unused come back to Available in the owner’s Air Interdiction Phase', () => {
    const s = { ...withSupport(3), phase: 'mech-movement' as const };
    const after = rs.evolve(s, { type: 'phase', gt: s.gt, player: 'axis', phase: 'interdiction', skipped: 'test' });
    expect(after.air.axis).toEqual({ available: 13, superiority: 0, groundSupport: 0 });
  });
});
