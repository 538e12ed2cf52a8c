import { describe, expect, it } from 'vitest';
import type { LegalAction } from '../core/actions';
import { checkProperties } from './properties';
import { type TallyCommand, tally } from './tally';

describe('legal-action property harness (on the tally test ruleset)', () => {
  const sample = () => [0, 1, 5, 9, 10, 'x'].map((n) => ({ type: 'add', n }));
  it('holds for a ruleset whose legal() offers every add it accepts', () => {
    const rep = checkProperties({ ruleset: tally, scenario: 'count', seed: 1, maxCommands: 30, sample });
    expect(rep.failures).toEqual([]);
    expect(rep.commands).toBeGreaterThan(0);
    expect(rep.sampledAccepted).toBeGreaterThan(0);
  });
  it('reports an accepted command that legal() leaves out (property b)', () => {
    const partial = { ...tally, legal: (s: never, a: never) => tally.legal(s, a).slice(0, 3) as LegalAction<TallyCommand>[] };
    const rep = checkProperties({ ruleset: partial, scenario: 'count', seed: 1, maxCommands: 5, sample });
    expect(rep.failures.some((f) => f.includes('does not offer'))).toBe(true);
  });
  it('reports an offered command that decide() refuses (property a)', () => {
    const over = {
      ...tally,
      legal: (s: never, a: never) =>
        [...tally.legal(s, a), { command: { type: 'add', n: 10 }, label: 'Add 10' }] as LegalAction<TallyCommand>[],
    };
    const rep = checkProperties({ ruleset: over, scenario: 'count', seed: 1, maxCommands: 5, sample });
    expect(rep.failures.some((f) => f.includes('was refused'))).toBe(true);
  });
});
