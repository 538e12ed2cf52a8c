/** Shared synthetic scenario for the fuzzer and leak tests. */
import { createEastfront } from '../ruleset';
import { tinyMap } from '../testkit';
import type { SetupUnit } from '../data';

const u = (id: string, side: 'german' | 'soviet', type: SetupUnit['type'], cv: number, at: string | null, max = 4): SetupUnit => ({
  id,
  side,
  type,
  name: `${type} ${id}`,
  cv,
  max,
  at,
});

/** A small front: Germans west, Soviets east, a river, a mountain, two rail lines and some cities; `extra` units added. */
export function miniFront(extra: SetupUnit[] = []) {
  const rails: [string, string][] = [];
  for (let q = 0; q < 9; q++) rails.push([`${q},2`, `${q + 1},2`]);
  for (let q = 0; q < 9; q++) rails.push([`${q},5`, `${q + 1},5`]);
  return createEastfront(
    tinyMap({
      w: 10,
      h: 8,
      terrain: { '5,6': 'mountain', '6,6': 'mountain', '4,3': 'forest', '6,1': 'marsh' },
      rivers: [
        ['4,2', '5,2'],
        ['4,3', '5,3'],
        ['4,4', '5,4'],
        ['4,5', '5,4'],
        ['4,4', '5,3'],
      ],
      rails,
      cities: [
        { hex: '5,2', name: 'Rivertown', kind: 'major', pp: 1 },
        { hex: '7,5', name: 'Oiltown', kind: 'minor', resource: 1 },
        { hex: '9,5', name: 'Easttown', kind: 'minor' },
        { hex: '0,2', name: 'Westtown', kind: 'minor' },
      ],
    }),
    {
      units: [
        u('U', 'german', 'hq', 2, '2,3', 3),
        u('P', 'german', 'shq', 3, '0,2', 3),
        u('X', 'german', 'armor', 4, '3,2'),
        u('W', 'german', 'armor', 4, '3,3'),
        u('T', 'german', 'mountain', 3, '3,5'),
        u('Z', 'german', 'infantry', 4, '4,4'),
        u('I', 'soviet', 'hq', 2, '7,3', 2),
        u('K', 'soviet', 'shq', 3, '9,2', 3),
        u('A', 'soviet', 'infantry', 3, '5,2', 3),
        u('B', 'soviet', 'infantry', 2, '5,4', 3),
        u('C', 'soviet', 'mech', 3, '6,3', 3),
        u('G', 'soviet', 'shock', 3, '7,2'),
        u('H', 'soviet', 'armor', 3, '6,5'),
        u('L', 'soviet', 'cavalry', 0, null, 3),
        ...extra,
      ],
      battles: [],
      sources: { german: ['0,2', '0,5'], soviet: ['9,2', '9,5'] },
      start: { year: 1942, month: 9, fortnight: 1 },
      end: { year: 1942, month: 10 },
    },
  );
}

/** miniFront with a Soviet para corps beside the Front HQ, for paradrops (14.x). */
export const paraFront = () => miniFront([u('R', 'soviet', 'para', 2, '7,3', 3)]);
