/** Russian militia (29.35): two, two, then one per Personnel Centre the Axis does not occupy, in GT 1-3. */
import { describe, expect, it } from 'vitest';
import { FixedDice } from '../../../core/dice';
import { Emitter } from '../../../core/steps';
import { witeBoard } from '../board';
import { warInTheEast as rs } from '../index';
import { nextPhase } from '../steps/sequence';
import { type Event, evolve, type State } from '../state';
import { SOVIET, situation } from './helpers';

const b = witeBoard();
const pcs = b.personnelCentres.map((i) => b.ids[i]);

/** From the Axis Interdiction Phase of `gt` into the Russian Reinforcement Phase (militia placed there). */
function intoRussianReinforcement(s: State): Event[] {
  const em = new Emitter<State, Event>(evolve, { ...s, player: 'axis', phase: 'interdiction' });
  nextPhase(em);
  return em.events;
}

describe('militia (29.35)', () => {
  it('GT 1: two militia in each on-map Personnel Centre; a centre the Axis occupies yields none', () => {
    const s = situation([{ id: 'g', type: '6-5', at: pcs[0] }], { gt: 1, player: 'axis', phase: 'mech-movement' });
    const ev = intoRussianReinforcement(s);
    const m = ev.find((e) => e.type === 'militia');
    expect(m?.type === 'militia' && m.units.length).toBe(2 * (pcs.length - 1));
    expect(m?.type === 'militia' && m.units.some((u) => u.at === pcs[0])).toBe(false);
    expect(m?.type === 'militia' && m.units.filter((u) => u.at === pcs[1]).map((u) => u.type)).toEqual(['1-4', '1-4']);
  });

  it('GT 3 one a centre; from GT 4 none', () => {
    const gt3 = intoRussianReinforcement(situation([], { gt: 3 })).find((e) => e.type === 'militia');
    expect(gt3?.type === 'militia' && gt3.units.length).toBe(pcs.length);
    expect(intoRussianReinforcement(situation([], { gt: 4 })).some((e) => e.type === 'militia')).toBe(false);
  });

  it('militia may arrive over the limit; those still over it when the first Movement Phase ends are eliminated', () => {
    const pc = pcs[2];
    const s0 = situation(
      [
        { id: 'r1', type: '2-5', at: pc },
        { id: 'r2', type: '2-5', at: pc },
      ],
      { gt: 1, player: 'soviet', phase: 'initial-movement' },
    );
    const s = evolve(s0, {
      type: 'militia',
      gt: 1,
      units: ['sov-mil-1-1', 'sov-mil-1-2'].map((id) => ({
        id,
        type: '1-4',
        side: 'soviet' as const,
        command: 'stavka',
        label: id,
        at: pc,
      })),
    });
    expect(Object.values(s.units).filter((u) => u.at === pc)).toHaveLength(4);
    const ev = rs.decide(s, { type: 'endPhase' }, SOVIET, new FixedDice([]));
    expect(ev.filter((e) => e.type === 'lost')).toEqual([{ type: 'lost', unit: 'sov-mil-1-2', how: 'removed', rule: '29.35' }]);
  });
});
