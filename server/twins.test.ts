/**
 * Non-interference at the wire (issue 12, point 1): two twin games are played through the real HTTP API, alike in
 * everything one side may know and different in what it may not (which face-down EastFront block carries which
 * letter; which face-down Operation Unthinkable counter stands in which hex). While the twins may not yet look
 * different to that side, the raw response bodies it gets must be the same byte for byte, after only the game's own
 * id, link tokens and clock times are masked: game.view at several seqs, game.viewsAt, game.events, the live stream's
 * events, a replay link's view and events, a what-if branch's view, and the error bodies of commands the side tries. The direct id scan
 * stays in server/leak.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerLazy, complete, type LegalAction, lazyAsks, randomPicker } from '../engine/core/actions';
import { type DiceSource, SeededDice } from '../engine/core/dice';
import type { Viewer } from '../engine/core/ruleset';
import { eastfront } from '../engine/games/eastfront';
import type { Command as EfCommand, State as EfState } from '../engine/games/eastfront/state';
import { eastfrontTwins, translateCommand } from '../engine/games/eastfront/twins';
import { UNITS } from '../engine/games/operation-unthinkable/data';
import type { Command as OuCommand, State as OuState } from '../engine/games/operation-unthinkable/types';
import { operationUnthinkableTwins, setupTwin } from '../engine/games/operation-unthinkable/twins';
import { apiClient } from './testing/client';
import { useTestServer } from './testing/useTestServer';

/** The server's dice, switched to each twin's own stream before each of its commands. */
class SwitchDice implements DiceSource {
  inner: DiceSource = new SeededDice(1);
  roll(sides = 6) {
    return this.inner.roll(sides);
  }
}

/** Fixed values first, then another source. */
class ThenDice implements DiceSource {
  private i = 0;
  constructor(
    private readonly first: number[],
    private readonly rest: DiceSource,
  ) {}
  roll(sides = 6) {
    return this.i < this.first.length ? this.first[this.i++] : this.rest.roll(sides);
  }
}

/** Seeded dice that keep every roll, so that a twin can replay them. */
class RecordingDice implements DiceSource {
  readonly rolls: { sides: number; value: number }[] = [];
  private seeded: SeededDice;
  constructor(seed: number) {
    this.seeded = new SeededDice(seed);
  }
  roll(sides = 6) {
    const value = this.seeded.roll(sides);
    this.rolls.push({ sides, value });
    return value;
  }
}

/** Replays another game's rolls one for one, changing those `change` picks (played in lock step, after it). */
class TwinDice implements DiceSource {
  private i = 0;
  constructor(
    private readonly of: RecordingDice,
    private readonly change: (sides: number) => boolean,
  ) {}
  roll(sides = 6) {
    const r = this.of.rolls[this.i++];
    if (!r || r.sides !== sides) throw new Error(`the twin rolled a d${sides} where its history rolled ${r ? `a d${r.sides}` : 'nothing'}`);
    return this.change(sides) ? (r.value % sides) + 1 : r.value;
  }
}

const dice = new SwitchDice();
const R_UNITS = UNITS.filter((d) => d.r).map((d) => d.id);
const server = useTestServer({ dice, snapshotEvery: 7 });

interface Twin {
  id: string;
  owner: string;
  tokens: Record<string, string>;
  dice: DiceSource;
}

async function createTwin(ruleset: string, scenario: string, options: Record<string, boolean>, d: DiceSource): Promise<Twin> {
  dice.inner = d;
  const g = await apiClient(server().url).game.create.mutate({ ruleset, scenario, options });
  return { id: g.id, owner: g.ownerToken, tokens: Object.fromEntries(g.seats.map((s) => [s.side, s.token])), dice: d };
}

/** Masks what may differ between any two games: their ids, link tokens and clock times. */
function masked(body: string, t: Twin, extra: string[] = []): string {
  let out = body.split(t.id).join('<game>');
  for (const x of extra) out = out.split(x).join('<token>');
  return out.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>');
}

async function rawGet(procedure: string, input: unknown, token?: string): Promise<string> {
  const q = encodeURIComponent(JSON.stringify({ json: input }));
  const res = await fetch(`${server().url}/api/trpc/${procedure}?input=${q}`, { headers: token ? { 'x-hexfront-token': token } : {} });
  return `${res.status} ${await res.text()}`;
}

async function rawPost(procedure: string, input: unknown, token?: string): Promise<string> {
  const res = await fetch(`${server().url}/api/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-hexfront-token': token } : {}) },
    body: JSON.stringify({ json: input }),
  });
  return `${res.status} ${await res.text()}`;
}

/** Opens the live SSE stream of a game as the watcher; `stop` returns every event it delivered, in order. */
function liveStream(t: Twin, token?: string) {
  const ac = new AbortController();
  let text = '';
  const q = encodeURIComponent(JSON.stringify({ json: { gameId: t.id, since: 0 } }));
  const done = fetch(`${server().url}/api/trpc/game.live?input=${q}`, {
    headers: token ? { 'x-hexfront-token': token } : {},
    signal: ac.signal,
  })
    .then(async (res) => {
      const reader = res.body?.getReader();
      const dec = new TextDecoder();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        text += dec.decode(chunk.value);
      }
    })
    .catch(() => {});
  return {
    stop: async (last: number) => {
      ac.abort();
      await done;
      const events: { seq: number }[] = [];
      for (const line of text.split('\n')) {
        if (!line.startsWith('data:')) continue;
        try {
          const msg = JSON.parse(line.slice(5));
          events.push(...((msg?.json?.events ?? msg?.events ?? []) as { seq: number }[]));
        } catch {
          /* a keep-alive or a partial line */
        }
      }
      // batches may be cut differently in two games: the events themselves, in order, must be the same
      return masked(JSON.stringify(events.filter((e) => e.seq <= last)), t);
    },
  };
}

async function send(t: Twin, side: string, command: unknown) {
  dice.inner = t.dice;
  return apiClient(server().url, [t.tokens[side]]).game.command.mutate({ gameId: t.id, commandId: randomUUID(), command });
}

const stateOf = async <S>(t: Twin) => (await server().services.games.stateAt(t.id)).state as S;

interface Watcher {
  name: string;
  viewer: Viewer;
  /** The seat token of the side (none for a spectator). */
  token(t: Twin): string | undefined;
}

interface Tally {
  bodies: number;
  /** Bodies that differed (all of them); the first few are described in `differences`. */
  differing: number;
  differences: string[];
}

function same(tally: Tally, what: string, a: string, b: string) {
  tally.bodies++;
  if (a !== b) tally.differing++;
  if (a !== b && tally.differences.length < 8) {
    let i = 0;
    while (a[i] === b[i]) i++;
    tally.differences.push(`${what}: …${a.slice(Math.max(0, i - 80), i + 80)}… / …${b.slice(Math.max(0, i - 80), i + 80)}…`);
  }
}

/** Error bodies of commands the watcher tries now, in both twins. */
async function probe(tally: Tally, w: Watcher, a: Twin, b: Twin, commands: unknown[]) {
  for (const command of commands) {
    const commandId = randomUUID();
    const ra = await rawPost('game.command', { gameId: a.id, commandId, command }, w.token(a));
    const rb = await rawPost('game.command', { gameId: b.id, commandId, command }, w.token(b));
    if (ra.startsWith('200') || rb.startsWith('200')) throw new Error(`a probe was accepted: ${JSON.stringify(command)}`);
    same(tally, `${w.name} error body for ${JSON.stringify(command)}`, masked(ra, a), masked(rb, b));
  }
}

/** Everything the watcher can fetch about the game up to `last`, compared between the twins. */
async function compareUpTo(tally: Tally, w: Watcher, a: Twin, b: Twin, last: number) {
  const seqs = [...new Set([1, Math.ceil(last / 3), Math.ceil((2 * last) / 3), last].filter((s) => s >= 1))];
  for (const atSeq of seqs)
    same(
      tally,
      `${w.name} game.view@${atSeq}`,
      masked(await rawGet('game.view', { gameId: a.id, atSeq }, w.token(a)), a),
      masked(await rawGet('game.view', { gameId: b.id, atSeq }, w.token(b)), b),
    );
  same(
    tally,
    `${w.name} game.viewsAt`,
    masked(await rawGet('game.viewsAt', { gameId: a.id, seqs }, w.token(a)), a),
    masked(await rawGet('game.viewsAt', { gameId: b.id, seqs }, w.token(b)), b),
  );
  same(
    tally,
    `${w.name} game.events`,
    masked(await rawGet('game.events', { gameId: a.id, since: 0, limit: last }, w.token(a)), a),
    masked(await rawGet('game.events', { gameId: b.id, since: 0, limit: last }, w.token(b)), b),
  );
}

/** A spectator's replay link at `last`, and a what-if branch the watcher's seat makes there (seats only). */
async function compareLinks(tally: Tally, w: Watcher, a: Twin, b: Twin, last: number) {
  const linkOf = async (t: Twin) =>
    apiClient(server().url, [w.token(t) ?? t.owner]).replay.create.mutate({ gameId: t.id, view: 'spectator', atSeq: last });
  const la = await linkOf(a);
  const lb = await linkOf(b);
  same(
    tally,
    `${w.name} replay.view`,
    masked(await rawGet('replay.view', { token: la.token }), a, [la.token]),
    masked(await rawGet('replay.view', { token: lb.token }), b, [lb.token]),
  );
  same(
    tally,
    `${w.name} replay.events`,
    masked(await rawGet('replay.events', { token: la.token, since: 0, limit: last }), a, [la.token]),
    masked(await rawGet('replay.events', { token: lb.token, since: 0, limit: last }), b, [lb.token]),
  );
  const token = w.token(a);
  if (!token || w.viewer.kind !== 'side') return;
  const side = w.viewer.side;
  const branchOf = async (t: Twin) => {
    const br = await apiClient(server().url, [w.token(t) as string]).timeline.branch.mutate({ gameId: t.id, atSeq: last });
    const seat = br.seats.find((s) => s.side === side)?.token as string;
    return {
      id: br.id,
      body: await rawGet('game.view', { gameId: br.id }, seat),
      events: await rawGet('game.events', { gameId: br.id, since: 0 }, seat),
    };
  };
  const ba = await branchOf(a);
  const bb = await branchOf(b);
  const mask = (s: string, t: Twin, br: string) => masked(s.split(br).join('<branch>'), t);
  same(tally, `${w.name} branch view`, mask(ba.body, a, ba.id), mask(bb.body, b, bb.id));
  same(tally, `${w.name} branch events`, mask(ba.events, a, ba.id), mask(bb.events, b, bb.id));
}

/** Live streams of both twins for every watcher, opened before play; compared once the twins may part. */
async function openStreams(watchers: Watcher[], a: Twin, b: Twin) {
  const streams = watchers.map((w) => ({ w, sa: liveStream(a, w.token(a)), sb: liveStream(b, w.token(b)) }));
  await new Promise((r) => setTimeout(r, 300));
  return async (tally: Tally, last: number) => {
    await new Promise((r) => setTimeout(r, 500));
    for (const { w, sa, sb } of streams) {
      const ea = await sa.stop(last);
      const eb = await sb.stop(last);
      if (ea === '[]') throw new Error(`no live events reached ${w.name}`);
      same(tally, `${w.name} game.live`, ea, eb);
    }
  };
}

/**
 * Plays the twins in lock step through the API: history A picks offered commands at random, the twin makes the same
 * public choice; after each pair, while no watcher may yet tell them apart, the watchers' error bodies are compared.
 * Returns the last seq at which the twins must still look the same.
 */
async function playTwins<S, C extends { type: string }>(opts: {
  a: Twin;
  b: Twin;
  commands: number;
  watchers: Watcher[];
  seed: number;
  translate(cmd: C, side: string, sa: S, sb: S): C;
  diverged(sa: S, sb: S, viewer: Viewer): string | null;
  choose?(actions: LegalAction<C>[], rnd: SeededDice): LegalAction<C>;
  probes(w: Watcher, sa: S): unknown[];
  tally: Tally;
}): Promise<{ last: number; played: number; ended: string }> {
  const { a, b } = opts;
  const rnd = new SeededDice(opts.seed);
  let last = await server().services.games.store.latestSeq(a.id);
  let played = 0;
  for (let k = 0; k < opts.commands; k++) {
    const sa = await stateOf<S>(a);
    const sb = await stateOf<S>(b);
    const why = opts.watchers.map((w) => opts.diverged(sa, sb, w.viewer)).find((x) => x);
    if (why) return { last, played, ended: why };
    last = await server().services.games.store.latestSeq(a.id);
    const seqB = await server().services.games.store.latestSeq(b.id);
    if (seqB !== last) return { last, played, ended: `the twins' logs differ in length (${last} / ${seqB})` };
    for (const w of opts.watchers) await probe(opts.tally, w, a, b, opts.probes(w, sa));
    const view = await apiClient(server().url).game.view.query({ gameId: a.id });
    const status = view.status as { waitingFor: { side: string }[]; finished: boolean };
    if (status.finished || !status.waitingFor.length) return { last, played, ended: 'game over' };
    const side = status.waitingFor[0].side;
    const seat = apiClient(server().url, [a.tokens[side]]);
    const offered = (await seat.game.view.query({ gameId: a.id })).legal as LegalAction<C>[];
    // lazy choices (a move's destinations once its units are picked) asked of the server for a sample, as a browser does
    const asks = lazyAsks(offered, 8, () => rnd.next());
    const legal = (
      asks.length
        ? await answerLazy(offered, asks, async (lazy, picked) => (await seat.game.choices.query({ gameId: a.id, lazy, picked })).options)
        : offered
    ) as LegalAction<C>[];
    if (!legal.length) return { last, played, ended: 'nothing offered' };
    const action = opts.choose ? opts.choose(legal, rnd) : legal[Math.floor(rnd.next() * legal.length)];
    const cmd = complete(
      action,
      randomPicker(() => rnd.next()),
    );
    await send(a, side, cmd);
    try {
      await send(b, side, opts.translate(cmd, side, sa, sb));
    } catch (e) {
      return { last, played, ended: `the twin cannot make the same public choice (${(e as Error).message})` };
    }
    played++;
  }
  const sa = await stateOf<S>(a);
  const sb = await stateOf<S>(b);
  const why = opts.watchers.map((w) => opts.diverged(sa, sb, w.viewer)).find((x) => x);
  if (!why) last = await server().services.games.store.latestSeq(a.id);
  return { last, played, ended: why ?? `${opts.commands} commands played` };
}

/** The rolls that make EastFront's set-up shuffle deal token b<perm[i]> to the card's i-th block. */
function shuffleRolls(perm: number[]): number[] {
  const cur = perm.map((_, i) => i + 1);
  const rolls: number[] = [];
  for (let i = perm.length - 1; i > 0; i--) {
    const j = cur.indexOf(perm[i]);
    rolls.push(j + 1);
    [cur[i], cur[j]] = [cur[j], cur[i]];
  }
  return rolls;
}

describe('twin games through the API', () => {
  it('EastFront: the Soviets and a spectator cannot tell which face-down German block is which', { timeout: 600_000 }, async () => {
    const seed = 4242;
    const first = eastfront.setup('edelweiss', {}, new SeededDice(seed))[0];
    if (first.type !== 'setup') throw new Error('no set-up event');
    const n = first.units.length;
    // the twin: the three 4-step armour blocks in Kamensko (X, W, V) are dealt each other's tokens; everything
    // else is dealt alike
    const swap: Record<string, string> = { X: 'W', W: 'V', V: 'X' };
    const tokenOf = new Map(first.units.map((u) => [u.id, u.token]));
    const permB = first.units.map((u) => Number((tokenOf.get(swap[u.id] ?? u.id) as string).slice(1)));
    const restB = new SeededDice(seed);
    for (let i = 1; i < n; i++) restB.roll(2);
    const a = await createTwin('eastfront', 'edelweiss', {}, new SeededDice(seed));
    const b = await createTwin('eastfront', 'edelweiss', {}, new ThenDice(shuffleRolls(permB), restB));
    const sa0 = await stateOf<EfState>(a);
    const sb0 = await stateOf<EfState>(b);
    expect(sb0.units.X.token).toBe(sa0.units.W.token);
    expect(sb0.units.W.token).toBe(sa0.units.V.token);
    expect(sb0.units.A.token).toBe(sa0.units.A.token);
    const adapter = eastfrontTwins(eastfront, 'edelweiss');
    const watchers: Watcher[] = [
      { name: 'soviet', viewer: { kind: 'side', side: 'soviet' }, token: (t) => t.tokens.soviet },
      { name: 'spectator', viewer: { kind: 'spectator' }, token: () => undefined },
    ];
    const tally: Tally = { bodies: 0, differing: 0, differences: [] };
    const live = await openStreams(watchers, a, b);
    const run = await playTwins<EfState, EfCommand>({
      a,
      b,
      commands: 60,
      watchers,
      seed,
      tally,
      translate: (cmd, _side, sa, sb) => translateCommand(cmd, sa, sb),
      choose: (actions, rnd) => (adapter.choose ? adapter.choose(actions, sa0, rnd) : actions[0]),
      diverged: (sa, sb, v) => adapter.diverged(sa, sb, v),
      probes: (w, sa) => {
        if (w.viewer.kind !== 'side') return [{ type: 'endCommand' }];
        const kamensko = sa.units.X.at as string;
        return [
          { type: 'move', unit: 'X', path: [], by: 'U', to: kamensko },
          { type: 'activate', hq: 'U' },
          { type: 'allocate', hex: kamensko, unit: sa.units.W.token },
          { type: 'unsupply', units: [sa.units.V.token] },
        ];
      },
    });
    await live(tally, run.last);
    for (const w of watchers) {
      await compareUpTo(tally, w, a, b, run.last);
      await compareLinks(tally, w, a, b, run.last);
    }
    console.log(
      `[twins] eastfront API: ${run.played} command pairs, compared up to seq ${run.last}; ${run.ended}; ${tally.bodies} bodies compared, ${tally.differing} differ`,
    );
    expect(tally.differences).toEqual([]);
    expect(run.played).toBeGreaterThan(3);
    expect(run.last).toBeGreaterThan(5);
  });

  it('Operation Unthinkable: the Allies and a spectator cannot tell two face-down Soviet set-ups apart', { timeout: 600_000 }, async () => {
    const seed = 77;
    const a = await createTwin('operation-unthinkable', 'standard', { hidden: true }, new SeededDice(seed));
    const b = await createTwin('operation-unthinkable', 'standard', { hidden: true }, new SeededDice(seed));
    const twin = setupTwin(await stateOf<OuState>(a), new SeededDice(seed + 1));
    if (!twin?.command) throw new Error('no twin');
    const adapter = operationUnthinkableTwins();
    const watchers: Watcher[] = [
      { name: 'allied', viewer: { kind: 'side', side: 'allied' }, token: (t) => t.tokens.allied },
      { name: 'spectator', viewer: { kind: 'spectator' }, token: () => undefined },
    ];
    const tally: Tally = { bodies: 0, differing: 0, differences: [] };
    const live = await openStreams(watchers, a, b);
    const run = await playTwins<OuState, OuCommand>({
      a,
      b,
      commands: 30,
      watchers,
      seed,
      tally,
      translate: (cmd, side, sa, sb) => (twin.command ? twin.command(cmd, { side, commands: [] }, sa, sb) : cmd),
      diverged: (sa, sb, v) => adapter.diverged(sa, sb, v),
      choose: (actions, rnd) => (adapter.choose ? adapter.choose(actions, {} as OuState, rnd) : actions[0]),
      probes: (w, sa) => {
        const hex = Object.values(sa.u).find((u) => /^\d{4}$/.test(u.at))?.at ?? '1105';
        return w.viewer.kind === 'side'
          ? [{ type: 'attack', target: hex, units: ['us-1-id'] }, { type: 'end-maskirovka' }]
          : [{ type: 'end-phase' }];
      },
    });
    await live(tally, run.last);
    for (const w of watchers) {
      await compareUpTo(tally, w, a, b, run.last);
      await compareLinks(tally, w, a, b, run.last);
    }
    console.log(
      `[twins] operation-unthinkable API: ${run.played} command pairs, compared up to seq ${run.last}; ${run.ended}; ${tally.bodies} bodies compared, ${tally.differing} differ`,
    );
    expect(tally.differences).toEqual([]);
    expect(run.played).toBeGreaterThan(3);
  });

  it('Operation Unthinkable: the Allies and a spectator cannot tell two blind draws apart (6.1)', { timeout: 600_000 }, async () => {
    const seed = 91;
    const diceA = new RecordingDice(seed);
    const a = await createTwin('operation-unthinkable', 'standard', {}, diceA);
    // the twin rolls what A rolled, except the picks from the R pool (the only dice with more than six faces)
    const b = await createTwin('operation-unthinkable', 'standard', {}, new TwinDice(diceA, (sides) => sides > 6));
    const adapter = operationUnthinkableTwins();
    const watchers: Watcher[] = [
      { name: 'allied', viewer: { kind: 'side', side: 'allied' }, token: (t) => t.tokens.allied },
      { name: 'spectator', viewer: { kind: 'spectator' }, token: () => undefined },
    ];
    const tally: Tally = { bodies: 0, differing: 0, differences: [] };
    const live = await openStreams(watchers, a, b);
    let drawn = false;
    const run = await playTwins<OuState, OuCommand>({
      a,
      b,
      commands: 250,
      watchers,
      seed,
      tally,
      translate: (cmd, side, sa, sb) => {
        if (side !== 'soviet' || cmd.type !== 'place') return cmd;
        // the drawn units are placed where A placed its own
        const inA = Object.keys(sa.u).filter((id) => sa.u[id].at === 'drawn');
        const inB = Object.keys(sb.u).filter((id) => sb.u[id].at === 'drawn');
        return { ...cmd, unit: inB[inA.indexOf(cmd.unit)] ?? cmd.unit };
      },
      diverged: (sa, sb, v) => {
        if (Object.values(sa.u).some((u) => u.at === 'drawn')) drawn = true;
        return adapter.diverged(sa, sb, v);
      },
      // both twins set up alike (they differ only in the draws): the one-command set-up reaches the draws sooner
      choose: (actions, rnd) =>
        actions.find((a) => a.command.type === 'place-all') ?? (adapter.choose ? adapter.choose(actions, {} as OuState, rnd) : actions[0]),
      // the Allied seat names R-pool units (the manifest is public): drawn or not, the answer must be the same
      probes: (w) =>
        w.viewer.kind === 'side'
          ? R_UNITS.slice(0, 6).flatMap((id) => [
              { type: 'move', units: [id], path: ['1105'] },
              { type: 'place', unit: id, hex: '1105' },
              { type: 'loss', unit: id },
            ])
          : [{ type: 'end-phase' }],
    });
    await live(tally, run.last);
    for (const w of watchers) {
      await compareUpTo(tally, w, a, b, run.last);
      await compareLinks(tally, w, a, b, run.last);
    }
    const sa = await stateOf<OuState>(a);
    const sb = await stateOf<OuState>(b);
    const idsA = R_UNITS.filter((id) => sa.u[id].at !== 'pool');
    const idsB = R_UNITS.filter((id) => sb.u[id].at !== 'pool');
    console.log(
      `[twins] operation-unthinkable draw API: ${run.played} command pairs, compared up to seq ${run.last}; ${run.ended}; ${tally.bodies} bodies compared, ${tally.differing} differ`,
    );
    expect(drawn).toBe(true);
    expect(idsA.join()).not.toBe(idsB.join());
    expect(tally.differences).toEqual([]);
  });
});
