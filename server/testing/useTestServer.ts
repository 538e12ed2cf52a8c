/**
 * vitest glue for the harness, kept apart so that harness.ts can be imported outside vitest (the benches).
 */
import { afterAll, beforeAll } from 'vitest';
import type { RunningServer, StartOptions } from '../app';
import { freshDatabase, startTestServer, type TestDb } from './harness';

/**
 * One API server over a fresh database for the whole test file: started before the first test, closed and
 * dropped after the last. Returns a getter (the server exists only once beforeAll has run).
 */
export function useTestServer(extra: Partial<StartOptions> = {}): () => RunningServer {
  let db: TestDb | undefined;
  let srv: RunningServer | undefined;
  beforeAll(async () => {
    db = await freshDatabase();
    srv = await startTestServer(db, extra);
  });
  afterAll(async () => {
    await srv?.close();
    await db?.drop();
  });
  return () => {
    if (!srv) throw new Error('the test server is not running yet');
    return srv;
  };
}
