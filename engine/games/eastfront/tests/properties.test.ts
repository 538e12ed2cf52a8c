/**
 * The legal-action properties (engine/testing/properties.ts) for EastFront over seeded random Edelweiss play:
 * (a) every completion tried of an offered action is accepted; (b) raw commands drawn near the state (own units,
 * HQs, hexes within a few hexes, battles, prompts) that decide() accepts are all offered; (c) the fold is
 * deterministic. The sampler draws every form the parser takes: moves by destination (`to`), by way of waypoints
 * (`via`, the hex entered from or any hexes near), and whole routes (`path`, random walks, some of them legal),
 * for blocks, rearguards, rail moves and mobilizing HQs. The server's own check (`offered`) must agree throughout.
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

/** A random walk of `n` hexes from `hex` over the board (the start may come back; the rules judge it). */
function walk(hex: string, n: number, rnd: SeededDice): string[] {
  const out: string[] = [];
  let at = hex;
  for (let k = 0; k < n; k++) {
    const nb = b.neighbours(at);
    if (!nb.length) break;
    at = rnd.pick([...nb]);
    out.push(at);
  }
  return out;
}

/** A random rail walk of `n` hexes from `hex`. */
function railWalk(hex: string, n: number, rnd: SeededDice): string[] {
  const out: string[] = [];
  let at = hex;
  for (let k = 0; k < n; k++) {
    const nb = b.railNeighbours(at);
    if (!nb.length) break;
    at = rnd.pick([...nb]);
    out.push(at);
  }
  return out;
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
    else if (rnd.next() < 0.3) cmd.via = Array.from({ length: 1 + Math.floor(rnd.next() * 2) }, () => pick(near(u.at!, 2)) ?? to);
    out.push(cmd);
    // whole routes: random walks (land) or rail walks, a few of them legal
    const n = 1 + Math.floor(rnd.next() * 4);
    const path = type === 'rail' ? railWalk(u.at!, n * 3, rnd) : walk(u.at!, n, rnd);
    if (path.length) out.push({ type, unit: u.id, path, by: h.id });
    // the shortest route to a near hex, legal more often than a random walk
    const dest = pick(near(u.at!, 2));
    if (dest && dest !== u.at) out.push({ type: 'move', unit: u.id, by: h.id, path: walk(u.at!, 1, rnd) });
  }
  for (const h of hqs) {
    out.push({ type: 'activate', hq: h.id });
    if (rnd.next() < 0.5) out.push({ type: 'activate', hq: h.id, blitz: true });
    if (h.at && b.has(h.at)) {
      out.push({ type: 'activate', hq: h.id, deploy: rnd.pick(b.neighbours(h.at)) });
      out.push({ type: 'mobilize', hq: h.id, path: [] });
      out.push({ type: 'mobilize', hq: h.id, path: [], to: rnd.pick(near(h.at, 3)) });
      out.push({ type: 'mobilize', hq: h.id, path: walk(h.at, 1 + Math.floor(rnd.next() * 3), rnd) });
      out.push({ type: 'mobilize', hq: h.id, path: [], rail: rnd.next() < 0.5 });
      out.push({ type: 'mobilize', hq: h.id, path: railWalk(h.at, 1 + Math.floor(rnd.next() * 12), rnd), rail: true });
      out.push({ type: 'mobilize', hq: h.id, path: [], to: rnd.pick(near(h.at, 4)), rail: true, via: [rnd.pick(near(h.at, 2))] });
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
    // several cadres at once (11.42), with replacements beside them, some over the points or a hex's room
    const spots = eastfront.game.ctx.arrivals[side as 'german' | 'soviet'];
    for (let i = 0; i < 6 && dead.length && spots.length; i++) {
      const cadres = dead.filter(() => rnd.next() < 0.4).map((x) => ({ unit: x.id, hex: rnd.pick(spots).hex }));
      out.push({ type: 'produce', replace: damaged.filter(() => rnd.next() < 0.2), cadres });
    }
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
