/**
 * Quotas and the client address they key on, in one place. The values come from the environment (README,
 * "Environment"; defaults in DEFAULT_LIMITS, recorded in docs/decisions.md); the counters live in memory, per
 * instance. Callers stay thin: they ask a Quotas object, which throws a QuotaError (HTTP 429, with the seconds
 * to wait, sent as Retry-After) or hands back a release function for things held open.
 */
import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { AppError } from './errors';

export interface Limits {
  /** Games (new or what-if branches) one client address may create per hour. */
  gamesPerHour: number;
  /** Replay links a game may have that are not revoked, for each side's players (and for spectators together). */
  replayLinksPerGame: number;
  /** Calls in one batched tRPC request. */
  callsPerBatch: number;
  /** Live event streams (SSE) open on one game, on this instance. */
  livePerGame: number;
  /** Live event streams one client address holds open, on this instance. */
  livePerClient: number;
  /** Yjs websockets one client address holds open, on this instance. */
  socketsPerClient: number;
  /** Invite claims (seats.join) per client address per minute. */
  joinsPerMinute: number;
  /**
   * How many reverse proxies in front of the server to believe: 0 ignores X-Forwarded-For and
   * X-Forwarded-Proto; n takes the client address n hops back in X-Forwarded-For.
   */
  trustProxy: number;
}

export const DEFAULT_LIMITS: Limits = {
  gamesPerHour: 300,
  replayLinksPerGame: 20,
  callsPerBatch: 10,
  livePerGame: 500,
  livePerClient: 64,
  socketsPerClient: 64,
  joinsPerMinute: 30,
  trustProxy: 0,
};

/** The environment variable behind each limit. */
export const LIMIT_ENV: Record<keyof Limits, string> = {
  gamesPerHour: 'HEXFRONT_GAMES_PER_HOUR',
  replayLinksPerGame: 'HEXFRONT_REPLAY_LINKS_PER_GAME',
  callsPerBatch: 'HEXFRONT_CALLS_PER_BATCH',
  livePerGame: 'HEXFRONT_LIVE_PER_GAME',
  livePerClient: 'HEXFRONT_LIVE_PER_CLIENT',
  socketsPerClient: 'HEXFRONT_SOCKETS_PER_CLIENT',
  joinsPerMinute: 'HEXFRONT_JOINS_PER_MINUTE',
  trustProxy: 'HEXFRONT_TRUST_PROXY',
};

/** Limits from the environment; a malformed value stops the start-up with a message naming the variable. */
export function limitsFromEnv(env: Record<string, string | undefined> = process.env): Limits {
  const out = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(LIMIT_ENV) as (keyof Limits)[]) {
    const name = LIMIT_ENV[key];
    const raw = env[name]?.trim();
    if (!raw) continue;
    if (key === 'trustProxy') {
      const word = raw.toLowerCase();
      if (word === 'true' || word === 'yes') out.trustProxy = 1;
      else if (word === 'false' || word === 'no') out.trustProxy = 0;
      else if (/^\d{1,2}$/.test(raw)) out.trustProxy = Number(raw);
      else throw new Error(`${name} must be a number of proxy hops (0, 1, 2...) or true/false, not "${raw}"`);
      continue;
    }
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a positive whole number, not "${raw}"`);
    out[key] = Number(raw);
  }
  return out;
}

/** A quota was reached: HTTP 429, and the client may try again after `retryAfter` seconds. */
export class QuotaError extends AppError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super('TOO_MANY_REQUESTS', message);
  }
}

/** Counts events per key in fixed windows; take() answers 0 (allowed) or the seconds until the window ends. */
export class FixedWindow {
  private hits = new Map<string, { start: number; n: number }>();
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  take(key: string, now = Date.now()): number {
    let h = this.hits.get(key);
    if (!h || now - h.start >= this.windowMs) {
      if (this.hits.size >= 10_000) this.prune(now);
      h = { start: now, n: 0 };
      this.hits.set(key, h);
    }
    if (h.n >= this.limit) return Math.max(1, Math.ceil((h.start + this.windowMs - now) / 1000));
    h.n++;
    return 0;
  }

  /** Give back one take (the thing counted did not happen after all). */
  refund(key: string) {
    const h = this.hits.get(key);
    if (h && h.n > 0) h.n--;
  }

  private prune(now: number) {
    for (const [k, h] of this.hits) if (now - h.start >= this.windowMs) this.hits.delete(k);
    // Still full of live windows: forget the oldest (a client may then get a fresh window early, never a refusal).
    for (const k of this.hits.keys()) {
      if (this.hits.size < 10_000) break;
      this.hits.delete(k);
    }
  }
}

/** Things held open per key (streams, sockets). */
export class Gauge {
  private open = new Map<string, number>();
  count(key: string): number {
    return this.open.get(key) ?? 0;
  }
  add(key: string) {
    this.open.set(key, this.count(key) + 1);
  }
  remove(key: string) {
    const n = this.count(key) - 1;
    if (n > 0) this.open.set(key, n);
    else this.open.delete(key);
  }
}

/** Seconds a client is asked to wait when something it holds open is at its limit. */
const HELD_RETRY_SECONDS = 30;

export class Quotas {
  private readonly games: FixedWindow;
  private readonly live = new Gauge();
  private readonly sockets = new Gauge();

  constructor(readonly limits: Limits) {
    this.games = new FixedWindow(limits.gamesPerHour, 3_600_000);
  }

  /** Run `create` as one more game (or branch) created by `client`; a failed creation is not counted. */
  async createGame<T>(client: string, create: () => Promise<T>): Promise<T> {
    const wait = this.games.take(client);
    if (wait)
      throw new QuotaError(`At most ${this.limits.gamesPerHour} new games per hour from one address; try again in ${minutes(wait)}`, wait);
    try {
      return await create();
    } catch (err) {
      this.games.refund(client);
      throw err;
    }
  }

  /** Refuse a replay link past the quota (`existing`: the game's links not revoked made by the same side). */
  checkReplayLinks(existing: number) {
    if (existing >= this.limits.replayLinksPerGame)
      throw new QuotaError(
        `Your side already has ${existing} replay links to this game (the most allowed is ${this.limits.replayLinksPerGame}); revoke one to make another`,
        60,
      );
  }

  /** The first limit a batched request of `calls` calls breaks, or null. */
  batchRefusal(calls: number): string | null {
    return calls > this.limits.callsPerBatch
      ? `At most ${this.limits.callsPerBatch} calls in one batched request (this one has ${calls}); send them in smaller batches`
      : null;
  }

  /** Open a live stream of `gameId` for `client`; returns its release, or throws when a limit is reached. */
  openLive(client: string, gameId: string): () => void {
    const g = `g:${gameId}`;
    const c = `c:${client}`;
    if (this.live.count(g) >= this.limits.livePerGame)
      throw new QuotaError(`This game has ${this.limits.livePerGame} live viewers on this server; try again shortly`, HELD_RETRY_SECONDS);
    if (this.live.count(c) >= this.limits.livePerClient)
      throw new QuotaError(
        `At most ${this.limits.livePerClient} live game streams per address; close some game tabs and try again`,
        HELD_RETRY_SECONDS,
      );
    return this.hold(this.live, [g, c]);
  }

  /** Open a collaboration websocket for `client`; returns its release, or throws when the limit is reached. */
  openSocket(client: string): () => void {
    const c = `c:${client}`;
    if (this.sockets.count(c) >= this.limits.socketsPerClient)
      throw new QuotaError(
        `At most ${this.limits.socketsPerClient} chat and annotation connections per address; close some game tabs and try again`,
        HELD_RETRY_SECONDS,
      );
    return this.hold(this.sockets, [c]);
  }

  private hold(gauge: Gauge, keys: string[]): () => void {
    for (const k of keys) gauge.add(k);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const k of keys) gauge.remove(k);
    };
  }
}

const minutes = (s: number) => (s < 90 ? `${s} seconds` : `${Math.ceil(s / 60)} minutes`);

const stripV4Mapped = (a: string) => (a.startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a);

/**
 * The address a request comes from. With trustProxy = n, the n proxies nearest the server each appended the
 * address they received from to X-Forwarded-For, so the client is the entry n places from the socket; entries
 * further left were written by the client itself and are never believed. Without trust, the socket's address.
 */
export function clientAddress(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: number): string {
  const socket = stripV4Mapped(req.socket?.remoteAddress ?? 'unknown');
  if (trustProxy <= 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...forwarded, socket];
  const picked = stripV4Mapped(chain[Math.max(0, chain.length - 1 - trustProxy)]);
  return isIP(picked) ? picked : socket;
}

/** Whether the browser reached us over HTTPS (a TLS socket, or a trusted proxy's X-Forwarded-Proto). */
export function servedOverHttps(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: number): boolean {
  if ((req.socket as TLSSocket | undefined)?.encrypted) return true;
  if (trustProxy <= 0) return false;
  const proto = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(proto) ? proto[0] : (proto ?? '')).split(',')[0].trim().toLowerCase();
  return first === 'https';
}

/**
 * A tRPC-shaped error body for refusals made before tRPC sees the request (so clients parse it like any other
 * error). `batch`: one error per call, as a batched request expects.
 */
export function trpcErrorBody(code: 'TOO_MANY_REQUESTS' | 'BAD_REQUEST', message: string, calls = 0): string {
  const jsonCode = code === 'TOO_MANY_REQUESTS' ? -32029 : -32600;
  const httpStatus = code === 'TOO_MANY_REQUESTS' ? 429 : 400;
  const one = { error: { json: { message, code: jsonCode, data: { code, httpStatus, path: null, rule: null, ruleCode: null } } } };
  return JSON.stringify(calls > 0 ? Array.from({ length: calls }, () => one) : one);
}

/** Answer a refused HTTP request with a tRPC-shaped 429 and Retry-After. */
export function refuseHttp(res: ServerResponse, err: QuotaError) {
  res
    .writeHead(429, { 'content-type': 'application/json', 'retry-after': String(err.retryAfter) })
    .end(trpcErrorBody('TOO_MANY_REQUESTS', err.message));
}

/**
 * The gate in front of the tRPC handler, for limits tRPC cannot answer with a status of their own: the number
 * of calls in a batched request (refused before any call runs) and live streams (SSE answers 200 before the
 * subscription runs). Returns false when it has answered the request itself.
 */
export function admitTrpc(quotas: Quotas, req: IncomingMessage, res: ServerResponse): boolean {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let path = url.pathname.replace(/^\/api\/trpc\//, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    /* tRPC answers a malformed path itself */
  }
  const procedures = path.split(',');
  if (url.searchParams.get('batch') === '1') {
    const why = quotas.batchRefusal(procedures.length);
    if (why) {
      refuseHttp(res, new QuotaError(why, 1));
      return false;
    }
  }
  if (procedures.length === 1 && procedures[0] === 'game.live') {
    let gameId = '';
    try {
      const input = JSON.parse(url.searchParams.get('input') ?? 'null') as { json?: { gameId?: unknown } } | null;
      gameId = String(input?.json?.gameId ?? '').slice(0, 64);
    } catch {
      /* tRPC refuses the input itself */
    }
    try {
      const release = quotas.openLive(clientAddress(req, quotas.limits.trustProxy), gameId);
      res.once('close', release);
    } catch (err) {
      if (!(err instanceof QuotaError)) throw err;
      refuseHttp(res, err);
      return false;
    }
  }
  return true;
}
