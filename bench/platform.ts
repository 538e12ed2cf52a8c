/**
 * Platform benchmark: the event store, the command pipeline and live fan-out, on real PostgreSQL when
 * DATABASE_URL is set, else on PGlite (temporary data directories). Progress goes to `log`; the result is a
 * flat object of figures that bench/run.ts merges with the other benches.
 *
 *   fold_events_per_s        the store's fold path in memory (rows -> rule events -> evolve) on tally; pure folds
 *                            of skirmish and tally logs beside it
 *   append_ms                one game's append cost near event 1 and near event 20,000 (median of 100 single
 *                            appends in each window), plus the curve in between and a cold-cache append
 *   state_at_seq_ms          state at random seqs of that 20,000-event game (snapshot + fold, no cache help)
 *   command_roundtrip_ms     tRPC game.command over HTTP to a server in its own process, with 200 live games
 *                            each followed by one SSE subscriber; also the time until the subscriber has it
 *   saturation               commands/s and latency at rising concurrency on the same 200 games
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { SeededDice } from '../engine/core/dice';
import type { AnyRuleset } from '../engine/core/ruleset';
import { randomPlay, skirmish } from '../engine/testing/skirmish';
import { tally, tallyLog } from '../engine/testing/tally';
import { registerTestRulesets } from '../engine/testing/rulesets';
import { GameService } from '../server/games';
import { toRuleEvent, type StoredEvent } from '../server/store';
import { apiClient } from '../server/testing/client';
import { freshDatabase, type TestDb } from '../server/testing/harness';
import { spawnServer, type ServerProcess } from '../server/testing/processes';

registerTestRulesets(); // the store and pipeline benches play the small test games

export type Log = (msg: string) => void;

export interface PlatformBenchOptions {
  log: Log;
  /** Events in the long game (default 20,000). */
  longGame?: number;
  /** Live games for the round-trip test (default 200). */
  liveGames?: number;
  /** Commands per round-trip measurement (default 1,000). */
  commands?: number;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p99: round(percentile(s, 99)), max: round(s[s.length - 1] ?? NaN), n: s.length };
};

// ---------------------------------------------------------------- fold

function foldRate(rs: AnyRuleset, logs: { type: string }[][], minMs = 1500): number {
  let events = 0;
  const t0 = performance.now();
  let sink = 0;
  while (performance.now() - t0 < minMs) {
    for (const log of logs) {
      let s = rs.initial();
      for (const e of log) s = rs.evolve(s, e);
      sink += s ? 1 : 0;
      events += log.length;
    }
  }
  if (sink < 0) throw new Error('unreachable');
  return events / ((performance.now() - t0) / 1000);
}

/** The store's own fold path: rows as read from the database, turned into rule events, then evolved. */
function storeFoldRate(rs: AnyRuleset, rows: StoredEvent[], minMs = 1000): number {
  let events = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < minMs) {
    let s = rs.initial();
    for (const r of rows) s = rs.evolve(s, toRuleEvent(r));
    events += rows.length;
  }
  return events / ((performance.now() - t0) / 1000);
}

export function benchFold(log: Log) {
  const games = Array.from({ length: 200 }, (_, i) => randomPlay(i + 1, 400).events);
  const skirmishEvents = games.reduce((n, g) => n + g.length, 0);
  log(`fold: ${games.length} random skirmish games, ${skirmishEvents} events`);
  const sk = foldRate(skirmish, games);
  const ta = foldRate(tally, [tallyLog(100_000)]);
  const rows: StoredEvent[] = tallyLog(100_000).map((e, i) => {
    const { type, ...payload } = e;
    return { seq: i + 1, type, payload, actor: null, engineVersion: '1', commandId: null, createdAt: new Date() };
  });
  const st = storeFoldRate(tally, rows);
  log(`fold: skirmish ${Math.round(sk)}/s, tally ${Math.round(ta)}/s, tally via store rows ${Math.round(st)}/s`);
  return {
    // The platform's fold path (stored rows -> rule events -> evolve) on the trivial ruleset: what the store adds.
    // Each real ruleset's own evolve cost is listed beside it (skirmish copies its piece table per event).
    fold_events_per_s: Math.round(st),
    fold_events_per_s_by_ruleset: { skirmish: Math.round(sk), tally: Math.round(ta), tally_from_stored_rows: Math.round(st) },
  };
}

// ---------------------------------------------------------------- the store: one long game

async function openBenchDatabase(log: Log): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const db = await freshDatabase();
    const database = await openDatabase({ url: db.url });
    return {
      database,
      cleanup: async () => {
        await database.close();
        await db.drop();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hexfront-bench-'));
  log(`PGlite data directory ${dir} (fresh: initialising takes a few seconds)`);
  const database = await openDatabase({ dataDir: dir });
  return {
    database,
    cleanup: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function benchStore(log: Log, longGame = 20_000) {
  const { database, cleanup } = await openBenchDatabase(log);
  try {
    await migrateDatabase(database);
    const SNAP = 100;
    const games = new GameService(database, { snapshotEvery: SNAP, dice: new SeededDice(1), allowTestGames: true } as never);
    const created = await games.create({ ruleset: 'tally', scenario: 'count', seats: [{ side: 'a', commands: ['a1'] }] });
    const gameId = created.id;
    const principal = await games.principal(gameId, [created.seats[0].token]);
    const store = games.store;
    const folder = games.folder(tally);

    /** One command through the service (parse, decide, append in a transaction, notify): ms. */
    const single = async () => {
      const t0 = performance.now();
      await games.command({ gameId, principal, commandId: randomUUID(), command: { type: 'add', n: 1 } });
      return performance.now() - t0;
    };
    /** Append up to `target` quickly: batches that end on snapshot boundaries, so snapshots land as usual. */
    const fillTo = async (target: number) => {
      for (let seq = await store.latestSeq(gameId); seq < target; ) {
        const end = Math.min(target, (Math.floor(seq / SNAP) + 1) * SNAP);
        await store.append(
          gameId,
          folder,
          (s: unknown) => {
            let total = (s as { total: number }).total;
            return Array.from({ length: end - seq }, () => ({ type: 'added', payload: { by: 'a:a1', n: 1, total: ++total } }));
          },
          { actor: null },
        );
        seq = end;
      }
    };

    // Warm the connection and the code paths on a second game, so event 1 of the measured game is not a cold start.
    const warm = await games.create({ ruleset: 'tally', scenario: 'count', seats: [{ side: 'b', commands: ['b1'] }] });
    const warmP = await games.principal(warm.id, [warm.seats[0].token]);
    for (let i = 0; i < 50; i++)
      await games.command({ gameId: warm.id, principal: warmP, commandId: randomUUID(), command: { type: 'add', n: 1 } });

    const firstEvent: number[] = [];
    for (let i = 0; i < 100; i++) firstEvent.push(await single());
    log(`append: events 2..101 median ${round(median(firstEvent))} ms`);
    const curve: Record<string, number> = { '100': round(median(firstEvent)) };
    const WINDOW = 100;
    for (const at of [5_000, 10_000, 15_000, longGame]) {
      if (at > longGame) continue;
      const t0 = performance.now();
      await fillTo(at - WINDOW);
      log(`append: filled to ${at - WINDOW} in ${Math.round(performance.now() - t0)} ms`);
      const xs: number[] = [];
      for (let i = 0; i < WINDOW; i++) xs.push(await single());
      curve[String(at)] = round(median(xs));
      log(`append: events ${at - WINDOW + 1}..${at} median ${curve[String(at)]} ms`);
    }
    // Cold cache: as if another instance had appended the last event (snapshot + fold of up to 199 events).
    const cold: number[] = [];
    for (let i = 0; i < 30; i++) {
      store.forget(gameId);
      cold.push(await single());
    }
    const last = await store.latestSeq(gameId);
    log(`append: cold-cache append at ~${last} median ${round(median(cold))} ms`);

    // State at random seqs: nearest snapshot + fold; the latest-state cache cannot serve a past seq.
    const rng = new SeededDice(42);
    const stateAt: number[] = [];
    for (let i = 0; i < 500; i++) {
      const seq = rng.roll(longGame);
      const t0 = performance.now();
      const s = (await store.stateAt(gameId, seq, folder)) as { adds: number };
      stateAt.push(performance.now() - t0);
      if (s.adds !== seq - 1) throw new Error(`state at ${seq} has ${s.adds} additions`);
    }
    log(`state at seq: p50 ${summary(stateAt).p50} ms, p99 ${summary(stateAt).p99} ms`);

    // The whole log read back and folded: what a state at a seq would cost without snapshots.
    const t0 = performance.now();
    const rows = await store.readEvents(gameId, 0);
    const readMs = performance.now() - t0;
    let s = tally.initial();
    for (const r of rows) s = tally.evolve(s, toRuleEvent(r) as never);
    const replayMs = performance.now() - t0;
    log(`full replay of ${rows.length} events: read ${Math.round(readMs)} ms, read+fold ${Math.round(replayMs)} ms`);

    return {
      append_ms: {
        first: curve['100'],
        at_20000: curve[String(longGame)],
        cold_cache_at_20000: round(median(cold)),
        by_seq: curve,
      },
      state_at_seq_ms: summary(stateAt),
      full_replay_ms: { events: rows.length, read: Math.round(readMs), read_and_fold: Math.round(replayMs) },
      snapshot_every: SNAP,
    };
  } finally {
    await cleanup();
  }
}

// ---------------------------------------------------------------- the pipeline: 200 live games over HTTP

interface LiveGame {
  id: string;
  client: ReturnType<typeof apiClient>;
  /** seq -> resolve, for commands waiting to be seen by the subscriber. */
  waiting: Map<number, () => void>;
  seen: Set<number>;
  unsubscribe: () => void;
}

export async function benchPipeline(log: Log, liveGames = 200, commands = 1000) {
  let db: TestDb | undefined;
  let dir: string | undefined;
  let server: ServerProcess | undefined;
  const games: LiveGame[] = [];
  try {
    if (process.env.DATABASE_URL) db = await freshDatabase();
    else dir = mkdtempSync(path.join(os.tmpdir(), 'hexfront-bench-srv-'));
    server = await spawnServer({
      databaseUrl: db?.url,
      dataDir: dir,
      readyTimeoutMs: 180_000,
      // The benchmark plays every client from one address: lift the per-address quotas above what it opens.
      env: { HEXFRONT_GAMES_PER_HOUR: String(liveGames * 4), HEXFRONT_LIVE_PER_CLIENT: String(liveGames * 2) },
    });
    log(`server process ${server.pid} on ${server.url}`);
    const anon = apiClient(server.url, [], { batch: false });
    for (let i = 0; i < liveGames; i++) {
      const g = await anon.game.create.mutate({ ruleset: 'tally', scenario: 'count' });
      const tokA = g.seats.find((s) => s.side === 'a')!.token;
      const tokB = g.seats.find((s) => s.side === 'b')!.token;
      const live: LiveGame = {
        id: g.id,
        client: apiClient(server.url, [tokA], { batch: false }),
        waiting: new Map(),
        seen: new Set(),
        unsubscribe: () => {},
      };
      const watcher = apiClient(server.url, [tokB], { batch: false });
      const start = await watcher.game.view.query({ gameId: g.id });
      await new Promise<void>((resolve, reject) => {
        const sub = watcher.game.live.subscribe(
          { gameId: g.id, since: start.seq },
          {
            onStarted: () => resolve(),
            onData: (d) => {
              for (const e of d.data.events) {
                live.seen.add(e.seq);
                live.waiting.get(e.seq)?.();
                live.waiting.delete(e.seq);
              }
            },
            onError: (e) => reject(e),
          },
        );
        live.unsubscribe = () => sub.unsubscribe();
      });
      games.push(live);
    }
    log(`${games.length} games created, each with a live SSE subscriber`);

    const rng = new SeededDice(7);
    const pid = server.pid;
    const run = async (concurrency: number, n: number) => {
      const cpu0 = cpuMs(pid);
      const self0 = process.cpuUsage();
      const ack: number[] = [];
      const delivered: number[] = [];
      let left = n;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (left-- > 0) {
            const g = games[rng.roll(games.length) - 1];
            const s = performance.now();
            const r = await g.client.game.command.mutate({ gameId: g.id, commandId: randomUUID(), command: { type: 'add', n: 1 } });
            ack.push(performance.now() - s);
            if (!g.seen.has(r.lastSeq)) {
              await new Promise<void>((resolve, reject) => {
                const t = setTimeout(() => reject(new Error(`event ${r.lastSeq} of ${g.id} not delivered in 30 s`)), 30_000);
                g.waiting.set(r.lastSeq, () => {
                  clearTimeout(t);
                  resolve();
                });
              });
            }
            delivered.push(performance.now() - s);
          }
        }),
      );
      const secs = (performance.now() - t0) / 1000;
      const cpu1 = cpuMs(pid);
      const self = process.cpuUsage(self0);
      return {
        concurrency,
        commands_per_s: Math.round(n / secs),
        ack_ms: summary(ack),
        live_ms: summary(delivered),
        // CPU the server process spent per command (including pushing it to the subscriber), whatever else runs on
        // the machine: 1000 / this is what one core of the app tier can take.
        server_cpu_ms_per_command: cpu0 !== null && cpu1 !== null ? round((cpu1 - cpu0) / n) : null,
        client_cpu_ms_per_command: round((self.user + self.system) / 1000 / n),
      };
    };

    await run(4, Math.min(200, commands)); // warm-up
    const headline = await run(1, commands);
    log(
      `round trip (1 in flight): p50 ${headline.ack_ms.p50} ms, p99 ${headline.ack_ms.p99} ms; to subscriber p50 ${headline.live_ms.p50} ms`,
    );
    const saturation = [headline];
    for (const c of [4, 16, 64]) {
      const r = await run(c, Math.max(c * 4, Math.round(commands / 2)));
      log(`concurrency ${c}: ${r.commands_per_s} commands/s, ack p50 ${r.ack_ms.p50} ms p99 ${r.ack_ms.p99} ms`);
      saturation.push(r);
    }
    return {
      command_roundtrip_ms: { p50: headline.ack_ms.p50, p99: headline.ack_ms.p99, max: headline.ack_ms.max, n: headline.ack_ms.n },
      command_to_subscriber_ms: { p50: headline.live_ms.p50, p99: headline.live_ms.p99 },
      live_games: games.length,
      saturation: saturation.map((r) => ({
        concurrency: r.concurrency,
        commands_per_s: r.commands_per_s,
        ack_p50_ms: r.ack_ms.p50,
        ack_p99_ms: r.ack_ms.p99,
        live_p50_ms: r.live_ms.p50,
        live_p99_ms: r.live_ms.p99,
        server_cpu_ms_per_command: r.server_cpu_ms_per_command,
        client_cpu_ms_per_command: r.client_cpu_ms_per_command,
      })),
      server_cpu_ms_per_command: saturation[saturation.length - 1].server_cpu_ms_per_command,
      server_rss_mb: await rssMb(server.pid),
    };
  } finally {
    for (const g of games) g.unsubscribe();
    await server?.stop();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** User + system CPU a process has used so far, in ms (Linux /proc; null elsewhere). */
export function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function rssMb(pid: number): Promise<number | null> {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- all of it

export async function benchPlatform(opts: PlatformBenchOptions): Promise<Record<string, unknown>> {
  const { log } = opts;
  const database = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
  log(`platform bench on ${database}`);
  const fold = benchFold(log);
  const store = await benchStore(log, opts.longGame ?? 20_000);
  const pipeline = await benchPipeline(log, opts.liveGames ?? 200, opts.commands ?? 1000);
  const goals = {
    roundtrip_p50_under_10ms: pipeline.command_roundtrip_ms.p50 < 10,
    roundtrip_p99_under_50ms: pipeline.command_roundtrip_ms.p99 < 50,
    append_flat: store.append_ms.at_20000 <= store.append_ms.first * 1.5 + 0.5,
    state_at_seq_p99_under_10ms: store.state_at_seq_ms.p99 < 10,
    fold_at_least_500k_per_s: fold.fold_events_per_s >= 500_000,
  };
  return { database, ...fold, ...store, ...pipeline, goals };
}
