import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from db/schema.ts into db/migrations (committed).
// The app applies them itself at start-up (db/migrate.ts), under an advisory lock.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
});
