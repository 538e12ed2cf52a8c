/**
 * Database handle: embedded PGlite (data under .data/ by default) when DATABASE_URL is unset, node-postgres
 * otherwise. Both speak PostgreSQL, so the same Drizzle schema, migrations and SQL serve both; LISTEN/NOTIFY
 * works on both (PGlite only within its own process, which is all an embedded database can have).
 */
import { mkdirSync } from 'node:fs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL with positional parameters, returning rows (used for locks, NOTIFY and a few hot queries). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  notify(channel: string, payload: string): Promise<void>;
  /** Subscribe to a channel; resolves to an unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Run fn while holding a session-level advisory lock (serialises start-up work across processes). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... ; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory, or 'memory://' for a throwaway database. Default: .data/pglite */
  dataDir?: string;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions = {}): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts.poolSize ?? 10) : openPglite(opts.dataDir ?? '.data/pglite');
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped idle connection must not crash the process.
  pool.on('error', (err) => console.error('[db] idle client error:', err.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(p: string) => void>>();

  async function getListener(): Promise<pg.Client> {
    if (listener) return listener;
    const c = new pg.Client({ connectionString: url });
    c.on('error', (err) => console.error('[db] listener error:', err.message));
    await c.connect();
    c.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    listener = c;
    return c;
  }

  return {
    kind: 'postgres',
    db,
    async query(text, params, name) {
      // A named statement is parsed and planned once per connection, then only bound and executed.
      const r = name ? await pool.query({ name, text, values: params as unknown[] }) : await pool.query(text, params as unknown[]);
      return r.rows;
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onMessage) {
      const c = await getListener();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await c.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(onMessage);
      return async () => {
        set!.delete(onMessage);
      };
    },
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async query(text, params) {
      const r = await client.query(text, params as unknown[]);
      return r.rows as never[];
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onMessage) {
      const unsub = await client.listen(channel, onMessage);
      return async () => unsub();
    },
    async withAdvisoryLock(key, fn) {
      // One process owns a PGlite directory, so there is no one to race; take the lock anyway for symmetry.
      await client.query('SELECT pg_advisory_lock($1)', [key]);
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]);
      }
    },
    async close() {
      await client.close();
    },
  };
}

function quoteIdent(s: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(s)) throw new Error(`bad channel name ${s}`);
  return `"${s}"`;
}
