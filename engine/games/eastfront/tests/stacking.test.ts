import { offers } from './offers';
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../../core';
import type { SetupUnit } from '../data';
import { leaks } from '../leak';
import { tinyGame, GERMAN, SOVIET, type TinyMapSpec } from '../testkit';
import type { EastfrontConfig } from '../ruleset';

const u = (id: string, side: 'german' | 'soviet', type: SetupUnit['type'], cv: number, at: string | null, max = 4): SetupUnit => ({
  id,
  side,
  type,
  name: `${type} ${id}`,
  cv,
  max,
  at,
});

function code(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return `${e.code} ${e.rule} ${e.message}`;
    throw e;
  }
  return undefined;
}

// a mountain (limit 2, 6.21) at 3,1 and clear hexes (limit 4) elsewhere
const MAP: TinyMapSpec = { w: 10, h: 5, terrain: { '3,1': 'mountain' } };
const cfg = (units: SetupUnit[], extra: Partial<EastfrontConfig> = {}): EastfrontConfig => ({
  units,
  battles: [],
  sources: { german: ['0,1'], soviet: ['9,1'] },
  ...extra,
});
/** Army Group HQ U (III) and OKH P with the given German blocks, one Soviet block far away. */
const game = (uAt: string, units: SetupUnit[]) =>
  tinyGame(
    MAP,
    cfg([u('U', 'german', 'hq', 3, uAt, 3), u('P', 'german', 'shq', 3, '0,1', 3), ...units, u('A', 'soviet', 'infantry', 3, '8,3', 3)]),
  );
/** The same, in the Movement Phase under U. */
const moving = (units: SetupUnit[]) => {
  const g = game('2,2', units);
  g.play({ type: 'activate', hq: 'U' });
  g.play({ type: 'endCommand' });
  return g;
};
const ends = (g: ReturnType<typeof tinyGame>) => g.rs.legal(g.state, GERMAN).some((a) => a.command.type === 'endMovement');

describe('stacking limits hold at the end of movement (6.2, 6.21, 6.22)', () => {
  it('units pass through a full hex and may stop in one for now; ending movement is refused, naming the hex, until it is put right', () => {
    const g = moving(
      ['W', 'V']
        .map((id) => u(id, 'german', 'infantry', 4, '3,1'))
        .concat(
          ['Y', 'Z', 'Q'].map((id) => u(id, 'german', 'infantry', 4, '2,2')),
          [u('X', 'german', 'armor', 4, '2,1'), u('R', 'german', 'armor', 4, '1,2')],
        ),
    );
    // 6.2: "any number of units may pass through a hex": R crosses 2,2 (four units, full) to 3,2
    g.play({ type: 'move', unit: 'R', path: ['2,2', '3,2'], by: 'U' });
    expect(g.unit('R').at).toBe('3,2');
    // X stops in the full mountain hex (3 units, limit 2) before V leaves it: allowed during the phase
    g.play({ type: 'move', unit: 'X', path: ['3,1'], by: 'U' });
    expect(ends(g)).toBe(false);
    expect(code(() => g.play({ type: 'endMovement' }))).toMatch(/^ILLEGAL 6.22 .*move units out of 3,1 \(3 units, limit 2\)/);
    // the re-arrangement: V leaves, and the phase may end
    g.play({ type: 'move', unit: 'V', path: ['4,1'], by: 'U' });
    expect(ends(g)).toBe(true);
    g.play({ type: 'endMovement' });
    expect(g.state.phase).toBe('combat');
  });

  it('refuses an overstack no unit there could still put right (ruling R-6.22), offered neither by legal()', () => {
    const g = moving([u('W', 'german', 'infantry', 4, '4,1'), u('V', 'german', 'infantry', 4, '3,2'), u('X', 'german', 'armor', 4, '2,1')]);
    g.play({ type: 'move', unit: 'W', path: ['3,1'], by: 'U' });
    g.play({ type: 'move', unit: 'V', path: ['3,1'], by: 'U' });
    // both units in the mountain have moved: a third could never be balanced by one leaving
    expect(code(() => g.play({ type: 'move', unit: 'X', path: ['3,1'], by: 'U' }))).toMatch(
      /^ILLEGAL 6.22 3,1 would hold 3 units \(limit 2\)/,
    );
    expect(offers(g.rs.legal(g.state, GERMAN), { type: 'move', unit: 'X', path: [], by: 'U', to: '3,1' })).toBe(false);
    expect(offers(g.rs.legal(g.state, GERMAN), { type: 'move', unit: 'X', path: [], by: 'U', to: '2,2' })).toBe(true);
  });

  it('an HQ may deploy into a full hex (5.2.1) but the hex must be within limits when movement ends', () => {
    const g = game('2,1', [u('W', 'german', 'infantry', 4, '3,1'), u('V', 'german', 'infantry', 4, '3,1')]);
    expect(offers(g.rs.legal(g.state, GERMAN), { type: 'activate', hq: 'U', deploy: '3,1' })).toBe(true);
    g.play({ type: 'activate', hq: 'U', deploy: '3,1' });
    g.play({ type: 'endCommand' });
    expect(code(() => g.play({ type: 'endMovement' }))).toMatch(/^ILLEGAL 6.22/);
    g.play({ type: 'move', unit: 'W', path: ['4,1'], by: 'U' });
    g.play({ type: 'endMovement' });
    expect(g.state.phase).toBe('combat');
  });
});

describe('overstacking after a repulse (7.51, 6.22): the owner picks the unsupplied excess', () => {
  // the 7.5 river example: X (armor 3) and Y (infantry 4) attack A across two rivers; X is pushed back into
  // the mountain 1,1 (limit 2) that W and V filled meanwhile
  const setup = (options: Record<string, boolean>) => {
    const g = tinyGame(
      {
        w: 6,
        h: 4,
        rivers: [
          ['1,1', '2,1'],
          ['1,2', '2,1'],
        ],
        terrain: { '1,1': 'mountain' },
      },
      {
        units: [
          u('U', 'german', 'hq', 3, '0,1', 3),
          u('X', 'german', 'armor', 3, '1,1'),
          u('W', 'german', 'infantry', 4, '1,1'),
          u('V', 'german', 'infantry', 2, '0,2'),
          u('Y', 'german', 'infantry', 4, '1,2'),
          u('A', 'soviet', 'infantry', 4, '2,1', 4),
        ],
        battles: [],
        sources: { german: ['0,0'], soviet: ['5,3'] },
      },
      options,
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'move', unit: 'X', path: ['2,1'], by: 'U' });
    g.play({ type: 'move', unit: 'Y', path: ['2,1'], by: 'U' });
    g.play({ type: 'move', unit: 'V', path: ['1,1'], by: 'U' });
    g.play({ type: 'endMovement' });
    // A (4cv, SF) rolls <1,3,3,3>: no hit, one repulse on the weakest attacker X; Y misses <1,1,1,1>
    const dice = [1, 3, 3, 3, 1, 1, 1, 1];
    g.play({ type: 'fight', hex: '2,1' }, options.autoResolve ? dice : []);
    if (!options.autoResolve) g.play({ type: 'defend', hex: '2,1' }, dice);
    return g;
  };
  const toSovietSupply = (g: ReturnType<typeof setup>) => {
    g.play({ type: 'endCombat' }); // German supply phase checks Soviet units only (4.46)
    g.play({ type: 'endCommand' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'endCombat' }); // Soviet supply phase: German units are checked
  };

  it('the repulse may overstack; in the enemy supply phase the owner names the excess, which loses a step as unsupplied', () => {
    const g = setup({});
    expect(g.unit('X').at).toBe('1,1');
    expect(g.unit('X').repulsed).toBe(true);
    toSovietSupply(g);
    expect(g.state.prompt).toEqual({ kind: 'unsupply', side: 'german', hexes: [{ hex: '1,1', excess: 1 }] });
    expect(g.rs.status(g.state).waitingFor[0].side).toBe('german');
    // the owner answers: the stated default first (strongest non-HQ unit, W), then alternatives
    const answers = g.rs.legal(g.state, GERMAN);
    expect(answers[0].command).toEqual({ type: 'unsupply', units: ['W'] });
    expect(offers(answers, { type: 'unsupply', units: ['X'] })).toBe(true);
    expect(offers(answers, { type: 'unsupply', units: ['X', 'V'] })).toBe(false);
    expect(g.rs.legal(g.state, SOVIET)).toEqual([]);
    expect(code(() => g.play({ type: 'unsupply', units: ['X'] }, [], SOVIET))).toMatch(/^NOT_YOUR_TURN 6.22/);
    expect(code(() => g.play({ type: 'unsupply', units: ['X', 'V'] }))).toMatch(/^ILLEGAL 6.22 1,1 is 1 unit\(s\) over its limit/);
    expect(code(() => g.play({ type: 'unsupply', units: ['Y'] }))).toMatch(
      /^ILLEGAL 6.22 Y is not one of your units in an overstacked hex/,
    );
    g.play({ type: 'unsupply', units: ['X'] });
    expect(g.state.prompt?.kind).toBe('production'); // the turn moved on (August production)
    expect(g.unit('X')).toMatchObject({ unsupplied: true, cv: 2 });
    expect(g.unit('W').unsupplied).toBeFalsy();
    expect(g.unit('W').cv).toBe(4);
    // the prompt names hexes and counts only; the answer shows the other side tokens, never ids
    expect(leaks(g.rs, g.events)).toEqual([]);
  });

  it('the excuse ends with that supply check: the next Movement Phase must put the hex right (6.22, ruling R-6.22)', () => {
    const g = setup({});
    toSovietSupply(g);
    g.play({ type: 'unsupply', units: ['X'] });
    expect(g.unit('X').repulsed).toBeUndefined();
    // September production (nothing bought), then the Germans move first again
    g.play({ type: 'produce', replace: [], cadres: [] }, [], { side: 'german', commands: ['production'] });
    g.play({ type: 'produce', replace: [], cadres: [] }, [], { side: 'soviet', commands: ['production'] });
    expect(g.state).toMatchObject({ active: 'german', phase: 'command' });
    // U is the only HQ that could move units out: the Command Phase does not end without it (no dead end)
    expect(code(() => g.play({ type: 'endCommand' }))).toMatch(/^ILLEGAL 6.22 1,1 holds 3 units \(limit 2\): activate an HQ/);
    expect(g.rs.legal(g.state, GERMAN).map((a) => a.command.type)).not.toContain('endCommand');
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    // the mountain 1,1 still holds three German units (limit 2)
    expect(code(() => g.play({ type: 'endMovement' }))).toMatch(/^ILLEGAL 6.22 .*1,1 \(3 units, limit 2\)/);
    g.play({ type: 'move', unit: 'V', path: ['0,1'], by: 'U' });
    g.play({ type: 'endMovement' });
  });

  it('an overstack no activation could put right stays excused this turn and goes unsupplied again (ruling R-6.22)', () => {
    const g = setup({});
    toSovietSupply(g);
    g.play({ type: 'unsupply', units: ['X'] });
    g.play({ type: 'produce', replace: [], cadres: [] }, [], { side: 'german', commands: ['production'] });
    g.play({ type: 'produce', replace: [], cadres: [] }, [], { side: 'soviet', commands: ['production'] });
    // the Germans have lost their only HQ meanwhile: nobody can command the units out of 1,1
    g.state = { ...g.state, units: { ...g.state.units, U: { ...g.unit('U'), at: null, cv: 0 } } };
    expect(g.rs.legal(g.state, GERMAN).map((a) => a.command.type)).toContain('endCommand');
    const evs = g.play({ type: 'endCommand' });
    expect(evs).toContainEqual({ type: 'overstackExcused', units: [expect.any(String)] });
    g.play({ type: 'endMovement' });
    g.play({ type: 'endCombat' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'endCombat' }); // Soviet supply phase: the excess is named again
    expect(g.state.prompt).toEqual({ kind: 'unsupply', side: 'german', hexes: [{ hex: '1,1', excess: 1 }] });
    expect(leaks(g.rs, g.events)).toEqual([]);
  });

  it('with autoResolve the default applies at once: the strongest unit there goes unsupplied', () => {
    const g = setup({ autoResolve: true });
    toSovietSupply(g);
    expect(g.state.prompt?.kind).toBe('production');
    expect(g.unit('W')).toMatchObject({ unsupplied: true, cv: 3 });
    expect(g.unit('X').unsupplied).toBeFalsy();
    expect(g.unit('V').unsupplied).toBeFalsy();
  });
});
