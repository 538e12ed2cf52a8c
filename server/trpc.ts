/**
 * tRPC setup: context (who is asking), error shape (never a stack, rule references kept), base procedures.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sessionCookie, type RateLimiter, type SessionStore } from './session';
import superjson from 'superjson';
import { RuleError } from '../engine/core/errors';
import type { GameService } from './games';
import type { LiveHub } from './live';

export interface AppServices {
  games: GameService;
  live: LiveHub;
  /** Signs session cookies (shared by every instance through the database). */
  secret: string;
  /** Browser sessions (the tokens each browser holds). */
  sessions: SessionStore;
  /** Limits invite-token attempts per client address. */
  joinLimiter: RateLimiter;
  /** Process id for logs and for skipping own messages in cross-instance fan-out. */
  instance: string;
}

export interface Context {
  services: AppServices;
  /** Seat and owner tokens the request carries (signed session cookie, x-hexfront-token header). */
  tokens: string[];
  /** Client address, for rate limits. */
  ip?: string;
  /** Keep these tokens in the browser's session (creating it and setting its cookie if needed). */
  keepTokens?: (tokens: string[]) => Promise<void>;
}

export { tokensFrom } from './session';

export function createContextFactory(services: AppServices) {
  return async ({ req, res }: { req: IncomingMessage; res: ServerResponse | null }): Promise<Context> => {
    const session = await services.sessions.read(req);
    let sessionId = session.sessionId;
    let legacy = session.legacy;
    return {
      services,
      tokens: session.tokens,
      ip: req.socket?.remoteAddress,
      keepTokens: async (tokens) => {
        // A legacy cookie's tokens move into the session along with the new ones.
        const id = await services.sessions.add(sessionId, [...legacy, ...tokens]);
        legacy = [];
        if (id !== sessionId && res && !res.headersSent) res.setHeader('Set-Cookie', sessionCookie(services.secret, id));
        sessionId = id;
      },
    };
  };
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
