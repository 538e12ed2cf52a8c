/**
 * Entry point: `tsx server.ts` (production, after `next build`) or `tsx server.ts --dev` (Next in dev mode).
 *
 * Environment:
 *   PORT                 port to listen on (default 3000)
 *   HOST                 interface to bind (default 0.0.0.0)
 *   DATABASE_URL         postgres://... to use a real PostgreSQL; unset = embedded PGlite
 *   HEXFRONT_DATA_DIR    PGlite data directory (default .data/pglite)
 *   HEXFRONT_NO_NEXT=1   API only (no pages): used by tests and benchmarks
 *   HEXFRONT_NO_DEMO=1   do not create the demo game
 *   HEXFRONT_TEST_GAMES=1  also offer the test-only rulesets (platform tests)
 */
import path from 'node:path';
import { startServer } from './server/app';

const dev = process.argv.includes('--dev');
const noNext = process.env.HEXFRONT_NO_NEXT === '1';

const running = await startServer({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST,
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.HEXFRONT_DATA_DIR ?? path.join(process.cwd(), '.data', 'pglite'),
  next: noNext ? false : { dev, dir: process.cwd() },
  seedDemo: process.env.HEXFRONT_NO_DEMO !== '1',
  testGames: process.env.HEXFRONT_TEST_GAMES === '1',
  snapshotEvery: process.env.HEXFRONT_SNAPSHOT_EVERY ? Number(process.env.HEXFRONT_SNAPSHOT_EVERY) : undefined,
  botDelayMs: process.env.HEXFRONT_BOT_DELAY_MS ? Number(process.env.HEXFRONT_BOT_DELAY_MS) : undefined,
});

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (closing) process.exit(1);
    closing = true;
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
