/** Combat (10.0): odds rounded for the defender, the CRT in force, and the substitute results S11. */
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../../core/errors';
import { witeBoard } from '../board';
import { crtResult } from '../data/tables';
import { warInTheEast } from '../index';
import { attackOdds } from '../steps/combat';
import { AXIS, around, clearPatch, decide, situation, play } from './helpers';

const P = clearPatch(3);
const C = P.centre;
const [N1, N2] = P.ring(1);
const combat = { phase: 'combat' as const };

function refusal(f: () => unknown): RuleError {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('accepted');
}

describe('odds (10.0, rounded for the defender)', () => {
  it('10.0: 10 against 3 is 3-1; 12 against 1 reads the 7-1 column; 1 against 6 is below 1-3', () => {
    const s = situation(
      [
        { id: 'p', type: '10-8', at: N1 },
        { id: 'g', type: '6-5', at: N2 },
        { id: 'g2', type: '6-5', at: N2 },
        { id: 'r1', type: '1-4', at: C },
        { id: 'r2', type: '1-4', at: C },
        { id: 'r3', type: '1-4', at: C },
      ],
      combat,
    );
    expect(attackOdds(s, C, ['p'])).toMatchObject({ attack: 10, defence: 3, odds: '3-1', table: 1 });
    expect(attackOdds(s, C, ['g', 'g2', 'p'])).toMatchObject({ attack: 22, odds: '7-1' });
    const s2 = situation(
      [
        { id: 'r', type: '1-4', at: N1 },
        { id: 'g', type: '6-5', at: C },
      ],
      { ...combat, player: 'soviet' },
    );
    expect(attackOdds(s2, C, ['r'])).toMatchObject({ odds: 'below 1-3', table: 4 });
  });

  it('10.5: Axis mechanized attackers are halved, last, against a hex holding a Russian anti-tank unit', () => {
    const s = situation(
      [
        { id: 'p', type: '10-8', at: N1 },
        { id: 'g', type: '6-5', at: N2 },
        { id: 'r', type: '1-4', at: C },
        { id: 'at', type: '0-1-10', at: C },
      ],
      combat,
    );
    expect(attackOdds(s, C, ['p', 'g'])).toMatchObject({ attack: 11, defence: 2, odds: '5-1' });
  });

  it('14.11, 14.17: in Mud non-Finnish Axis strengths are halved and the Axis uses CRT #4', () => {
    const s = situation(
      [
        { id: 'g', type: '6-5', at: N1 },
        { id: 'r', type: '1-4', at: C },
      ],
      { ...combat, gt: 17 },
    );
    expect(attackOdds(s, C, ['g'])).toMatchObject({ attack: 3, defence: 1, odds: '3-1', table: 4 });
    const d = situation(
      [
        { id: 'r', type: '5-5', at: N1 },
        { id: 'g', type: '6-5', at: C },
      ],
      { ...combat, gt: 17, player: 'soviet' },
    );
    expect(attackOdds(d, C, ['r'])).toMatchObject({ attack: 5, defence: 3, odds: '1-1', table: 2 });
  });

  it('10.46: attackers across a river hexside are halved', () => {
    const b = witeBoard();
    const key = [...b.river].find((k) => {
      const a = Math.floor(k / 65536);
      const c = k % 65536;
      return (
        b.terr[a] === 'clear' && b.terr[c] === 'clear' && !b.northOfWeatherline[a] && !b.northOfWeatherline[c] && b.country[a] === 'USSR'
      );
    }) as number;
    const a = b.ids[Math.floor(key / 65536)];
    const c = b.ids[key % 65536];
    const s = situation(
      [
        { id: 'g', type: '6-5', at: a },
        { id: 'r', type: '1-4', at: c },
      ],
      combat,
    );
    expect(attackOdds(s, c, ['g']).attack).toBe(3);
  });

  it('TEC (substitute): woods double the defenders', () => {
    const b = witeBoard();
    const w = b.ids.findIndex((_, i) => b.terr[i] === 'woods' && b.country[i] === 'USSR' && !b.northOfWeatherline[i]);
    const n = b.nb[w].find((k) => !b.impassable[k] && !b.river.has(Math.min(w, k) * 65536 + Math.max(w, k))) as number;
    const s = situation(
      [
        { id: 'g', type: '6-5', at: b.ids[n] },
        { id: 'r', type: '1-4', at: b.ids[w] },
      ],
      combat,
    );
    expect(attackOdds(s, b.ids[w], ['g'])).toMatchObject({ defence: 2, odds: '3-1' });
  });
});

describe('who may attack (10.1)', () => {
  const s = situation(
    [
      { id: 'g', type: '6-5', at: N1 },
      { id: 'sec', type: '6-3', at: N2 },
      { id: 'far', type: '6-5', at: P.ring(2)[0] },
      { id: 'r', type: '1-4', at: C },
    ],
    combat,
  );

  it('10.11: only adjacent units; 10.17: security divisions never attack regular units', () => {
    const act = warInTheEast.legal(s, AXIS).find((a) => a.command.type === 'attack');
    expect(act?.choices?.[0].options.map((o) => o.value)).toEqual(['g']);
    expect(refusal(() => decide(s, { type: 'attack', hex: C, attackers: ['sec'] }, AXIS)).rule).toBe('10.17');
    expect(refusal(() => decide(s, { type: 'attack', hex: C, attackers: ['far'] }, AXIS)).rule).toBe('10.11');
  });

  it('10.14: no unit attacks twice and no hex is attacked twice in a Combat Phase', () => {
    const t = situation(
      [
        { id: 'g', type: '6-5', at: N1 },
        { id: 'g2', type: '6-5', at: N2 },
        { id: 'r', type: '5-5', at: C },
      ],
      combat,
    );
    // 6 against 5 is 1-1; a three there on CRT #1 is Ex: the 5-5 becomes a battlegroup and stays
    expect(crtResult(1, 2, 3)).toBe('Ex');
    const s1 = play(t, { type: 'attack', hex: C, attackers: ['g'] }, AXIS, [3]);
    expect(s1.units.r).toMatchObject({ at: C, kg: true });
    expect(s1.attacked).toContain('g');
    expect(refusal(() => decide(s1, { type: 'attack', hex: C, attackers: ['g2'] }, AXIS)).rule).toBe('10.14');
    expect(warInTheEast.legal(s1, AXIS).some((a) => a.command.type === 'attack')).toBe(false);
  });

  it('movement commands are refused in the Combat Phase', () => {
    expect(refusal(() => decide(s, { type: 'move', unit: 'g', to: P.ring(2)[1] }, AXIS)).code).toBe('ILLEGAL');
  });
});

describe('results (CRT data, S11 substitute for 11.0)', () => {
  it('the die is read on the table in force at the rounded column', () => {
    const s = situation(
      [
        { id: 'p', type: '10-8', at: N1 },
        { id: 'r', type: '4-4', at: C },
      ],
      combat,
    );
    for (const die of [1, 2, 3, 4, 5, 6]) {
      const ev = decide(s, { type: 'attack', hex: C, attackers: ['p'] }, AXIS, [die]);
      expect(ev[0]).toMatchObject({ type: 'attacked', odds: '2-1', table: 1, die, result: crtResult(1, 3, die) });
    }
  });

  it('10.31, S11.2: De flips a full unit to its battlegroup in place; 10.34: a battlegroup or a unit without one is removed', () => {
    const s = situation(
      [
        { id: 'p', type: '10-8', at: N1 },
        { id: 'p2', type: '10-8', at: N2 },
        { id: 'c', type: '4-4', at: C },
        { id: 'd', type: '1-4', at: C },
      ],
      combat,
    );
    expect(attackOdds(s, C, ['p', 'p2']).odds).toBe('4-1');
    const s1 = play(s, { type: 'attack', hex: C, attackers: ['p', 'p2'] }, AXIS, [6]);
    expect(crtResult(1, 5, 6)).toBe('De');
    expect(s1.units.c).toMatchObject({ at: C, kg: true });
    expect(s1.units.d.at).toBeNull();
  });

  it('S11.1 Ae: below 1-3 every attacker is eliminated (a 1-4 has no battlegroup, so it is removed)', () => {
    const s = situation(
      [
        { id: 'r', type: '1-4', at: N1 },
        { id: 'g', type: '6-5', at: C },
      ],
      { ...combat, player: 'soviet' },
    );
    const s1 = play(s, { type: 'attack', hex: C, attackers: ['r'] }, { side: 'soviet', commands: ['west'] }, [6]);
    expect(s1.units.r.at).toBeNull();
    expect(s1.units.g).toMatchObject({ at: C, kg: false });
  });

  it('S11.4 Dr: the defender retreats two hexes, each farther from the combat hex', () => {
    const s = situation(
      [
        { id: 'p', type: '10-8', at: N1 },
        { id: 'r', type: '4-4', at: C },
      ],
      combat,
    );
    expect(crtResult(1, 3, 4)).toBe('Dr');
    const ev = decide(s, { type: 'attack', hex: C, attackers: ['p'] }, AXIS, [4]);
    const r = ev.find((e) => e.type === 'retreated');
    expect(r).toBeDefined();
    if (r?.type !== 'retreated') return;
    expect(r.path).toHaveLength(2);
    expect(around(C)).toContain(r.path[0]);
    expect(around(C)).not.toContain(r.path[1]);
    expect(r.path[1]).not.toBe(C);
  });

  it('S11.1 Ex: the defender is eliminated, then the attacker loses at least as much printed attack', () => {
    const s = situation(
      [
        { id: 'g1', type: '6-5', at: N1 },
        { id: 'g2', type: '6-5', at: N2 },
        { id: 'r', type: '5-5', at: C },
        { id: 'r2', type: '1-4', at: C },
      ],
      combat,
    );
    // 12 against 6 is 2-1; a one on CRT #1 at 2-1 is Ex
    expect(crtResult(1, 3, 1)).toBe('Ex');
    const s1 = play(s, { type: 'attack', hex: C, attackers: ['g1', 'g2'] }, AXIS, [1]);
    // the defender loses 3 (the 5-5 flips to its 2-2 battlegroup) + 1 (the 1-4) = 4 printed defence points;
    // one 6-5 flipping to its 1-5 kampfgruppe loses 5 attack points, which covers it (S11.3)
    expect(s1.units.r).toMatchObject({ at: C, kg: true });
    expect(s1.units.r2.at).toBeNull();
    expect(s1.units.g1).toMatchObject({ at: N1, kg: true });
    expect(s1.units.g2).toMatchObject({ at: N2, kg: false });
  });
});
