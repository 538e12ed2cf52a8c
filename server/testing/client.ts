/**
 * A Node tRPC client for tests, scripts and benchmarks, talking to a running server like a browser would
 * (seat tokens in the x-hexfront-token header instead of the cookie).
 */
import { createTRPCClient, TRPCClientError, httpBatchLink, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import superjson from 'superjson';
import type { AppRouter } from '../router';

export function apiClient(baseUrl: string, tokens: string[] = [], opts: { batch?: boolean } = {}) {
  const headers = (): Record<string, string> => (tokens.length ? { 'x-hexfront-token': tokens.join(',') } : {});
  const http =
    opts.batch === false
      ? httpLink({ url: `${baseUrl}/api/trpc`, transformer: superjson, headers })
      : httpBatchLink({ url: `${baseUrl}/api/trpc`, transformer: superjson, headers, maxItems: 8 });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${baseUrl}/api/trpc`,
          transformer: superjson,
          // Node 20 has no EventSource: use the package, passing seat tokens as a header.
          EventSource: EventSource as never,
          eventSourceOptions: () =>
            ({
              fetch: (input: string | URL, init?: RequestInit) =>
                fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers() } }),
            }) as never,
        }),
        false: http,
      }),
    ],
  });
}

export type ApiClient = ReturnType<typeof apiClient>;

/** The tRPC error code a call fails with, or 'OK' when it succeeds. */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (!(e instanceof TRPCClientError)) throw e;
    return (e as TRPCClientError<any>).data?.code ?? 'UNKNOWN';
  }
  return 'OK';
}
