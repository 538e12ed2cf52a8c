/**
 * The legal-action properties (engine/testing/properties.ts) for EastFront over seeded random Edelweiss play:
 * (a) every completion tried of an offered action is accepted; (b) raw commands drawn near the state (own units,
 * HQs, hexes within a few hexes, battles, prompts) that decide() accepts are all offered; (c) the fold is
 * deterministic. The sampler draws the forms legal() offers: moves by destination (`to`, optionally `via` the hex
 * entered from), not explicit paths or far waypoints, which choose among equivalent routes (ruling R-6.1-OFFER).
 */
import { describe, expect, it } from 'vitest';
import type { LegalAction } from '../../../core/actions';
import type { SeededDice } from '../../../core/dice';
import { checkProperties, type PropertyReport } from '../../../testing/properties';
import { isHq } from '../data';
import { eastfront } from '../index';
import type { Command, State, Unit } from '../state';

const b = eastfront.board;

/** Hexes within `r` of `hex` (the board's neighbours, breadth-first). */
function near(hex: string, r: number): string[] {
  const seen = new Set([hex]);
  let ring = [hex];
  for (let k = 0; k < r; k++) {
    const next: string[] = [];
    for (const h of ring) for (const n of b.neighbours(h)) if (!seen.has(n)) seen.add(n), next.push(n);
    ring = next;
  }
  return [...seen];
}

function sample(s: State, actor: { side: string }, rnd: SeededDice): unknown[] {
  const side = actor.side;
  const units = Object.values(s.units);
  const own = units.filter((u) => u.side === side);
  const onBoard = own.filter((u) => u.at && b.has(u.at));
  const hqs = own.filter((u) => isHq(u.type));
  const pick = <T>(xs: T[]): T | undefined => (xs.length ? rnd.pick(xs) : undefined);
  const battles = Object.keys(s.battles);
  const out: unknown[] = [{ type: 'endCommand' }, { type: 'endMovement' }, { type: 'endCombat' }];
  for (let i = 0; i < 24; i++) {
    const u: Unit | undefined = pick(onBoard);
    const h = pick(hqs);
    if (!u || !h) break;
    const to = pick(near(u.at!, 3)) ?? u.at!;
    const type = rnd.pick(['move', 'move', 'move', 'retreat', 'rail'] as const);
    const cmd: Record<string, unknown> = { type, unit: u.id, path: [], by: h.id, to };
    // the hex a move into battle enters from (a rule matters there: 6.33, 7.5); other waypoints only pick a route
    if (units.some((x) => x.at === to && x.side !== side) && rnd.next() < 0.5) cmd.via = [pick([...b.neighbours(to)]) ?? to];
    out.push(cmd);
  }
  for (const h of hqs) {
    out.push({ type: 'activate', hq: h.id });
    if (rnd.next() < 0.5) out.push({ type: 'activate', hq: h.id, blitz: true });
    if (h.at && b.has(h.at)) {
      out.push({ type: 'activate', hq: h.id, deploy: rnd.pick(b.neighbours(h.at)) });
      out.push({ type: 'mobilize', hq: h.id, path: [] });
      out.push({ type: 'mobilize', hq: h.id, path: [], to: rnd.pick(near(h.at, 3)) });
    }
    const hex = pick(battles);
    if (hex) out.push({ type: 'airstrike', hq: h.id, hex });
  }
  for (const hex of battles) {
    const mine = units.filter((u) => u.at === hex && u.side === side).map((u) => u.id);
    out.push({ type: 'fight', hex });
    if (mine.length) out.push({ type: 'fight', hex, order: [rnd.pick(mine)] }, { type: 'defend', hex, prefs: [rnd.pick(mine)] });
    out.push({ type: 'defend', hex });
  }
  const p = s.prompt;
  if (p?.kind === 'allocate') for (const id of p.units) out.push({ type: 'allocate', hex: p.hex, unit: id });
  if (p?.kind === 'unsupply') {
    const there = units.filter((u) => u.side === side && p.hexes.some((x) => x.hex === u.at)).map((u) => u.id);
    for (let i = 0; i < 6; i++) out.push({ type: 'unsupply', units: there.filter(() => rnd.next() < 0.5) });
  }
  if (p?.kind === 'production') {
    const damaged = own.filter((u) => u.at && u.cv < u.max).map((u) => u.id);
    for (let i = 0; i < 6; i++) out.push({ type: 'produce', replace: damaged.filter(() => rnd.next() < 0.3), cadres: [] });
    const dead = own.filter((u) => !u.at);
    const spot = pick(eastfront.game.ctx.arrivals[side as 'german' | 'soviet']);
    const d = pick(dead);
    if (d && spot) out.push({ type: 'produce', replace: [], cadres: [{ unit: d.id, hex: spot.hex }] });
  }
  return out;
}

/** Play forward: phase ends now and then, otherwise any offered action (as the fuzzer does). */
function choose(actions: LegalAction<Command>[], _s: State, rnd: SeededDice): LegalAction<Command> {
  const enders = actions.filter((a) => a.command.type.startsWith('end'));
  return enders.length && rnd.next() < 0.06 ? enders[0] : rnd.pick(actions);
}

describe('legal() properties over seeded Edelweiss play (a: offered is accepted, b: accepted is offered, c: fold)', () => {
  const reports: PropertyReport[] = [];
  for (const [seed, autoResolve] of [
    [1, false],
    [2, false],
    [3, true],
    [4, false],
  ] as const)
    it(`seed ${seed}${autoResolve ? ' (autoResolve)' : ' (passive prompts)'}`, { timeout: 120_000 }, () => {
      const rep = checkProperties<State, Command>({
        ruleset: eastfront,
        scenario: 'edelweiss',
        options: { autoResolve },
        seed,
        maxCommands: 400,
        sample,
        choose,
      });
      reports.push(rep);
      expect(rep.failures).toEqual([]);
      expect(rep.finished || rep.commands === 400).toBe(true);
      expect(rep.sampledAccepted).toBeGreaterThan(0);
      console.log(`EastFront properties seed ${seed}: ${JSON.stringify({ ...rep, failures: rep.failures.length })}`);
    });
});
