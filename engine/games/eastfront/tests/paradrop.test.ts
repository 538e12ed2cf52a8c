import { optionsFor } from './offers';
import { describe, expect, it } from 'vitest';
import type { SetupUnit } from '../data';
import { ctlAt } from '../rules';
import type { Command, Event } from '../state';
import { actorOf, tinyGame, type Driver, type TinyMapSpec } from '../testkit';

const u = (id: string, side: 'german' | 'soviet', type: SetupUnit['type'], cv: number, at: string, max = 4): SetupUnit => ({
  id,
  side,
  type,
  name: `${type} ${id}`,
  cv,
  max,
  at,
});

/**
 * A strip of hexes "q,r" with a rail along r = 2 (Soviet source 0,2, German source 7,2). Soviet HQs use the
 * ids of the Edelweiss commands (I = Front HQ, K = STAVKA) so that the test seats hold them.
 */
const MAP: TinyMapSpec = {
  w: 8,
  h: 5,
  terrain: { '4,3': 'mountain' },
  rivers: [
    ['2,2', '3,2'],
    ['2,3', '3,2'],
  ],
  rails: Array.from({ length: 7 }, (_, q) => [`${q},2`, `${q + 1},2`] as [string, string]),
};
const cfg = (units: SetupUnit[]) => ({ units, battles: [], sources: { german: ['7,2'], soviet: ['0,2'] } });

/** The German player-turn passes without action: the Soviets move second (12.21, dry weather). */
function germanPasses(g: Driver) {
  g.play({ type: 'endCommand' });
  g.play({ type: 'endMovement' });
  g.play({ type: 'endCombat' });
  expect(g.state).toMatchObject({ active: 'soviet', phase: 'command' });
}

/** A game at the Soviet movement phase after the given HQ activations. */
function sovietMovement(
  units: SetupUnit[],
  activations: Extract<Command, { type: 'activate' }>[],
  options: Record<string, boolean> = {},
  spec = MAP,
) {
  const g = tinyGame(spec, cfg(units), options);
  germanPasses(g);
  for (const a of activations) g.play(a);
  g.play({ type: 'endCommand' });
  return g;
}

/** The 7.53 example's forces: a 4cv German infantry at 3,2; Soviet 4cv and 3cv infantry across the rivers. */
const COMBINED = [
  u('Y', 'german', 'infantry', 4, '3,2'),
  u('K', 'soviet', 'shq', 3, '0,2', 3),
  u('I', 'soviet', 'hq', 2, '1,2', 2),
  u('R', 'soviet', 'para', 3, '1,2'),
  u('A', 'soviet', 'infantry', 4, '2,2'),
  u('B', 'soviet', 'infantry', 3, '2,3'),
];
const STAVKA_AND_PARADROP = [
  { type: 'activate' as const, hq: 'K' },
  { type: 'activate' as const, hq: 'I', paradrop: true },
];

/** Both infantry cross the rivers under STAVKA and the para drops in: a combined assault, then combat. */
function combinedAssault(options: Record<string, boolean> = {}) {
  const g = sovietMovement(COMBINED, STAVKA_AND_PARADROP, options);
  g.play({ type: 'move', unit: 'A', path: ['3,2'], by: 'K' });
  g.play({ type: 'move', unit: 'B', path: ['3,2'], by: 'K' });
  g.play({ type: 'paradrop', unit: 'R', by: 'I', to: '3,2' });
  expect(g.state.battles['3,2']).toMatchObject({ oa: 'soviet', fresh: true, river: true, para: true });
  g.play({ type: 'endMovement' });
  return g;
}
describe('7.53 / 14.41 combined river and air assault (the rulebook example)', () => {
  // defending 4cv infantry at 3,2; Soviet 4cv and 3cv infantry across two river hexsides; a 3cv para drops in
  const setup = () => {
    const g = combinedAssault();
    g.play({ type: 'fight', hex: '3,2' });
    // defensive fire <6,1,5,2>: one hit (the 6) and, repulsing on 1 only, one repulse (the 2 no longer repulses)
    g.play({ type: 'defend', hex: '3,2' }, [6, 1, 5, 2]);
    return g;
  };

  it("one hit and one repulse; the repulse falls on the 3cv para or the 3cv infantry, at the attacker's choice", () => {
    const g = setup();
    expect(g.state.prompt).toEqual({ kind: 'allocate', side: 'soviet', hex: '3,2', what: 'repulse', units: ['B', 'R'] });
    expect(g.unit('A').cv).toBe(4); // the hit waits until the repulse is placed (7.51: hits go to non-repulsed units)
    expect(g.rs.legal(g.state, actorOf('german'))).toEqual([]);
    expect(g.rs.status(g.state).waitingFor).toEqual([{ side: 'soviet', what: expect.stringContaining('thrown back') }]);
    expect(() => g.play({ type: 'allocate', hex: '3,2', unit: 'A' })).toThrow(/choose one of/);
    // the infantry goes back; the hit must be taken by the 4cv infantry, the strongest remaining unit
    g.play({ type: 'allocate', hex: '3,2', unit: 'B' }, [1, 1, 1, 1, 1, 1]); // offensive fire of A (3cv) and R (3cv) misses
    expect(g.unit('B')).toMatchObject({ at: '2,3', cv: 3 });
    expect(g.unit('A')).toMatchObject({ at: '3,2', cv: 3 });
    expect(g.unit('R')).toMatchObject({ at: '3,2', cv: 3 });
    expect(g.state.battles['3,2'].river).toBe(false); // a bridgehead of two units
    expect(g.state.prompt).toBeNull();
  });

  it('a repulsed para also loses a step (14.4) and goes back to the hex it dropped from', () => {
    const g = setup();
    g.play({ type: 'allocate', hex: '3,2', unit: 'R' }, [1, 1, 1, 1, 1, 1]);
    expect(g.unit('R')).toMatchObject({ at: '1,2', cv: 2 });
    expect(g.unit('A')).toMatchObject({ at: '3,2', cv: 3 });
    expect(g.unit('B')).toMatchObject({ at: '3,2', cv: 3 });
  });

  it('with autoResolve the default (cheapest step to replace: the infantry) applies without a pause', () => {
    const g = combinedAssault({ autoResolve: true });
    g.play({ type: 'fight', hex: '3,2' }, [6, 1, 5, 2, 1, 1, 1, 1, 1, 1]);
    expect(g.unit('B').at).toBe('2,3');
    expect(g.unit('A').cv).toBe(3);
  });
});

describe('14.2-14.4 paradrops and air assaults', () => {
  const FORCES = [
    u('Y', 'german', 'infantry', 4, '3,2'),
    u('K', 'soviet', 'shq', 3, '0,2', 3),
    u('I', 'soviet', 'hq', 2, '1,2', 2),
    u('R', 'soviet', 'para', 3, '1,2'),
    u('A', 'soviet', 'infantry', 3, '2,2'),
  ];
  const base = () => {
    const g = tinyGame(MAP, cfg(FORCES));
    germanPasses(g);
    return g;
  };

  it('the paradrop HQ stands with the para, spends its whole command (no moves, no airstrike, no deploy, no Blitz)', () => {
    const g = base();
    expect(() => g.play({ type: 'activate', hq: 'K', paradrop: true })).toThrow(/hex of a paratroop unit/);
    expect(() => g.play({ type: 'activate', hq: 'I', paradrop: true, blitz: true })).toThrow(/neither deploy nor Blitz/);
    expect(g.rs.legal(g.state, actorOf('soviet')).map((a) => a.command)).toContainEqual({ type: 'activate', hq: 'I', paradrop: true });
    g.play({ type: 'activate', hq: 'I', paradrop: true });
    g.play({ type: 'endCommand' });
    expect(() => g.play({ type: 'move', unit: 'A', path: ['2,1'], by: 'I' })).toThrow(/whole command/);
    expect(() => g.play({ type: 'mobilize', hq: 'I', path: [] })).toThrow(/whole command/);
  });

  it("drops into non-mountain hexes within the HQ's air range; STAVKA doubles the range (14.3)", () => {
    const g = sovietMovement(FORCES, [{ type: 'activate', hq: 'I', paradrop: true }]);
    expect(() => g.play({ type: 'paradrop', unit: 'R', by: 'I', to: '4,2' })).toThrow(/beyond the air range 2/); // 3 hexes
    expect(() => g.play({ type: 'paradrop', unit: 'R', by: 'I', to: '4,3' })).toThrow(/mountain/);
    const drops = optionsFor(
      g.rs.legal(g.state, actorOf('soviet')).filter((a) => a.command.type === 'paradrop'),
      'to',
    ).map((o) => o.value);
    expect(drops).toContain('3,2');
    expect(drops).not.toContain('4,2');
    // STAVKA (III) reaches 6 hexes
    const g2 = sovietMovement(
      [u('Y', 'german', 'infantry', 4, '6,2'), u('K', 'soviet', 'shq', 3, '0,2', 3), u('R', 'soviet', 'para', 3, '0,2')],
      [{ type: 'activate', hq: 'K', paradrop: true }],
    );
    expect(g2.unit('K').hq).toMatchObject({ para: true, supreme: 0 });
    expect(() => g2.play({ type: 'paradrop', unit: 'R', by: 'K', to: '7,2' })).toThrow(/air range 6/);
    g2.play({ type: 'paradrop', unit: 'R', by: 'K', to: '6,1' });
    expect(g2.unit('R')).toMatchObject({ at: '6,1', dispersed: true });
  });

  it('an air assault is repulsed on a 1 only; the repulsed para loses a step and goes back (14.4)', () => {
    const g = sovietMovement(FORCES, [{ type: 'activate', hq: 'I', paradrop: true }]);
    g.play({ type: 'paradrop', unit: 'R', by: 'I', to: '3,2' });
    expect(g.state.battles['3,2']).toMatchObject({ oa: 'soviet', river: true, para: true });
    g.play({ type: 'endMovement' });
    g.play({ type: 'fight', hex: '3,2' });
    // the 4cv defender rolls <1,2,3,4>: the 1 repulses, the 2 does not; no hit
    g.play({ type: 'defend', hex: '3,2' }, [1, 2, 3, 4]);
    expect(g.unit('R')).toMatchObject({ at: '1,2', cv: 2 });
    expect(g.state.battles['3,2']).toBeUndefined();
    expect(g.events.some((e) => e.type === 'repulsed' && e.unit === 'R' && e.cv === 2)).toBe(true);
  });

  it('a para joining a normal ground attack makes no air assault: no repulse at all (14.4)', () => {
    const g = sovietMovement(FORCES, STAVKA_AND_PARADROP, {}, { ...MAP, rivers: [] });
    g.play({ type: 'paradrop', unit: 'R', by: 'I', to: '3,2' });
    g.play({ type: 'move', unit: 'A', path: ['3,2'], by: 'K' });
    expect(g.state.battles['3,2'].river).toBe(false);
    g.play({ type: 'endMovement' });
    g.play({ type: 'fight', hex: '3,2' });
    // four 1s: no repulse; no hit (SF); offensive fire: R and A, 3 dice each, miss
    g.play({ type: 'defend', hex: '3,2' }, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(g.unit('R').at).toBe('3,2');
    expect(g.unit('A').at).toBe('3,2');
  });
});

describe('14.6 dispersal and linkup', () => {
  const REAR = [
    u('Y', 'german', 'infantry', 4, '7,2'),
    u('K', 'soviet', 'shq', 3, '0,2', 3),
    u('R', 'soviet', 'para', 3, '0,2'),
    u('I', 'soviet', 'hq', 2, '1,2', 2),
    u('A', 'soviet', 'infantry', 3, '2,2'),
  ];
  it("a dispersed para holds no control and cannot move; at its side's supply phase it links up or is eliminated", () => {
    const g = sovietMovement(
      [...REAR, u('Q', 'soviet', 'para', 2, '1,2')],
      [
        { type: 'activate', hq: 'K', paradrop: true },
        { type: 'activate', hq: 'I', paradrop: true },
      ],
    );
    // R deep behind the German lines (6 hexes, STAVKA range); Q next to the friendly infantry A
    g.play({ type: 'paradrop', unit: 'R', by: 'K', to: '6,1' });
    g.play({ type: 'paradrop', unit: 'Q', by: 'I', to: '3,1' });
    const before = ctlAt(g.state, g.rs.board, '6,1');
    g.play({ type: 'endMovement' });
    expect(ctlAt(g.state, g.rs.board, '6,1')).toBe(before); // no control of its own hex (14.6)
    expect(before).toBe('G');
    // the opponent sees a dispersed (face-down) block, nothing more
    const seen = g.rs.view(g.state, { kind: 'side', side: 'german' }).units.find((x) => x.at === '6,1');
    expect(seen).toMatchObject({ dispersed: true });
    expect(seen?.id).toBeUndefined();
    g.play({ type: 'endCombat' });
    const linkups = g.events.filter((e) => e.type === 'linkup');
    expect(linkups).toEqual([
      { type: 'linkup', unit: 'Q', ok: true },
      { type: 'linkup', unit: 'R', ok: false },
    ]);
    expect(g.unit('R').at).toBeNull();
    expect(g.unit('Q')).toMatchObject({ at: '3,1' });
    expect(g.unit('Q').dispersed).toBeUndefined();
  });

  it('dispersed paras cannot move in the Blitz Movement Phase', () => {
    const g = sovietMovement(REAR, [
      { type: 'activate', hq: 'K', paradrop: true },
      { type: 'activate', hq: 'I', blitz: true },
    ]);
    g.play({ type: 'paradrop', unit: 'R', by: 'K', to: '3,1' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'endCombat' });
    expect(g.state.phase).toBe('blitzMovement');
    expect(() => g.play({ type: 'move', unit: 'R', path: ['3,0'], by: 'I' })).toThrow(/dispersed/);
    expect(() => g.play({ type: 'paradrop', unit: 'R', by: 'K', to: '2,1' })).toThrow(/Movement Phase/);
  });
});

describe('review fixes: eliminated paras, stale disputed hexes, engaged paras (14.2-14.6)', () => {
  const soviet = actorOf('soviet');

  it('a 1cv para eliminated by the repulse step loss leaves play unmarked and is rebuilt undispersed (14.4, 14.6)', () => {
    const g = sovietMovement(
      [
        u('Y', 'german', 'infantry', 4, '3,2'),
        u('I', 'soviet', 'hq', 2, '1,2', 2),
        u('R', 'soviet', 'para', 1, '1,2'),
        u('K', 'soviet', 'shq', 3, '0,2', 3),
      ],
      [{ type: 'activate', hq: 'I', paradrop: true }],
    );
    g.play({ type: 'paradrop', unit: 'R', by: 'I', to: '3,2' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'fight', hex: '3,2' });
    g.play({ type: 'defend', hex: '3,2' }, [1, 3, 3, 3]); // the 1 repulses the air assault; a 1cv para cannot lose a step
    expect(g.events).toContainEqual(expect.objectContaining({ type: 'repulsed', unit: 'R', eliminated: true }));
    const r = g.unit('R');
    expect(r).toMatchObject({ at: null, cv: 0 });
    for (const mark of ['dispersed', 'unsupplied', 'repulsed', 'part', 'hq'] as const) expect(r[mark]).toBeUndefined();
    const rebuilt = g.rs.evolve(g.state, { type: 'cadre', unit: 'R', hex: '0,2', cv: 1, token: 'b99' });
    expect(rebuilt.units.R.dispersed).toBeUndefined();
  });

  it('every way out of play clears the marks; a cadre is never dispersed (14.6, 10.4, 5.43)', () => {
    const g = sovietMovement(
      [u('Y', 'german', 'infantry', 4, '7,2'), u('K', 'soviet', 'shq', 3, '0,2', 3), u('R', 'soviet', 'para', 1, '2,2')],
      [],
    );
    const marked = {
      ...g.state,
      units: { ...g.state.units, R: { ...g.unit('R'), dispersed: true, unsupplied: true, repulsed: true, part: 1 } },
    };
    const ways: Event[] = [
      { type: 'loss', unit: 'R', cv: 0, part: 0, eliminated: true },
      { type: 'attrition', unit: 'R', cv: 0, eliminated: true },
      { type: 'repulsed', unit: 'R', hex: '2,2', to: '1,2', eliminated: true },
      { type: 'linkup', unit: 'R', ok: false },
      { type: 'hqStep', hq: 'R', cv: 0, active: false, eliminated: true },
    ];
    for (const e of ways) {
      const r = g.rs.evolve(marked, e).units.R;
      expect({ way: e.type, at: r.at, marks: ['dispersed', 'unsupplied', 'repulsed', 'part'].filter((k) => k in r) }).toEqual({
        way: e.type,
        at: null,
        marks: [],
      });
    }
    expect(g.rs.evolve(marked, { type: 'cadre', unit: 'R', hex: '0,2', cv: 1, token: 'b99' }).units.R.dispersed).toBeUndefined();
  });

  it('a hex disputed only by earlier control, with no friendly ZOC reaching it, gives no linkup (14.6, 8.34)', () => {
    const g = sovietMovement(
      [u('Y', 'german', 'infantry', 4, '7,2'), u('K', 'soviet', 'shq', 3, '0,2', 3), u('R', 'soviet', 'para', 3, '0,2')],
      [{ type: 'activate', hq: 'K', paradrop: true }],
    );
    g.play({ type: 'paradrop', unit: 'R', by: 'K', to: '5,0' });
    g.play({ type: 'endMovement' });
    // 5,0 keeps a 'D' from some earlier turn (8.34: a hex in no ZOC keeps its prior control)
    const i = g.rs.board.index.get('5,0')!;
    g.state = { ...g.state, control: g.state.control.slice(0, i) + 'D' + g.state.control.slice(i + 1) };
    g.play({ type: 'endCombat' });
    expect(g.events.filter((e) => e.type === 'linkup')).toEqual([{ type: 'linkup', unit: 'R', ok: false }]);
    expect(g.unit('R').at).toBeNull();
  });

  it('a disputed hex that a friendly ZOC reaches links up (14.6)', () => {
    // R drops on 4,1 between the Soviet infantry at 3,1 and the German infantry at 5,1: both ZOCs reach it
    const g = sovietMovement(
      [
        u('Y', 'german', 'infantry', 4, '5,1'),
        u('K', 'soviet', 'shq', 3, '0,2', 3),
        u('R', 'soviet', 'para', 3, '0,2'),
        u('A', 'soviet', 'infantry', 3, '3,1'),
      ],
      [{ type: 'activate', hq: 'K', paradrop: true }],
    );
    g.play({ type: 'paradrop', unit: 'R', by: 'K', to: '4,1' });
    g.play({ type: 'endMovement' });
    expect(ctlAt(g.state, g.rs.board, '4,1')).toBe('D');
    g.play({ type: 'endCombat' });
    expect(g.events.filter((e) => e.type === 'linkup')).toEqual([{ type: 'linkup', unit: 'R', ok: true }]);
  });

  it('legal() offers no move for a dispersed para in Blitz Movement (14.6)', () => {
    const g = sovietMovement(
      [
        u('Y', 'german', 'infantry', 4, '7,2'),
        u('K', 'soviet', 'shq', 3, '0,2', 3),
        u('R', 'soviet', 'para', 3, '0,2'),
        u('I', 'soviet', 'hq', 2, '1,2', 2),
        u('A', 'soviet', 'infantry', 3, '2,2'),
      ],
      [
        { type: 'activate', hq: 'K', paradrop: true },
        { type: 'activate', hq: 'I', blitz: true },
      ],
    );
    g.play({ type: 'paradrop', unit: 'R', by: 'K', to: '2,1' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'endCombat' });
    expect(g.state.phase).toBe('blitzMovement');
    const forR = g.rs.legal(g.state, soviet).filter((a) => 'unit' in a.command && a.command.unit === 'R');
    expect(forR).toEqual([]);
    expect(g.rs.legal(g.state, soviet).some((a) => 'unit' in a.command && a.command.unit === 'A')).toBe(true);
  });

  it('an HQ whose para is engaged in a battle is not activated for a paradrop (14.2, ruling R-14.3)', () => {
    const g = tinyGame(MAP, {
      ...cfg([
        u('Y', 'german', 'infantry', 4, '3,2'),
        u('R', 'soviet', 'para', 3, '3,2'),
        u('I', 'soviet', 'hq', 2, '3,2', 2),
        u('K', 'soviet', 'shq', 3, '0,2', 3),
      ]),
      battles: [{ hex: '3,2', oa: 'german' }],
    });
    germanPasses(g);
    expect(g.rs.legal(g.state, soviet).map((a) => a.command)).not.toContainEqual({ type: 'activate', hq: 'I', paradrop: true });
    expect(() => g.play({ type: 'activate', hq: 'I', paradrop: true })).toThrow(/14.2|in a battle/);
    g.play({ type: 'activate', hq: 'I' }); // an ordinary activation is still fine
  });
});
