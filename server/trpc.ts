/**
 * tRPC setup: context (who is asking), error shape (never a stack, rule references kept), base procedures.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sessionCookie, type RateLimiter, type SessionStore } from './session';
import { ZodError } from 'zod';
import { RuleError } from '../engine/core/errors';
import type { GameService } from './games';
import { assertPlainInput, guardedSuperjson, InputError, plainFirstOutput } from './input';
import { clientAddress, QuotaError, servedOverHttps, type Quotas } from './limits';
import type { LiveHub } from './live';
import type { BotRunner } from './bots';

export interface AppServices {
  games: GameService;
  live: LiveHub;
  /** Signs session cookies (shared by every instance through the database). */
  secret: string;
  /** Browser sessions (the tokens each browser holds). */
  sessions: SessionStore;
  /** Limits invite-token attempts per client address. */
  joinLimiter: RateLimiter;
  /** Quotas per client address and per game (server/limits.ts). */
  quotas: Quotas;
  /** Process id for logs and for skipping own messages in cross-instance fan-out. */
  instance: string;
  /** Computer players (server/bots.ts); absent when the server runs without them. */
  bots?: BotRunner;
}

export interface Context {
  services: AppServices;
  /** Seat and owner tokens the request carries (signed session cookie, x-hexfront-token header). */
  tokens: string[];
  /** Client address, for rate limits (X-Forwarded-For only when HEXFRONT_TRUST_PROXY says so). */
  ip?: string;
  /** Keep these tokens in the browser's session (creating it and setting its cookie if needed). */
  keepTokens?: (tokens: string[]) => Promise<void>;
}

export { tokensFrom } from './session';

export function createContextFactory(services: AppServices) {
  const trust = services.quotas.limits.trustProxy;
  return async ({ req, res }: { req: IncomingMessage; res: ServerResponse | null }): Promise<Context> => {
    const session = await services.sessions.read(req);
    let sessionId = session.sessionId;
    let legacy = session.legacy;
    return {
      services,
      tokens: session.tokens,
      ip: clientAddress(req, trust),
      keepTokens: async (tokens) => {
        // A legacy cookie's tokens move into the session along with the new ones.
        const id = await services.sessions.add(sessionId, [...legacy, ...tokens]);
        legacy = [];
        if (id !== sessionId && res && !res.headersSent)
          res.setHeader('Set-Cookie', sessionCookie(services.secret, id, servedOverHttps(req, trust)));
        sessionId = id;
      },
    };
  };
}

/** Seconds to wait before retrying, for an error that is a quota (Retry-After), else null. */
export function retryAfterOf(error: TRPCError): number | null {
  if (error.cause instanceof QuotaError) return error.cause.retryAfter;
  return error.code === 'TOO_MANY_REQUESTS' ? 60 : null;
}

/** The field a BAD_REQUEST names (our input guard, or the first zod issue), else null. */
function fieldOf(cause: unknown): string | null {
  if (cause instanceof InputError) return cause.field;
  if (cause instanceof ZodError) return cause.issues[0]?.path.join('.') ?? null;
  return null;
}

const t = initTRPC.context<Context>().create({
  // Inputs are checked on the wire before superjson rebuilds them (server/input.ts); outputs are ours, sent as
  // they are when they are plain JSON (superjson reads them back unchanged).
  transformer: { input: guardedSuperjson, output: plainFirstOutput },
  // Stacks never go to clients, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    // zod's own message is a JSON dump of its issues: say "field: problem" instead.
    const message =
      cause instanceof ZodError ? cause.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ') : shape.message;
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        rule: cause instanceof RuleError ? cause.rule : null,
        ruleCode: cause instanceof RuleError ? cause.code : null,
        field: fieldOf(cause),
        retryAfter: retryAfterOf(error),
      },
    };
  },
  sse: {
    ping: { enabled: true, intervalMs: 15_000 },
    client: { reconnectAfterInactivityMs: 40_000 },
  },
});

export const router = t.router;
/** Every procedure refuses input that is not plain, bounded JSON before its own validation runs. */
export const publicProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  await assertPlainInput(getRawInput);
  return next();
});
export const createCallerFactory = t.createCallerFactory;
export { TRPCError };
