import { describe, expect, it } from 'vitest';
import { canTrace, countAtLeast, reach, shortestPath, stackingViolations, zonesOfControl } from './graph';

// a 5-node line a-b-c-d-e plus a spur c-x
const adj: Record<string, string[]> = { a: ['b'], b: ['a', 'c'], c: ['b', 'd', 'x'], d: ['c', 'e'], e: ['d'], x: ['c'] };
const nb = (id: string) => adj[id] ?? [];

describe('generic graph mechanics', () => {
  it('reach honours the step bound, step predicates and "into but not through" nodes', () => {
    expect([...reach(['a'], nb, { maxSteps: 2 }).entries()]).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    expect([...reach(['a'], nb, { maxSteps: 9, canStep: (_f, t) => t !== 'd' }).keys()].sort()).toEqual(['a', 'b', 'c', 'x']);
    // c may be entered but not left
    expect([...reach(['a'], nb, { maxSteps: 9, canLeave: (id) => id !== 'c' }).keys()].sort()).toEqual(['a', 'b', 'c']);
  });

  it('traces to targets and finds shortest paths', () => {
    expect(canTrace('a', (id) => id === 'e', nb, { maxSteps: 4 })).toBe(true);
    expect(canTrace('a', (id) => id === 'e', nb, { maxSteps: 3 })).toBe(false);
    expect(shortestPath('a', 'x', nb, { maxSteps: 9 })).toEqual(['b', 'c', 'x']);
    expect(shortestPath('a', 'x', nb, { maxSteps: 2 })).toBeNull();
  });

  it('computes zones of control per side and stacking violations per hex and side', () => {
    const z = zonesOfControl(
      [
        { hex: 'b', side: 'red' },
        { hex: 'd', side: 'blue' },
      ],
      nb,
      (_f, to) => to !== 'a',
    );
    expect([...z.get('c')!].sort()).toEqual(['blue', 'red']);
    expect(z.has('a')).toBe(false);
    expect([...z.get('e')!]).toEqual(['blue']);
    const v = stackingViolations(
      [
        { hex: 'c', side: 'red' },
        { hex: 'c', side: 'red' },
        { hex: 'c', side: 'blue' },
      ],
      () => 1,
    );
    expect(v).toEqual([{ hex: 'c', side: 'red', count: 2, limit: 1 }]);
    expect(countAtLeast([1, 4, 5, 6], 5)).toBe(2);
  });
});
