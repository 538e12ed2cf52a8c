/**
 * Issue 12, points 2, 4 and 9: seats belong to their side (the creator keeps no master key over a side whose
 * seat was claimed), an invite link is claimed exactly once under concurrency, and a browser keeps every seat
 * it gains (the session lives in a table, the cookie holds only its id).
 */
import { describe, expect, it } from 'vitest';
import { Quotas } from './limits';
import { RateLimiter } from './session';
import { apiClient, codeOf } from './testing/client';
import { useTestServer as serverPerFile } from './testing/useTestServer';

const server = serverPerFile();

/** A fresh join limiter and game quota: these tests create and join hundreds of times from one address on purpose. */
function unlimitedJoins() {
  const services = server().services;
  services.joinLimiter = new RateLimiter(100_000, 60_000);
  services.quotas = new Quotas({ ...services.quotas.limits, gamesPerHour: 100_000 });
}

/** A skirmish game whose blue seat was claimed through its invite link by another browser. */
async function claimedGame() {
  const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
  const owner = apiClient(server().url, [g.ownerToken, ...g.seats.map((s) => s.token)]);
  const blueSeat = g.seats.find((s) => s.side === 'blue')!;
  const redSeat = g.seats.find((s) => s.side === 'red')!;
  const joined = await fetchJson('seats.join', { gameId: g.id, token: blueSeat.token, name: 'Zhukov' });
  expect(joined.status).toBe(200);
  const blueToken = await onlyTokenOf(joined.cookie!);
  return { g, owner, blue: apiClient(server().url, [blueToken]), blueToken, blueSeat, redSeat };
}

/** POST a tRPC mutation the way a browser does (cookie in, Set-Cookie out). */
async function fetchJson(path: string, input: unknown, cookie?: string) {
  const res = await fetch(`${server().url}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ json: input }),
  });
  const setCookie = res.headers.get('set-cookie');
  return { status: res.status, body: await res.json(), cookie: setCookie ? setCookie.split(';')[0] : (cookie ?? null) };
}

async function getJson(path: string, input: unknown, cookie: string) {
  const res = await fetch(`${server().url}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, {
    headers: { cookie },
  });
  return { status: res.status, body: await res.json() };
}

/** The one seat token a fresh browser session holds (read back through the session table). */
async function onlyTokenOf(cookie: string): Promise<string> {
  const s = await server().services.sessions.read({ headers: { cookie } });
  expect(s.tokens).toHaveLength(1);
  return s.tokens[0];
}

describe('seats belong to their side (issue 12.2)', () => {
  it("refuses the creator's seats.add on the other side once that side's seat is claimed", async () => {
    const { g, owner, blue } = await claimedGame();
    expect(await codeOf(owner.seats.add.mutate({ gameId: g.id, side: 'blue', commands: [], label: 'Spy' }))).toBe('FORBIDDEN');
    expect(await codeOf(owner.seats.add.mutate({ gameId: g.id, side: 'blue', commands: ['blue-south'], label: 'Spy' }))).toBe('FORBIDDEN');
    // Nothing was added: blue has its one seat, and the creator still sees blue as a spectator does.
    const list = await blue.seats.list.query({ gameId: g.id });
    expect(list.seats.filter((s) => s.side === 'blue')).toHaveLength(1);
    expect((await owner.game.view.query({ gameId: g.id, side: 'red' })).viewer).toMatchObject({ side: 'red' });
    expect(await codeOf(owner.game.view.query({ gameId: g.id, side: 'blue' }))).toBe('FORBIDDEN');
    // The creator still sets up its own, unclaimed side.
    expect(await codeOf(owner.seats.add.mutate({ gameId: g.id, side: 'red', commands: ['red-south'], label: 'Red South' }))).toBe('OK');
    expect(list.manage).toEqual(['blue']);
    expect((await owner.seats.list.query({ gameId: g.id })).manage).toEqual(['red']);
  });

  it("refuses the creator's seats.assign of the other side's commands", async () => {
    const { g, owner, blue, blueSeat } = await claimedGame();
    for (const commands of [[], ['blue-north'], ['blue-north', 'blue-south']])
      expect(await codeOf(owner.seats.assign.mutate({ gameId: g.id, seatId: blueSeat.id, commands }))).toBe('FORBIDDEN');
    const v = await blue.game.view.query({ gameId: g.id });
    expect(v.viewer).toMatchObject({ kind: 'side', side: 'blue', commands: ['blue-north', 'blue-south'] });
  });

  it("refuses the creator's seats.reissue of the other side's live token (and seats.remove)", async () => {
    const { g, owner, blue, blueSeat } = await claimedGame();
    expect(await codeOf(owner.seats.reissue.mutate({ gameId: g.id, seatId: blueSeat.id }))).toBe('FORBIDDEN');
    expect(await codeOf(owner.seats.remove.mutate({ gameId: g.id, seatId: blueSeat.id }))).toBe('FORBIDDEN');
    expect((await blue.game.view.query({ gameId: g.id })).viewer).toMatchObject({ kind: 'side', side: 'blue' });
  });

  it("lets the side's supreme command hand off commands, and a sub-commander only what it holds", async () => {
    unlimitedJoins();
    const { g, owner, blue, blueSeat } = await claimedGame();
    // Blue's holder (holding blue-north, the side's first command, so its supreme command) adds a seat.
    const south = await blue.seats.add.mutate({ gameId: g.id, side: 'blue', commands: ['blue-south'], label: 'Blue South' });
    const joined = await fetchJson('seats.join', { gameId: g.id, token: south.token, name: 'Konev' });
    expect(joined.status).toBe(200);
    const konev = apiClient(server().url, [await onlyTokenOf(joined.cookie!)]);
    // Konev may not take the supreme command, nor renew the link of another seat, nor remove it.
    expect(await codeOf(konev.seats.assign.mutate({ gameId: g.id, seatId: south.seat.id, commands: ['blue-north', 'blue-south'] }))).toBe(
      'FORBIDDEN',
    );
    expect(await codeOf(konev.seats.reissue.mutate({ gameId: g.id, seatId: blueSeat.id }))).toBe('FORBIDDEN');
    expect(await codeOf(konev.seats.remove.mutate({ gameId: g.id, seatId: blueSeat.id }))).toBe('FORBIDDEN');
    // He may hand his own command back, and the other side may not touch either seat.
    expect(await codeOf(konev.seats.assign.mutate({ gameId: g.id, seatId: blueSeat.id, commands: ['blue-north', 'blue-south'] }))).toBe(
      'OK',
    );
    expect(await codeOf(owner.seats.assign.mutate({ gameId: g.id, seatId: south.seat.id, commands: ['blue-south'] }))).toBe('FORBIDDEN');
    // Every change is recorded and shown alike to both sides and to spectators.
    const seen = await Promise.all([owner, blue, apiClient(server().url)].map((c) => c.seats.list.query({ gameId: g.id })));
    expect(seen[0].changes).toEqual(seen[1].changes);
    expect(seen[2].changes).toEqual(seen[1].changes);
    const kinds = seen[0].changes.map((c) => `${c.kind}:${c.label}:${c.commands.join('+')}`).reverse();
    expect(kinds).toEqual([
      'join:Blue:blue-north+blue-south',
      'add:Blue South:blue-south',
      'assign:Blue:blue-north',
      'join:Blue South:blue-south',
      'assign:Blue South:',
      'assign:Blue:blue-north+blue-south',
    ]);
    expect(seen[0].changes[0].by).toMatch(/Blue South/);
    expect(JSON.stringify(seen[0])).not.toContain(south.token);
  });
});

describe('an invite is claimed exactly once (issue 12.4)', () => {
  it('gives the seat to one of two racing browsers; the other gets a clear error and no token', async () => {
    unlimitedJoins();
    const RACES = 50;
    let winners = 0;
    const loserStatus = new Map<number, number>();
    for (let i = 0; i < RACES; i++) {
      const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
      const blue = g.seats.find((s) => s.side === 'blue')!;
      const results = await Promise.all([0, 1].map(() => fetchJson('seats.join', { gameId: g.id, token: blue.token })));
      const ok = results.filter((r) => r.status === 200);
      const lost = results.filter((r) => r.status !== 200);
      expect(ok).toHaveLength(1);
      expect(lost).toHaveLength(1);
      winners++;
      loserStatus.set(lost[0].status, (loserStatus.get(lost[0].status) ?? 0) + 1);
      // The loser's browser got no session at all, so it holds no dead token.
      expect(lost[0].cookie).toBeNull();
      expect(lost[0].body.error.json.message).toMatch(/already used|just used/);
      // The winner holds blue.
      const token = await onlyTokenOf(ok[0].cookie!);
      expect((await apiClient(server().url, [token]).game.view.query({ gameId: g.id })).viewer).toMatchObject({ side: 'blue' });
    }
    expect(winners).toBe(RACES);
    console.log(
      `[invite race] ${RACES} races: ${winners} single winners; loser statuses ${JSON.stringify(Object.fromEntries(loserStatus))}`,
    );
  }, 120_000);
});

describe('a browser keeps all its seats (issue 12.9)', () => {
  it('holds every seat of 200 games it created and 50 it joined', async () => {
    unlimitedJoins();
    const CREATED = 200;
    const JOINED = 50;
    let cookie: string | undefined;
    const created: string[] = [];
    for (let i = 0; i < CREATED; i++) {
      const r = await fetchJson('game.create', { ruleset: 'skirmish', scenario: 'duel', name: `mine ${i}` }, cookie);
      expect(r.status).toBe(200);
      cookie = r.cookie ?? cookie;
      created.push(r.body.result.data.json.id);
    }
    const joined: string[] = [];
    for (let i = 0; i < JOINED; i++) {
      const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
      const r = await fetchJson('seats.join', { gameId: g.id, token: g.seats.find((s) => s.side === 'blue')!.token }, cookie);
      expect(r.status).toBe(200);
      joined.push(g.id);
    }
    expect(cookie!.length).toBeLessThan(200); // one id, whatever the number of seats
    let seatsKept = 0;
    let ownerKept = 0;
    for (const id of created) {
      const mine = (await getJson('seats.mine', { gameId: id }, cookie!)).body.result.data.json as { side: string }[];
      if (mine.length === 2) seatsKept++;
      if ((await getJson('seats.list', { gameId: id }, cookie!)).body.result.data.json.owner) ownerKept++;
    }
    let joinedKept = 0;
    for (const id of joined) {
      const mine = (await getJson('seats.mine', { gameId: id }, cookie!)).body.result.data.json as { side: string }[];
      if (mine.length === 1 && mine[0].side === 'blue') joinedKept++;
    }
    const lobby = (await getJson('game.list', { limit: 10 }, cookie!)).body.result.data.json as { id: string; mine: boolean }[];
    const inLobby = lobby.filter((g) => g.mine).length;
    console.log(
      `[sessions] one browser: ${seatsKept}/${CREATED} created games with both seats, ${ownerKept}/${CREATED} with owner rights, ` +
        `${joinedKept}/${JOINED} joined seats, ${inLobby} games marked mine in the lobby, cookie ${cookie!.length} chars`,
    );
    expect(seatsKept).toBe(CREATED);
    expect(ownerKept).toBe(CREATED);
    expect(joinedKept).toBe(JOINED);
    expect(inLobby).toBe(CREATED + JOINED);
  }, 300_000);
});
