/**
 * Typed errors the API returns. Everything the client may see is a TRPCError with a code and a plain message;
 * rule violations also carry the rule reference. Nothing else (no stack, no SQL) leaves the server.
 */
import { TRPCError } from '@trpc/server';
import { RuleError } from '../engine/core/errors';

export class AppError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'CONFLICT' | 'BAD_REQUEST' | 'FORBIDDEN' | 'UNAUTHORIZED' | 'PAYLOAD_TOO_LARGE' | 'TOO_MANY_REQUESTS',
    message: string,
  ) {
    super(message);
  }
}

const ruleCodeToTrpc = {
  BAD_COMMAND: 'BAD_REQUEST',
  FORBIDDEN: 'FORBIDDEN',
  NOT_YOUR_TURN: 'PRECONDITION_FAILED',
  ILLEGAL: 'UNPROCESSABLE_CONTENT',
  NOT_SUPPORTED: 'NOT_IMPLEMENTED',
} as const;

/** Convert anything thrown below a procedure into a TRPCError the client may safely see. */
export function toTrpcError(err: unknown): TRPCError {
  if (err instanceof TRPCError) return err;
  if (err instanceof RuleError) {
    return new TRPCError({ code: ruleCodeToTrpc[err.code], message: err.message, cause: err });
  }
  if (err instanceof AppError) return new TRPCError({ code: err.code, message: err.message, cause: err });
  console.error('[server] unexpected error:', err);
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal error' });
}
