/** Rule corrections of issue 15, each from a situation of the rulebook (rule numbers cited). */
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../../core';
import type { SetupUnit } from '../data';
import type { MapData } from '../../../maps/model';
import { eastfront } from '../index';
import mapJson from '../map.json';
import { createEastfront } from '../ruleset';
import { zocReaches } from '../rules';
import { landPath } from '../steps/paths';
import type { EastfrontConfig } from '../ruleset';
import { Driver, GERMAN, SOVIET, tinyGame, type TinyMapSpec } from '../testkit';

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

describe('1.43 / 11.6 where cadres arrive (Edelweiss map)', () => {
  /** The Edelweiss game passed to the August production phase with no moves (L and M start eliminated). */
  function toAugust() {
    const g = new Driver(eastfront);
    for (let i = 0; i < 2; i++) {
      g.play({ type: 'endCommand' });
      g.play({ type: 'endMovement' });
      g.play({ type: 'endCombat' }, { roll: () => 6 });
    }
    expect(g.state.phase).toBe('production');
    return g;
  }
  const b = eastfront.board;
  const named = (n: string) => b.named(n)!;

  it('no cadre in a town (Armavir); one in each Soviet home-edge rail entry hex (RE N, RE O)', () => {
    const g = toAugust();
    const offered = eastfront
      .legal(g.state, SOVIET)
      .flatMap((a) => a.choices ?? [])
      .filter((c) => c.field === 'cadres')
      .flatMap((c) => c.options.map((o) => o.hex!));
    expect(offered.length).toBeGreaterThan(0);
    for (const h of offered) expect(b.city(h)?.town ?? false).toBe(false);
    expect(offered).toContain(named('RE N'));
    const armavir = named('Armavir');
    expect(b.city(armavir)?.town).toBe(true);
    expect(code(() => g.play({ type: 'produce', replace: [], cadres: [{ unit: 'L', hex: armavir }] }, [], SOVIET))).toBe('ILLEGAL 11.6');
    // one new unit per rail entry hex (RE O is no city); RE N is also the minor city Astrakhan: one for each
    const reo = named('RE O');
    expect(b.city(reo)).toBeUndefined();
    expect(offered).toContain(reo);
    const two = (hex: string) => ({
      type: 'produce' as const,
      replace: [],
      cadres: [
        { unit: 'L', hex },
        { unit: 'M', hex },
      ],
    });
    expect(code(() => g.play(two(reo), [], SOVIET))).toBe('ILLEGAL 11.6');
    g.play(two(named('RE N')), [], SOVIET);
    expect(g.state.orders.soviet?.cadres.map((c) => c.hex)).toEqual([named('RE N'), named('RE N')]);
  });
});

describe('1.38 the Kerch straits on the theatre map', () => {
  // the whole map in play (Edelweiss's area ends at Kerch's column)
  const whole = createEastfront(mapJson as unknown as MapData, { mapId: 'eastfront' });
  const b = whole.board;
  const kerch = b.named('Kerch')!;
  const novo = b.named('Novorossiysk')!;
  it('Kerch-Novorossiysk is a straits hexside: no rail or ZOC across it, a land move must stop across it', () => {
    expect(b.side(kerch, novo)).toBe('strait');
    expect(b.side(kerch, '-2,2')).toBe('strait'); // the Taman shore east of Kerch
    expect(b.railNeighbours(kerch)).not.toContain(novo);
    // a lone German unit in Kerch: its ZOC stays on the Crimean side
    const s0 = new Driver(whole).state;
    const units = Object.fromEntries(
      Object.values(s0.units).map((x) => [
        x.id,
        x.id === 'T' ? { ...x, at: kerch } : { ...x, at: x.side === 'german' ? null : 'box:MOSCOW' },
      ]),
    );
    const s = { ...s0, units };
    expect(zocReaches(s, b, novo, 'german')).toBe(false);
    expect(zocReaches(s, b, '-2,2', 'german')).toBe(false);
    expect(zocReaches(s, b, '-4,2', 'german')).toBe(true); // Kerch W1, on the Crimean side
    // crossing needs the whole move: a unit in Kerch may not go on past Novorossiysk
    const past = b.neighbours(novo).find((n) => n !== kerch && b.side(novo, n) !== 'strait')!;
    expect(landPath(s, whole.game, s.units.T, [novo, past], {})).toMatchObject({ rule: '1.38' });
  });
});

describe('1.46 / 7.35 fortress battles are refused up front', () => {
  const map = mapJson as unknown as MapData;
  const probe = createEastfront(map, { mapId: 'eastfront' }).board;
  const sev = probe.named('Sevastopol')!;
  const land = probe.neighbours(sev).filter((n) => probe.side(sev, n) !== 'blocked' && probe.terrain(n) === 'clear');
  it('an attack into Sevastopol is NOT_SUPPORTED with the rule, and never offered, so the game cannot lock', () => {
    const [next] = land;
    const far = probe.neighbours(next).find((n) => n !== sev && !probe.neighbours(sev).includes(n))!;
    const g = new Driver(
      createEastfront(map, {
        mapId: 'eastfront',
        units: [
          u('U', 'german', 'hq', 3, far, 3),
          u('P', 'german', 'shq', 3, far, 3),
          u('X', 'german', 'infantry', 4, next),
          u('A', 'soviet', 'infantry', 3, sev, 3),
          u('K', 'soviet', 'shq', 3, probe.named('Moscow')!, 3),
        ],
        battles: [],
        sources: { german: [far], soviet: [probe.named('Moscow')!] },
        start: { year: 1942, month: 7, fortnight: 1 },
      }),
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    expect(code(() => g.play({ type: 'move', unit: 'X', path: [sev], by: 'U' }))).toBe('NOT_SUPPORTED 1.46');
    const dests = g.rs
      .legal(g.state, GERMAN)
      .flatMap((a) => a.choices ?? [])
      .flatMap((c) => c.options.flatMap((o) => (o.next ?? []).flatMap((n) => n.options.map((x) => x.value))));
    expect(dests.length).toBeGreaterThan(0);
    expect(dests).not.toContain(sev);
    g.play({ type: 'endMovement' });
    g.play({ type: 'endCombat' });
    expect(g.state.active).toBe('soviet');
  });
});

describe('7.31 the firing player picks the next unit to fire as the round goes', () => {
  it('without a pre-given order, each fire among different units waits for its owner', () => {
    const g = tinyGame(
      { w: 6, h: 4 },
      base(
        [
          u('U', 'german', 'hq', 2, '1,1', 3),
          u('X', 'german', 'armor', 4, '1,1'),
          u('Y', 'german', 'infantry', 3, '1,2'),
          u('A', 'soviet', 'infantry', 3, '3,1', 3),
          u('B', 'soviet', 'armor', 2, '3,1', 3),
        ],
        { sources: { german: ['0,0'], soviet: ['5,3'] } },
      ),
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'move', unit: 'X', path: ['2,1', '3,1'], by: 'U' });
    g.play({ type: 'move', unit: 'Y', path: ['2,1', '3,1'], by: 'U' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'fight', hex: '3,1' });
    g.play({ type: 'defend', hex: '3,1' });
    // the defender's infantry 3 (SF) and armor 2 (DF) differ: the Soviet player says who fires first
    expect(g.state.prompt).toEqual({ kind: 'allocate', side: 'soviet', hex: '3,1', what: 'fire', units: ['A', 'B'] });
    expect(g.rs.legal(g.state, SOVIET).map((a) => a.label)).toEqual(['infantry A (3cv) fires next', 'armor B (2cv) fires next']);
    // the armor first <3,4>, then the infantry, the last one left, without asking <3,4,5>: no hits
    g.play({ type: 'allocate', hex: '3,1', unit: 'B' }, [3, 4, 3, 4, 5]);
    // offensive fire: the German armor 4 (DF) and infantry 3 (SF) differ, so the German player is asked
    expect(g.state.prompt).toEqual({ kind: 'allocate', side: 'german', hex: '3,1', what: 'fire', units: ['X', 'Y'] });
    expect(code(() => g.play({ type: 'allocate', hex: '3,1', unit: 'A' }))).toBe('ILLEGAL 7.31');
    // the infantry first <6,1,1>: one hit on the strongest, A 3 -> 2; then the armor <1,1,1,1>
    g.play({ type: 'allocate', hex: '3,1', unit: 'Y' }, [6, 1, 1, 1, 1, 1, 1]);
    const fires = g.events.filter((e) => e.type === 'fire').map((e) => (e.type === 'fire' ? `${e.kind}:${e.unit}` : ''));
    expect(fires).toEqual(['def:B', 'def:A', 'off:Y', 'off:X']);
    expect(g.unit('A').cv).toBe(2);
    expect(g.state.prompt).toBeNull();
  });

  it('a pre-given order or autoResolve still fires without asking', () => {
    const setup = (opts: Record<string, boolean>) =>
      tinyGame(
        { w: 6, h: 4 },
        base(
          [
            u('U', 'german', 'hq', 2, '1,1', 3),
            u('X', 'german', 'armor', 4, '1,1'),
            u('Y', 'german', 'infantry', 3, '1,2'),
            u('A', 'soviet', 'infantry', 3, '3,1', 3),
          ],
          { sources: { german: ['0,0'], soviet: ['5,3'] } },
        ),
        opts,
      );
    for (const auto of [false, true]) {
      const g = setup({ autoResolve: auto });
      g.play({ type: 'activate', hq: 'U' });
      g.play({ type: 'endCommand' });
      g.play({ type: 'move', unit: 'X', path: ['2,1', '3,1'], by: 'U' });
      g.play({ type: 'move', unit: 'Y', path: ['2,1', '3,1'], by: 'U' });
      g.play({ type: 'endMovement' });
      const dice = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
      if (auto) g.play({ type: 'fight', hex: '3,1' }, dice);
      else {
        g.play({ type: 'fight', hex: '3,1', order: ['Y'] });
        g.play({ type: 'defend', hex: '3,1' }, dice);
      }
      const fires = g.events.filter((e) => e.type === 'fire').map((e) => (e.type === 'fire' ? e.unit : ''));
      expect(fires).toEqual(auto ? ['A', 'X', 'Y'] : ['A', 'Y', 'X']);
      expect(g.state.prompt).toBeNull();
    }
  });
});

describe('4.43 / 7.14 all active battles are selected before any is fought', () => {
  // two old battles (optional: not started this turn, 7.15) at 5,1 and 5,3
  const setup = () =>
    tinyGame(
      MAP,
      base(
        [
          u('U', 'german', 'hq', 3, '3,2', 3),
          u('P', 'german', 'shq', 3, '0,1', 3),
          u('X', 'german', 'armor', 4, '5,1'),
          u('Y', 'german', 'infantry', 4, '5,3'),
          u('A', 'soviet', 'infantry', 1, '5,1', 3),
          u('B', 'soviet', 'infantry', 1, '5,3', 3),
        ],
        {
          battles: [
            { hex: '5,1', oa: 'german' },
            { hex: '5,3', oa: 'german' },
          ],
        },
      ),
      { autoResolve: true },
    );
  const toCombat = () => {
    const g = setup();
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'endMovement' });
    return g;
  };

  it('a battle fought without a selection is the only optional one this phase: no choosing after results', () => {
    const g = toCombat();
    g.play({ type: 'fight', hex: '5,1' }, [1, 6, 1, 1, 1]); // A misses, X scores a hit: A eliminated
    expect(g.unit('A').at).toBeNull();
    expect(code(() => g.play({ type: 'fight', hex: '5,3' }))).toBe('ILLEGAL 7.14');
    expect(g.rs.legal(g.state, GERMAN).some((a) => a.command.type === 'fight' || a.command.type === 'selectBattles')).toBe(false);
    g.play({ type: 'endCombat' });
    expect(g.state.active).toBe('soviet');
  });

  it('selecting both first: each is then fought in any order, airstrikes come before, and both must be fought', () => {
    const g = toCombat();
    const sel = g.rs.legal(g.state, GERMAN).find((a) => a.command.type === 'selectBattles')!;
    expect(sel.choices?.[0].options.map((o) => o.value)).toEqual(['5,1', '5,3']);
    g.play({ type: 'selectBattles', hexes: ['5,3', '5,1'] });
    expect(g.state.battles['5,1'].sel && g.state.battles['5,3'].sel).toBe(true);
    expect(g.unit('B').face).toBe(true); // 7.14: the defenders of the active battles are tipped face up
    expect(code(() => g.play({ type: 'airstrike', hq: 'U', hex: '5,1' }))).toBe('ILLEGAL 7.13');
    expect(code(() => g.play({ type: 'selectBattles', hexes: [] }))).toBe('ILLEGAL 7.14');
    g.play({ type: 'fight', hex: '5,3' }, [1, 1, 1, 1, 1]);
    expect(code(() => g.play({ type: 'endCombat' }))).toBe('ILLEGAL 7.15');
    g.play({ type: 'fight', hex: '5,1' }, [1, 1, 1, 1, 1]);
    g.play({ type: 'endCombat' });
    expect(g.state.active).toBe('soviet');
  });

  it('a new battle (compulsory, 7.15) is always among the selected ones', () => {
    const g = tinyGame(
      MAP,
      base(
        [
          u('U', 'german', 'hq', 3, '3,2', 3),
          u('P', 'german', 'shq', 3, '0,1', 3),
          u('X', 'german', 'armor', 4, '5,1'),
          u('W', 'german', 'armor', 4, '5,2'),
          u('A', 'soviet', 'infantry', 1, '5,1', 3),
          u('C', 'soviet', 'infantry', 1, '6,2', 3),
        ],
        { battles: [{ hex: '5,1', oa: 'german' }] },
      ),
      { autoResolve: true },
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'move', unit: 'W', path: ['6,2'], by: 'U' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'selectBattles', hexes: [] });
    expect(
      Object.values(g.state.battles)
        .filter((b) => b.sel)
        .map((b) => b.hex),
    ).toEqual(['6,2']);
    expect(code(() => g.play({ type: 'fight', hex: '5,1' }))).toBe('ILLEGAL 7.14');
    expect(code(() => g.play({ type: 'endCombat' }))).toBe('ILLEGAL 7.15');
    g.play({ type: 'fight', hex: '6,2' }, [1, 1, 1, 1, 1]);
    g.play({ type: 'endCombat' });
    expect(g.state.active).toBe('soviet');
  });
});
