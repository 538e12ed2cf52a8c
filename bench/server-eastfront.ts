/**
 * Server bench with a real game (issue 14, points 5 and 7): EastFront Edelweiss games played through the API
 * (tRPC over HTTP) against a server in its own process, on PostgreSQL when DATABASE_URL is set, else PGlite.
 * Each command is a complete legal action the server itself offered in game.view (picked with a seeded random
 * draw), issued by whichever side has one; the dice are the server's own. Reports, under `eastfront`:
 *
 *   command_roundtrip_ms        game.command p50/p99, one in flight, spread over `games` live games
 *   server_cpu_ms_per_command   server CPU of the command loop minus its views (view CPU measured on its own)
 *   view_ms                     game.view p50/p99 (the latest moment, as the side to move sees it)
 *   view_at_seq_ms              game.view at a random past seq
 *   commands_per_s_16           commands/s with 16 in flight (each worker on its own games)
 *
 * Run alone: `npx tsx bench/server-eastfront.ts` (BENCH_LIVE_GAMES, BENCH_COMMANDS shrink it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SeededDice } from '../engine/core/dice';
import { apiClient } from '../server/testing/client';
import { freshDatabase, type TestDb } from '../server/testing/harness';
import { spawnServer, type ServerProcess } from '../server/testing/processes';
import { cpuMs, percentile } from './platform';

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p99: round(percentile(s, 99)), n: s.length };
};

interface Game {
  id: string;
  client: ReturnType<typeof apiClient>;
  sides: string[];
  done: boolean;
}

export async function benchServerEastfront(
  opts: { games?: number; commands?: number; log?: (m: string) => void } = {},
): Promise<Record<string, unknown>> {
  const log = opts.log ?? ((m: string) => process.stderr.write(`[server-eastfront] ${m}\n`));
  const nGames = opts.games ?? (Number(process.env.BENCH_LIVE_GAMES) || 200);
  const nCommands = opts.commands ?? (Number(process.env.BENCH_COMMANDS) || 1000);
  let db: TestDb | undefined;
  let dir: string | undefined;
  let server: ServerProcess | undefined;
  try {
    if (process.env.DATABASE_URL) db = await freshDatabase();
    else dir = mkdtempSync(path.join(os.tmpdir(), 'hexfront-bench-ef-'));
    server = await spawnServer({
      databaseUrl: db?.url,
      dataDir: dir,
      readyTimeoutMs: 180_000,
      env: { HEXFRONT_GAMES_PER_HOUR: String(nGames * 4) },
    });
    const pid = server.pid;
    const anon = apiClient(server.url, [], { batch: false });
    const games: Game[] = [];
    for (let i = 0; i < nGames; i++) {
      const g = await anon.game.create.mutate({ ruleset: 'eastfront', scenario: 'edelweiss' });
      games.push({
        id: g.id,
        client: apiClient(server.url, [g.ownerToken, ...g.seats.map((s) => s.token)], { batch: false }),
        sides: [...new Set(g.seats.map((s) => s.side))],
        done: false,
      });
    }
    log(`${games.length} EastFront games on ${db ? 'PostgreSQL' : 'PGlite'}, server ${pid}`);
    const rng = new SeededDice(11);
    const viewMs: number[] = [];

    /** A complete legal action for some side of `g` (timing the view calls), or null when none is offered. */
    const nextCommand = async (g: Game) => {
      for (const side of g.sides) {
        const t0 = performance.now();
        const v = await g.client.game.view.query({ gameId: g.id, side });
        viewMs.push(performance.now() - t0);
        const complete = v.legal.filter((a) => !a.choices?.length);
        if (complete.length) return { side, seq: v.seq, command: complete[rng.roll(complete.length) - 1].command };
      }
      return null;
    };

    const loop = async (workers: number, n: number, pool: Game[][]) => {
      const cmdMs: number[] = [];
      let views = 0;
      let left = n;
      const t0 = performance.now();
      const cpu0 = cpuMs(pid);
      await Promise.all(
        pool.slice(0, workers).map(async (mine) => {
          while (left > 0) {
            const live = mine.filter((g) => !g.done);
            if (!live.length) return;
            const g = live[rng.roll(live.length) - 1];
            const before = viewMs.length;
            const next = await nextCommand(g);
            views += viewMs.length - before;
            if (!next) {
              g.done = true;
              continue;
            }
            left--;
            const s = performance.now();
            try {
              await g.client.game.command.mutate({
                gameId: g.id,
                side: next.side,
                commandId: randomUUID(),
                expectedSeq: next.seq,
                command: next.command,
              });
            } catch {
              // An offered action the engine still refuses is a finding for the rules, not for this bench.
            }
            cmdMs.push(performance.now() - s);
          }
        }),
      );
      return { cmdMs, views, secs: (performance.now() - t0) / 1000, cpu: (cpuMs(pid) ?? 0) - (cpu0 ?? 0) };
    };

    // CPU of views alone, to take out of the command loop's figure.
    const viewCpu0 = cpuMs(pid);
    const v0 = viewMs.length;
    for (let i = 0; i < 300; i++) await nextCommand(games[i % games.length]);
    const cpuPerView = ((cpuMs(pid) ?? 0) - (viewCpu0 ?? 0)) / (viewMs.length - v0);
    viewMs.length = 0;

    await loop(1, Math.min(100, nCommands), [games]); // warm-up
    viewMs.length = 0;
    const one = await loop(1, nCommands, [games]);
    const latestViews = [...viewMs];
    const cpuPerCommand = (one.cpu - one.views * cpuPerView) / one.cmdMs.length;
    log(`1 in flight: command p50 ${summary(one.cmdMs).p50} ms p99 ${summary(one.cmdMs).p99} ms; view p50 ${summary(latestViews).p50} ms`);

    // Views at past seqs (snapshot + fold, no cached state).
    const atMs: number[] = [];
    for (let i = 0; i < 300; i++) {
      const g = games[i % games.length];
      const t0 = performance.now();
      const v = await g.client.game.view.query({ gameId: g.id, side: g.sides[0], atSeq: 1 + rng.roll(40) });
      atMs.push(performance.now() - t0);
      if (!v) throw new Error('no view');
    }

    const split: Game[][] = Array.from({ length: 16 }, (_, w) => games.filter((_, i) => i % 16 === w));
    const c16 = await loop(16, Math.round(nCommands / 2), split);
    const perS = Math.round(c16.cmdMs.length / c16.secs);
    log(`16 in flight: ${perS} commands/s (each with its views), command p50 ${summary(c16.cmdMs).p50} ms`);

    return {
      eastfront: {
        database: db ? 'postgresql' : 'pglite',
        live_games: games.length,
        command_roundtrip_ms: summary(one.cmdMs),
        server_cpu_ms_per_command: round(cpuPerCommand),
        server_cpu_ms_per_view: round(cpuPerView),
        view_ms: summary(latestViews),
        view_at_seq_ms: summary(atMs),
        // Each of these commands also waited for the views that found it (two per command at most).
        commands_per_s_16: perS,
      },
    };
  } finally {
    await server?.stop();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  benchServerEastfront().then((r) => console.log(JSON.stringify(r)));
