/** Rule corrections of issue 15, each from a situation of the rulebook (rule numbers cited). */
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../../core';
import type { SetupUnit } from '../data';
import type { EastfrontConfig } from '../ruleset';
import { tinyGame, type TinyMapSpec } from '../testkit';

const u = (id: string, side: 'german' | 'soviet', type: SetupUnit['type'], cv: number, at: string | null, max = 4): SetupUnit => ({
  id,
  side,
  type,
  name: `${type} ${id}`,
  cv,
  max,
  at,
});

const rails: [string, string][] = [];
for (let q = 0; q < 13; q++) rails.push([`${q},1`, `${q + 1},1`]);
const MAP: TinyMapSpec = { w: 14, h: 5, rivers: [['6,2', '7,2']], rails };
const base = (units: SetupUnit[], extra: Partial<EastfrontConfig> = {}): EastfrontConfig => ({
  units,
  battles: [],
  sources: { german: ['0,1'], soviet: ['13,1'] },
  ...extra,
});

function code(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return `${e.code} ${e.rule}`;
    throw e;
  }
  return undefined;
}

describe('6.33 an HQ leaving a battle uses the hexside limit', () => {
  it('an HQ mobilizing across a river out of a battle fills the one-unit limit of that hexside', () => {
    const g = tinyGame(
      MAP,
      base(
        [
          u('U', 'german', 'hq', 2, '7,2', 3),
          u('P', 'german', 'shq', 3, '5,1', 3),
          u('Y', 'german', 'infantry', 3, '7,2'),
          u('Z', 'german', 'infantry', 3, '7,2'),
          u('A', 'soviet', 'infantry', 3, '7,2', 3),
          u('B', 'soviet', 'infantry', 3, '12,3', 3),
        ],
        { battles: [{ hex: '7,2', oa: 'soviet' }], control: { '6,2': 'german', '6,3': 'german' } },
      ),
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'activate', hq: 'P' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'mobilize', hq: 'U', path: ['6,2'] });
    expect(g.unit('U').at).toBe('6,2');
    // the river hexside 7,2-6,2 takes one unit per movement phase: the HQ was that unit
    expect(code(() => g.play({ type: 'move', unit: 'Y', path: ['6,2'], by: 'P' }))).toBe('ILLEGAL 6.33');
    g.play({ type: 'move', unit: 'Y', path: ['6,3'], by: 'P' });
    expect(g.unit('Y').at).toBe('6,3');
  });
});

describe('5.8 / 12.22 supreme moves of a disrupted Supreme HQ', () => {
  it('in Snow OKH III gets the four supreme moves of a II, STAVKA III (not disrupted) its six', () => {
    const g = tinyGame(
      MAP,
      base(
        [
          u('P', 'german', 'shq', 3, '0,0', 3),
          u('Y', 'german', 'infantry', 4, '1,1'),
          u('K', 'soviet', 'shq', 3, '13,0', 3),
          u('A', 'soviet', 'infantry', 3, '12,1', 3),
        ],
        { start: { year: 1942, month: 1, fortnight: 1 }, end: { year: 1942, month: 3 } },
      ),
    );
    expect(g.state.weather).toBe('snow');
    expect(g.state.active).toBe('soviet'); // 12.21
    g.play({ type: 'activate', hq: 'K' });
    expect(g.unit('K').hq?.supreme).toBe(6);
    g.play({ type: 'endCommand' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'endCombat' });
    expect(g.state.active).toBe('german');
    expect(g.state.phase).toBe('command');
    g.play({ type: 'activate', hq: 'P' });
    expect(g.unit('P').hq?.supreme).toBe(4);
  });
});
