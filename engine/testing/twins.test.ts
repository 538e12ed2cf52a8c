/**
 * The twin harness runs over every lobby game (issue 12): a game without a twin adapter fails here, and every
 * adapter's twins must look the same to the viewers it names for a few seeds.
 */
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../core/ruleset';
import { listRulesets } from '../games';
import { type EastfrontEvent, type EastfrontState, eastfront } from '../games/eastfront';
import { eastfrontTwins } from '../games/eastfront/twins';
import { TWINS } from '../games/twins';
import { addTwinReport, checkTwins, emptyTwinReport } from './twins';

describe('twin histories over every lobby game', () => {
  for (const rs of listRulesets()) {
    it(`${rs.id}: no viewer tells its twins apart`, { timeout: 300_000 }, () => {
      const entry = TWINS[rs.id];
      expect(entry, `${rs.id} has no twin adapter in engine/games/twins.ts`).toBeDefined();
      const total = emptyTwinReport();
      for (const seed of [101, 102, 103]) addTwinReport(total, entry.run(seed, 60));
      expect(total.failures).toEqual([]);
      expect(total.pairs).toBeGreaterThan(0);
      expect(total.compared.events).toBeGreaterThan(0);
    });
  }
});

describe('the harness itself', () => {
  it('finds a planted channel: a redacted list that keeps the secret order', () => {
    // EastFront as on main before issue 12: the set-up event lists face-down blocks in the card's letter order
    const leaky = {
      ...eastfront,
      redact(e: EastfrontEvent, viewer: Viewer, before: EastfrontState) {
        const r = eastfront.redact(e, viewer, before);
        if (e.type !== 'setup' || r?.type !== 'setup') return r;
        const letter = new Map(e.units.map((u) => [u.token, u.id]));
        const key = (t: string) => letter.get(t) ?? '';
        return { ...r, units: [...r.units].sort((x, y) => (key(x.token) < key(y.token) ? -1 : 1)) };
      },
    };
    const rep = checkTwins({
      ruleset: leaky,
      adapter: eastfrontTwins(leaky, 'edelweiss'),
      scenario: 'edelweiss',
      seed: 5,
      maxCommands: 5,
    });
    expect(rep.failures.length).toBeGreaterThan(0);
    expect(rep.failures[0]).toContain('redacted event setup');
  });
});
