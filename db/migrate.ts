/**
 * Applies db/migrations at start-up. Drizzle's migrator takes no lock, so two instances starting at once could
 * both try to create the tables: we hold a PostgreSQL advisory lock around it.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

export const MIGRATION_LOCK = 0x6865_7866; // "hexf"

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function migrateDatabase(database: Database): Promise<void> {
  await database.withAdvisoryLock(MIGRATION_LOCK, async () => {
    if (database.kind === 'postgres') await migratePg(database.db as never, { migrationsFolder });
    else await migratePglite(database.db as never, { migrationsFolder });
  });
}
