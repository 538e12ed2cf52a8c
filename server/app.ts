/**
 * The Hexfront process: one port serving the tRPC API (/api/trpc), live events (SSE on the same path), the
 * Yjs websocket (/yjs) and the Next.js pages. Every instance is stateless apart from caches: PostgreSQL is the
 * only shared state, so several can run behind a load balancer.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import { openDatabase, type Database } from '../db/client';
import type { DiceSource } from '../engine/core/dice';
import { migrateDatabase } from '../db/migrate';
import { GameService } from './games';
import { LiveHub } from './live';
import { serveLive } from './live-sse';
import { SEATS_CHANNEL } from './seats';
import { appRouter } from './router';
import { BotRunner } from './bots';
import { createCallerFactory, createContextFactory, retryAfterOf, type AppServices } from './trpc';
import { admitTrpc, clientAddress, limitsFromEnv, Quotas, type Limits } from './limits';
import { ensureDemoGame } from './demo';
import { YjsServer } from './yjs/server';
import { loadSecret, RateLimiter, SessionStore } from './session';

/** What the server uses of a Next.js app (next() returns more). */
interface NextServer {
  prepare(): Promise<void>;
  getRequestHandler(): (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
  getUpgradeHandler(): (req: http.IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>;
}

export interface StartOptions {
  port: number;
  host?: string;
  /** postgres://...; absent means embedded PGlite in dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  /** Serve the Next.js pages (off for API-only test instances). */
  next?: false | { dev: boolean; dir: string };
  seedDemo?: boolean;
  snapshotEvery?: number;
  /** Dice for every game on this server (tests replaying a book's dice); default: cryptographic. */
  dice?: DiceSource;
  /** Offer and allow the test-only rulesets (platform tests; HEXFRONT_TEST_GAMES=1). */
  testGames?: boolean;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
  /** Quotas (default: from the environment, see server/limits.ts); tests set small ones. */
  limits?: Partial<Limits>;
  quiet?: boolean;
  /** Computer players: pause before each of their commands (default 250 ms; HEXFRONT_BOT_DELAY_MS). */
  botDelayMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  services: AppServices;
  database: Database;
  server: http.Server;
  close(): Promise<void>;
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const log = (...a: unknown[]) => !opts.quiet && console.log('[hexfront]', ...a);
  const t0 = Date.now();
  const database = await openDatabase({ url: opts.databaseUrl, dataDir: opts.dataDir });
  log(`database: ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${opts.dataDir})`}`);
  await migrateDatabase(database);
  if (opts.testGames) (await import('../engine/testing/rulesets')).registerTestRulesets();
  const games = new GameService(database, { snapshotEvery: opts.snapshotEvery, allowTestGames: opts.testGames, dice: opts.dice });
  const live = new LiveHub(database);
  await live.start();
  await games.watchSeats(SEATS_CHANNEL);
  const quotas = new Quotas({ ...limitsFromEnv(), ...opts.limits });
  const secret = await loadSecret(database);
  const services: AppServices = {
    games,
    live,
    instance: randomUUID(),
    secret,
    sessions: new SessionStore(database, secret),
    joinLimiter: new RateLimiter(quotas.limits.joinsPerMinute, 60_000),
    quotas,
  };
  // Computer players act through the same procedures as a browser: a caller holding only the bot's seat token.
  const callerOf = createCallerFactory(appRouter);
  services.bots = new BotRunner(games, live, (tokens) => callerOf({ services, tokens }), {
    delayMs: opts.botDelayMs,
    quiet: opts.quiet,
  });
  const restored = await services.bots.restore();
  if (restored) log(`computer players resumed on ${restored} seat(s)`);
  if (opts.seedDemo) {
    const demo = await ensureDemoGame(games);
    if (demo) log(`demo game ready: /games/${demo}`);
  }

  const liveContext = createContextFactory(services);
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: '/api/trpc/',
    createContext: createContextFactory(services),
    maxBodySize: opts.maxBodyBytes ?? 64 * 1024,
    // A quota refusal says when to try again.
    responseMeta({ errors }) {
      const waits = errors.map(retryAfterOf).filter((s): s is number => s !== null);
      return waits.length ? { headers: { 'retry-after': String(Math.max(...waits)) } } : {};
    },
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[trpc] ${path}:`, error.cause ?? error);
    },
  });

  let nextHandler: ((req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) | null = null;
  let nextUpgrade: ((req: http.IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>) | null = null;
  if (opts.next) {
    const { default: next } = await import('next');
    const app = (next as unknown as (o: object) => NextServer)({ dev: opts.next.dev, dir: opts.next.dir, port: opts.port });
    await app.prepare();
    nextHandler = app.getRequestHandler();
    nextUpgrade = app.getUpgradeHandler?.() ?? null;
  }

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/trpc/')) {
      if (req.method === 'POST' && !sameOrigin(req)) {
        res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Cross-site request refused' }));
        return;
      }
      if (!admitTrpc(quotas, req, res)) return;
      // Live events are streamed by server/live-sse.ts (same wire form, bytes built once per viewer).
      if (url.startsWith('/api/trpc/game.live?'))
        serveLive(req, res, appRouter, liveContext)
          .then((served) => served || trpc(req, res))
          .catch((err) => {
            console.error('[live]', err);
            if (!res.headersSent) res.writeHead(500).end();
            else res.destroy();
          });
      else trpc(req, res);
      return;
    }
    if (url === '/api/health') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ok: true, db: database.kind, instance: services.instance }));
      return;
    }
    if (nextHandler) {
      nextHandler(req, res).catch((err) => {
        console.error('[next]', err);
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  // Yjs (team chat, annotations) on the same port; the tokens are read exactly as the API reads them.
  const contextOf = createContextFactory(services);
  const yjs = await new YjsServer({
    database,
    games,
    instance: services.instance,
    tokensOf: async (req) => (await contextOf({ req, res: null })).tokens,
    openSocket: (req) => quotas.openSocket(clientAddress(req, quotas.limits.trustProxy)),
  }).start();
  server.on('upgrade', (req, socket, head) => {
    if ((req.url ?? '').startsWith('/yjs')) yjs.handleUpgrade(req, socket, head);
    else if (nextUpgrade) nextUpgrade(req, socket, head).catch(() => socket.destroy());
    else socket.destroy();
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const url = `http://localhost:${port}`;
  log(`listening on ${url} (ready in ${Date.now() - t0} ms)`);

  return {
    url,
    port,
    services,
    database,
    server,
    async close() {
      await services.bots?.close();
      await yjs.close();
      await live.stop();
      server.closeAllConnections?.();
      await new Promise<void>((r) => server.close(() => r()));
      await database.close();
    },
  };
}

/** Refuse state-changing requests whose Origin names another site (CSRF guard; cookies are SameSite=Lax too). */
export function sameOrigin(req: http.IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // non-browser clients and same-origin fetches that omit it
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
