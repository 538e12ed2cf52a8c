/**
 * Server instances as separate OS processes, for the cross-process tests (fan-out, start-up migration race,
 * kill -9) and the bench. Each child is `node --import tsx server.ts`, which is what `npx tsx server.ts` runs
 * without the wrapper process in between: a signal sent to the child's pid reaches the server itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A port nothing listens on right now (the OS picks it; we release it for the child to take). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Everything the child printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Resolves with the exit code (or null when killed by a signal) once the child has gone. */
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown code runs. */
  kill9(): Promise<void>;
  /** SIGTERM and wait (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  /** postgres:// URL; absent = PGlite in dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  snapshotEvery?: number;
  port?: number;
  readyTimeoutMs?: number;
  env?: Record<string, string>;
  /** Extra node flags (e.g. --cpu-prof for a bench's profile). */
  nodeArgs?: string[];
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kill every child still running (afterAll safety net; also runs when the test process exits). */
export function killAllSpawned() {
  for (const c of live) {
    try {
      c.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
  live.clear();
}

export async function spawnServer(opts: SpawnOptions = {}): Promise<ServerProcess> {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', killAllSpawned);
  }
  const port = opts.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: opts.databaseUrl ?? '',
    HEXFRONT_DATA_DIR: opts.dataDir ?? '',
    HEXFRONT_NO_NEXT: '1',
    HEXFRONT_NO_DEMO: '1',
    // The platform's own test rulesets (tally, skirmish) are only served when asked for.
    HEXFRONT_TEST_GAMES: '1',
    ...(opts.snapshotEvery ? { HEXFRONT_SNAPSHOT_EVERY: String(opts.snapshotEvery) } : {}),
    ...opts.env,
  };
  if (!opts.dataDir) delete env.HEXFRONT_DATA_DIR;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let out = '';
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      live.delete(child);
      resolve(code);
    });
  });
  let gone = false;
  void exited.then(() => (gone = true));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (gone) throw new Error(`server process exited before it was ready:\n${out}`);
    try {
      const r = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server process not ready after ${opts.readyTimeoutMs ?? 60_000} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    pid: child.pid!,
    child,
    output: () => out,
    exited,
    async kill9() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    async stop(graceMs = 5000) {
      if (gone) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(t);
    },
  };
}
