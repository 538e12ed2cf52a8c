/** Movement (5.0-5.6), zones of control (8.0) and stacking on moves (9.0), on a clear patch of the real map. */
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../../core/errors';
import { witeBoard } from '../board';
import { warInTheEast } from '../index';
import { destinations, zocOf } from '../rules';
import { AXIS, around, between, clearPatch, decide, situation, play } from './helpers';

const P = clearPatch(3);
const C = P.centre;
const X = P.ring(2)[0]; // an enemy two hexes from C
const Y = between(C, X)[0]; // the hex between them: in the enemy's zone of control
const dest = (s: ReturnType<typeof situation>, id: string, forced = false) => destinations(s, id, forced, 4);

function refusal(f: () => unknown): RuleError {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('accepted');
}

describe('movement costs (5.1, 5.8, 8.2)', () => {
  it('5.12: each clear hex costs one Movement Point', () => {
    const s = situation([{ id: 'g', type: '6-5', at: C }]);
    const d = dest(s, 'g');
    for (const h of P.ring(1)) expect(d.get(h)?.cost).toBe(1);
    for (const h of P.ring(2)) expect(d.get(h)?.cost).toBe(2);
  });

  it('5.13 example: entering an enemy-controlled clear hex costs three', () => {
    const s = situation([
      { id: 'g', type: '6-5', at: C },
      { id: 'r', type: '1-4', at: X },
    ]);
    expect(dest(s, 'g').get(Y)?.cost).toBe(3);
  });

  it('8.21: leaving an enemy-controlled hex costs two more, so ZOC to ZOC costs four extra', () => {
    const zz = between(Y, X).find((h) => h !== C) as string; // another hex next to both Y and the enemy
    const away = around(Y).find((h) => !around(X).includes(h) && h !== X) as string;
    const s = situation([
      { id: 'g', type: '6-5', at: Y },
      { id: 'r', type: '1-4', at: X },
    ]);
    const d = dest(s, 'g');
    expect(d.get(zz)?.cost).toBe(5);
    expect(d.get(away)?.cost).toBe(3);
  });

  it('5.22: a unit never enters an enemy-occupied hex', () => {
    const s = situation([
      { id: 'g', type: '6-5', at: Y },
      { id: 'r', type: '1-4', at: X },
    ]);
    expect(dest(s, 'g').has(X)).toBe(false);
  });

  it('5.14: a unit may always move one hex, but not from one enemy-controlled hex straight into another', () => {
    // GT 17 is a Mud turn: non-Finnish Axis units have a Movement Allowance of one (14.11)
    const s = situation(
      [
        { id: 'g', type: '6-5', at: C },
        { id: 'r', type: '1-4', at: X },
      ],
      { gt: 17 },
    );
    const d = dest(s, 'g');
    expect(d.get(Y)).toMatchObject({ minimum: true });
    const s2 = situation(
      [
        { id: 'g', type: '6-5', at: Y },
        { id: 'r', type: '1-4', at: X },
      ],
      { gt: 17 },
    );
    const zz = between(Y, X).find((h) => h !== C) as string;
    expect(dest(s2, 'g').has(zz)).toBe(false);
    expect(dest(s2, 'g').has(C)).toBe(true);
  });

  it('14.14: Russian units have their Movement Allowance halved in Mud', () => {
    const s = situation([{ id: 'r', type: '5-5', at: C }], { gt: 17, player: 'soviet' });
    const costs = [...dest(s, 'r').values()].filter((d) => !d.minimum).map((d) => d.cost);
    expect(Math.max(...costs)).toBe(2);
  });
});

describe('zones of control (8.1)', () => {
  it('8.11: anti-tank units exert no zone of control', () => {
    const s = situation([
      { id: 'g', type: '6-5', at: C },
      { id: 'r', type: '0-1-10', at: X },
    ]);
    expect(dest(s, 'g').get(Y)?.cost).toBe(1);
  });

  it('8.13: a mechanized zone of control never extends into woods; cavalry and infantry zones do', () => {
    const b = witeBoard();
    const w = b.ids.findIndex(
      (_, i) =>
        b.terr[i] === 'woods' &&
        b.country[i] === 'USSR' &&
        !b.northOfWeatherline[i] &&
        b.nb[i].some(
          (n) =>
            b.terr[n] === 'clear' &&
            !b.lakeSide.has(Math.min(i, n) * 65536 + Math.max(i, n)) &&
            !b.seaSide.has(Math.min(i, n) * 65536 + Math.max(i, n)),
        ),
    );
    const n = b.nb[w].find(
      (k) =>
        b.terr[k] === 'clear' &&
        !b.seaSide.has(Math.min(w, k) * 65536 + Math.max(w, k)) &&
        !b.lakeSide.has(Math.min(w, k) * 65536 + Math.max(w, k)),
    ) as number;
    for (const [type, into] of [
      ['2-5', 0],
      ['1-3', 1],
      ['1-4', 1],
    ] as const) {
      const s = situation([{ id: 'r', type, at: b.ids[n] }]);
      expect(zocOf(s, 'soviet')[w]).toBe(into);
    }
  });

  it('30.34A: on GT 1 no Russian zone of control crosses the border in the Axis Initial Movement Phase', () => {
    const b = witeBoard();
    const axisLine = new Set(b.regions.get('startline-axis')?.hexes);
    const sov = (b.regions.get('startline-soviet')?.hexes ?? []).find((h) =>
      around(h).some((a) => axisLine.has(a) && b.country[b.index.get(a) as number] !== 'USSR'),
    ) as string;
    const ax = around(sov).find((a) => axisLine.has(a) && b.country[b.index.get(a) as number] !== 'USSR') as string;
    const at = (gt: number) => zocOf(situation([{ id: 'r', type: '1-4', at: sov }], { gt }), 'soviet')[b.index.get(ax) as number];
    expect(at(1)).toBe(0);
    expect(at(2)).toBe(1);
  });
});

describe('who moves when (4.2, 5.5, 5.0, 30.34D)', () => {
  it('5.5: only mechanized and cavalry units move in the Mechanized Movement Phase', () => {
    const s = situation(
      [
        { id: 'g', type: '6-5', at: C },
        { id: 'p', type: '10-8', at: X },
      ],
      { phase: 'mech-movement' },
    );
    expect(refusal(() => decide(s, { type: 'move', unit: 'g', to: P.ring(1)[0] }, AXIS)).rule).toBe('5.5');
    expect(() => decide(s, { type: 'move', unit: 'p', to: around(X)[0] }, AXIS)).not.toThrow();
  });

  it('10.52: Russian anti-tank units move only in the Mechanized Movement Phase', () => {
    const s = situation([{ id: 'a', type: '0-1-10', at: C }], { player: 'soviet' });
    expect(warInTheEast.legal(s, { side: 'soviet', commands: ['west'] }).filter((a) => a.command.type === 'move')).toHaveLength(0);
  });

  it('5.0: a unit that has moved may not move again in the same phase', () => {
    const s = play(situation([{ id: 'g', type: '6-5', at: C }]), { type: 'move', unit: 'g', to: P.ring(1)[0] }, AXIS);
    expect(refusal(() => decide(s, { type: 'move', unit: 'g', to: C }, AXIS)).rule).toBe('5.0');
  });

  it('30.34D: Finnish units may not move on GT 1', () => {
    const s = situation([{ id: 'f', type: '4-5F', at: C, command: 'finland' }], { gt: 1 });
    expect(refusal(() => decide(s, { type: 'move', unit: 'f', to: P.ring(1)[0] }, AXIS)).rule).toBe('30.34D');
  });

  it('a seat moves only the units of the commands it holds', () => {
    const s = situation([{ id: 'g', type: '6-5', at: C, command: 'ag-south' }]);
    expect(refusal(() => decide(s, { type: 'move', unit: 'g', to: P.ring(1)[0] }, { side: 'axis', commands: ['ag-north'] })).code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('destinations asked for one unit (lazy choice)', () => {
  const ask = (s: ReturnType<typeof situation>, unit: string, lazy = 'destinations', actor = AXIS) =>
    warInTheEast.choiceOptions?.(s, actor, lazy, { unit }) ?? [];

  it('5.0, 5.21: legal() lists the unit; its asked destinations are exactly the reachable hexes, and others are refused', () => {
    const s = situation([
      { id: 'g', type: '6-5', at: C },
      { id: 'r', type: '1-4', at: X },
    ]);
    const move = warInTheEast.legal(s, AXIS).find((a) => a.command.type === 'move' && !a.command.forced);
    const offered = move?.choices?.[0].options.find((o) => o.value === 'g');
    expect(offered?.next?.[0].lazy).toBe('destinations');
    const to = ask(s, 'g');
    expect(to.map((o) => o.value).sort()).toEqual([...dest(s, 'g').keys()].sort());
    expect(to.find((o) => o.value === Y)?.hint).toEqual({ cost: 3 });
    const far = P.ring(3).find((h) => !dest(s, 'g').has(h));
    if (far) expect(refusal(() => decide(s, { type: 'move', unit: 'g', to: far }, AXIS)).rule).toBe('5.21');
    expect(refusal(() => decide(s, { type: 'move', unit: 'g', to: X }, AXIS)).rule).toBe('5.21'); // 5.22: enemy hex
  });

  it('nothing is answered for a unit legal() does not offer: the enemy, a moved unit, another command, the wrong phase', () => {
    const s = situation([
      { id: 'g', type: '6-5', at: C, command: 'ag-south' },
      { id: 'r', type: '1-4', at: X },
    ]);
    expect(ask(s, 'r')).toEqual([]);
    expect(ask(s, 'g', 'destinations', { side: 'axis', commands: ['ag-north'] })).toEqual([]);
    expect(ask(s, 'nobody')).toEqual([]);
    expect(ask(s, 'g', 'elsewhere')).toEqual([]);
    const moved = play(s, { type: 'move', unit: 'g', to: P.ring(1)[0] }, AXIS);
    expect(ask(moved, 'g')).toEqual([]);
    const mech = situation([{ id: 'g', type: '6-5', at: C }], { phase: 'mech-movement' });
    expect(ask(mech, 'g')).toEqual([]); // 5.5: infantry does not move then
    expect(ask(mech, 'g', 'forced-destinations')).toEqual([]); // 5.6: forced march only in Initial Movement
  });
});

describe('forced march (5.6)', () => {
  it('5.6, 5.62: an infantry unit moves up to double its allowance; a one reduces it to its kampfgruppe', () => {
    const s = situation([{ id: 'g', type: '6-5', at: C }]);
    const costs = [...dest(s, 'g', true).values()].map((d) => d.cost);
    expect(Math.max(...costs)).toBeGreaterThan(5);
    expect(Math.max(...costs)).toBeLessThanOrEqual(10);
    const far = [...dest(s, 'g', true).values()].find((d) => d.cost > 5 && !d.minimum)?.hex as string;
    const e1 = decide(s, { type: 'move', unit: 'g', to: far, forced: true }, AXIS, [1]);
    expect(e1[0]).toMatchObject({ type: 'moved', forced: { die: 1, result: 'reduced' } });
    const s1 = e1.reduce(warInTheEast.evolve, s);
    expect(s1.units.g).toMatchObject({ at: far, kg: true });
    const e2 = decide(s, { type: 'move', unit: 'g', to: far, forced: true }, AXIS, [2]);
    expect(e2[0]).toMatchObject({ forced: { die: 2, result: 'none' } });
  });

  it('5.6, 10.35: a kampfgruppe rolling a one while force marching is eliminated', () => {
    const s = situation([{ id: 'g', type: '6-5', at: C, kg: true }]);
    const to = P.ring(1)[0];
    const s1 = play(s, { type: 'move', unit: 'g', to, forced: true }, AXIS, [1]);
    expect(s1.units.g.at).toBeNull();
  });

  it('5.64: a force-marching unit may not enter an enemy-controlled hex', () => {
    const s = situation([
      { id: 'g', type: '6-5', at: C },
      { id: 'r', type: '1-4', at: X },
    ]);
    expect(dest(s, 'g', true).has(Y)).toBe(false);
    expect(dest(s, 'g', false).has(Y)).toBe(true);
  });

  it('5.6: Finnish infantry and security divisions never force march', () => {
    const s = situation([
      { id: 'f', type: '4-5F', at: C, command: 'finland' },
      { id: 'sec', type: '6-3', at: X },
    ]);
    expect(refusal(() => decide(s, { type: 'move', unit: 'f', to: P.ring(1)[0], forced: true }, AXIS)).rule).toBe('5.6');
    expect(refusal(() => decide(s, { type: 'move', unit: 'sec', to: around(X)[0], forced: true }, AXIS)).rule).toBe('5.6');
  });
});

describe('stacking on the move (9.0, 5.16)', () => {
  it('9.0: four Axis units fill a hex; a fifth may pass through but not stop there', () => {
    const full = P.ring(1)[0];
    const s = situation([{ id: 'g', type: '6-5', at: C }, ...[1, 2, 3, 4].map((k) => ({ id: `s${k}`, type: '6-5', at: full }))]);
    const d = dest(s, 'g');
    expect(d.has(full)).toBe(false);
    expect(d.size).toBeGreaterThan(10);
  });
});
