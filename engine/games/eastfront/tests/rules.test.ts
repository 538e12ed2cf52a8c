import { describe, expect, it } from 'vitest';
import { RuleError } from '../../../core';
import type { SetupUnit } from '../data';
import { tinyGame, type TinyMapSpec } from '../testkit';
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

const rails: [string, string][] = [];
for (let q = 0; q < 13; q++) rails.push([`${q},1`, `${q + 1},1`]);
const MAP: TinyMapSpec = { w: 14, h: 5, terrain: { '3,3': 'mountain' }, rivers: [['6,2', '7,2']], rails };
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

describe('authority: turns and team commands', () => {
  it('refuses the wrong side (NOT_YOUR_TURN) and a seat without the commanding HQ (FORBIDDEN, 5.3)', () => {
    const g = tinyGame(
      MAP,
      base([
        u('U', 'german', 'hq', 2, '1,1', 3),
        u('P', 'german', 'shq', 3, '0,1', 3),
        u('X', 'german', 'armor', 4, '1,2'),
        u('Z', 'german', 'infantry', 4, '9,3'),
        u('A', 'soviet', 'infantry', 3, '12,1', 3),
      ]),
    );
    expect(code(() => g.play({ type: 'activate', hq: 'U' }, [], { side: 'soviet', commands: ['STAVKA'] }))).toBe('NOT_YOUR_TURN 4.4');
    expect(code(() => g.play({ type: 'activate', hq: 'P' }, [], { side: 'german', commands: ['AG-A'] }))).toBe('FORBIDDEN 5.2');
    g.play({ type: 'activate', hq: 'U' }, [], { side: 'german', commands: ['AG-A'] });
    g.play({ type: 'activate', hq: 'P' });
    g.play({ type: 'endCommand' });
    expect(code(() => g.play({ type: 'move', unit: 'X', path: ['2,2'], by: 'P' }, [], { side: 'german', commands: ['AG-A'] }))).toBe(
      'FORBIDDEN 5.3',
    );
    g.play({ type: 'move', unit: 'X', path: ['2,2'], by: 'U' }, [], { side: 'german', commands: ['AG-A'] });
    // Z is beyond AG A's range but OKH (another seat) could move it: FORBIDDEN for the AG A seat
    expect(code(() => g.play({ type: 'move', unit: 'Z', path: ['10,3'], by: 'U' }, [], { side: 'german', commands: ['AG-A'] }))).toBe(
      'FORBIDDEN 5.3',
    );
    // for the solo player it is simply out of range
    expect(code(() => g.play({ type: 'move', unit: 'Z', path: ['10,3'], by: 'U' }))).toBe('ILLEGAL 5.3');
    // ending a phase belongs to the supreme command
    expect(code(() => g.play({ type: 'endMovement' }, [], { side: 'german', commands: ['AG-A'] }))).toBe('FORBIDDEN 4.4');
  });

  it('parses untrusted input strictly and names unsupported rules', () => {
    const g = tinyGame(MAP, base([u('P', 'german', 'shq', 3, '0,1', 3)]));
    expect(code(() => g.rs.parseCommand({ type: 'move', unit: 'X' }))).toBe('BAD_COMMAND null');
    expect(code(() => g.rs.parseCommand({ type: 'nuke' }))).toBe('BAD_COMMAND null');
    expect(code(() => g.rs.parseCommand({ type: 'endCommand', extra: 1 }))).toBe('BAD_COMMAND null');
    expect(code(() => g.play({ type: 'seaMove', unit: 'P' } as never))).toBe('NOT_SUPPORTED 15.2');
    expect(code(() => g.play({ type: 'invade' } as never))).toBe('NOT_SUPPORTED 15.4');
    expect(code(() => g.rs.parseCommand({ type: 'paradrop' }))).toBe('BAD_COMMAND null'); // implemented (14.x): needs unit, by, to
    expect(code(() => g.rs.setup('barbarossa', {}, { roll: () => 1 }))).toBe('NOT_SUPPORTED 3.1');
  });
});

describe('movement (6.x)', () => {
  const units = () => [
    u('U', 'german', 'hq', 3, '2,2', 3),
    u('P', 'german', 'shq', 3, '0,1', 3),
    u('X', 'german', 'armor', 4, '2,3'),
    u('Y', 'german', 'infantry', 4, '2,1'),
    u('A', 'soviet', 'infantry', 3, '5,1', 3),
    u('B', 'soviet', 'infantry', 2, '12,3', 3),
  ];
  const start = () => {
    const g = tinyGame(MAP, base(units()));
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    return g;
  };

  it('stops on entering mountains; speed limits the path; engaging stops the unit (6.1, 6.31)', () => {
    const g = start();
    expect(code(() => g.play({ type: 'move', unit: 'X', path: ['3,3', '4,3'], by: 'U' }))).toBe('ILLEGAL 6.1');
    expect(code(() => g.play({ type: 'move', unit: 'Y', path: ['3,1', '4,1', '4,2'], by: 'U' }))).toBe('ILLEGAL 6.1');
    expect(code(() => g.play({ type: 'move', unit: 'Y', path: ['3,1', '4,1', '5,1', '6,1'], by: 'U' }))).toBe('ILLEGAL 6.1');
    g.play({ type: 'move', unit: 'X', path: ['3,3'], by: 'U' });
    expect(g.unit('X').at).toBe('3,3');
    expect(code(() => g.play({ type: 'move', unit: 'X', path: ['3,2'], by: 'U' }))).toBe('ILLEGAL 6.1'); // once per phase
    g.play({ type: 'move', unit: 'Y', path: ['3,1', '4,1'], by: 'U' });
    expect(code(() => g.play({ type: 'move', unit: 'U', path: ['3,2'], by: 'U' }))).toBe('ILLEGAL 5.4');
  });

  it('command range is blocked by enemy-controlled hexes but may end in one (5.3, R-5.3)', () => {
    const g = tinyGame(
      MAP,
      base([
        u('U', 'german', 'hq', 1, '2,1', 3),
        u('P', 'german', 'shq', 3, '0,1', 3),
        u('Y', 'german', 'infantry', 4, '3,1'),
        u('Z', 'german', 'infantry', 4, '4,2'),
        u('A', 'soviet', 'infantry', 3, '4,1', 3),
      ]),
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    expect(code(() => g.play({ type: 'move', unit: 'Z', path: ['5,2'], by: 'U' }))).toBe('ILLEGAL 5.3');
    g.play({ type: 'move', unit: 'Y', path: ['4,1'], by: 'U' });
    expect(g.state.battles['4,1']).toBeTruthy();
  });

  it('disengages only into friendly hexes, never re-engages, and the last unit out is a rearguard under pursuit fire (6.32, 6.41, 6.42)', () => {
    const g = tinyGame(
      MAP,
      base(
        [
          u('U', 'german', 'hq', 3, '2,1', 3),
          u('P', 'german', 'shq', 3, '0,1', 3),
          u('X', 'german', 'armor', 3, '4,1'),
          u('Y', 'german', 'infantry', 2, '4,1'),
          u('A', 'soviet', 'infantry', 3, '4,1', 3),
          u('C', 'soviet', 'armor', 3, '4,1', 3),
        ],
        { battles: [{ hex: '4,1', oa: 'german' }] },
      ),
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    expect(code(() => g.play({ type: 'move', unit: 'Y', path: ['5,1'], by: 'U' }))).toBe('ILLEGAL 6.32'); // not friendly
    g.play({ type: 'move', unit: 'Y', path: ['3,1', '3,2'], by: 'U' });
    expect(code(() => g.play({ type: 'move', unit: 'X', path: ['3,1'], by: 'U' }))).toBe('ILLEGAL 6.41');
    g.play({ type: 'retreat', unit: 'X', path: ['3,1', '2,2'], by: 'U' });
    expect(g.unit('X').at).toBe('4,1');
    // pursuit: infantry A (speed 2, slower than armor 3) does not fire; armor C (equal) fires SF <6,6,1>
    g.play({ type: 'endMovement' }, [6, 6, 1]);
    expect(g.unit('X').cv).toBe(1);
    expect(g.unit('X').at).toBe('2,2');
    expect(g.state.battles['4,1']).toBeUndefined();
  });

  it('HQs never engage; hexside limits count engaging and disengaging units (5.1, 6.33)', () => {
    const g = tinyGame(
      MAP,
      base([
        u('U', 'german', 'hq', 3, '2,1', 3),
        u('P', 'german', 'shq', 3, '0,1', 3),
        u('V', 'german', 'hq', 2, '4,2', 3),
        u('X', 'german', 'armor', 4, '4,0'),
        u('W', 'german', 'armor', 4, '4,0'),
        u('Y', 'german', 'armor', 4, '4,0'),
        u('A', 'soviet', 'infantry', 3, '5,0', 3),
      ]),
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    expect(code(() => g.play({ type: 'move', unit: 'V', path: ['5,1', '5,0'], by: 'U' }))).toBe('ILLEGAL 5.1');
    g.play({ type: 'move', unit: 'X', path: ['5,0'], by: 'U' });
    g.play({ type: 'move', unit: 'W', path: ['5,0'], by: 'U' });
    expect(code(() => g.play({ type: 'move', unit: 'Y', path: ['5,0'], by: 'U' }))).toBe('ILLEGAL 6.33');
  });
});

describe('supreme HQ, rail and blitz (5.6, 5.7, 9.2)', () => {
  it('six supreme moves for a III SHQ; rail moves of up to 10 hexes per move, never engaging; no Blitz for SHQs', () => {
    const control = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`${i},1`, 'german' as const]));
    const g = tinyGame(
      MAP,
      base(
        [
          u('P', 'german', 'shq', 3, '0,0', 3),
          u('Y', 'german', 'infantry', 4, '0,1'),
          u('Z', 'german', 'infantry', 4, '1,1'),
          u('A', 'soviet', 'infantry', 3, '13,3', 3),
        ],
        { control },
      ),
    );
    expect(code(() => g.play({ type: 'activate', hq: 'P', blitz: true }))).toBe('ILLEGAL 5.7');
    g.play({ type: 'activate', hq: 'P' });
    g.play({ type: 'endCommand' });
    const path = Array.from({ length: 11 }, (_, i) => `${i + 1},1`);
    g.play({ type: 'rail', unit: 'Y', path, by: 'P' });
    expect(g.unit('P').hq?.supreme).toBe(4); // 11 hexes = 2 rail moves
    expect(g.unit('Y').strat).toBe(true);
    expect(code(() => g.play({ type: 'rail', unit: 'Z', path: ['2,1', '3,2'], by: 'P' }))).toBe('ILLEGAL 9.21');
  });

  it('a Blitz HQ stays active at one step less, commands a second movement in its reduced range, then deactivates (5.7)', () => {
    const g = tinyGame(
      MAP,
      base([
        u('U', 'german', 'hq', 3, '3,2', 3),
        u('P', 'german', 'shq', 3, '0,0', 3),
        u('X', 'german', 'armor', 4, '3,1'),
        u('A', 'soviet', 'infantry', 1, '5,1', 3),
      ]),
    );
    g.play({ type: 'activate', hq: 'U', blitz: true });
    g.play({ type: 'endCommand' });
    expect(code(() => g.play({ type: 'mobilize', hq: 'U', path: [] }))).toBe('ILLEGAL 5.7');
    g.play({ type: 'move', unit: 'X', path: ['4,1', '5,1'], by: 'U' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'fight', hex: '5,1' });
    g.play({ type: 'defend', hex: '5,1' }, [1, 6, 1, 1, 1]);
    expect(g.unit('A').at).toBeNull();
    g.play({ type: 'endCombat' });
    expect(g.state.phase).toBe('blitzMovement');
    expect(g.unit('U').cv).toBe(2);
    g.play({ type: 'move', unit: 'X', path: ['6,1', '7,1'], by: 'U' });
    g.play({ type: 'endMovement' });
    g.play({ type: 'endCombat' });
    expect(g.unit('U').cv).toBe(1);
    expect(g.unit('U').hq).toBeUndefined();
    expect(g.state.active).toBe('soviet');
  });

  it('an HQ activated at Ø is eliminated when it deactivates (5.4 sidebar)', () => {
    const g = tinyGame(
      MAP,
      base([u('U', 'german', 'hq', 0, '2,1', 3), u('P', 'german', 'shq', 3, '0,0', 3), u('A', 'soviet', 'infantry', 1, '12,1', 3)]),
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'mobilize', hq: 'U', path: [] });
    expect(g.unit('U').at).toBeNull();
  });
});

describe('supply and control (8.x, 10.x)', () => {
  it("enemy units without a 2-hex line to rail supply lose a step in the active side's supply phase; ZOC does not cross rivers", () => {
    const g = tinyGame(
      MAP,
      base([
        u('P', 'german', 'shq', 3, '0,1', 3),
        u('X', 'german', 'armor', 4, '6,2'),
        u('B', 'soviet', 'infantry', 3, '5,4', 3),
        u('C', 'soviet', 'infantry', 3, '12,2', 3),
        u('D', 'soviet', 'infantry', 3, '9,4', 3),
        u('E', 'soviet', 'infantry', 3, '8,2', 3),
      ]),
    );
    g.play({ type: 'endCommand' });
    const idx = g.rs.board.index;
    expect(g.state.control[idx.get('7,2')!]).toBe('S'); // X's ZOC stops at the river: not disputed
    expect(g.state.control[idx.get('5,2')!]).toBe('G');
    g.play({ type: 'endMovement' });
    g.play({ type: 'endCombat' });
    expect(g.unit('B')).toMatchObject({ cv: 2, unsupplied: true }); // three hexes from the rail line
    expect(g.unit('C').cv).toBe(3);
    expect(g.unit('D').cv).toBe(2);
  });
});

describe('production (11.x) and the end of the game (17.x)', () => {
  it('one replacement per unit, none for engaged units, never more than the production level; orders are hidden', () => {
    const g = tinyGame(
      { ...MAP, cities: [{ hex: '12,1', name: 'Red City', kind: 'major', pp: 2 }] },
      base(
        [
          u('P', 'german', 'shq', 3, '0,1', 3),
          u('X', 'german', 'armor', 2, '1,1'),
          u('Y', 'german', 'infantry', 2, '2,1'),
          u('A', 'soviet', 'infantry', 1, '12,1', 3),
          u('L', 'soviet', 'cavalry', 0, null, 3),
        ],
        { start: { year: 1942, month: 7, fortnight: 2 }, production: { german: 10, soviet: 12 } },
      ),
    );
    for (let i = 0; i < 6; i++) g.play({ type: ['endCommand', 'endMovement', 'endCombat'][i % 3] } as never);
    expect(g.state.phase).toBe('production');
    expect(code(() => g.play({ type: 'produce', replace: ['X', 'X'], cadres: [] }, [], { side: 'german', commands: ['production'] }))).toBe(
      'ILLEGAL 11.41',
    );
    expect(code(() => g.play({ type: 'produce', replace: ['X', 'Y'], cadres: [] }, [], { side: 'german', commands: ['production'] }))).toBe(
      'ILLEGAL 11.3',
    );
    expect(code(() => g.play({ type: 'produce', replace: ['X'], cadres: [] }, [], { side: 'german', commands: ['OKH'] }))).toBe(
      'FORBIDDEN 11.1',
    );
    const evs = g.play({ type: 'produce', replace: ['X'], cadres: [] }, [], { side: 'german', commands: ['production'] });
    expect(g.rs.redact(evs[0], { kind: 'side', side: 'soviet' }, g.state)).toBeNull();
    g.play({ type: 'produce', replace: ['A'], cadres: [{ unit: 'L', hex: 'Red City' }] }, [], { side: 'soviet', commands: ['production'] });
    expect(g.unit('X').cv).toBe(3);
    expect(g.unit('A').cv).toBe(2);
    expect(g.unit('L')).toMatchObject({ at: '12,1', cv: 1, fresh: true });
    expect(g.state.phase).toBe('command');
    expect(g.state.turn).toMatchObject({ month: 8, fortnight: 1 });
  });

  it('rolls weather in variable months (12.1), gives Snow turns to the Soviets first (12.21), and ends with 17.1 victory points', () => {
    const g = tinyGame(
      MAP,
      base([u('P', 'german', 'shq', 3, '0,1', 3), u('K', 'soviet', 'shq', 3, '13,1', 3), u('A', 'soviet', 'infantry', 3, '12,1', 3)], {
        start: { year: 1942, month: 11, fortnight: 1 },
        end: { year: 1942, month: 11 },
      }),
    );
    // November I is set by the scenario start; passing both turns brings November II: dice 3+5 = even -> Snow
    for (let i = 0; i < 5; i++) g.play({ type: ['endCommand', 'endMovement', 'endCombat'][i % 3] } as never);
    g.play({ type: 'endCombat' }, [3, 5]);
    expect(g.state.weather).toBe('snow');
    expect(g.state.active).toBe('soviet');
    for (let i = 0; i < 6; i++) g.play({ type: ['endCommand', 'endMovement', 'endCombat'][i % 3] } as never);
    expect(g.state.phase).toBe('over');
    expect(g.state.result?.vp.german).toBe(g.state.pl.german + 6);
    expect(g.rs.status(g.state).finished).toBe(true);
  });
});

describe('6.41 NOTE: retreat and attack', () => {
  it('leaving a battle entirely while new units engage is a retreat (pursuit fire) and a new attack by the newcomers', () => {
    const g = tinyGame(
      MAP,
      base(
        [
          u('U', 'german', 'hq', 3, '2,1', 3),
          u('P', 'german', 'shq', 3, '0,1', 3),
          u('X', 'german', 'armor', 3, '4,1'),
          u('W', 'german', 'armor', 4, '3,2'),
          u('A', 'soviet', 'infantry', 3, '4,1', 3),
        ],
        { battles: [{ hex: '4,1', oa: 'soviet' }] },
      ),
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    g.play({ type: 'move', unit: 'W', path: ['4,1'], by: 'U' });
    // W is a newcomer: it does not keep the battle for X, which must be designated rearguard to leave
    expect(() => g.play({ type: 'move', unit: 'X', path: ['3,1'], by: 'U' })).toThrow(/rearguard/);
    g.play({ type: 'retreat', unit: 'X', path: ['3,1'], by: 'U' });
    g.play({ type: 'endMovement' }); // A (speed 2 < armor 3) does not fire: no dice are rolled
    expect(g.state.battles['4,1']).toMatchObject({ oa: 'german', fresh: true });
    expect(() => g.play({ type: 'endCombat' })).toThrow(/compulsory/);
  });
});

describe('5.2.1 deploying out of a battle', () => {
  it('an HQ alone in a battle that deploys out retreats under immediate pursuit fire, revealed first', () => {
    const g = tinyGame(
      MAP,
      base(
        [
          u('U', 'german', 'hq', 3, '4,1', 3),
          u('P', 'german', 'shq', 3, '0,1', 3),
          u('Y', 'german', 'infantry', 4, '2,1'),
          u('C', 'soviet', 'armor', 2, '4,1', 3),
        ],
        { battles: [{ hex: '4,1', oa: 'soviet' }] },
      ),
    );
    // armor (3) is faster than the HQ (2): DF pursuit <5,1> = one hit
    const evs = g.play({ type: 'activate', hq: 'U', deploy: '3,1' }, [5, 1]);
    expect(evs.map((e) => e.type)).toEqual(['activated', 'pursuit', 'loss', 'moved']);
    expect(g.unit('U')).toMatchObject({ at: '3,1', cv: 2 });
    expect(g.state.battles['4,1']).toBeUndefined();
  });
});

describe('1.38 straits', () => {
  it('a unit crossing the straits starts beside them and stops across', () => {
    const g = tinyGame(
      { ...MAP, sides: [{ a: '3,2', b: '4,2', kind: 'strait' }] },
      base([
        u('U', 'german', 'hq', 3, '2,2', 3),
        u('P', 'german', 'shq', 3, '0,1', 3),
        u('X', 'german', 'armor', 4, '2,3'),
        u('W', 'german', 'armor', 4, '3,2'),
        u('A', 'soviet', 'infantry', 3, '12,1', 3),
      ]),
    );
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'endCommand' });
    expect(() => g.play({ type: 'move', unit: 'X', path: ['3,2', '4,2'], by: 'U' })).toThrow(/straits/);
    expect(() => g.play({ type: 'move', unit: 'W', path: ['4,2', '5,2'], by: 'U' })).toThrow(/straits/);
    g.play({ type: 'move', unit: 'W', path: ['4,2'], by: 'U' });
    expect(g.unit('W').at).toBe('4,2');
  });
});
