import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../../core/ruleset';
import { operationUnthinkable as rs } from '../index';
import { playRandomGame } from '../fuzz';
import { UNITS } from '../data';
import type { Event, State } from '../types';

const sovietIds = UNITS.filter((d) => d.side === 'soviet').map((d) => d.id);
const viewers: Viewer[] = [
  { kind: 'side', side: 'allied' },
  { kind: 'side', side: 'allied', commands: ['us-12ag'] },
  { kind: 'spectator' },
];
const mentions = (x: unknown, ids: string[]) => {
  const set = new Set(ids);
  const found = new Set<string>();
  for (const m of JSON.stringify(x).matchAll(/"([a-z0-9-]+)"/g)) if (set.has(m[1])) found.add(m[1]);
  return [...found];
};

describe('hidden information never leaks (3.5.1 face-down set-up, 6.1 blind draws)', () => {
  it('walks every event of a hidden-set-up game (set-up and three turns) for every non-Soviet viewer', () => {
    const g = playRandomGame(rs, 11, { options: { hidden: true }, actionsPerPhase: 3, stopAfterTurn: 3 });
    let s: State = rs.initial();
    let revealed = false;
    let checkedHidden = 0;
    let checkedDraws = 0;
    for (const e of g.events as Event[]) {
      if (e.type === 'revealed') revealed = true; // the reveal itself is public (3.5.1)
      for (const v of viewers) {
        const r = rs.redact(e, v, s);
        if (!revealed) {
          expect(mentions(r, sovietIds)).toEqual([]);
          if (e.type === 'placed' && e.side === 'soviet') checkedHidden++;
        }
        if (e.type === 'drawn') {
          expect(mentions(r, sovietIds)).toEqual([]);
          checkedDraws++;
        }
      }
      s = rs.evolve(s, e);
      // drawn but not yet placed reinforcements stay unnamed
      const drawn = Object.keys(s.u).filter((id) => s.u[id].at === 'drawn');
      if (revealed && !drawn.length) continue; // after the reveal only draws are secret
      for (const v of viewers) {
        const view = rs.view(s, v);
        if (!revealed) expect(mentions(view, sovietIds)).toEqual([]);
        expect(mentions(view, drawn)).toEqual([]);
        expect(mentions(rs.status(s), sovietIds)).toEqual([]);
      }
    }
    expect(revealed).toBe(true);
    // state is plain JSON and folding is deterministic
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(g.events.reduce((x, e) => rs.evolve(x, e), rs.initial())).toEqual(g.state);
    // the whole log replays through JSON (what the event store does)
    expect((JSON.parse(JSON.stringify(g.events)) as Event[]).reduce((x, e) => rs.evolve(x, e), rs.initial())).toEqual(g.state);
    expect(checkedHidden).toBeGreaterThan(0);
    expect(checkedDraws).toBeGreaterThan(0);
    // face-down counters still show where they stand (hex and count)
    const before = g.events.findIndex((e) => e.type === 'revealed');
    const mid = g.events.slice(0, before).reduce((x, e) => rs.evolve(x, e), rs.initial());
    const v = rs.view(mid, { kind: 'side', side: 'allied' });
    const onMapSoviet = sovietIds.filter((id) => /^\d{4}$/.test(mid.u[id].at)).length;
    expect(onMapSoviet).toBeGreaterThan(0);
    expect(v.hidden.reduce((t, h) => t + h.count, 0)).toBe(onMapSoviet);
    expect(rs.view(mid, { kind: 'side', side: 'soviet' }).hidden).toEqual([]);
  });
});
