import { describe, expect, it } from 'vitest';
import { buildHexBoard, floodFrom, hexsideIs, hopDistances } from './board';
import { cheapestCosts, costedReach, dearest, pathOf } from './reach';
import { zoneOfControl } from './zoc';

// a 3 x 3 grid of ids "rc"; neighbours orthogonal only, to keep the example small
const ids = ['00', '01', '02', '10', '11', '12', '20', '21', '22'];
const around = (id: string) => {
  const r = Number(id[0]);
  const c = Number(id[1]);
  return [`${r - 1}${c}`, `${r + 1}${c}`, `${r}${c - 1}`, `${r}${c + 1}`];
};
const b = buildHexBoard({ ids, around, terrain: { '11': 1 }, hexsides: [{ kind: 'river', a: '00', b: '01' }], cities: { '22': 'Town' } });

describe('the shared board', () => {
  it('indexes hexes densely with neighbours, terrain, hexside kinds and cities', () => {
    expect(b.ids).toHaveLength(9);
    expect(b.nb[b.index.get('00') ?? -1].map((i) => b.ids[i]).sort()).toEqual(['01', '10']);
    expect(b.terrain[b.index.get('11') ?? -1]).toBe(1);
    expect(hexsideIs(b, 'river', 0, 1)).toBe(true);
    expect(hexsideIs(b, 'river', 1, 0)).toBe(true);
    expect(hexsideIs(b, 'strait', 0, 1)).toBe(false);
    expect(b.cityName.get(8)).toBe('Town');
  });

  it('floods, counts hops and marks zones of control', () => {
    const seen = floodFrom([0], b.nb, { canEnter: (i) => i !== 4, canLeave: () => true });
    expect(seen[4]).toBe(0);
    expect(seen[8]).toBe(1);
    expect(hopDistances([0], b.nb)[8]).toBe(4);
    const z = zoneOfControl([4], b.nb, (a, c) => a === 4 && c === 1);
    expect([...z].map((v, i) => (v ? b.ids[i] : '')).filter(Boolean)).toEqual(
      ['12', '21', '10'].sort((x, y) => b.index.get(x)! - b.index.get(y)!),
    );
  });
});

describe('costed reach (Pareto labels over cost classes)', () => {
  it('finds the cheapest path per class set, stops in zones, passes through pass-only hexes', () => {
    // class 0 pays 1 per hex, class 1 pays 3 to cross the river 00|01 and 1 elsewhere; budget 2 each
    const r = costedReach({
      start: 0,
      neighbours: b.nb,
      budget: [2, 2],
      cost: (f, t, k) => (k === 1 && hexsideIs(b, 'river', f, t) ? 3 : 1),
      enter: (_f, t) => (t === 3 ? 'pass' : 'end'),
      stops: (i) => i === 5,
    });
    // 01 is reached around the river? no: 00-10-11-01 costs 3 > 2; so not at all for the mixed group
    expect(r.best.has(1)).toBe(false);
    // 10 (index 3) may only be passed through; 20 (index 6) is reached through it
    expect(r.best.has(3)).toBe(false);
    expect(pathOf(r.best.get(6)!).map((i) => b.ids[i])).toEqual(['10', '20']);
    expect(dearest(r.best.get(4)!)).toBe(2);
  });
});

describe('cheapestCosts (one cost class, no paths)', () => {
  it('gives the same hexes and costs as costedReach with one class, passing hexes included', () => {
    // centre '11' costs 3, the river 00-01 adds 2; '12' may only be passed through
    const cost = (from: number, to: number) => (b.terrain[to] === 1 ? 3 : 1) + (hexsideIs(b, 'river', from, to) ? 2 : 0);
    const enter = (_f: number, to: number) => (b.ids[to] === '12' ? ('pass' as const) : ('end' as const));
    for (const budget of [1, 2, 3, 4, 6]) {
      const full = costedReach({ start: 0, neighbours: b.nb, budget: [budget], cost, enter });
      const fast = cheapestCosts({ start: 0, neighbours: b.nb, budget, cost, enter });
      expect(new Map([...full.best].map(([i, l]) => [i, dearest(l)]))).toEqual(fast);
    }
    const four = cheapestCosts({ start: 0, neighbours: b.nb, budget: 4, cost, enter });
    expect(four.get(b.index.get('01') ?? -1)).toBe(3); // across the river
    expect(four.has(b.index.get('12') ?? -1)).toBe(false); // passed through only
    expect(four.get(b.index.get('22') ?? -1)).toBe(4); // 00-10-20-21-22
  });
});
