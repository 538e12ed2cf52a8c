/** Barbarossa set-up (31.21, 31.31, 31.51) and the sequence of play (4.2). */
import { describe, expect, it } from 'vitest';
import { FixedDice, SeededDice } from '../../../core/dice';
import { RuleError } from '../../../core/errors';
import { fold } from '../../../core/ruleset';
import { witeBoard } from '../board';
import { barbarossaCounters, forces, UNIT_TYPES, unitType } from '../data';
import { warInTheEast as rs } from '../index';
import { zocOf } from '../rules';
import { barbarossaPlacement, STACK_LIMIT } from '../setup';
import { axisPersonnelCentres } from '../steps/sequence';
import type { State } from '../state';
import { AXIS, SOVIET } from './helpers';

const start = (): State => fold(rs, rs.setup('barbarossa', {}, new FixedDice([])));

describe('Barbarossa set-up (31.51, substitute placement)', () => {
  const placed = barbarossaPlacement();
  const b = witeBoard();

  it('31.21, 31.31: every counter of the initial forces is placed, three Axis repair units included', () => {
    expect(placed).toHaveLength(barbarossaCounters().length);
    const count = (side: string, type: string) => placed.filter((p) => p.side === side && p.type === type).length;
    for (const side of ['axis', 'soviet'] as const)
      for (const [type, n] of Object.entries(forces.printedTotals[side])) if (UNIT_TYPES.has(type)) expect(count(side, type)).toBe(n);
    expect(count('axis', 'repair-axis')).toBe(3);
  });

  it('31.51: each counter stands in its own sector (reserves within five hexes of their city), never in Hungary', () => {
    const bySector = new Map(barbarossaCounters().map((c) => [c.id, c.sector]));
    for (const p of placed) {
      const sector = bySector.get(p.id);
      const i = b.index.get(p.at) as number;
      expect(b.country[i]).not.toBe('Hungary');
      expect(b.impassable[i]).toBe(0);
      if (sector) expect(b.regions.get(`sector-${sector}`)?.hexes).toContain(p.at);
      else expect(p.at.startsWith('SW')).toBe(true);
    }
  });

  it('9.0: no hex holds more than four Axis or three Russian units', () => {
    const n = new Map<string, number>();
    for (const p of placed) n.set(p.at, (n.get(p.at) ?? 0) + 1);
    for (const p of placed) expect(n.get(p.at)).toBeLessThanOrEqual(STACK_LIMIT[p.side]);
  });

  it('31.51: every Axis Start Line hex is occupied by or in the zone of control of Axis infantry (outside Hungary)', () => {
    const s = start();
    const inf = placed.filter((p) => p.side === 'axis' && unitType(p.type).class === 'infantry');
    const infOnly: State = { ...s, units: Object.fromEntries(inf.map((p) => [p.id, s.units[p.id]])) };
    const z = zocOf(infOnly, 'axis');
    const occupied = new Set(inf.map((p) => p.at));
    const line = (b.regions.get('startline-axis')?.hexes ?? []).filter((h) => b.country[b.index.get(h) as number] !== 'Hungary');
    const uncovered = line.filter((h) => !occupied.has(h) && !z[b.index.get(h) as number]);
    expect(uncovered).toEqual([]);
  });

  it('is deterministic', () => {
    expect(barbarossaPlacement()).toEqual(placed);
  });
});

describe('sequence of play (4.2)', () => {
  it('GT 1 has no Joint Air War Turn (30.34B); the game waits for the Axis Initial Movement Phase', () => {
    const ev = rs.setup('barbarossa', {}, new FixedDice([]));
    const phases = ev.filter((e) => e.type === 'phase');
    expect(phases.map((e) => e.type === 'phase' && e.phase)).toEqual(['air-commitment', 'air-combat', 'reinforcement', 'initial-movement']);
    expect(phases[0]).toMatchObject({ gt: 1, skipped: expect.stringContaining('30.34B') });
    const st = rs.status(fold(rs, ev));
    expect(st.phase).toContain('Initial Movement');
    expect(st.waitingFor.map((w) => w.side)).toEqual(['axis']);
    expect(rs.legal(fold(rs, ev), SOVIET)).toEqual([]);
  });

  it('unsupported commands are refused with NOT_SUPPORTED and their rule', () => {
    const s = start();
    const e = (() => {
      try {
        rs.decide(s, rs.parseCommand({ type: 'rail', unit: 'x', to: 'SW0101' }), AXIS, new FixedDice([]));
      } catch (x) {
        return x as RuleError;
      }
    })();
    expect(e).toMatchObject({ code: 'NOT_SUPPORTED', rule: '6.0' });
  });

  it('the Russian may not act in the Axis phase (NOT_YOUR_TURN)', () => {
    expect(() => rs.decide(start(), { type: 'endPhase' }, SOVIET, new FixedDice([]))).toThrow(RuleError);
  });

  it('ending phases walks Axis then Russian player-turns, skips what is not yet played, and ends after GT 20 with 31.6', () => {
    let s = start();
    const seen: string[] = [];
    for (let i = 0; i < 300 && !s.over; i++) {
      const who = rs.status(s).waitingFor[0].side === 'axis' ? AXIS : SOVIET;
      if (s.gt === 1) seen.push(`${s.player}:${s.phase}`);
      // from GT 2 the Joint Air War Turn waits for both sides' sealed commitments (12.12): commit nothing
      const cmd = s.phase === 'air-commitment' ? { type: 'commitAir', superiority: 0, groundSupport: 0 } : { type: 'endPhase' };
      s = rs.decide(s, rs.parseCommand(cmd), who, new SeededDice(i)).reduce(rs.evolve, s);
    }
    expect(seen).toEqual([
      'axis:initial-movement',
      'axis:combat',
      'axis:mech-movement',
      'soviet:initial-movement',
      'soviet:combat',
      'soviet:mech-movement',
    ]);
    expect(s.over).toBe(true);
    expect(s.gt).toBe(20);
    expect(rs.status(s)).toMatchObject({ finished: true, result: 'soviet' });
  });

  it('31.6: the board hints count the Axis-held Personnel Centres as the end of the game does', () => {
    const s = start();
    const h = rs.hints?.(s, { kind: 'side', side: 'axis' }) as { axisCentres: number; personnelCentres: { held: string | null }[] };
    expect(h.axisCentres).toBe(axisPersonnelCentres(s));
    expect(h.axisCentres).toBe(h.personnelCentres.filter((p) => p.held === 'axis').length);
    // move an Axis unit onto a Russian-free centre: both counts follow
    const b = witeBoard();
    const free = b.personnelCentres.find((i) => !Object.values(s.units).some((u) => u.at === b.ids[i])) as number;
    const id = Object.keys(s.units).find((k) => s.units[k].side === 'axis') as string;
    const moved: State = { ...s, units: { ...s.units, [id]: { ...s.units[id], at: b.ids[free] } } };
    const h2 = rs.hints?.(moved, { kind: 'side', side: 'axis' }) as { axisCentres: number };
    expect(h2.axisCentres).toBe(axisPersonnelCentres(moved));
  });
});
