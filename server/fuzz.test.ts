/**
 * Point 9: a fuzzer sends >= 10,000 random and malformed requests at a live server (raw HTTP, so nothing a
 * well-behaved client would fix up on the way): random JSON and broken JSON, wrong types, unknown procedures,
 * bad and unknown game ids, stale and future expected seqs, oversized commands and bodies, forged and foreign
 * seat tokens, odd methods and batches. It asserts that no response is a 500 (no 5xx at all, bar 501 for a rule
 * the engine does not support), that every error is typed (a tRPC code and a message, no stack), and that the
 * logs changed only by the commands the server acknowledged.
 *
 * Reproduce a failure with FUZZ_SEED=<seed printed on failure>.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './app';
import { badText } from './input';
import { freshDatabase, startTestServer, type TestDb } from './testing/harness';

const TOTAL = Number(process.env.FUZZ_TOTAL ?? 10_000);
const PARALLEL = 48;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

let db: TestDb;
let srv: RunningServer;

beforeAll(async () => {
  db = await freshDatabase();
  srv = await startTestServer(db);
});
afterAll(async () => {
  agent.destroy();
  await srv?.close();
  await db?.drop();
});

// ---------------------------------------------------------------- a seeded generator of nonsense

class Rng {
  constructor(private s: number) {}
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  chance(p: number) {
    return this.next() < p;
  }
  string(max = 24): string {
    const alphabet = 'abcXYZ019 _-./\\"\'{}[]<>%$;:\u00e9\u4e2d\u{1f600}\u0000\n';
    const chars = [...alphabet];
    return Array.from({ length: this.int(0, max) }, () => this.pick(chars)).join('');
  }
  /** A random JSON value of bounded depth. */
  json(depth = 3): unknown {
    const k = this.int(0, depth > 0 ? 9 : 5);
    switch (k) {
      case 0:
        return null;
      case 1:
        return this.chance(0.5);
      case 2:
        return this.pick([0, -1, 1, 2 ** 31, -(2 ** 53), 1.5, 1e308, -0]);
      case 3:
        return this.int(-5, 30);
      case 4:
        return this.string();
      case 5:
        return this.pick(['', 'add', 'move', 'attack', 'endTurn', '__proto__', 'constructor', 'null']);
      case 6:
      case 7:
        return Array.from({ length: this.int(0, 4) }, () => this.json(depth - 1));
      default: {
        const o: Record<string, unknown> = {};
        for (let i = this.int(0, 4); i > 0; i--)
          o[this.pick(['type', 'n', 'piece', 'to', 'target', 'q', 'r', '__proto__', this.string(6)])] = this.json(depth - 1);
        return o;
      }
    }
  }
}

// ---------------------------------------------------------------- requests

interface Req {
  kind: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Game whose log an accepted command would extend. */
  game?: string;
}

interface Fixture {
  tally: { id: string; tokens: string[] };
  skirmish: { id: string; tokens: string[] };
}

const PROCEDURES = [
  'game.command',
  'game.view',
  'game.events',
  'game.seats',
  'game.mine',
  'game.join',
  'game.create',
  'game.list',
  'game.rulesets',
];
const enc = (input: unknown) => JSON.stringify({ json: input });

function generate(rng: Rng, fx: Fixture, versions: Map<string, number>): Req {
  const games = [fx.tally, fx.skirmish];
  const g = rng.pick(games);
  const forged = () => randomBytes(rng.int(12, 48)).toString('base64url');
  const token = (): string[] => {
    switch (rng.int(0, 5)) {
      case 0:
        return [];
      case 1:
        return [forged()];
      case 2:
        return [rng.pick(rng.pick(games).tokens)]; // maybe another game's seat
      case 3:
        return [rng.string(70)];
      default:
        return [rng.pick(g.tokens)];
    }
  };
  const badId = () =>
    rng.pick<unknown>([
      randomUUID(),
      'not-a-uuid',
      '',
      42,
      null,
      randomUUID().toUpperCase(),
      `${g.id}x`,
      g.id.slice(0, 35),
      ['x'],
      { id: g.id },
    ]);
  const commandId = () =>
    rng.pick<unknown>([randomUUID(), 'short', '', 'x'.repeat(65), 'has space!!', 12345678, null, `fz-${randomBytes(6).toString('hex')}`]);
  const version = versions.get(g.id) ?? 0;
  const expectedSeq = () => rng.pick<unknown>([undefined, 0, 1, version, version + rng.int(1, 50), -1, 1.5, '3', 2 ** 40]);
  const command = (): unknown => {
    switch (rng.int(0, 6)) {
      case 0:
        return rng.json();
      case 1:
        return { type: 'add', n: rng.pick<unknown>([0, 10, -3, 2.5, '4', null, 1e9, rng.int(1, 9)]) };
      case 2:
        return { type: rng.pick(['add', 'move', 'attack', 'endTurn', 'ADD', 'drop']), n: rng.int(1, 9), extra: rng.json(1) };
      case 3:
        return { type: 'move', piece: rng.pick(['r1', 'b4', 'zz', 1]), to: { q: rng.int(-200, 200), r: rng.json(0) } };
      case 4:
        return { type: 'attack', piece: 'r1', target: rng.pick(['t1', 't9', '', null]) };
      case 5:
        return { type: 'endTurn' };
      default:
        return { type: 'add', n: rng.int(1, 9) }; // well-formed: the seat decides whether it lands
    }
  };
  const headers = (): Record<string, string> => {
    const h: Record<string, string> = {
      'content-type': rng.pick(['application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded']),
    };
    const t = token();
    if (t.length) {
      // Header values must be bytes: anything outside printable ASCII becomes '?'.
      if (rng.chance(0.8)) h['x-hexfront-token'] = t.join(',').replace(/[^\x20-\x7e]/g, '?');
      else h.cookie = `hf_tokens=${encodeURIComponent(t.join(','))}; other=%E0%A4%A`;
    }
    return h;
  };

  const r = rng.int(0, 99);
  if (r < 30) {
    // game.command with every field possibly wrong
    const input: Record<string, unknown> = {
      gameId: rng.chance(0.8) ? g.id : badId(),
      commandId: rng.chance(0.7) ? randomUUID() : commandId(),
      command: command(),
    };
    if (rng.chance(0.6)) input.expectedSeq = expectedSeq();
    if (rng.chance(0.2)) input.side = rng.pick(['a', 'b', 'red', 'blue', 'spectator', '', 'x'.repeat(100)]);
    if (rng.chance(0.1)) input[rng.string(8)] = rng.json(1);
    return {
      kind: 'command',
      method: 'POST',
      path: '/api/trpc/game.command',
      headers: headers(),
      body: enc(rng.chance(0.05) ? rng.json() : input),
      game: g.id,
    };
  }
  if (r < 40) {
    // raw garbage bodies at real procedures
    const bodies = [
      () => rng.string(200),
      () => '{"json":',
      () => JSON.stringify(rng.json()),
      () => `{"json":${JSON.stringify(rng.json())},"meta":{"values":{"json":["Date"]}}}`,
      () => `{"json":{"gameId":"${g.id}"},"meta":{"values":{"gameId":["bigint"]}}}`,
      () => '\u0000\u0001\u0002',
      () => '[]',
      () => 'null',
    ];
    return {
      kind: 'garbage-body',
      method: 'POST',
      path: `/api/trpc/${rng.pick(PROCEDURES)}`,
      headers: headers(),
      body: rng.pick(bodies)(),
      game: g.id,
    };
  }
  if (r < 50) {
    // unknown procedures and odd paths
    const name = rng.pick([
      'game.nope',
      'admin.dropAll',
      'game',
      'game.command.x',
      '__proto__',
      'constructor',
      rng.string(20),
      'game..view',
      '%2e%2e/etc',
    ]);
    return {
      kind: 'unknown-procedure',
      method: rng.pick(['GET', 'POST']),
      path: `/api/trpc/${encodeURI(name)}`,
      headers: headers(),
      body: undefined,
    };
  }
  if (r < 65) {
    // queries with bad inputs (GET with ?input=)
    const proc = rng.pick(['game.view', 'game.events', 'game.seats', 'game.mine', 'game.list']);
    const input: Record<string, unknown> = { gameId: rng.chance(0.6) ? g.id : badId() };
    if (proc === 'game.view' && rng.chance(0.7)) input.atSeq = rng.pick<unknown>([-1, 0, 1, version, version + 100, 2 ** 31, 1.5, 'x']);
    if (proc === 'game.events') {
      input.since = rng.pick<unknown>([0, -5, version, version + 3, 1e12, null, '0']);
      if (rng.chance(0.5)) input.limit = rng.pick<unknown>([0, 1, 2000, 2001, -1, 1.5]);
    }
    if (proc === 'game.list') Object.assign(input, { limit: rng.pick<unknown>([0, 1, 200, 201, 'x', -1]) });
    const q = rng.chance(0.85) ? encodeURIComponent(enc(input)) : rng.pick(['%7B', encodeURIComponent(rng.string(40)), '', '%E0%A4%A']);
    return { kind: 'query', method: 'GET', path: `/api/trpc/${proc}?input=${q}`, headers: headers() };
  }
  if (r < 72) {
    // oversized: a command past the command limit, or a body past the request limit
    if (rng.chance(0.5)) {
      const input = { gameId: g.id, commandId: randomUUID(), command: { type: 'add', n: 1, pad: 'x'.repeat(rng.int(17_000, 60_000)) } };
      return {
        kind: 'oversized-command',
        method: 'POST',
        path: '/api/trpc/game.command',
        headers: headers(),
        body: enc(input),
        game: g.id,
      };
    }
    return {
      kind: 'oversized-body',
      method: 'POST',
      path: '/api/trpc/game.command',
      headers: headers(),
      body: enc({ pad: 'y'.repeat(rng.int(66_000, 200_000)) }),
      game: g.id,
    };
  }
  if (r < 80) {
    // batches mixing anything
    const procs = Array.from({ length: rng.int(1, 4) }, () => rng.pick(['game.command', 'game.view', 'game.nope', 'game.events']));
    const mutation = procs.includes('game.command');
    const items: Record<string, unknown> = {};
    procs.forEach((p, i) => {
      items[String(i)] = {
        json:
          p === 'game.command'
            ? { gameId: g.id, commandId: randomUUID(), command: command(), expectedSeq: rng.chance(0.3) ? expectedSeq() : undefined }
            : { gameId: rng.chance(0.7) ? g.id : badId(), since: 0 },
      };
    });
    const path = `/api/trpc/${procs.join(',')}?batch=1${mutation ? '' : `&input=${encodeURIComponent(JSON.stringify(items))}`}`;
    return {
      kind: 'batch',
      method: mutation ? 'POST' : 'GET',
      path,
      headers: headers(),
      body: mutation ? JSON.stringify(rng.chance(0.9) ? items : rng.json()) : undefined,
      game: g.id,
    };
  }
  if (r < 86) {
    // wrong methods and wrong procedure types
    const m = rng.pick(['PUT', 'DELETE', 'PATCH', 'GET', 'POST']);
    const p = rng.pick(['game.command', 'game.view', 'game.create', 'game.join']);
    return {
      kind: 'method',
      method: m,
      path: `/api/trpc/${p}${m === 'GET' ? `?input=${encodeURIComponent(enc({ gameId: g.id }))}` : ''}`,
      headers: headers(),
      body: m === 'GET' ? undefined : enc({ gameId: g.id, commandId: randomUUID(), command: command() }),
      game: g.id,
    };
  }
  if (r < 92) {
    // join with bad or foreign tokens, create with bad rulesets
    if (rng.chance(0.5)) {
      const input = {
        gameId: rng.chance(0.7) ? g.id : badId(),
        token: rng.pick<unknown>([forged(), rng.string(30), '', rng.pick(rng.pick(games).tokens), 5]),
      };
      return { kind: 'join', method: 'POST', path: '/api/trpc/game.join', headers: headers(), body: enc(input) };
    }
    const input = {
      ruleset: rng.pick<unknown>(['nope', '', 'x'.repeat(100), 7, 'tally']),
      scenario: rng.pick<unknown>(['nope', 'count', null, '']),
      options: rng.json(1),
    };
    return { kind: 'create', method: 'POST', path: '/api/trpc/game.create', headers: headers(), body: enc(input) };
  }
  // stale and future expected seqs with well-formed commands from real seats
  const input = {
    gameId: g.id,
    commandId: randomUUID(),
    expectedSeq: rng.pick([0, 1, version, version + rng.int(1, 1000)]),
    command: g === fx.tally ? { type: 'add', n: rng.int(1, 9) } : { type: 'endTurn' },
  };
  return {
    kind: 'expected-seq',
    method: 'POST',
    path: '/api/trpc/game.command',
    headers: { 'content-type': 'application/json', 'x-hexfront-token': rng.pick(g.tokens) },
    body: enc(input),
    game: g.id,
  };
}

// ---------------------------------------------------------------- the run

interface Outcome {
  req: Req;
  status: number;
  text: string;
  ms: number;
}

/** Plain node:http with keep-alive (cheaper per request than fetch, and the fuzzer is CPU-bound). */
const agent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL });
function send(base: string, req: Req): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let done = false;
    // Always frame the body (node:http would send a DELETE body unframed, which is a broken request, not a test).
    const headers = req.body === undefined ? req.headers : { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) };
    const r = http.request(base + req.path, { method: req.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        done = true;
        resolve({ req, status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 });
      });
    });
    // A server may answer an oversized body early and close the socket: only an error before any answer counts.
    r.on('error', (err) => {
      if (!done) reject(new Error(`${req.kind} ${req.method} ${req.path.slice(0, 80)}: ${err.message}`));
    });
    r.end(req.body);
  });
}

const problems: string[] = [];
const createdCount = { n: 0 };
const note = (o: Outcome, why: string) => {
  if (problems.length < 20)
    problems.push(`${why} [${o.req.kind} ${o.req.method} ${o.req.path.slice(0, 120)}] -> ${o.status} ${o.text.slice(0, 300)}`);
};

/** Check one response; return the number of events each acknowledged command appended, per game. */
function check(o: Outcome, appended: Map<string, number>) {
  if (o.status >= 500 && o.status !== 501) note(o, 'server error');
  if (/"stack"|\bat [\w.<>]+ \(|node:internal|\/work\//.test(o.text)) note(o, 'stack trace or path leaked');
  let body: unknown;
  try {
    body = JSON.parse(o.text);
  } catch {
    note(o, 'response is not JSON');
    return;
  }
  const items = Array.isArray(body) ? body : [body];
  const isCommand = o.req.path.startsWith('/api/trpc/game.command');
  const procs = decodeURI(o.req.path.replace('/api/trpc/', '').split('?')[0]).split(',');
  items.forEach((item, i) => {
    const it = item as {
      error?: { json?: { message?: unknown; code?: unknown; data?: { code?: unknown; stack?: unknown } } };
      result?: { data?: { json?: any } };
    };
    if (it?.error) {
      const e = it.error.json;
      if (typeof e?.message !== 'string' || typeof e?.data?.code !== 'string' || typeof e?.code !== 'number') note(o, 'untyped error');
      if (e?.data?.stack !== undefined) note(o, 'stack in error data');
      if (e?.data?.code === 'INTERNAL_SERVER_ERROR') note(o, 'internal error');
    } else if (it?.result) {
      const r = it.result.data?.json;
      const proc = procs[i] ?? procs[0];
      if (proc === 'game.create') createdCount.n++;
      if ((isCommand || proc === 'game.command') && r && !r.duplicate && o.req.game) {
        appended.set(o.req.game, (appended.get(o.req.game) ?? 0) + (r.lastSeq - r.firstSeq + 1));
      }
    } else {
      note(o, 'neither result nor error');
    }
  });
  if (o.status >= 400 && !items.some((x) => (x as { error?: unknown })?.error)) note(o, 'error status without a typed error');
}

describe(`fuzzing a live server (seed ${SEED})`, () => {
  it(`answers ${TOTAL} random and malformed requests with typed errors only, changing only acknowledged logs`, async () => {
    const tally = await srv.services.games.create({
      ruleset: 'tally',
      scenario: 'count',
      seats: ['a1', 'a2', 'b1', 'b2'].map((c) => ({ side: c[0], commands: [c] })),
    });
    const skirmish = await srv.services.games.create({ ruleset: 'skirmish', scenario: 'duel' });
    const fx: Fixture = {
      tally: { id: tally.id, tokens: tally.seats.map((s) => s.token) },
      skirmish: { id: skirmish.id, tokens: skirmish.seats.map((s) => s.token) },
    };
    const store = srv.services.games.store;
    const before = new Map<string, number>();
    for (const g of [fx.tally, fx.skirmish]) before.set(g.id, await store.eventCount(g.id));
    const versions = new Map(before);
    const gamesBefore = (await srv.services.games.list({ limit: 10_000 })).length;

    const rng = new Rng(SEED);
    const appended = new Map<string, number>();
    const kinds = new Map<string, number>();
    const statuses = new Map<number, number>();
    const kindMs = new Map<string, number>();
    const t0 = performance.now();
    let sent = 0;
    while (sent < TOTAL) {
      const batch = Array.from({ length: Math.min(PARALLEL, TOTAL - sent) }, () => generate(rng, fx, versions));
      sent += batch.length;
      const outcomes = await Promise.all(batch.map((req) => send(srv.url, req)));
      for (const o of outcomes) {
        kinds.set(o.req.kind, (kinds.get(o.req.kind) ?? 0) + 1);
        kindMs.set(o.req.kind, (kindMs.get(o.req.kind) ?? 0) + o.ms);
        statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
        check(o, appended);
      }
      for (const g of [fx.tally, fx.skirmish]) versions.set(g.id, (before.get(g.id) ?? 0) + (appended.get(g.id) ?? 0));
    }
    const avgMs = Object.fromEntries([...kinds].map(([k, n]) => [k, Math.round((kindMs.get(k) ?? 0) / n)]));
    console.log(
      `fuzz seed ${SEED}: ${sent} requests in ${Math.round(performance.now() - t0)} ms; mean ms by kind`,
      avgMs,
      'statuses',
      Object.fromEntries(statuses),
      'accepted events',
      Object.fromEntries(appended),
    );

    const acceptedCreates = createdCount.n;
    expect(problems, `seed ${SEED}`).toEqual([]);
    expect(sent).toBe(TOTAL);
    expect(statuses.get(500) ?? 0).toBe(0);
    // Rejected requests changed nothing: each log grew by exactly what the server acknowledged, gap-free.
    for (const g of [fx.tally, fx.skirmish]) {
      const n = await store.eventCount(g.id);
      expect(n, `events in ${g.id}`).toBe((before.get(g.id) ?? 0) + (appended.get(g.id) ?? 0));
      expect(await store.latestSeq(g.id)).toBe(n);
    }
    // Games were added only by create calls the server acknowledged.
    const created = (await srv.services.games.list({ limit: 10_000 })).length - gamesBefore;
    expect(created).toBe(acceptedCreates);
    // Still healthy: a well-formed command from a real seat lands.
    const res = await fetch(`${srv.url}/api/trpc/game.command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hexfront-token': fx.tally.tokens[0] },
      body: enc({ gameId: fx.tally.id, commandId: randomUUID(), command: { type: 'add', n: 1 } }),
    });
    expect(res.status).toBe(200);
  }, 300_000); // seconds on an idle machine; the margin is for a loaded CI box
});

// ---------------------------------------------------------------- hostile inputs (issue 12, point 5)

/**
 * Crafted attacks, each sent as a seated player and as a spectator with no token where it makes sense: control
 * characters in every text field, command payloads that are not plain JSON (superjson BigInt, Date, Map, Set,
 * NaN, a cyclic object), nesting 5,000 deep, huge arrays and objects. Each must be a typed 400 naming the field;
 * no answer may be a 5xx; a refused join must leave its invite usable.
 */
describe('hostile inputs', () => {
  const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\ud800', 'a\udc00b'];
  const statuses = new Map<number, number>();
  let sent = 0;
  const fire = async (path: string, body: string | undefined, tokens: string[] = [], method = 'POST') => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (tokens.length) headers['x-hexfront-token'] = tokens.join(',');
    const o = await send(srv.url, { kind: 'hostile', method, path, headers, body });
    sent++;
    statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(o.text);
    } catch {
      /* checked below */
    }
    const first = (Array.isArray(parsed) ? parsed[0] : parsed) as { error?: { json?: { data?: { code?: string; field?: string } } } };
    return { status: o.status, code: first?.error?.json?.data?.code, field: first?.error?.json?.data?.field, text: o.text };
  };
  /** A superjson body with explicit meta (what a hostile client can send). */
  const raw = (json: unknown, meta?: unknown) => JSON.stringify(meta === undefined ? { json } : { json, meta });
  const expect400 = (r: { status: number; code?: string; field?: string; text: string }, field: string) => {
    expect(r.status, r.text.slice(0, 300)).toBe(400);
    expect(r.code).toBe('BAD_REQUEST');
    expect(r.field, r.text.slice(0, 300)).toBe(field);
  };

  it('refuses control characters, non-JSON values, deep nesting and huge arrays with a typed 400, never a 5xx', async () => {
    const created = await apiCreate();
    const { id, ownerToken } = created;
    const seat = created.seats[0].token;
    const seatA2 = created.seats[1].token;
    const cmd = (command: unknown) => ({ gameId: id, commandId: randomUUID(), command });
    const before = await srv.services.games.store.eventCount(id);

    for (const c of CONTROL) {
      const text = `Bad${c}name`;
      expect400(await fire('/api/trpc/game.create', raw({ ruleset: 'tally', scenario: 'count', name: text })), 'name');
      expect400(await fire('/api/trpc/seats.add', raw({ gameId: id, side: 'a', commands: [], label: text }), [ownerToken]), 'label');
      expect400(
        await fire('/api/trpc/seats.assign', raw({ gameId: id, seatId: created.seats[0].id, commands: ['a1'], label: text }), [ownerToken]),
        'label',
      );
      expect400(
        await fire('/api/trpc/seats.assign', raw({ gameId: id, seatId: created.seats[0].id, commands: [text] }), [ownerToken]),
        'commands.0',
      );
      expect400(await fire('/api/trpc/timeline.branch', raw({ gameId: id, atSeq: 1, name: text }), [ownerToken, seat]), 'name');
      // A refused join does not consume its invite.
      expect400(await fire('/api/trpc/seats.join', raw({ gameId: id, token: seatA2, name: text })), 'name');
      for (const who of [[seat], []]) {
        expect400(await fire('/api/trpc/game.command', raw(cmd({ type: 'add', n: 1, note: text })), who), 'command.note');
        expect400(await fire('/api/trpc/game.command', raw({ ...cmd({ type: 'add', n: 1 }), side: text }), who), 'side');
        // The key's bad character shows as '?' in the field's name.
        const shown = [...c].map((ch) => (badText(ch) ? '?' : ch)).join('');
        expect400(await fire('/api/trpc/game.command', raw(cmd({ [`k${c}`]: 1 })), who), `command.k${shown}`);
      }
      expect400(
        await fire(`/api/trpc/game.view?input=${encodeURIComponent(raw({ gameId: id, side: text }))}`, undefined, [], 'GET'),
        'side',
      );
    }
    const joined = await fire('/api/trpc/seats.join', raw({ gameId: id, token: seatA2, name: 'Clean name' }));
    expect(joined.status, joined.text).toBe(200);

    // Command payloads that are not plain JSON, from a seat and from a spectator with no token.
    const deepArray = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const envelope = (command: string) => `{"json":{"gameId":"${id}","commandId":"${randomUUID()}","command":${command}}}`;
    for (const who of [[seat], []]) {
      const c = cmd('1');
      expect400(await fire('/api/trpc/game.command', raw(c, { values: { command: ['bigint'] } }), who), 'command');
      expect400(
        await fire('/api/trpc/game.command', raw(cmd({ type: 'add', n: '1' }), { values: { 'command.n': ['bigint'] } }), who),
        'command.n',
      );
      expect400(
        await fire('/api/trpc/game.command', raw(cmd('1970-01-01T00:00:00.000Z'), { values: { command: ['Date'] } }), who),
        'command',
      );
      expect400(await fire('/api/trpc/game.command', raw(cmd([[1, 2]]), { values: { command: ['map'] } }), who), 'command');
      expect400(await fire('/api/trpc/game.command', raw(cmd([1]), { values: { command: ['set'] } }), who), 'command');
      expect400(await fire('/api/trpc/game.command', raw(cmd({ n: 'NaN' }), { values: { 'command.n': ['number'] } }), who), 'command.n');
      expect400(await fire('/api/trpc/game.command', raw(cmd({ n: 1 }), { values: { 'command.n': ['class', 'Foo'] } }), who), 'command.n');
      // A cyclic object: superjson's referential equalities make command.self the command itself.
      const cyclic = await fire(
        '/api/trpc/game.command',
        raw(cmd({ self: null }), { referentialEqualities: { command: ['command.self'] } }),
        who,
      );
      expect(cyclic.status, cyclic.text).toBe(400);
      expect(cyclic.field).toMatch(/^command/);
      // Nesting 5,000 deep, as arrays and as objects, in a command, in a batch, and in a GET query.
      for (const deep of [deepArray, deepObject]) {
        const r = await fire('/api/trpc/game.command', envelope(deep), who);
        expect(r.status, r.text.slice(0, 200)).toBe(400);
        expect(r.text.length).toBeLessThan(2000);
        const b = await fire('/api/trpc/game.command?batch=1', `{"0":${envelope(deep)}}`, who);
        expect(b.status, b.text.slice(0, 200)).toBe(400);
      }
      // (1,000 deep here: a URL past 16 KiB is refused by Node itself with 431)
      const deepQuery = `{"json":{"gameId":"${id}","x":${'['.repeat(1000)}${']'.repeat(1000)}}}`;
      const q = await fire(`/api/trpc/game.view?input=${encodeURIComponent(deepQuery)}`, undefined, who, 'GET');
      expect(q.status).toBe(400);
      // Huge arrays and objects within the 64 KiB body limit.
      expect400(await fire('/api/trpc/game.command', raw(cmd(new Array(25_000).fill(0))), who), 'command');
      expect400(
        await fire('/api/trpc/game.command', raw(cmd(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 0])))), who),
        'command',
      );
      // Many small values spread over a wide, shallow tree.
      const r = await fire('/api/trpc/game.command', raw(cmd(Array.from({ length: 1500 }, () => Array(15).fill(0)))), who);
      expect(r.status).toBe(400);
      // superjson meta that is itself garbage.
      expect((await fire('/api/trpc/game.command', raw(cmd(1), { values: { command: [7] } }), who)).status).toBe(400);
      expect((await fire('/api/trpc/game.command', raw(cmd(1), { values: 'x', referentialEqualities: 5 }), who)).status).toBe(400);
      expect(
        (await fire('/api/trpc/game.command', raw(cmd({ a: {} }), { referentialEqualities: { 'command.a': ['nope.x.y'] } }), who)).status,
      ).toBeLessThan(500);
    }
    // Nothing reached the log; a plain command still lands.
    expect(await srv.services.games.store.eventCount(id)).toBe(before);
    const ok = await fire('/api/trpc/game.command', raw(cmd({ type: 'add', n: 2 })), [seat]);
    expect(ok.status, ok.text).toBe(200);

    console.log(`hostile inputs: ${sent} requests, statuses`, Object.fromEntries(statuses));
    expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
  }, 120_000);

  /** A tally game made through the API (so the owner token is one the API handed out). */
  async function apiCreate() {
    const g = await srv.services.games.create({
      ruleset: 'tally',
      scenario: 'count',
      seats: ['a1', 'a2', 'b1', 'b2'].map((c) => ({ side: c[0], commands: [c] })),
    });
    return g;
  }
});
