/**
 * Server bench with a real game (issue 14, points 5 to 7): EastFront Edelweiss games played through the API
 * (tRPC over HTTP) against a server in its own process, on PostgreSQL when DATABASE_URL is set (then also on
 * PGlite, under `eastfront_pglite`, unless BENCH_NO_PGLITE=1), else on PGlite. Each command is a complete legal
 * action the server offered in game.view (seeded random pick), issued by whichever side has one; the dice are the
 * server's. The test ruleset (tally) is measured the same way for comparison, under `tally_api`.
 *
 *   command_roundtrip_ms            game.command p50/p99, one in flight, 200 live games (each with an SSE
 *                                   spectator); command_roundtrip_ms_1_game with one live game
 *   server_cpu_ms_per_command       server CPU of the command loop minus its views (view CPU measured alone)
 *   commands_per_s_{1,4,16,64}      commands/s at that many in flight (each worker on its own games; every
 *                                   command also waits for the view calls that found it)
 *   fanout_cpu_ms_per_command_{1,100,1000}, fanout_delivery_ms_{1,100,1000}: N spectators streaming one game:
 *                                   server CPU per command, and command sent -> each spectator has the event
 *   fanout_cpu_ratio_1000_vs_1
 *   view_ms, view_at_seq_ms         game.view at the latest seq and at a random past seq, p50/p99
 *   command_ms_at_event_1 / _20000, command_cost_ratio_20000_vs_1: the same kind of commands on a fresh game and
 *                                   on one whose log already holds 20,000 events (padding of no-op events)
 *
 * `--quick` (or BENCH_QUICK=1): a short run with the same keys and smaller counts (20 live games, 100 commands,
 * 15 commands per fan-out step).
 * Run alone: `npx tsx bench/server-eastfront.ts [--quick]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { SeededDice } from '../engine/core/dice';
import { GameService } from '../server/games';
import { apiClient } from '../server/testing/client';
import { freshDatabase, type TestDb } from '../server/testing/harness';
import { spawnServer, type ServerProcess } from '../server/testing/processes';
import { cpuMs, percentile } from './platform';

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p99: round(percentile(s, 99)), n: s.length };
};
const median = (xs: number[]) => summary(xs).p50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Game {
  id: string;
  client: ReturnType<typeof apiClient>;
  sides: string[];
  done: boolean;
}

interface Sizes {
  games: number;
  commands: number;
  fanout: number[];
  fanoutCommands: number;
  longGame: number;
}

const quick = () => process.argv.includes('--quick') || Boolean(process.env.BENCH_QUICK);
const sizes = (): Sizes =>
  quick()
    ? { games: 20, commands: 100, fanout: [1, 100, 1000], fanoutCommands: 15, longGame: 20_000 }
    : {
        games: Number(process.env.BENCH_LIVE_GAMES) || 200,
        commands: Number(process.env.BENCH_COMMANDS) || 400,
        fanout: [1, 100, 1000],
        fanoutCommands: 60,
        longGame: 20_000,
      };

/** An SSE stream of game.live as a spectator, read raw; calls `seen(seq, at)` for every message id. */
function spectate(url: string, gameId: string, since: number, seen: (seq: number, at: number) => void) {
  const ctl = new AbortController();
  const input = encodeURIComponent(JSON.stringify({ json: { gameId, since } }));
  const opened = (async () => {
    const res = await fetch(`${url}/api/trpc/game.live?input=${input}`, { signal: ctl.signal });
    if (!res.ok || !res.body) throw new Error(`game.live: HTTP ${res.status}`);
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    void (async () => {
      let tail = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          const now = performance.now();
          tail += dec.decode(value, { stream: true });
          for (let i = tail.indexOf('id: '); i >= 0; i = tail.indexOf('id: ', i + 4)) {
            const end = tail.indexOf('\n', i);
            if (end < 0) break;
            seen(Number(tail.slice(i + 4, end)), now);
          }
          tail = tail.slice(Math.max(0, tail.lastIndexOf('\n')));
        }
      } catch {
        /* aborted */
      }
    })();
  })();
  return { opened, close: () => ctl.abort() };
}

/** Pad a game's log with `n` no-op platform events, in batches ending on snapshot boundaries (so snapshots land). */
async function pad(games: GameService, gameId: string, n: number) {
  const SNAP = 100;
  const rs = games.rulesetOf(await games.game(gameId));
  const folder = games.folder(rs);
  let seq = await games.store.latestSeq(gameId);
  const target = seq + n;
  while (seq < target) {
    const end = Math.min(target, (Math.floor(seq / SNAP) + 1) * SNAP);
    const count = end - seq;
    await games.store.append(gameId, folder, () => Array.from({ length: count }, () => ({ type: '@bench-pad', payload: {} })), {
      actor: null,
    });
    seq = end;
  }
}

async function suite(kind: 'postgresql' | 'pglite', log: (m: string) => void): Promise<Record<string, unknown>> {
  const z = sizes();
  let db: TestDb | undefined;
  let dir: string | undefined;
  let server: ServerProcess | undefined;
  const streams: { close: () => void }[] = [];
  try {
    if (kind === 'postgresql') db = await freshDatabase();
    else dir = mkdtempSync(path.join(os.tmpdir(), 'hexfront-bench-ef-'));

    // The long game, made before the server starts (PGlite's directory has one owner at a time).
    const t0 = performance.now();
    const database = await openDatabase({ url: db?.url, dataDir: dir });
    await migrateDatabase(database);
    const svc = new GameService(database, {});
    const long = await svc.create({ ruleset: 'eastfront', scenario: 'edelweiss' });
    await pad(svc, long.id, z.longGame);
    await database.close();
    log(`${kind}: long game padded to ${z.longGame} events in ${Math.round(performance.now() - t0)} ms`);

    server = await spawnServer({
      databaseUrl: db?.url,
      dataDir: dir,
      readyTimeoutMs: 180_000,
      env: {
        HEXFRONT_GAMES_PER_HOUR: String(z.games * 10 + 1000),
        HEXFRONT_LIVE_PER_GAME: '5000',
        HEXFRONT_LIVE_PER_CLIENT: '10000',
      },
    });
    const { pid, url } = server;
    const cpu = () => cpuMs(pid) ?? 0;
    const anon = apiClient(url, [], { batch: false });
    const rng = new SeededDice(11);
    const viewMs: number[] = [];

    const newGame = async (ruleset = 'eastfront', scenario = 'edelweiss'): Promise<Game> => {
      const g = await anon.game.create.mutate({ ruleset, scenario });
      return {
        id: g.id,
        client: apiClient(url, [g.ownerToken, ...g.seats.map((s) => s.token)], { batch: false }),
        sides: [...new Set(g.seats.map((s) => s.side))],
        done: false,
      };
    };
    const live = async (g: Game) => {
      const s = spectate(url, g.id, 0, () => {});
      streams.push(s);
      await s.opened;
    };

    /** A complete legal action for some side of `g` (timing the view calls), or null when none is offered. */
    const nextCommand = async (g: Game) => {
      for (const side of g.sides) {
        const t = performance.now();
        const v = await g.client.game.view.query({ gameId: g.id, side });
        viewMs.push(performance.now() - t);
        const complete = v.legal.filter((a) => !a.choices?.length);
        if (complete.length) return { side, seq: v.seq, command: complete[rng.roll(complete.length) - 1].command };
      }
      return null;
    };
    const send = async (g: Game, next: { side: string; seq: number; command: unknown }) => {
      const s = performance.now();
      try {
        return await g.client.game.command.mutate({
          gameId: g.id,
          side: next.side,
          commandId: randomUUID(),
          expectedSeq: next.seq,
          command: next.command,
        });
      } catch {
        return null; // an offered action the engine still refuses is a finding for the rules, not for this bench
      } finally {
        cmdTimes.push(performance.now() - s);
      }
    };
    let cmdTimes: number[] = [];

    /** `n` commands by `workers` workers, each on its own games (a finished game is replaced by a new live one). */
    const loop = async (workers: number, n: number, pool: Game[][]) => {
      cmdTimes = [];
      let views = 0;
      let left = n;
      const t = performance.now();
      const c0 = cpu();
      await Promise.all(
        pool.slice(0, workers).map(async (mine) => {
          while (left > 0) {
            let open = mine.filter((g) => !g.done);
            if (!open.length) {
              const g = await newGame();
              await live(g);
              mine.push(g);
              open = [g];
            }
            const g = open[rng.roll(open.length) - 1];
            const before = viewMs.length;
            const next = await nextCommand(g);
            views += viewMs.length - before;
            if (!next) {
              g.done = true;
              continue;
            }
            left--;
            await send(g, next);
          }
        }),
      );
      return { cmdMs: cmdTimes, views, secs: (performance.now() - t) / 1000, cpu: cpu() - c0 };
    };

    // One live game.
    const first = await newGame();
    await live(first);
    await loop(1, 30, [[first]]); // warm-up
    const one = await loop(1, Math.round(z.commands / 2), [[first]]);
    log(`${kind}: 1 live game: command p50 ${summary(one.cmdMs).p50} ms p99 ${summary(one.cmdMs).p99} ms`);

    // Up to `games` live games, each with a spectator stream.
    const games: Game[] = [first];
    while (games.length < z.games) {
      const g = await newGame();
      await live(g);
      games.push(g);
    }
    // CPU of views alone, to take out of the command loops' figures.
    let c0 = cpu();
    const v0 = viewMs.length;
    for (let i = 0; i < 300; i++) await nextCommand(games[i % games.length]);
    const cpuPerView = (cpu() - c0) / (viewMs.length - v0);
    viewMs.length = 0;
    await loop(1, 50, [games]); // warm-up
    viewMs.length = 0;
    const many = await loop(1, z.commands, [games]);
    const latestViews = [...viewMs];
    const cpuPerCommand = (many.cpu - many.views * cpuPerView) / many.cmdMs.length;
    log(
      `${kind}: ${games.length} live games: command p50 ${summary(many.cmdMs).p50} ms p99 ${summary(many.cmdMs).p99} ms, ` +
        `${round(cpuPerCommand)} ms CPU/command, view p50 ${summary(latestViews).p50} ms`,
    );

    // Views at past seqs (snapshot + fold, no cached state).
    const atMs: number[] = [];
    for (let i = 0; i < 300; i++) {
      const g = games[i % games.length];
      const t = performance.now();
      await g.client.game.view.query({ gameId: g.id, side: g.sides[0], atSeq: 1 + rng.roll(40) });
      atMs.push(performance.now() - t);
    }

    // Throughput at rising concurrency.
    const perS: Record<string, number> = {};
    for (const w of [1, 4, 16, 64]) {
      const split: Game[][] = Array.from({ length: w }, (_, k) => games.filter((_, i) => i % w === k));
      const r = await loop(w, Math.max(z.commands / 2, w * 4), split);
      perS[`commands_per_s_${w}`] = Math.round(r.cmdMs.length / r.secs);
      log(`${kind}: ${w} in flight: ${perS[`commands_per_s_${w}`]} commands/s, command p50 ${summary(r.cmdMs).p50} ms`);
    }

    // Fan-out: one game, 1 / 100 / 1,000 spectators.
    const fan = await newGame();
    const fanout: Record<string, unknown> = {};
    const arrivals = new Map<number, number[]>();
    const seen = (seq: number, at: number) => {
      const list = arrivals.get(seq);
      if (list) list.push(at);
    };
    let open = 0;
    for (const n of z.fanout) {
      for (; open < n; open++) {
        const s = spectate(url, fan.id, 0, seen);
        streams.push(s);
        await s.opened;
      }
      await sleep(500);
      const delivery: number[] = [];
      let views = 0;
      c0 = cpu();
      for (let i = 0; i < z.fanoutCommands; i++) {
        const b = viewMs.length;
        const next = await nextCommand(fan);
        views += viewMs.length - b;
        if (!next) break;
        const sent = performance.now();
        const r = await send(fan, next);
        if (!r) continue;
        arrivals.set(r.lastSeq, []);
        const t = performance.now();
        while ((arrivals.get(r.lastSeq)?.length ?? 0) < n && performance.now() - t < 10_000) await sleep(1);
        for (const at of arrivals.get(r.lastSeq) ?? []) delivery.push(at - sent);
        arrivals.delete(r.lastSeq);
      }
      const loopCpu = cpu() - c0;
      // The same views again without commands (the state is unchanged), to take their CPU out.
      c0 = cpu();
      for (let i = 0; i < views; i++) await fan.client.game.view.query({ gameId: fan.id, side: fan.sides[i % fan.sides.length] });
      const perCmd = (loopCpu - (cpu() - c0)) / Math.max(1, cmdTimes.length);
      fanout[`fanout_cpu_ms_per_command_${n}`] = round(perCmd);
      fanout[`fanout_delivery_ms_${n}`] = summary(delivery);
      log(
        `${kind}: ${n} subscribers: ${round(perCmd)} ms CPU/command, delivery p50 ${summary(delivery).p50} p99 ${summary(delivery).p99} ms`,
      );
      cmdTimes = [];
    }
    const lo = fanout[`fanout_cpu_ms_per_command_${z.fanout[0]}`] as number;
    const hi = fanout[`fanout_cpu_ms_per_command_${z.fanout[z.fanout.length - 1]}`] as number;
    fanout[`fanout_cpu_ratio_${z.fanout[z.fanout.length - 1]}_vs_1`] = round(hi / lo);
    for (const s of streams.splice(0)) s.close();

    // Command cost at event ~1 and at event ~20,000: alternate between a fresh game and the padded one.
    const longGame: Game = {
      id: long.id,
      client: apiClient(url, [long.ownerToken, ...long.seats.map((s) => s.token)], { batch: false }),
      sides: [...new Set(long.seats.map((s) => s.side))],
      done: false,
    };
    const fresh = await newGame();
    const at1: number[] = [];
    const atLong: number[] = [];
    for (let i = 0; i < Math.min(100, z.commands); i++) {
      for (const [g, out] of [
        [fresh, at1],
        [longGame, atLong],
      ] as const) {
        const next = await nextCommand(g);
        if (!next) continue;
        cmdTimes = [];
        await send(g, next);
        out.push(cmdTimes[0]);
      }
    }
    log(`${kind}: command at event ~1 p50 ${median(at1)} ms, at event ~${z.longGame} p50 ${median(atLong)} ms`);

    // The test ruleset, for comparison: no views needed (adding is always allowed).
    const tallies: { id: string; client: ReturnType<typeof apiClient> }[] = [];
    for (let i = 0; i < 20; i++) {
      const g = await anon.game.create.mutate({ ruleset: 'tally', scenario: 'count' });
      const a1 = g.seats.find((s) => s.commands.includes('a1'))!;
      tallies.push({ id: g.id, client: apiClient(url, [a1.token], { batch: false }) });
    }
    const tallyLoop = async (workers: number, n: number) => {
      const ms: number[] = [];
      let left = n;
      const c = cpu();
      const t = performance.now();
      await Promise.all(
        Array.from({ length: workers }, async (_, w) => {
          while (left-- > 0) {
            const g = tallies[(w + left) % tallies.length];
            const s = performance.now();
            await g.client.game.command.mutate({ gameId: g.id, commandId: randomUUID(), command: { type: 'add', n: 1 } });
            ms.push(performance.now() - s);
          }
        }),
      );
      return { ms, cpu: (cpu() - c) / n, perS: Math.round(n / ((performance.now() - t) / 1000)) };
    };
    await tallyLoop(1, 50);
    const t1 = await tallyLoop(1, z.commands);
    const t16 = await tallyLoop(16, z.commands);

    return {
      database: kind,
      quick: quick(),
      live_games: games.length,
      command_roundtrip_ms: summary(many.cmdMs),
      command_roundtrip_ms_1_game: summary(one.cmdMs),
      server_cpu_ms_per_command: round(cpuPerCommand),
      server_cpu_ms_per_view: round(cpuPerView),
      ...perS,
      ...fanout,
      view_ms: summary(latestViews),
      view_at_seq_ms: summary(atMs),
      command_ms_at_event_1: summary(at1),
      [`command_ms_at_event_${z.longGame}`]: summary(atLong),
      [`command_cost_ratio_${z.longGame}_vs_1`]: round(median(atLong) / median(at1)),
      tally_api: {
        command_roundtrip_ms: summary(t1.ms),
        server_cpu_ms_per_command: round(t1.cpu),
        commands_per_s_16: t16.perS,
      },
    };
  } finally {
    for (const s of streams) s.close();
    await server?.stop();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchServerEastfront(opts: { log?: (m: string) => void } = {}): Promise<Record<string, unknown>> {
  const log = opts.log ?? ((m: string) => process.stderr.write(`[server-eastfront] ${m}\n`));
  const out: Record<string, unknown> = {};
  if (process.env.DATABASE_URL) {
    out.eastfront = await suite('postgresql', log);
    if (!process.env.BENCH_NO_PGLITE) out.eastfront_pglite = await suite('pglite', log);
  } else out.eastfront = await suite('pglite', log);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  benchServerEastfront().then((r) => console.log(JSON.stringify(r)));
