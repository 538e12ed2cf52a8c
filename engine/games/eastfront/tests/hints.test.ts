import { optionsFor } from './offers';
import { describe, expect, it } from 'vitest';
import type { SetupUnit } from '../data';
import { fireHints, moveCost, rangeHints } from '../hints';
import { tinyGame, GERMAN, type TinyMapSpec } from '../testkit';
import type { View } from '../view';

const u = (id: string, side: 'german' | 'soviet', type: SetupUnit['type'], cv: number, at: string | null, max = 4): SetupUnit => ({
  id,
  side,
  type,
  name: `${type} ${id}`,
  cv,
  max,
  at,
});
const MAP: TinyMapSpec = { w: 10, h: 5, terrain: { '3,1': 'mountain', '4,3': 'marsh', '6,2': 'forest' } };
const game = (units: SetupUnit[], month = 7, battles: { hex: string; oa: 'german' | 'soviet' }[] = []) =>
  tinyGame(MAP, {
    units,
    battles,
    sources: { german: ['0,1'], soviet: ['9,1'] },
    start: { year: 1942, month, fortnight: 1 },
    end: { year: 1942, month: 12 },
  });
const viewOf = (g: ReturnType<typeof game>) => g.rs.view(g.state, { kind: 'side', side: 'german' }) as View;

describe("UI hints: effective firepower for the viewer's own blocks (2.62, 7.32, 7.34, 7.4, 12.24)", () => {
  it('mountain troops fire DF in mountains, attacks in marsh are SF, and enemy blocks get no hint', () => {
    const g = game([
      u('U', 'german', 'hq', 2, '1,1', 3),
      u('T', 'german', 'mountain', 3, '3,1'),
      u('X', 'german', 'armor', 4, '4,3'),
      u('Y', 'german', 'infantry', 4, '2,3'),
      u('A', 'soviet', 'infantry', 3, '8,3', 3),
    ]);
    const f = fireHints(g.rs.board, viewOf(g), 'german');
    expect(f.get('T')).toMatchObject({ off: 'DF', def: 'DF', offHitsOn: 5, defHitsOn: 5 });
    expect(f.get('T')!.notes.join(' ')).toMatch(/2\.62/);
    expect(f.get('X')).toMatchObject({ off: 'SF', def: 'DF', offHitsOn: 6 }); // armor attacks at SF in marsh (7.32)
    expect(f.get('Y')).toMatchObject({ off: 'SF', def: 'SF', notes: [] }); // printed values
    expect(f.get('U')).toMatchObject({ off: null, def: null }); // HQs never fire (5.1)
    expect(f.has('A')).toBe(false);
  });

  it('in Mud every attack is SF; a battle outside any active HQ range is unsupported (half, a third in double defence)', () => {
    const g = game(
      [
        u('U', 'german', 'hq', 1, '0,1', 3),
        u('X', 'german', 'armor', 4, '6,2'),
        u('Y', 'german', 'armor', 4, '1,1'),
        u('A', 'soviet', 'infantry', 3, '6,2', 3),
        u('B', 'soviet', 'infantry', 3, '1,1', 3),
      ],
      4,
      [
        { hex: '6,2', oa: 'german' },
        { hex: '1,1', oa: 'german' },
      ],
    );
    g.play({ type: 'activate', hq: 'U' });
    const v = viewOf(g);
    expect(v.weather).toBe('mud');
    const f = fireHints(g.rs.board, v, 'german');
    // forest battle far from U: unsupported and double defence in Mud anyway: 3 hits per step
    expect(f.get('X')).toMatchObject({ off: 'SF', supported: false, hitsPerStep: 3 });
    expect(f.get('X')!.notes.join(' ')).toMatch(/Mud.*12\.24/);
    // U (I, disrupted to 0 in Mud) still commands its own hex only: 1,1 is next to it, so unsupported too
    expect(f.get('Y')).toMatchObject({ supported: false, hitsPerStep: 3 });
  });

  it('a supported attack in clear terrain needs one hit per step', () => {
    const g = game(
      [u('U', 'german', 'hq', 2, '0,1', 3), u('Y', 'german', 'armor', 4, '1,1'), u('B', 'soviet', 'infantry', 3, '1,1', 3)],
      7,
      [{ hex: '1,1', oa: 'german' }],
    );
    g.play({ type: 'activate', hq: 'U' });
    expect(fireHints(g.rs.board, viewOf(g), 'german').get('Y')).toMatchObject({ off: 'DF', supported: true, hitsPerStep: 1 });
  });
});

describe('UI hints: command range and move costs (5.3, 5.8, 5.61, 6.1, 9.21)', () => {
  it("an active HQ's range is its CV in hexes, one less when disrupted, and stops at enemy-controlled hexes", () => {
    const g = game([u('U', 'german', 'hq', 2, '2,2', 3), u('X', 'german', 'armor', 4, '1,1'), u('A', 'soviet', 'infantry', 3, '8,3', 3)]);
    g.play({ type: 'activate', hq: 'U' });
    const r = rangeHints(g.rs.board, viewOf(g), 'german').get('U')!;
    expect(r).toMatchObject({ cv: 2, disrupted: false });
    expect(r.hexes.has('4,2')).toBe(true);
    expect(r.hexes.has('5,2')).toBe(false);
    const mud = game([u('U', 'german', 'hq', 2, '2,2', 3), u('A', 'soviet', 'infantry', 3, '8,3', 3)], 4);
    mud.play({ type: 'activate', hq: 'U' });
    const m = rangeHints(mud.rs.board, viewOf(mud), 'german').get('U')!;
    expect(m).toMatchObject({ cv: 1, disrupted: true });
    expect(m.hexes.has('4,2')).toBe(false);
    // computed from a view only: the Soviet view has no hidden German block to hint about; the active
    // HQ is face-up (5.2) and public anyway
    const foe = g.rs.view(g.state, { kind: 'side', side: 'soviet' }) as View;
    expect([...fireHints(g.rs.board, foe, 'german').keys()]).toEqual(['U']);
  });

  it('prices each legal move: hexes, movement left, stop terrain, supreme moves', () => {
    const g = game([
      u('U', 'german', 'hq', 3, '2,2', 3),
      u('P', 'german', 'shq', 3, '0,1', 3),
      u('X', 'german', 'armor', 4, '1,1'),
      u('A', 'soviet', 'infantry', 3, '8,3', 3),
    ]);
    g.play({ type: 'activate', hq: 'U' });
    g.play({ type: 'activate', hq: 'P' });
    g.play({ type: 'endCommand' });
    const v = viewOf(g);
    const x = v.units.find((w) => w.id === 'X')!;
    const legal = optionsFor(
      g.rs.legal(g.state, GERMAN).filter((a) => a.command.type === 'move' && a.command.unit === 'X'),
      'to',
    );
    const to = (dest: string) => {
      const o = legal.find((c) => c.value === dest)!;
      return { path: o.path!, by: o.by };
    };
    expect(moveCost(g.rs.board, v, x, { kind: 'move', ...to('2,1') })).toEqual({ hexes: 1, left: 2, supreme: 0 });
    expect(moveCost(g.rs.board, v, x, { kind: 'move', ...to('3,1') })).toMatchObject({
      hexes: 2,
      left: 0,
      stop: expect.stringMatching(/mountain/),
    });
    expect(moveCost(g.rs.board, v, x, { kind: 'move', path: ['2,1'], by: 'P' })).toMatchObject({ supreme: 1 });
    expect(moveCost(g.rs.board, v, x, { kind: 'rail', path: Array.from({ length: 11 }, (_, i) => `${i},1`) })).toMatchObject({
      hexes: 11,
      supreme: 2,
    });
  });
});

describe('ruleset.hints: what the server sends with the view', () => {
  it("is the viewer's own-view hints as JSON, per own unit, and nothing for a spectator", async () => {
    const { eastfront } = await import('../index');
    const { FixedDice, fold } = await import('../../../core');
    const s = fold(eastfront, eastfront.setup('edelweiss', {}, new FixedDice(Array(64).fill(1))));
    const german = { kind: 'side', side: 'german' } as const;
    const h = eastfront.hints!(s, german) as { fire: Record<string, unknown>; range: Record<string, { hexes: string[] }> };
    const v = eastfront.view(s, german);
    expect(h.fire).toEqual(Object.fromEntries(fireHints(eastfront.board, v, 'german')));
    expect(Object.keys(h.fire).length).toBeGreaterThan(0);
    for (const [id, r] of rangeHints(eastfront.board, v, 'german')) expect(new Set(h.range[id].hexes)).toEqual(r.hexes);
    const ownIds = new Set(
      Object.values(s.units)
        .filter((u) => u.side === 'german')
        .map((u) => u.id),
    );
    expect(Object.keys(h.fire).every((id) => ownIds.has(id))).toBe(true);
    expect(JSON.parse(JSON.stringify(h))).toEqual(h);
    expect(eastfront.hints!(s, { kind: 'spectator' })).toEqual({ fire: {}, range: {} });
  });
});
