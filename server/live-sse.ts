/**
 * game.live's server-sent events, written straight to the socket (issue 14, point 1). The procedure itself
 * (input check, middlewares, viewer, seat re-checks) runs through tRPC's callProcedure exactly as before; only the
 * streaming of what it yields bypasses tRPC's web-stream pipeline, which cost several allocations, four socket
 * writes and a JSON pass per message per subscriber. Here a batch is turned into bytes once (it is one object
 * shared by every stream of one viewer, server/live.ts) and each stream gets one write of those same bytes.
 *
 * The wire form is tRPC's own (httpSubscriptionLink reads it unchanged): a `connected` event with the client
 * options, `data:`/`id:` messages, `ping` events, `serialized-error` on a failure and `return` at the end.
 * Anything unusual about a request (a batch, another method, an input that does not parse) is left to tRPC.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  callProcedure,
  getErrorShape,
  getTRPCErrorFromUnknown,
  isAbortError,
  isTrackedEnvelope,
} from '@trpc/server/unstable-core-do-not-import';
import type { AnyRouter } from '@trpc/server';
import { guardedSuperjson, plainFirstOutput } from './input';

const PATH = 'game.live';
/** What the client is told when it connects (as in server/trpc.ts's `sse.client`). */
const CLIENT = JSON.stringify({ reconnectAfterInactivityMs: 40_000 });
const PING_MS = 15_000;
/** A stream whose client does not read is cut past this many unsent bytes (it reconnects and resumes). */
const MAX_BUFFERED = 4 * 1024 * 1024;

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
};

/** Message bytes per yielded object (and id): built once, written to every stream it goes to. */
const encoded = new WeakMap<object, { id: string; bytes: Buffer }>();
export const liveWire = { messagesEncoded: 0 };

function message(id: string | undefined, data: unknown): Buffer {
  if (data !== null && typeof data === 'object') {
    const hit = encoded.get(data);
    if (hit && hit.id === (id ?? '')) return hit.bytes;
  }
  liveWire.messagesEncoded++;
  const bytes = Buffer.from(`data: ${JSON.stringify(plainFirstOutput.serialize(data))}\n${id !== undefined ? `id: ${id}\n` : ''}\n\n`);
  if (data !== null && typeof data === 'object') encoded.set(data, { id: id ?? '', bytes });
  return bytes;
}

/**
 * Serve a game.live request if it is a plain one; false leaves it to tRPC's handler (which answers the unusual
 * ones, errors included, exactly as before).
 */
export async function serveLive(
  req: IncomingMessage,
  res: ServerResponse,
  router: AnyRouter,
  createContext: (o: { req: IncomingMessage; res: ServerResponse }) => Promise<unknown>,
): Promise<boolean> {
  if (req.method !== 'GET') return false;
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname !== `/api/trpc/${PATH}` || url.searchParams.has('batch')) return false;
  let input: unknown;
  try {
    input = guardedSuperjson.deserialize(JSON.parse(url.searchParams.get('input') ?? 'null'));
  } catch {
    return false;
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return false;
  const last = req.headers['last-event-id'] ?? url.searchParams.get('lastEventId') ?? url.searchParams.get('Last-Event-Id');
  if (typeof last === 'string' && last) input = { ...input, lastEventId: last };

  const ctx = await createContext({ req, res });
  const ac = new AbortController();
  const abort = () => ac.abort();
  res.once('close', abort);
  let iterable: AsyncIterable<unknown>;
  try {
    iterable = await callProcedure({
      router,
      path: PATH,
      getRawInput: async () => input,
      ctx,
      type: 'subscription',
      signal: ac.signal,
      batchIndex: 0,
    });
  } catch {
    // Refused before streaming (the input's shape, say): tRPC's handler answers it in its own words.
    res.off('close', abort);
    return false;
  }

  const write = (chunk: string | Buffer) => !res.destroyed && !res.writableEnded && res.write(chunk);
  res.writeHead(200, SSE_HEADERS);
  write(`event: connected\ndata: ${CLIENT}\n\n\n`);
  const ping = setInterval(() => write('event: ping\ndata: \n\n\n'), PING_MS);
  ping.unref();
  const it = iterable[Symbol.asyncIterator]();
  try {
    for (;;) {
      const step = await it.next();
      if (step.done) {
        write('event: return\ndata: \n\n\n');
        break;
      }
      if (ac.signal.aborted) break;
      const v = step.value;
      const bytes = isTrackedEnvelope(v) ? message(String(v[0]), v[1]) : message(undefined, v);
      write(bytes);
      if (res.writableLength > MAX_BUFFERED) {
        res.destroy();
        break;
      }
    }
  } catch (cause) {
    if (!isAbortError(cause) && !ac.signal.aborted && !res.destroyed) {
      const error = getTRPCErrorFromUnknown(cause);
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[trpc] ${PATH}:`, error.cause ?? error);
      const shape = getErrorShape({ config: router._def._config, error, type: 'subscription', path: PATH, input, ctx });
      write(`event: serialized-error\ndata: ${JSON.stringify(plainFirstOutput.serialize(shape))}\n\n\n`);
    }
  } finally {
    clearInterval(ping);
    res.off('close', abort);
    ac.abort();
    await it.return?.().catch(() => {});
    if (!res.destroyed && !res.writableEnded) res.end();
  }
  return true;
}
