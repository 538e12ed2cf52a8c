/**
 * Point 10 (faults): kill -9 of a server process in the middle of a burst of commands, then a restart on the same
 * database. Afterwards
 *   - the log is gap-free and games.version agrees with it,
 *   - every command the dead server acknowledged is in the log (and nothing appears twice),
 *   - every stored snapshot equals fold(log) up to its seq, and the restarted server's state equals fold(log),
 *   - the restarted server takes commands again, and a client retrying an id it never saw acknowledged gets it
 *     applied at most once.
 * With DATABASE_URL the database is a fresh real PostgreSQL one; without, the server runs on PGlite in a
 * temporary data directory. PGlite runs with fsync off, so it survives the death of the process (its writes
 * are in the OS page cache) but not of the machine: see docs/scaling.md.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../engine/core/ruleset';
import { tally, type TallyEvent } from '../engine/testing/tally';
import type { RunningServer } from './app';
import { apiClient } from './testing/client';
import { freshDatabase, startTestServer, usingPostgres, type TestDb } from './testing/harness';
import { killAllSpawned, spawnServer, type ServerProcess } from './testing/processes';

const PG = usingPostgres();
const SNAPSHOT_EVERY = 7;
/** Acknowledgements to collect before the kill; the burst keeps going while the signal lands. */
const ACKS_BEFORE_KILL = PG ? 300 : 60;

let db: TestDb;
let dataDir: string | undefined;
let child: ServerProcess | undefined;
let restarted: RunningServer | undefined;

beforeAll(async () => {
  if (PG) db = await freshDatabase();
  else {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hexfront-crash-'));
    db = { url: undefined, dataDir, drop: async () => {} };
  }
});
afterAll(async () => {
  await child?.kill9();
  killAllSpawned();
  await restarted?.close();
  await db?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`kill -9 during a burst of commands (${PG ? 'PostgreSQL' : 'PGlite data directory'})`, () => {
  it('restarts with every acknowledged command in the log and snapshots equal to the fold of the log', async () => {
    child = await spawnServer({ databaseUrl: db.url, dataDir, snapshotEvery: SNAPSHOT_EVERY });
    const created = await apiClient(child.url).game.create.mutate({ ruleset: 'tally', scenario: 'count' });
    const gameId = created.id;
    const clients = created.seats.map((s) => apiClient(child!.url, [s.token], { batch: false }));

    const acked = new Map<string, { firstSeq: number }>();
    const unacked: { id: string; client: number; n: number }[] = [];
    let killed = false;
    const workers = clients.flatMap((c, ci) =>
      Array.from({ length: 3 }, async () => {
        while (!killed) {
          const id = randomUUID();
          const n = 1 + (acked.size % 9);
          try {
            const r = await c.game.command.mutate({ gameId, commandId: id, command: { type: 'add', n } });
            acked.set(id, r);
          } catch {
            unacked.push({ id, client: ci, n });
          }
        }
      }),
    );
    const deadline = Date.now() + 60_000;
    while (acked.size < ACKS_BEFORE_KILL && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    killed = true;
    await child.kill9();
    await Promise.all(workers);
    expect(child.output()).not.toMatch(/unexpected error|INTERNAL/);
    expect(acked.size).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    // Restart on the same database (in this process, so the test can read the tables directly).
    restarted = await startTestServer(db, { snapshotEvery: SNAPSHOT_EVERY });
    const q = restarted.database.query.bind(restarted.database);
    const log = await restarted.services.games.store.readEvents(gameId, 0);
    const N = log.length;
    expect(log.map((e) => e.seq)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    expect(await restarted.services.games.store.latestSeq(gameId)).toBe(N);

    const ids = log.map((e) => e.commandId).filter((x): x is string => x !== null);
    expect(new Set(ids).size).toBe(ids.length);
    const inLog = new Set(ids);
    const missing = [...acked.keys()].filter((id) => !inLog.has(id));
    expect(missing, 'acknowledged commands missing after the crash').toEqual([]);
    for (const [id, r] of acked) expect(log[r.firstSeq - 1].commandId).toBe(id);
    // Whatever was in flight either landed whole or not at all.
    expect(ids.length).toBeLessThanOrEqual(acked.size + unacked.length);

    // Snapshots agree with the log they summarise; so does the restarted server's state.
    const events = log.map((e) => ({ ...e.payload, type: e.type }) as TallyEvent);
    const snaps = await q<{ seq: number; state: unknown }>('SELECT seq, state FROM snapshots WHERE game_id = $1 ORDER BY seq', [gameId]);
    expect(snaps.length).toBe(Math.floor(N / SNAPSHOT_EVERY));
    for (const s of snaps) expect(s.state, `snapshot at ${s.seq}`).toEqual(fold(tally, events.slice(0, s.seq)));
    const folded = fold(tally, events);
    let running = 0;
    for (const e of events) if (e.type === 'added') expect(e.total).toBe((running += e.n));
    const { state } = await restarted.services.games.stateAt(gameId);
    expect(state).toEqual(folded);

    // The restarted server takes new commands, and replays of unacknowledged ids land at most once.
    const again = created.seats.map((s) => apiClient(restarted!.url, [s.token], { batch: false }));
    for (const u of unacked.slice(0, 8)) {
      const r = await again[u.client].game.command.mutate({ gameId, commandId: u.id, command: { type: 'add', n: u.n } });
      expect(r.duplicate).toBe(inLog.has(u.id));
    }
    const r = await again[0].game.command.mutate({ gameId, commandId: randomUUID(), command: { type: 'add', n: 1 } });
    expect(r.duplicate).toBe(false);
    const after = await restarted.services.games.store.readEvents(gameId, 0);
    expect(after.map((e) => e.seq)).toEqual(Array.from({ length: after.length }, (_, i) => i + 1));
    expect(r.lastSeq).toBe(after.length);
  }, 300_000);
});
