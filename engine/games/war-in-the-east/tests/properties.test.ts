/** The shared legal-action properties (engine/testing/properties.ts) over seeded Barbarossa play. */
import { describe, expect, it } from 'vitest';
import type { SeededDice } from '../../../core/dice';
import type { Actor } from '../../../core/ruleset';
import { checkProperties } from '../../../testing/properties';
import { witeBoard } from '../board';
import { warInTheEast } from '../index';
import type { State } from '../state';

/** Raw commands near the state: moves of own units to hexes two steps away, attacks on adjacent enemy hexes. */
function sample(s: State, actor: Actor, rnd: SeededDice): unknown[] {
  const b = witeBoard();
  const mine = Object.entries(s.units).filter(([, u]) => u.side === actor.side && u.at !== null);
  const out: unknown[] = [{ type: 'endPhase' }, { type: 'rail', unit: 'x', to: 'SW0101' }];
  for (let k = 0; k < 6 && mine.length; k++) {
    const [id, u] = mine[Math.floor(rnd.next() * mine.length)];
    const i = b.index.get(u.at as string) as number;
    const n1 = b.nb[i][Math.floor(rnd.next() * b.nb[i].length)];
    const n2 = b.nb[n1][Math.floor(rnd.next() * b.nb[n1].length)];
    out.push(
      { type: 'move', unit: id, to: b.ids[n1] },
      { type: 'move', unit: id, to: b.ids[n2] },
      { type: 'move', unit: id, to: b.ids[n2], forced: true },
    );
    const enemy = b.nb[i].find((n) => Object.values(s.units).some((x) => x.at === b.ids[n] && x.side !== actor.side));
    if (enemy !== undefined) out.push({ type: 'attack', hex: b.ids[enemy], attackers: [id] });
  }
  return out;
}

describe('War in the East legal() properties (Barbarossa)', () => {
  it('offered is accepted, accepted is offered, the fold is deterministic', () => {
    const played = new Set<string>();
    const rep = checkProperties({
      ruleset: warInTheEast,
      scenario: 'barbarossa',
      seed: 3,
      maxCommands: 14,
      completionsPerAction: 2,
      sample,
      // mostly moves and attacks; end the phase one time in four so play reaches combat and the Russian turn
      choose: (actions, _s, rnd) => {
        const play = actions.filter((a) => a.command.type !== 'endPhase');
        const end = actions.find((a) => a.command.type === 'endPhase');
        for (const a of play) played.add(a.command.type);
        return play.length && (rnd.next() < 0.75 || !end) ? play[Math.floor(rnd.next() * play.length)] : (end ?? actions[0]);
      },
    });
    expect(rep.failures).toEqual([]);
    expect(rep.commands).toBe(14);
    expect(rep.sampledAccepted).toBeGreaterThan(0);
    expect([...played].sort()).toEqual(['attack', 'move']);
  }, 120_000);
});
