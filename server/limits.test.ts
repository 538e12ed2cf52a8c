/**
 * Quotas (issue 12, point 8): each limit answers 429 with a Retry-After header and a message saying what to do,
 * counts per client address (X-Forwarded-For only when the proxy is trusted), and leaves other clients alone.
 * Replay links are revocable by the side that made them. The session cookie is Secure over HTTPS.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RunningServer } from './app';
import { clientAddress, FixedWindow, limitsFromEnv, servedOverHttps } from './limits';
import { apiClient, codeOf } from './testing/client';
import { freshDatabase, startTestServer, type TestDb } from './testing/harness';
import { sideDocName } from './yjs/names';
import { wsBase } from './yjs/testing';

const LIMITS = {
  gamesPerHour: 3,
  replayLinksPerGame: 2,
  callsPerBatch: 3,
  livePerGame: 2,
  livePerClient: 3,
  socketsPerClient: 2,
  trustProxy: 1,
};

let db: TestDb;
let srv: RunningServer;
let untrusting: RunningServer;
let db2: TestDb;

beforeAll(async () => {
  db = await freshDatabase();
  srv = await startTestServer(db, { limits: LIMITS });
  db2 = await freshDatabase();
  untrusting = await startTestServer(db2, { limits: { ...LIMITS, trustProxy: 0 } });
});
afterAll(async () => {
  await srv?.close();
  await untrusting?.close();
  await db?.drop();
  await db2?.drop();
});

const enc = (input: unknown) => JSON.stringify({ json: input });

async function post(base: string, proc: string, input: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/trpc/${proc}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: enc(input),
  });
  const body = (await res.json()) as {
    result?: { data: { json: unknown } };
    error?: { json: { message: string; data: { code: string; retryAfter: number | null } } };
  };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), cookie: res.headers.get('set-cookie'), body };
}

const create = (base: string, headers: Record<string, string> = {}, ruleset = 'tally') =>
  post(base, 'game.create', { ruleset, scenario: 'count' }, headers);

describe('the client address and HTTPS', () => {
  const req = (remote: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress: remote } as never, headers });

  it('believes X-Forwarded-For only as far as the trusted proxies go', () => {
    expect(clientAddress(req('10.0.0.9', { 'x-forwarded-for': '1.2.3.4' }), 0)).toBe('10.0.0.9');
    expect(clientAddress(req('10.0.0.9', { 'x-forwarded-for': '1.2.3.4' }), 1)).toBe('1.2.3.4');
    // A client's own forged entries sit left of what the proxy appended, and are never picked.
    expect(clientAddress(req('10.0.0.9', { 'x-forwarded-for': '6.6.6.6, 1.2.3.4' }), 1)).toBe('1.2.3.4');
    expect(clientAddress(req('10.0.0.9', { 'x-forwarded-for': '6.6.6.6, 1.2.3.4, 10.0.0.5' }), 2)).toBe('1.2.3.4');
    expect(clientAddress(req('::ffff:127.0.0.1'), 1)).toBe('127.0.0.1');
    expect(clientAddress(req('10.0.0.9', { 'x-forwarded-for': 'not-an-address' }), 1)).toBe('10.0.0.9');
    expect(servedOverHttps(req('10.0.0.9', { 'x-forwarded-proto': 'https' }), 1)).toBe(true);
    expect(servedOverHttps(req('10.0.0.9', { 'x-forwarded-proto': 'https' }), 0)).toBe(false);
    expect(servedOverHttps({ socket: { encrypted: true } as never, headers: {} }, 0)).toBe(true);
  });

  it('reads quotas from the environment and refuses malformed values', () => {
    const l = limitsFromEnv({ HEXFRONT_GAMES_PER_HOUR: '7', HEXFRONT_TRUST_PROXY: 'true', HEXFRONT_SOCKETS_PER_CLIENT: ' 9 ' });
    expect([l.gamesPerHour, l.trustProxy, l.socketsPerClient]).toEqual([7, 1, 9]);
    expect(limitsFromEnv({ HEXFRONT_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => limitsFromEnv({ HEXFRONT_CALLS_PER_BATCH: '0' })).toThrow(/HEXFRONT_CALLS_PER_BATCH/);
    expect(() => limitsFromEnv({ HEXFRONT_TRUST_PROXY: 'maybe' })).toThrow(/HEXFRONT_TRUST_PROXY/);
  });

  it('counts in fixed windows and says how long to wait', () => {
    const w = new FixedWindow(2, 60_000);
    expect([w.take('x', 0), w.take('x', 1000), w.take('x', 30_000)]).toEqual([0, 0, 30]);
    expect(w.take('y', 30_000)).toBe(0);
    expect(w.take('x', 60_000)).toBe(0);
  });

  it('marks the session cookie Secure over HTTPS (a trusted proxy says so), not over plain HTTP', async () => {
    const plain = await create(srv.url, { 'x-forwarded-for': '10.1.0.1' });
    expect(plain.cookie).toMatch(/HttpOnly/);
    expect(plain.cookie).not.toMatch(/Secure/);
    const https = await create(srv.url, { 'x-forwarded-for': '10.1.0.2', 'x-forwarded-proto': 'https' });
    expect(https.cookie).toMatch(/; Secure/);
    // Without trust in proxies the header is someone's claim, not the connection's.
    const claimed = await create(untrusting.url, { 'x-forwarded-proto': 'https' });
    expect(claimed.cookie).not.toMatch(/Secure/);
  });
});

describe('quotas', () => {
  it('limits games created per client per hour (branches count; failures do not), per forwarded address', async () => {
    const a = { 'x-forwarded-for': '10.2.0.1' };
    expect((await create(srv.url, a, 'no-such-game')).status).toBe(404);
    const first = await create(srv.url, a);
    expect(first.status).toBe(200);
    const g = first.body.result?.data.json as { id: string; ownerToken: string; seats: { token: string }[] };
    const all = [g.ownerToken, ...g.seats.map((s) => s.token)];
    const branch = await post(srv.url, 'timeline.branch', { gameId: g.id, atSeq: 1 }, { ...a, 'x-hexfront-token': all.join(',') });
    expect(branch.status).toBe(200);
    expect((await create(srv.url, a)).status).toBe(200);
    const refused = await create(srv.url, a);
    expect(refused.status).toBe(429);
    expect(refused.body.error?.json.data.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.body.error?.json.message).toMatch(/At most 3 new games per hour/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(3000);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);
    expect(refused.body.error?.json.data.retryAfter).toBe(Number(refused.retryAfter));
    // Another client behind the same proxy is not locked out.
    expect((await create(srv.url, { 'x-forwarded-for': '10.2.0.2' })).status).toBe(200);
    // A batch of creates is counted call by call.
    const c = apiClient(srv.url);
    const burst = await Promise.all([1, 2, 3].map(() => codeOf(c.game.create.mutate({ ruleset: 'tally', scenario: 'count' }))));
    expect(burst.filter((x) => x === 'OK')).toHaveLength(3);
    expect(await codeOf(c.game.create.mutate({ ruleset: 'tally', scenario: 'count' }))).toBe('TOO_MANY_REQUESTS');
  });

  it('ignores X-Forwarded-For unless HEXFRONT_TRUST_PROXY says so', async () => {
    // Four "different" forwarded addresses are one client (127.0.0.1) to a server that trusts no proxy.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await create(untrusting.url, { 'x-forwarded-for': `10.3.0.${i}` })).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThan(4);
    expect(statuses[3]).toBe(429);
  });

  it('limits calls per batched request before any of them runs', async () => {
    const input = (n: number) => encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]))));
    const url = (n: number) => `${srv.url}/api/trpc/${Array(n).fill('game.rulesets').join(',')}?batch=1&input=${input(n)}`;
    expect((await fetch(url(3))).status).toBe(200);
    const res = await fetch(url(4));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    const body = (await res.json()) as { error: { json: { message: string; data: { code: string } } } };
    expect(body.error.json.data.code).toBe('TOO_MANY_REQUESTS');
    expect(body.error.json.message).toMatch(/At most 3 calls in one batched request/);
    // Creates hidden in a refused batch did not run.
    const before = (await srv.services.games.list({ limit: 1000 })).length;
    const creates = Array(4).fill('game.create').join(',');
    const r = await fetch(`${srv.url}/api/trpc/${creates}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.4.0.1' },
      body: JSON.stringify(Object.fromEntries([0, 1, 2, 3].map((i) => [i, { json: { ruleset: 'tally', scenario: 'count' } }]))),
    });
    expect(r.status).toBe(429);
    expect((await srv.services.games.list({ limit: 1000 })).length).toBe(before);
  });

  it('limits replay links per game and side; the side that made a link may list and revoke it, nobody else', async () => {
    const g = await srv.services.games.create({ ruleset: 'tally', scenario: 'count' });
    const [aTok, bTok] = g.seats.map((s) => s.token);
    const a = apiClient(srv.url, [aTok]);
    const b = apiClient(srv.url, [bTok]);
    const anon = apiClient(srv.url);
    const l1 = await a.replay.create.mutate({ gameId: g.id, view: 'spectator' });
    const l1b = await a.replay.create.mutate({ gameId: g.id, view: 'spectator', atSeq: 1 });
    const over = await post(srv.url, 'replay.create', { gameId: g.id, view: 'spectator' }, { 'x-hexfront-token': aTok });
    expect(over.status).toBe(429);
    expect(over.retryAfter).toBe('60');
    expect(over.body.error?.json.message).toMatch(/revoke one/);
    // Each side, and the spectators together, have their own allowance: a's links do not use up b's.
    const lb = await b.replay.create.mutate({ gameId: g.id, view: 'spectator' });
    const l2 = await anon.replay.create.mutate({ gameId: g.id, view: 'spectator', canAnnotate: true });
    await anon.replay.create.mutate({ gameId: g.id, view: 'spectator' });
    expect(await codeOf(anon.replay.create.mutate({ gameId: g.id, view: 'spectator' }))).toBe('TOO_MANY_REQUESTS');

    const spectators = (await a.replay.list.query({ gameId: g.id })).filter((l) => l.createdBy === null);
    expect(spectators).toHaveLength(2);
    expect(
      (await a.replay.list.query({ gameId: g.id }))
        .filter((l) => l.createdBy)
        .map((l) => l.token)
        .sort(),
    ).toEqual([l1.token, l1b.token].sort());
    expect((await b.replay.list.query({ gameId: g.id })).filter((l) => l.createdBy).map((l) => l.token)).toEqual([lb.token]);
    expect(await anon.replay.list.query({ gameId: g.id })).toEqual([]);
    // The other side, a spectator, or a token from another game cannot revoke a's link.
    expect(await codeOf(b.replay.revoke.mutate({ gameId: g.id, token: l1.token }))).toBe('FORBIDDEN');
    expect(await codeOf(anon.replay.revoke.mutate({ gameId: g.id, token: l1.token }))).toBe('FORBIDDEN');
    expect(await codeOf(anon.replay.revoke.mutate({ gameId: g.id, token: l2.token }))).toBe('FORBIDDEN');
    expect(await codeOf(a.replay.revoke.mutate({ gameId: randomUUID(), token: l1.token }))).toBe('NOT_FOUND');
    expect(await codeOf(anon.replay.view.query({ token: l1.token }))).toBe('OK');

    await a.replay.revoke.mutate({ gameId: g.id, token: l1.token });
    expect(await codeOf(anon.replay.view.query({ token: l1.token }))).toBe('NOT_FOUND');
    expect(await codeOf(a.replay.revoke.mutate({ gameId: g.id, token: l1.token }))).toBe('NOT_FOUND');
    // Revoking frees a place under the quota; a spectator's link is revocable by any seated player.
    expect(await codeOf(a.replay.create.mutate({ gameId: g.id, view: 'spectator' }))).toBe('OK');
    await b.replay.revoke.mutate({ gameId: g.id, token: l2.token });
    expect(await codeOf(anon.replay.create.mutate({ gameId: g.id, view: 'spectator' }))).toBe('OK');
  });

  it('limits live streams per game and per client; a closed stream frees its place', async () => {
    const games = await Promise.all([1, 2, 3].map(() => srv.services.games.create({ ruleset: 'tally', scenario: 'count' })));
    const streams: AbortController[] = [];
    const open = async (gameId: string, client: string) => {
      const ac = new AbortController();
      const input = encodeURIComponent(enc({ gameId, since: 0 }));
      const res = await fetch(`${srv.url}/api/trpc/game.live?input=${input}`, {
        headers: { 'x-forwarded-for': client, accept: 'text/event-stream' },
        signal: ac.signal,
      });
      if (res.status === 200) streams.push(ac);
      else await res.text();
      return { status: res.status, retryAfter: res.headers.get('retry-after'), ac };
    };
    try {
      expect((await open(games[0].id, '10.5.0.1')).status).toBe(200);
      expect((await open(games[0].id, '10.5.0.2')).status).toBe(200);
      const full = await open(games[0].id, '10.5.0.3');
      expect(full.status).toBe(429);
      expect(full.retryAfter).toBe('30');
      // Per client: 10.5.0.1 holds one; two more on other games, then a fourth is refused.
      expect((await open(games[1].id, '10.5.0.1')).status).toBe(200);
      expect((await open(games[2].id, '10.5.0.1')).status).toBe(200);
      expect((await open(games[2].id, '10.5.0.1')).status).toBe(429);
      // Closing one frees its place.
      streams.shift()?.abort();
      await new Promise((r) => setTimeout(r, 200));
      expect((await open(games[0].id, '10.5.0.3')).status).toBe(200);
    } finally {
      for (const s of streams) s.abort();
    }
  });

  it('limits websocket connections per client', async () => {
    const g = await srv.services.games.create({ ruleset: 'tally', scenario: 'count' });
    const token = g.seats[0].token;
    const sockets: WebSocket[] = [];
    const open = (client: string) =>
      new Promise<{ status: number; retryAfter?: string }>((resolve, reject) => {
        const ws = new WebSocket(`${wsBase(srv.url)}/${sideDocName(g.id, 'a', 'chat')}`, {
          headers: { 'x-hexfront-token': token, 'x-forwarded-for': client },
        });
        ws.once('open', () => {
          sockets.push(ws);
          resolve({ status: 101 });
        });
        ws.once('unexpected-response', (req, res) => {
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
          req.destroy();
        });
        ws.once('error', reject);
      });
    try {
      expect((await open('10.6.0.1')).status).toBe(101);
      expect((await open('10.6.0.1')).status).toBe(101);
      expect(await open('10.6.0.1')).toEqual({ status: 429, retryAfter: '30' });
      expect((await open('10.6.0.2')).status).toBe(101);
      // A refused upgrade does not hold a place; a closed socket gives its place back.
      const first = sockets.shift() as WebSocket;
      await new Promise<void>((r) => {
        first.once('close', () => r());
        first.close();
      });
      await new Promise((r) => setTimeout(r, 100));
      expect((await open('10.6.0.1')).status).toBe(101);
    } finally {
      for (const s of sockets) s.terminate();
    }
  });
});
