/**
 * Issue 12, point 7: chat and presence identities come from the server. A chat message's name, side and time
 * are stamped by the server (whatever the client sends); a teammate cannot write the chat document directly,
 * cannot speak for another client's presence entry, and its presence carries the server's name and side.
 * Presence is shared across instances (two instances over one PostgreSQL; skipped on PGlite, which is one
 * process's database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { apiClient } from '../testing/client';
import { freshDatabase, startTestServer, usingPostgres, type TestDb } from '../testing/harness';
import { sideDocName } from './names';
import { awarenessMessage, encodeAwareness } from './presence';
import { yjsServerFor, type YjsServer } from './server';
import { chatOf, closeAllClients, rawOpen, waitFor, yClient, type Client } from './testing';

const pg = usingPostgres();
let db: TestDb;
let a: RunningServer;
let b: RunningServer | undefined;

beforeAll(async () => {
  db = await freshDatabase();
  a = await startTestServer(db);
  if (pg) b = await startTestServer(db);
});

afterAll(async () => {
  closeAllClients();
  await a?.close();
  await b?.close();
  await db?.drop();
});

const yjsOf = (s: RunningServer): YjsServer => yjsServerFor(s.database)!;

/** A skirmish game whose red side has two seats: the creator's "Red" and "Red South", taken by Bea. */
async function teamGame() {
  const g = await apiClient(a.url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
  const red = g.seats.find((s) => s.side === 'red')!;
  const owner = apiClient(a.url, [g.ownerToken]);
  const south = await owner.seats.add.mutate({ gameId: g.id, side: 'red', commands: ['red-south'], label: 'Red South' });
  await a.database.query('UPDATE seats SET holder = $1 WHERE id = $2', ['Bea', south.seat.id]);
  return { id: g.id, red: red.token, bea: south.token, blue: g.seats.find((s) => s.side === 'blue')!.token };
}

interface Presence {
  user?: { name?: string; side?: string; seq?: number };
}
const others = (c: Client) =>
  [...c.provider.awareness.getStates().entries()].filter(([id]) => id !== c.doc.clientID).map(([id, s]) => ({ id, s: s as Presence }));

describe('chat identity (issue 12.7)', () => {
  it('stamps name, side and server time on a message, whatever the client claims', async () => {
    const g = await teamGame();
    const reader = yClient(a.url, sideDocName(g.id, 'red', 'chat'), [g.red]);
    await reader.synced;
    // A raw request claiming another name, side and a time in 2099: the extra fields are not the server's.
    const res = await fetch(`${a.url}/api/trpc/chat.post`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hexfront-token': g.bea },
      body: JSON.stringify({ json: { gameId: g.id, text: 'moving up', name: 'Zhukov', at: '2099-01-01T00:00:00Z', id: 'mine' } }),
    });
    expect(res.status).toBe(200);
    // Naming a side it does not hold is refused outright.
    const asBlue = await fetch(`${a.url}/api/trpc/chat.post`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hexfront-token': g.bea },
      body: JSON.stringify({ json: { gameId: g.id, side: 'blue', text: 'as blue' } }),
    });
    expect(asBlue.status).toBe(403);
    const before = Date.now();
    const [m] = (await waitFor(() => (chatOf(reader.doc).length ? chatOf(reader.doc).toArray() : null), 2000, 'the message'))!;
    expect(m).toMatchObject({ name: 'Bea (Red South)', side: 'red', text: 'moving up' });
    expect(Math.abs(Date.parse(m.at) - before)).toBeLessThan(5000);
    // Blue's post goes to blue's own room, never red's; a spectator may post nowhere.
    expect((await fetchPost(g.id, g.blue, 'hello red')).status).toBe(200);
    expect((await fetchPost(g.id, '', 'hello')).status).toBe(403);
    await new Promise((r) => setTimeout(r, 200));
    expect(
      chatOf(reader.doc)
        .toArray()
        .map((x) => x.text),
    ).toEqual(['moving up']);
    // Control characters are refused with a 400 naming the field.
    const bad = await fetchPost(g.id, g.red, 'a\u0000b');
    expect(bad.status).toBe(400);
    expect(bad.body.error.json.message).toMatch(/^text:/);
  });

  it("drops a teammate's direct write to the chat document (a forged name never reaches anyone)", async () => {
    const g = await teamGame();
    const room = sideDocName(g.id, 'red', 'chat');
    const forger = yClient(a.url, room, [g.bea]);
    const reader = yClient(a.url, room, [g.red]);
    await Promise.all([forger.synced, reader.synced]);
    const ignored = yjsOf(a).stats().ignoredWrites;
    chatOf(forger.doc).push([{ id: 'x', name: 'Red', side: 'red', at: '2099-01-01T00:00:00Z', text: 'forged' }]);
    await waitFor(() => yjsOf(a).stats().ignoredWrites > ignored, 2000, 'the write to be dropped');
    await apiClient(a.url, [g.red]).chat.post.mutate({ gameId: g.id, text: 'marker' });
    await waitFor(() => chatOf(reader.doc).length > 0, 2000, 'marker');
    expect(
      chatOf(reader.doc)
        .toArray()
        .map((x) => x.text),
    ).toEqual(['marker']);
    const stored = await a.database.query<{ n: string }>('SELECT count(*) AS n FROM yjs_updates WHERE doc = $1', [room]);
    expect(Number(stored[0].n)).toBe(1);
  });
});

async function fetchPost(gameId: string, token: string, text: string) {
  const res = await fetch(`${a.url}/api/trpc/chat.post`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-hexfront-token': token } : {}) },
    body: JSON.stringify({ json: { gameId, text } }),
  });
  return { status: res.status, body: await res.json() };
}

describe('presence identity (issue 12.7)', () => {
  it("stamps the server's name and side, and refuses entries for another client's id", async () => {
    const g = await teamGame();
    const room = sideDocName(g.id, 'red', 'chat');
    const red = yClient(a.url, room, [g.red]);
    const bea = yClient(a.url, room, [g.bea]);
    await Promise.all([red.synced, bea.synced]);
    bea.provider.awareness.setLocalStateField('user', { name: 'Zhukov', side: 'blue', seq: 3 });
    red.provider.awareness.setLocalStateField('user', { name: 'whatever', side: 'red', seq: 5 });
    const seen = (await waitFor(() => others(red).find((o) => o.s.user?.seq === 3), 2000, "Bea's presence at red"))!;
    expect(seen.s.user).toEqual({ name: 'Bea (Red South)', side: 'red', seq: 3 });
    expect((await waitFor(() => others(bea).find((o) => o.s.user?.seq === 5), 2000, "red's presence at Bea"))!.s.user?.name).toBe('Red');

    // A raw teammate connection tries to overwrite red's entry, then to remove it.
    const raw = await rawOpen(a.url, room, [g.bea]);
    if (!raw.open) throw new Error('refused');
    const refusedBefore = yjsOf(a).stats().refusedPresence;
    const redId = red.doc.clientID;
    const clock = 1000;
    raw.ws.send(
      Buffer.from(awarenessMessage(encodeAwareness([{ clientId: redId, clock, state: { user: { name: 'hijacked', seq: 99 } } }]))),
    );
    raw.ws.send(Buffer.from(awarenessMessage(encodeAwareness([{ clientId: redId, clock: clock + 1, state: null }]))));
    await waitFor(() => yjsOf(a).stats().refusedPresence >= refusedBefore + 2, 2000, 'both refused');
    await new Promise((r) => setTimeout(r, 200));
    const redAtBea = others(bea).find((o) => o.id === redId);
    expect(redAtBea?.s.user).toEqual({ name: 'Red', side: 'red', seq: 5 });
    raw.ws.close();
  });
});

describe.skipIf(!pg)('presence across instances (issue 12.7)', () => {
  it('shows teammates on two instances to each other, with server names, and their departure', async () => {
    const g = await teamGame();
    const room = sideDocName(g.id, 'red', 'chat');
    const onA = yClient(a.url, room, [g.red]);
    const onB = yClient(b!.url, room, [g.bea]);
    await Promise.all([onA.synced, onB.synced]);
    const t0 = Date.now();
    onA.provider.awareness.setLocalStateField('user', { name: 'me', side: 'red', seq: 11 });
    onB.provider.awareness.setLocalStateField('user', { name: 'Stalin', side: 'blue', seq: 12 });
    const atA = (await waitFor(() => others(onA).find((o) => o.s.user?.seq === 12), 1000, 'B at A'))!;
    const atB = (await waitFor(() => others(onB).find((o) => o.s.user?.seq === 11), 1000, 'A at B'))!;
    const ms = Date.now() - t0;
    expect(atA.s.user).toEqual({ name: 'Bea (Red South)', side: 'red', seq: 12 });
    expect(atB.s.user).toEqual({ name: 'Red', side: 'red', seq: 11 });
    // A third client on B may not speak for A's client id either.
    const raw = await rawOpen(b!.url, room, [g.bea]);
    if (!raw.open) throw new Error('refused');
    raw.ws.send(
      Buffer.from(awarenessMessage(encodeAwareness([{ clientId: onA.doc.clientID, clock: 500, state: { user: { name: 'hijacked' } } }]))),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(others(onB).find((o) => o.id === onA.doc.clientID)?.s.user?.name).toBe('Red');
    raw.ws.close();
    // A leaves: B sees it go.
    const t1 = Date.now();
    onA.close();
    await waitFor(() => !others(onB).some((o) => o.s.user?.seq === 11), 2000, 'A gone at B');
    console.log(`[presence] across instances: both see each other within ${ms} ms; departure seen in ${Date.now() - t1} ms`);
    expect(yjsOf(b!).stats().presenceApplied).toBeGreaterThan(0);
  });
});
