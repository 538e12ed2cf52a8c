/**
 * tRPC setup: context (who is asking), error shape (never a stack, rule references kept), base procedures.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import superjson from 'superjson';
import { RuleError } from '../engine/core/errors';
import type { GameService } from './games';
import type { LiveHub } from './live';

export interface AppServices {
  games: GameService;
  live: LiveHub;
  /** Process id for logs and for skipping own messages in cross-instance fan-out. */
  instance: string;
}

export interface Context {
  services: AppServices;
  /** Seat tokens the request carries (header x-hexfront-token, cookie hf_tokens). */
  tokens: string[];
  setCookie?: (cookie: string) => void;
}

export const TOKEN_COOKIE = 'hf_tokens';

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    try {
      out[k] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      /* ignore a malformed cookie */
    }
  }
  return out;
}

export function tokensFrom(req: Pick<IncomingMessage, 'headers'>): string[] {
  const header = req.headers['x-hexfront-token'];
  const fromHeader = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  const fromCookie = (parseCookies(req.headers.cookie)[TOKEN_COOKIE] ?? '').split(',');
  return [...new Set([...fromHeader, ...fromCookie].map((t) => t.trim()).filter((t) => /^[A-Za-z0-9_-]{16,64}$/.test(t)))];
}

export function createContextFactory(services: AppServices) {
  return ({ req, res }: { req: IncomingMessage; res: ServerResponse }): Context => ({
    services,
    tokens: tokensFrom(req),
    setCookie: (cookie) => {
      const prev = res.getHeader('Set-Cookie');
      res.setHeader('Set-Cookie', [...(Array.isArray(prev) ? prev : prev ? [String(prev)] : []), cookie]);
    },
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
