/**
 * What tRPC itself costs (issue 14, point 4): server CPU per call of a trivial query (lobby.mySeats with no
 * token: no database work) and of an EastFront game.view, one call in flight, against plain node:http on the same
 * server (/api/health). Server in its own process; PostgreSQL when DATABASE_URL is set, else PGlite.
 *
 * Run alone: `npx tsx bench/trpc.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClient } from '../server/testing/client';
import { freshDatabase, type TestDb } from '../server/testing/harness';
import { spawnServer, type ServerProcess } from '../server/testing/processes';
import { cpuMs } from './platform';

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

export async function benchTrpc(opts: { calls?: number } = {}): Promise<Record<string, unknown>> {
  const calls = opts.calls ?? (process.argv.includes('--quick') || process.env.BENCH_QUICK ? 1000 : 4000);
  let db: TestDb | undefined;
  let dir: string | undefined;
  let server: ServerProcess | undefined;
  try {
    if (process.env.DATABASE_URL) db = await freshDatabase();
    else dir = mkdtempSync(path.join(os.tmpdir(), 'hexfront-bench-trpc-'));
    server = await spawnServer({ databaseUrl: db?.url, dataDir: dir, readyTimeoutMs: 180_000 });
    const pid = server.pid;
    const anon = apiClient(server.url, [], { batch: false });
    const g = await anon.game.create.mutate({ ruleset: 'eastfront', scenario: 'edelweiss' });
    const player = apiClient(server.url, [g.seats[0].token], { batch: false });
    const side = g.seats[0].side;
    const perCall = async (n: number, call: () => Promise<unknown>) => {
      for (let i = 0; i < Math.min(200, n); i++) await call(); // warm-up
      const c0 = cpuMs(pid) ?? 0;
      for (let i = 0; i < n; i++) await call();
      return round(((cpuMs(pid) ?? 0) - c0) / n);
    };
    const health = await perCall(calls, () => fetch(`${server!.url}/api/health`).then((r) => r.text()));
    const trivial = await perCall(calls, () => anon.lobby.mySeats.query());
    const view = await perCall(Math.round(calls / 4), () => player.game.view.query({ gameId: g.id, side }));
    return {
      trpc: {
        database: db ? 'postgresql' : 'pglite',
        plain_http_cpu_ms: health,
        trivial_query_cpu_ms: trivial,
        eastfront_view_cpu_ms: view,
      },
    };
  } finally {
    await server?.stop();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename))
  benchTrpc().then((r) => console.log(JSON.stringify(r)));
