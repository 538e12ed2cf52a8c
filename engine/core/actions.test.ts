import { describe, expect, it } from 'vitest';
import {
  actionOffers,
  complete,
  countCompletions,
  enumerate,
  expandAction,
  findOffer,
  type LegalAction,
  randomPicker,
  sameJson,
} from './actions';
import { SeededDice } from './dice';

type Cmd = { type: 'move'; unit: string; to: string } | { type: 'attack'; hex: string; units: string[] } | { type: 'end' };

const move: LegalAction<Cmd> = {
  command: { type: 'move' } as Cmd,
  label: 'Move',
  choices: [
    {
      field: 'unit',
      label: 'Unit',
      pick: 'one',
      options: [
        {
          value: 'a',
          label: 'A',
          next: [{ field: 'to', label: 'To', pick: 'one', options: ['x', 'y'].map((h) => ({ value: h, label: h, hex: h })) }],
        },
        { value: 'b', label: 'B', next: [{ field: 'to', label: 'To', pick: 'one', options: [{ value: 'z', label: 'z' }] }] },
      ],
    },
  ],
};
const attack: LegalAction<Cmd> = {
  command: { type: 'attack', hex: 'h' } as Cmd,
  label: 'Attack',
  choices: [
    { field: 'units', label: 'Attackers', pick: 'some', min: 1, max: 2, options: ['p', 'q', 'r'].map((u) => ({ value: u, label: u })) },
  ],
};
const end: LegalAction<Cmd> = { command: { type: 'end' }, label: 'End' };

describe('structured legal actions', () => {
  it('offers exactly the completions: nested choices follow the value picked before them', () => {
    expect(actionOffers(move, { type: 'move', unit: 'a', to: 'y' })).toBe(true);
    expect(actionOffers(move, { type: 'move', unit: 'b', to: 'z' })).toBe(true);
    expect(actionOffers(move, { type: 'move', unit: 'b', to: 'x' })).toBe(false);
    expect(actionOffers(move, { type: 'move', unit: 'c', to: 'x' })).toBe(false);
    expect(actionOffers(move, { type: 'move', unit: 'a' } as Cmd)).toBe(false);
    expect(actionOffers(move, { type: 'move', unit: 'a', to: 'x', extra: 1 } as Cmd)).toBe(false);
    expect(actionOffers(move, { type: 'attack', unit: 'a', to: 'x' } as unknown as Cmd)).toBe(false);
  });
  it("'some' choices take distinct values within their bounds, in any order", () => {
    expect(actionOffers(attack, { type: 'attack', hex: 'h', units: ['q', 'p'] })).toBe(true);
    expect(actionOffers(attack, { type: 'attack', hex: 'h', units: [] })).toBe(false);
    expect(actionOffers(attack, { type: 'attack', hex: 'h', units: ['p', 'q', 'r'] })).toBe(false);
    expect(actionOffers(attack, { type: 'attack', hex: 'h', units: ['p', 'p'] })).toBe(false);
    expect(actionOffers(attack, { type: 'attack', hex: 'g', units: ['p'] })).toBe(false);
  });
  it('a complete action offers itself only; key order and undefined fields do not matter', () => {
    expect(findOffer([move, attack, end], { type: 'end' })).toBe(end);
    expect(actionOffers(end, { type: 'end', x: undefined } as Cmd)).toBe(true);
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
  it('completions are counted, enumerated and drawn at random, and every one is offered', () => {
    expect(countCompletions(move)).toBe(3);
    expect(countCompletions(attack)).toBe(6);
    expect(enumerate(move)).toEqual([
      { type: 'move', unit: 'a', to: 'x' },
      { type: 'move', unit: 'a', to: 'y' },
      { type: 'move', unit: 'b', to: 'z' },
    ]);
    const dice = new SeededDice(7);
    for (let i = 0; i < 50; i++) {
      for (const a of [move, attack, end])
        expect(
          actionOffers(
            a,
            complete(
              a,
              randomPicker(() => dice.next()),
            ),
          ),
        ).toBe(true);
    }
  });

  it('shared option lists (ref, except) and a required value in a some-choice', () => {
    const hexes = ['x', 'y', 'z'].map((h) => ({ value: h, label: h, hex: h }));
    const place: LegalAction<Cmd> = {
      command: { type: 'move' } as Cmd,
      label: 'Place',
      shared: { any: hexes },
      choices: [
        {
          field: 'unit',
          label: 'Unit',
          pick: 'one',
          options: [
            { value: 'a', label: 'A', next: [{ field: 'to', label: 'To', pick: 'one', options: [], ref: 'any' }] },
            { value: 'b', label: 'B', next: [{ field: 'to', label: 'To', pick: 'one', options: [], ref: 'any', except: ['y'] }] },
          ],
        },
      ],
    };
    expect(actionOffers(place, { type: 'move', unit: 'a', to: 'y' })).toBe(true);
    expect(actionOffers(place, { type: 'move', unit: 'b', to: 'y' })).toBe(false);
    expect(actionOffers(place, { type: 'move', unit: 'b', to: 'z' })).toBe(true);
    expect(countCompletions(place)).toBe(5);
    expect(enumerate(place)).toHaveLength(5);
    const flat = expandAction(place);
    expect(flat.shared).toBeUndefined();
    expect(flat.choices?.[0].options[1].next?.[0].options.map((o) => o.value)).toEqual(['x', 'z']);
    const need: LegalAction<Cmd> = {
      command: { type: 'attack', hex: 'h' } as Cmd,
      label: 'Attack',
      choices: [
        { field: 'units', label: 'Units', pick: 'some', atLeastOne: ['q'], options: ['p', 'q', 'r'].map((u) => ({ value: u, label: u })) },
      ],
    };
    expect(actionOffers(need, { type: 'attack', hex: 'h', units: ['p', 'r'] })).toBe(false);
    expect(actionOffers(need, { type: 'attack', hex: 'h', units: ['r', 'q'] })).toBe(true);
    const dice = new SeededDice(3);
    for (let i = 0; i < 50; i++)
      for (const a of [place, need])
        expect(
          actionOffers(
            a,
            complete(
              a,
              randomPicker(() => dice.next()),
            ),
          ),
        ).toBe(true);
    for (const c of enumerate(need)) expect(actionOffers(need, c)).toBe(true);
  });
});

describe('a budgeted choice (picks whose costs share an allowance)', () => {
  const order: LegalAction<Cmd> = {
    command: { type: 'attack', hex: 'h' } as Cmd,
    label: 'Order',
    choices: [
      {
        field: 'units',
        label: 'Units',
        pick: 'some',
        min: 0,
        budget: 5,
        options: [
          { value: 'a', label: 'A', cost: 3 },
          { value: 'b', label: 'B', cost: 2 },
          { value: 'c', label: 'C', cost: 4 },
        ],
      },
    ],
  };
  it('offers the subsets within the budget and no other', () => {
    expect(actionOffers(order, { type: 'attack', hex: 'h', units: ['a', 'b'] })).toBe(true);
    expect(actionOffers(order, { type: 'attack', hex: 'h', units: [] })).toBe(true);
    expect(actionOffers(order, { type: 'attack', hex: 'h', units: ['a', 'c'] })).toBe(false);
  });
  it('completes within the budget, whatever the random picks', () => {
    const rnd = new SeededDice(3);
    for (let i = 0; i < 50; i++)
      expect(
        actionOffers(
          order,
          complete(
            order,
            randomPicker(() => rnd.next()),
          ),
        ),
      ).toBe(true);
    for (const c of enumerate(order)) expect(actionOffers(order, c)).toBe(true);
  });
});

describe('a pool shared by two choices', () => {
  // a cadre (3 points) and replacements (2 points each) paid from one pool of 4: never both
  const action: LegalAction = {
    command: { type: 'produce' },
    label: 'Produce',
    pools: { pp: 4 },
    choices: [
      { field: 'cadres', label: 'Cadres', pick: 'some', pool: 'pp', min: 0, options: [{ value: 'c', label: 'c', cost: 3 }] },
      { field: 'replace', label: 'Steps', pick: 'some', pool: 'pp', min: 0, options: [{ value: 'r', label: 'r', cost: 2 }] },
    ],
  };
  it('enumerate counts what earlier choices spent, so every completion it lists is offered', () => {
    const all = enumerate(action) as unknown as { cadres: string[]; replace: string[] }[];
    expect(all.some((c) => c.cadres.length && c.replace.length)).toBe(false);
    expect(all.length).toBeGreaterThan(1);
    for (const c of all) expect(findOffer([action], { type: 'produce', ...c })).toBeTruthy();
  });
});
