/**
 * The legal-action properties (engine/testing/properties.ts) over seeded random play of Operation Unthinkable:
 * (a) every offered action's random completions are accepted; (b) commands drawn from the parser's space near the
 * position (own and enemy units, neighbouring and random hexes, every command type) that decide() accepts are all
 * offered; (c) folding the log is deterministic. OU_PROP_COMMANDS sets how far each game goes (default 70).
 */
import { describe, expect, it } from 'vitest';
import type { LegalAction } from '../../../core/actions';
import type { SeededDice } from '../../../core/dice';
import type { Actor } from '../../../core/ruleset';
import { checkProperties, type PropertyReport } from '../../../testing/properties';
import { onMap } from '../board';
import type { Command } from '../commands';
import { UNITS } from '../data';
import { operationUnthinkable } from '../index';
import { ring1 } from '../map';
import type { State } from '../types';

const MAX = Math.max(10, Number(process.env.OU_PROP_COMMANDS) || 70);
const map = (operationUnthinkable as unknown as { map: { ids: string[] } }).map;

/** Raw commands of every type near the position: unit ids on and off the map, hexes around them and anywhere. */
function sample(s: State, _actor: Actor, rnd: SeededDice): unknown[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd.next() * xs.length)];
  const placed = Object.keys(s.u).filter((id) => onMap(s.u[id].at));
  const units = [...placed, ...UNITS.map((u) => u.id)];
  const unit = () => pick(rnd.next() < 0.7 && placed.length ? placed : units);
  const near = () => {
    const u = pick(placed.length ? placed : units);
    return onMap(s.u[u]?.at ?? '') && rnd.next() < 0.8 ? pick(ring1(s.u[u].at)) : pick(map.ids);
  };
  const hex = () => (rnd.next() < 0.5 ? near() : pick(map.ids));
  const out: unknown[] = [];
  const c = s.combat;
  for (let k = 0; k < 6; k++) {
    const u = unit();
    const at = s.u[u]?.at ?? '';
    const stack = onMap(at) ? placed.filter((id) => s.u[id].at === at) : [u];
    out.push(
      { type: 'move', units: rnd.next() < 0.5 ? [u] : stack, to: rnd.next() < 0.05 ? 'exit' : onMap(at) ? pick(ring1(at)) : hex() },
      { type: 'place', unit: u, hex: hex() },
      { type: 'redeploy', unit: u, hex: hex() },
      { type: 'airdrop', unit: pick(['aaa-18-abc', 'aaa-1-abc']), hex: hex() },
      { type: 'boundary', kind: pick(['row', 'sw-ne', 'nw-se']), hex: pick(map.ids) },
      { type: 'remove', unit: u },
    );
    const target = c ? c.target : near();
    const adj = placed.filter((id) => ring1(target).includes(s.u[id].at));
    if (adj.length) out.push({ type: 'attack', target, units: rnd.next() < 0.5 ? adj : [pick(adj)] });
    if (c) {
      const def = c.def.filter((id) => s.u[id].at === c.target);
      const d = pick(def.length ? def : [u]);
      out.push(
        { type: 'loss', unit: pick([...c.att, ...c.def]) },
        { type: 'bb-extra', unit: rnd.next() < 0.3 ? null : pick(c.att) },
        { type: 'bb-defend', unit: d },
        { type: 'retreat', unit: d, hex: pick(ring1(c.target)) },
        { type: 'advance', unit: pick(c.att) },
      );
    }
  }
  out.push(
    { type: 'place-all' },
    { type: 'end-setup' },
    { type: 'end-maskirovka' },
    { type: 'end-phase' },
    { type: 'keep-boundary' },
    { type: 'stay' },
    { type: 'support', artillery: [] },
    { type: 'bb-defend', retreat: true },
    { type: 'order', order: pick(['move-fight', 'fight-move']) },
    { type: 'order', order: 'move-fight', group: pick(['US', 'UK']) },
  );
  return out;
}

/** Random play that gets through the set-up: prefer placing everything and ending steps there; elsewhere uniform. */
function choose(actions: LegalAction<Command>[], s: State, rnd: SeededDice): LegalAction<Command> {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd.next() * xs.length)];
  const of = (...t: Command['type'][]) => actions.filter((a) => t.includes(a.command.type));
  if (s.turn === 0) {
    const go = of('place-all', 'end-setup', 'end-maskirovka');
    if (go.length && rnd.next() < 0.9) return go[0];
  }
  const ends = of('end-phase', 'keep-boundary', 'stay');
  if (ends.length && rnd.next() < 0.15) return pick(ends);
  return pick(actions);
}

describe('legal() is complete and exact (OU, seeded random play)', () => {
  const runs: [number, Record<string, boolean>][] = [
    [11, {}],
    [12, { hidden: true, splitOrder: true }],
  ];
  for (const [seed, options] of runs)
    it(`seed ${seed} ${JSON.stringify(options)}: offered is accepted, accepted is offered, the fold is deterministic`, () => {
      const rep: PropertyReport = checkProperties({
        ruleset: operationUnthinkable,
        scenario: 'standard',
        options,
        seed,
        maxCommands: MAX,
        sample,
        choose,
        completionsPerAction: 2,
      });
      console.log(
        `[ou properties] seed ${seed}: ${rep.commands} commands, ${rep.offeredActions} actions offered, ${rep.completionsTried} completions decided, ${rep.sampled} sampled commands of which ${rep.sampledAccepted} accepted (all offered)`,
      );
      expect(rep.failures).toEqual([]);
      expect(rep.finished || rep.commands === MAX).toBe(true);
      expect(rep.sampledAccepted).toBeGreaterThan(0);
    }, 600_000);
});
