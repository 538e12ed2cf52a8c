import { describe, expect, it } from 'vitest';
import { noDice } from '../core/dice';
import { RuleError } from '../core/errors';
import { fold, type Actor } from '../core/ruleset';
import { findRuleset, listRulesets } from '../games';
import { actorKey, tally, tallyLog, type TallyState } from './tally';

const a1: Actor = { side: 'a', commands: ['a1'] };
const b2: Actor = { side: 'b', commands: ['b2'] };
const start = () => fold(tally, tally.setup('count', {}, noDice));

function ruleErrorOf(f: () => unknown): RuleError {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('expected a RuleError');
}

describe('tally', () => {
  it('is registered as a test-only ruleset, never offered in the lobby', () => {
    expect(findRuleset('tally')).toBe(tally);
    expect(listRulesets().some((r) => r.id === 'tally')).toBe(false);
    expect(listRulesets({ includeTestOnly: true }).some((r) => r.id === 'tally')).toBe(true);
  });

  it('lets any seat of either side add at any time, recording the total after each addition', () => {
    let s = start();
    expect(s).toEqual({ started: true, total: 0, adds: 0, by: {} });
    for (const [actor, n] of [
      [a1, 3],
      [b2, 9],
      [a1, 1],
      [b2, 2],
    ] as const) {
      const evs = tally.decide(s, tally.parseCommand({ type: 'add', n }), actor, noDice);
      expect(evs).toEqual([{ type: 'added', by: actorKey(actor), n, total: s.total + n }]);
      s = fold(tally, evs, s);
    }
    expect(s).toEqual({ started: true, total: 15, adds: 4, by: { 'a:a1': 4, 'b:b2': 11 } });
    expect(tally.legal(s, a1)).toHaveLength(9);
    expect(tally.legal(s, b2).map((x) => x.command.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tally.status(s).finished).toBe(false);
  });

  it('rejects malformed commands and unknown sides with typed rule errors', () => {
    const s = start();
    for (const bad of [
      null,
      1,
      'add',
      {},
      { type: 'add' },
      { type: 'add', n: 0 },
      { type: 'add', n: 10 },
      { type: 'add', n: 1.5 },
      { type: 'add', n: '3' },
      { type: 'add', n: 3, extra: true },
      { type: 'sub', n: 1 },
    ]) {
      expect(ruleErrorOf(() => tally.parseCommand(bad)).code).toBe('BAD_COMMAND');
    }
    expect(ruleErrorOf(() => tally.decide(s, { type: 'add', n: 1 }, { side: 'c', commands: [] }, noDice)).code).toBe('FORBIDDEN');
    expect(ruleErrorOf(() => tally.decide(tally.initial(), { type: 'add', n: 1 }, a1, noDice)).code).toBe('ILLEGAL');
    expect(ruleErrorOf(() => tally.setup('nope', {}, noDice)).code).toBe('BAD_COMMAND');
    expect(ruleErrorOf(() => tally.setup('count', { long: true }, noDice)).code).toBe('BAD_COMMAND');
  });

  it('folds a generated log to the totals it records, without touching earlier states', () => {
    const log = tallyLog(1000, 7);
    let s: TallyState = tally.initial();
    const seen: TallyState[] = [];
    for (const e of log) {
      const before = JSON.stringify(s);
      seen.push(s);
      const next = tally.evolve(s, e);
      expect(JSON.stringify(s)).toBe(before);
      if (e.type === 'added') expect(next.total).toBe(e.total);
      s = next;
    }
    expect(s.adds).toBe(1000);
    expect(Object.values(s.by).reduce((x, y) => x + y, 0)).toBe(s.total);
    // Plain JSON: a snapshot round-trips.
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(tally.view(s, { kind: 'spectator' })).toEqual(s);
    expect(tally.redact(log[1], { kind: 'spectator' }, seen[1])).toEqual(log[1]);
  });
});
