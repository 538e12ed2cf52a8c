/**
 * Test harness: each test file gets its own database. Without DATABASE_URL that is an in-memory PGlite;
 * with DATABASE_URL (an admin connection to a real PostgreSQL) a fresh database is created and dropped after.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer, type StartOptions } from '../app';

export interface TestDb {
  /** postgres:// URL of the fresh database, or undefined for PGlite. */
  url: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

export const usingPostgres = () => Boolean(process.env.DATABASE_URL);

export async function freshDatabase(): Promise<TestDb> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { url: undefined, dataDir: 'memory://', drop: async () => {} };
  const name = `hexfront_test_${randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    dataDir: 'memory://',
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

/** An API-only server on a random port over a fresh database. */
export async function startTestServer(db: TestDb, extra: Partial<StartOptions> = {}): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: db.url,
    dataDir: db.dataDir,
    next: false,
    quiet: true,
    testGames: true,
    ...extra,
    // Test files create hundreds of games from one address (127.0.0.1); the quota's own tests set small values.
    limits: { gamesPerHour: 100_000, ...extra.limits },
  });
}
