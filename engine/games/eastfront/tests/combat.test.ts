import { describe, expect, it } from 'vitest';
import { actorOf, tinyGame } from '../testkit';
import type { SetupUnit } from '../data';

const u = (id: string, side: 'german' | 'soviet', type: SetupUnit['type'], cv: number, at: string, max = 4): SetupUnit => ({
  id,
  side,
  type,
  name: `${type} ${id}`,
  cv,
  max,
  at,
});

describe('7.3 combat example (clear terrain, supported attack)', () => {
  it('airstrike, defensive fire, offensive fire and losses to the strongest unit', () => {
    const g = tinyGame(
      { w: 6, h: 4 },
      {
        units: [
          u('U', 'german', 'hq', 2, '1,1', 3),
          u('X', 'german', 'armor', 4, '1,1'),
          u('M', 'german', 'mech', 4, '1,2'),
          u('A', 'soviet', 'armor', 3, '3,1', 3),
          u('B', 'soviet', 'infantry', 3, '3,1', 3),
          u('C', 'soviet', 'infantry', 2, '3,1', 3),
        ],
        battles: [],
        sources: { german: ['0,0'], soviet: ['5,3'] },
      },
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'move', unit: 'X', path: ['2,1', '3,1'], by: 'U' });
    g.play({ type: 'move', unit: 'M', path: ['2,1', '3,1'], by: 'U' });
    expect(g.state.battles['3,1']).toMatchObject({ oa: 'german', fresh: true, river: false });
    g.play({ type: 'endMovement' });
    // 7.15: a new battle is compulsory
    expect(() => g.play({ type: 'endCombat' })).toThrow(/compulsory/);
    g.play({ type: 'airstrike', hq: 'U', hex: '3,1' });
    g.play({ type: 'fight', hex: '3,1', order: ['X', 'M'] });
    expect(g.state.prompt).toMatchObject({ kind: 'defend', side: 'soviet' });
    // air <3,5>; defensive: armor <2,3,6>, inf <2,4>, inf <3,6>; offensive: armor <3,5,5>, mech <3,4,5>
    g.play({ type: 'defend', hex: '3,1', order: ['A', 'C', 'B'], prefs: ['B'] }, [3, 5, 2, 3, 6]);
    // airstrike hit the 3cv infantry B (owner's choice among the 3cv units, given in advance)
    expect(g.unit('B').cv).toBe(2);
    // the Soviet armor's hit must fall on a 4cv unit: the round waits for the German's choice (7.33)
    expect(g.state.prompt).toEqual({ kind: 'allocate', side: 'german', hex: '3,1', what: 'loss', units: ['M', 'X'] });
    expect(g.rs.legal(g.state, actorOf('soviet'))).toEqual([]);
    expect(g.rs.legal(g.state, actorOf('german')).map((a) => a.command)).toEqual([
      { type: 'allocate', hex: '3,1', unit: 'M' },
      { type: 'allocate', hex: '3,1', unit: 'X' },
    ]);
    expect(() => g.play({ type: 'allocate', hex: '3,1', unit: 'A' })).toThrow(/choose one of/);
    expect(() => g.play({ type: 'allocate', hex: '3,1', unit: 'M' }, [], { side: 'german', commands: ['production'] })).toThrow(
      /HQ commands/,
    );
    // the later dice are rolled once the choice is made
    g.play({ type: 'allocate', hex: '3,1', unit: 'M' }, [2, 4, 3, 6, 3, 5, 5, 3, 4, 5]);
    // the first defensive hit fell on the Mech 4, the second on the Armor 4 (7.33)
    expect(g.unit('M').cv).toBe(3);
    expect(g.unit('X').cv).toBe(3);
    // the first offensive hit on the Soviet Armor 3 (strongest), the second on a 2cv unit of the owner's choice
    expect(g.unit('A').cv).toBe(2);
    expect([g.unit('B').cv, g.unit('C').cv].sort()).toEqual([1, 2]);
    // the Original Defender stands upright again; the attackers stay face-up (7.12)
    expect(g.unit('A').face).toBeFalsy();
    expect(g.unit('X').face).toBe(true);
  });
});

describe('7.5 / 7.51 river assault and repulse', () => {
  it('repulses go to the weakest attacker, hits to the others; repulsed units go back', () => {
    // defender at 2,1; attackers from 1,1 and 1,2 across two river hexsides
    const g = tinyGame(
      {
        w: 5,
        h: 4,
        rivers: [
          ['1,1', '2,1'],
          ['1,2', '2,1'],
        ],
      },
      {
        units: [
          u('U', 'german', 'hq', 3, '0,1', 3),
          u('X', 'german', 'armor', 3, '1,1'),
          u('Y', 'german', 'infantry', 4, '1,2'),
          u('A', 'soviet', 'infantry', 4, '2,1', 4),
        ],
        battles: [],
        sources: { german: ['0,0'], soviet: ['4,3'] },
      },
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'move', unit: 'X', path: ['2,1'], by: 'U' });
    // 6.33: a river hexside takes one unit per movement phase
    expect(() => g.play({ type: 'move', unit: 'Y', path: ['1,1', '2,1'], by: 'U' })).toThrow(/hexside/);
    g.play({ type: 'move', unit: 'Y', path: ['2,1'], by: 'U' });
    expect(g.state.battles['2,1'].river).toBe(true);
    g.play({ type: 'endMovement' });
    g.play({ type: 'airstrike', hq: 'U', hex: '2,1' });
    g.play({ type: 'fight', hex: '2,1' });
    // airstrike 3 dice DF <5,1,2>: one hit (the 1 and 2 are no repulse: only defensive fire repulses)
    // defender, now 3cv, rolls <1,4,6>: one hit and one repulse; then Y (3cv after the hit) fires <1,1,1>
    g.play({ type: 'defend', hex: '2,1' }, [5, 1, 2, 1, 4, 6, 1, 1, 1]);
    expect(g.unit('X').at).toBe('1,1'); // the weaker 3cv armor is repulsed back across the river
    expect(g.unit('X').cv).toBe(3);
    expect(g.unit('Y').cv).toBe(3); // the hit must go to the non-repulsed infantry
    expect(g.unit('Y').at).toBe('2,1');
    expect(g.unit('A').cv).toBe(3);
    expect(g.state.battles['2,1'].river).toBe(false); // a bridgehead: later rounds are normal
  });

  it('a repulsed unit goes back to the hex it engaged from, not to where its move started (7.51)', () => {
    // like Q moving Kalach -> Kamensko E1 -> Kotelnikovo across the river: repulsed, it lands in Kamensko E1
    const g = tinyGame(
      { w: 5, h: 4, rivers: [['1,1', '2,1']] },
      {
        units: [u('U', 'german', 'hq', 3, '0,2', 3), u('X', 'german', 'armor', 3, '0,1'), u('A', 'soviet', 'infantry', 3, '2,1', 3)],
        battles: [],
        sources: { german: ['0,0'], soviet: ['4,3'] },
      },
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'move', unit: 'X', path: ['1,1', '2,1'], by: 'U' });
    expect(g.state.battles['2,1'].river).toBe(true);
    g.play({ type: 'endMovement' });
    g.play({ type: 'fight', hex: '2,1' });
    // defensive fire <1,4,6>: one hit, one repulse (the hit falls on the only attacker, 3cv -> 2cv)
    g.play({ type: 'defend', hex: '2,1' }, [1, 4, 6]);
    expect(g.unit('X').at).toBe('1,1');
    expect(g.unit('X').repulsed).toBe(true);
  });

  it('attacking across river and non-river hexsides together is not a river assault (7.51)', () => {
    const g = tinyGame(
      { w: 5, h: 4, rivers: [['1,1', '2,1']] },
      {
        units: [
          u('U', 'german', 'hq', 3, '0,1', 3),
          u('X', 'german', 'armor', 3, '1,1'),
          u('Y', 'german', 'infantry', 4, '1,2'),
          u('A', 'soviet', 'infantry', 4, '2,1', 4),
        ],
        battles: [],
        sources: { german: ['0,0'], soviet: ['4,3'] },
      },
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'move', unit: 'X', path: ['2,1'], by: 'U' });
    g.play({ type: 'move', unit: 'Y', path: ['2,1'], by: 'U' });
    expect(g.state.battles['2,1'].river).toBe(false);
  });
});

describe('7.34 / 7.4 double and triple defense, half hits', () => {
  it('unsupported attacks give the passive side double defense; half hits carry and are forfeit at round end', () => {
    const g = tinyGame(
      { w: 6, h: 4 },
      {
        units: [u('P', 'german', 'shq', 3, '0,0', 3), u('X', 'german', 'armor', 4, '1,1'), u('A', 'soviet', 'infantry', 3, '2,1', 3)],
        battles: [],
        sources: { german: ['0,0'], soviet: ['5,3'] },
      },
    );
    g.play({ type: 'activate', hq: 'P' });
    expect(g.unit('P').hq?.supreme).toBe(6); // 5.61: two supreme moves per CV
    g.play({ type: 'endCommand' });
    g.play({ type: 'move', unit: 'X', path: ['2,1'], by: 'P' });
    expect(g.unit('P').hq?.supreme).toBe(5);
    g.play({ type: 'endMovement' });
    g.play({ type: 'airstrike', hq: 'P', hex: '2,1' });
    g.play({ type: 'fight', hex: '2,1' });
    // SHQ airstrike 3 dice DF <4,5,6>: two half hits = one step (SHQs give no support, 5.64)
    // defender 2cv <1,1>; armor <5,1,1,1>: one half hit, forfeit at round end
    g.play({ type: 'defend', hex: '2,1' }, [4, 5, 6, 1, 1, 5, 1, 1, 1]);
    expect(g.unit('A').cv).toBe(2);
    expect(g.unit('A').part).toBeUndefined();
  });

  it('double-defense terrain attacked unsupported gives triple defense (7.35)', () => {
    const g = tinyGame(
      { w: 6, h: 4, terrain: { '2,1': 'forest' } },
      {
        units: [u('P', 'german', 'shq', 3, '0,0', 3), u('X', 'german', 'armor', 4, '1,1'), u('A', 'soviet', 'infantry', 3, '2,1', 3)],
        battles: [],
        sources: { german: ['0,0'], soviet: ['5,3'] },
      },
    );
    g.play({ type: 'activate', hq: 'P' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'move', unit: 'X', path: ['2,1'], by: 'P' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'fight', hex: '2,1' });
    // defender <1,1,1>; armor <5,5,6,1>: three hits = one step at triple defense
    g.play({ type: 'defend', hex: '2,1' }, [1, 1, 1, 5, 5, 6, 1]);
    expect(g.unit('A').cv).toBe(2);
  });
});

describe('7.23 counter-attacks: terrain benefits go to whoever is passive', () => {
  it('the Original Defender of a major city counter-attacks: the Original Attacker gets DF defensive fire and double defense', () => {
    const rails: [string, string][] = [];
    for (let q = 0; q < 7; q++) rails.push([`${q},1`, `${q + 1},1`]);
    const g = tinyGame(
      { w: 8, h: 3, rails, cities: [{ hex: '3,1', name: 'Big City', kind: 'major', pp: 2 }] },
      {
        units: [
          u('U', 'german', 'hq', 3, '1,1', 3),
          u('P', 'german', 'shq', 3, '0,0', 3),
          u('Y', 'german', 'infantry', 4, '2,1'),
          u('A', 'soviet', 'infantry', 3, '3,1', 3),
          u('I', 'soviet', 'hq', 2, '5,1', 2),
        ],
        battles: [],
        sources: { german: ['0,1'], soviet: ['7,1'] },
      },
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'move', unit: 'Y', path: ['3,1'], by: 'U' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'fight', hex: 'Big City' });
    // A (passive, major city: DF) <1,1,1>; Y <6,6,1,1>: two half hits on A (double defense) = one step
    g.play({ type: 'defend', hex: '3,1' }, [1, 1, 1, 6, 6, 1, 1]);
    expect(g.unit('A').cv).toBe(2);
    g.play({ type: 'endCombat' });
    expect(g.state.active).toBe('soviet');
    g.play({ type: 'activate', hq: 'I' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'endMovement' });
    expect(g.state.battles['3,1'].fresh).toBeFalsy(); // an existing battle: combat optional (7.15)
    g.play({ type: 'fight', hex: '3,1' });
    // Y is passive now: infantry fires DF in the major city <5,1,1,1> -> one hit, A takes it in full (active);
    // A (1cv) fires <6>: one hit on Y, halved by Y's double defense and forfeit at round end
    g.play({ type: 'defend', hex: '3,1' }, [5, 1, 1, 1, 6]);
    expect(g.unit('A').cv).toBe(1);
    expect(g.unit('Y').cv).toBe(4);
    expect(g.state.battles['3,1'].oa).toBe('german'); // still the Original Attacker (7.12)
  });
});

describe('12.2 Mud', () => {
  it('no HQ deploy, disrupted command range, speed 1 and stops everywhere, single fire on offence', () => {
    const g = tinyGame(
      { w: 8, h: 3 },
      {
        units: [
          u('U', 'german', 'hq', 2, '1,1', 3),
          u('P', 'german', 'shq', 3, '0,0', 3),
          u('X', 'german', 'armor', 4, '2,1'),
          u('Z', 'german', 'armor', 4, '3,0'),
          u('A', 'soviet', 'infantry', 3, '4,1', 3),
        ],
        battles: [],
        sources: { german: ['0,1'], soviet: ['7,1'] },
        start: { year: 1942, month: 4, fortnight: 1 },
      },
    );
    expect(g.state.weather).toBe('mud');
    expect(() => g.play({ type: 'activate', hq: 'U', deploy: '1,2' })).toThrow(/Mud/);
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    expect(() => g.play({ type: 'move', unit: 'Z', path: ['4,0'], by: 'U' })).toThrow(/command range/); // range 2-1 = 1
    expect(() => g.play({ type: 'move', unit: 'X', path: ['3,1', '4,1'], by: 'U' })).toThrow(/at most 1/);
    g.play({ type: 'move', unit: 'X', path: ['3,1'], by: 'U' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'endCombat' });
    expect(g.state.active).toBe('soviet');
  });
});
