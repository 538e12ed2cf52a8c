/**
 * tRPC setup: context (who is asking), error shape (never a stack, rule references kept), base procedures.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sessionCookie, tokensFrom, type RateLimiter } from './session';
import superjson from 'superjson';
import { RuleError } from '../engine/core/errors';
import type { GameService } from './games';
import type { LiveHub } from './live';
import type { BotRunner } from './bots';

export interface AppServices {
  games: GameService;
  live: LiveHub;
  /** Signs session cookies (shared by every instance through the database). */
  secret: string;
  /** Limits invite-token attempts per client address. */
  joinLimiter: RateLimiter;
  /** Process id for logs and for skipping own messages in cross-instance fan-out. */
  instance: string;
  /** Computer players (server/bots.ts); absent when the server runs without them. */
  bots?: BotRunner;
}

export interface Context {
  services: AppServices;
  /** Seat and owner tokens the request carries (signed session cookie, x-hexfront-token header). */
  tokens: string[];
  /** Client address, for rate limits. */
  ip?: string;
  /** Replace the browser's session cookie with one holding these tokens. */
  setSession?: (tokens: string[]) => void;
}

export { tokensFrom } from './session';

export function createContextFactory(services: AppServices) {
  return ({ req, res }: { req: IncomingMessage; res: ServerResponse }): Context => ({
    services,
    tokens: tokensFrom(req, services.secret),
    ip: req.socket.remoteAddress,
    setSession: (tokens) => res.setHeader('Set-Cookie', sessionCookie(services.secret, tokens)),
  });
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Stacks never go to clients, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        rule: cause instanceof RuleError ? cause.rule : null,
        ruleCode: cause instanceof RuleError ? cause.code : null,
      },
    };
  },
  sse: {
    ping: { enabled: true, intervalMs: 15_000 },
    client: { reconnectAfterInactivityMs: 40_000 },
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;
export { TRPCError };
