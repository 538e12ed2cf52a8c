/**
 * Team chat and annotations over the Yjs websocket, checked at the websocket with Node y-websocket clients:
 * live sync within one side, refusal of every other principal before the upgrade, read-only connections,
 * replay link documents, persistence with compaction, and reload after a server restart.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { RunningServer } from '../app';
import { replayLinks, seats } from '../../db/schema';
import { hashToken } from '../games';
import { SESSION_COOKIE, encodeSession } from '../session';
import { apiClient, type ApiClient } from '../testing/client';
import { freshDatabase, startTestServer, usingPostgres, type TestDb } from '../testing/harness';
import { replayDocName, sideDocName } from './names';
import { yjsServerFor, type YjsServer } from './server';
import {
  chatOf,
  closeAllClients,
  notesOf,
  rawOpen,
  sendUpdateAndSettle,
  startStandaloneYjs,
  waitFor,
  yClient,
  type ChatMessage,
} from './testing';

let db: TestDb;
let srv: RunningServer;
let anon: ApiClient;

interface Game {
  id: string;
  red: string;
  blue: string;
}

beforeAll(async () => {
  db = await freshDatabase();
  srv = await startTestServer(db);
  anon = apiClient(srv.url);
});

afterAll(async () => {
  closeAllClients();
  await srv?.close();
  await db?.drop();
});

if (!usingPostgres())
  console.warn('[yjs] full server restart test skipped under PGlite (set DATABASE_URL); the collaboration-layer restart test runs');

const yjs = (): YjsServer => yjsServerFor(srv.database)!;

async function newGame(): Promise<Game> {
  const g = await anon.game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
  return { id: g.id, red: g.seats.find((s) => s.side === 'red')!.token, blue: g.seats.find((s) => s.side === 'blue')!.token };
}

const message = (text: string, side = 'red'): ChatMessage => ({
  id: randomUUID(),
  name: 'tester',
  side,
  at: new Date().toISOString(),
  text,
});

async function storedRows(doc: string): Promise<number> {
  const [r] = await srv.database.query<{ n: string | number }>('SELECT count(*) AS n FROM yjs_updates WHERE doc = $1', [doc]);
  return Number(r.n);
}

async function addSeat(gameId: string, side: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await srv.database.db.insert(seats).values({ id: randomUUID(), gameId, side, commands: [], label: side, tokenHash: hashToken(token) });
  return token;
}

async function addReplayLink(gameId: string, canAnnotate: boolean): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await srv.database.db.insert(replayLinks).values({ token, gameId, view: 'spectator', canAnnotate });
  return token;
}

describe('one side', () => {
  it("two clients of a side see each other's chat message and arrow within one second", async () => {
    const g = await newGame();
    const chat = sideDocName(g.id, 'red', 'chat');
    const notes = sideDocName(g.id, 'red', 'notes');
    const [a, b] = [yClient(srv.url, chat, [g.red]), yClient(srv.url, chat, [g.red])];
    const [na, nb] = [yClient(srv.url, notes, [g.red]), yClient(srv.url, notes, [g.red])];
    await Promise.all([a.synced, b.synced, na.synced, nb.synced]);

    // Chat is written by the server (chat.post), which sends it to every connection of the room.
    const say = (text: string) => apiClient(srv.url, [g.red]).chat.post.mutate({ gameId: g.id, text });
    let t0 = Date.now();
    await say('hold the river line');
    await waitFor(
      () =>
        chatOf(b.doc)
          .toArray()
          .some((m) => m.text === 'hold the river line'),
      1000,
      'chat message at the peer',
    );
    expect(Date.now() - t0).toBeLessThan(1000);

    t0 = Date.now();
    notesOf(nb.doc).set('arrow-1', {
      kind: 'arrow',
      from: { q: -3, r: 0 },
      to: { q: -2, r: 0 },
      fromSeq: 1,
      toSeq: null,
      author: 'tester',
    });
    const arrow = await waitFor(() => notesOf(na.doc).get('arrow-1'), 1000, 'arrow at the peer');
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(arrow).toMatchObject({ kind: 'arrow', to: { q: -2, r: 0 } });

    // And a second message, to both connections.
    await say('on my way');
    await waitFor(() => chatOf(a.doc).length === 2 && chatOf(b.doc).length === 2, 1000, 'reply');
    // Both updates were stored.
    await waitFor(async () => (await storedRows(chat)) >= 2, 2000, 'rows stored');
  });

  it('refuses every other principal before the upgrade, and the other side never receives the updates', async () => {
    const g = await newGame();
    const chat = sideDocName(g.id, 'red', 'chat');
    const notes = sideDocName(g.id, 'red', 'notes');
    const spectator = await addSeat(g.id, 'spectator');
    const other = await newGame();

    // Another side's token, a spectator seat, no token, another game's red token: all refused.
    for (const doc of [chat, notes]) {
      expect((await rawOpen(srv.url, doc, [g.blue])).status).toBe(403);
      expect((await rawOpen(srv.url, doc, [spectator])).status).toBe(403);
      expect((await rawOpen(srv.url, doc, [])).status).toBe(401);
      expect((await rawOpen(srv.url, doc, [other.red])).status).toBe(403);
    }
    // Unknown game, unknown side, names outside the scheme, bad replay token, cross-site origin.
    expect((await rawOpen(srv.url, sideDocName(randomUUID(), 'red', 'chat'), [g.red])).status).toBe(403);
    expect((await rawOpen(srv.url, sideDocName(g.id, 'green', 'chat'), [g.red])).status).toBe(404);
    expect((await rawOpen(srv.url, `game/${g.id}/side/red/secrets`, [g.red])).status).toBe(404);
    expect((await rawOpen(srv.url, 'anything', [g.red])).status).toBe(404);
    expect((await rawOpen(srv.url, replayDocName(randomBytes(24).toString('base64url')), [g.red])).status).toBe(403);
    expect((await rawOpen(srv.url, chat, [g.red], { origin: 'http://evil.example' })).status).toBe(403);
    // The browser's way in: the signed session cookie. A cookie holding only blue's token is still refused.
    const cookie = (tokens: string[]) => ({
      cookie: `${SESSION_COOKIE}=${encodeURIComponent(encodeSession(srv.services.secret, tokens))}`,
    });
    const viaCookie = await rawOpen(srv.url, chat, [], cookie([g.red]));
    expect(viaCookie.status).toBe(101);
    if (viaCookie.open) viaCookie.ws.close();
    expect((await rawOpen(srv.url, chat, [], cookie([g.blue]))).status).toBe(403);
    expect((await rawOpen(srv.url, chat, [], { cookie: `${SESSION_COOKIE}=forged.${g.red}` })).status).toBe(401);
    // The y-websocket client of the wrong side never syncs.
    const intruder = yClient(srv.url, chat, [g.blue]);

    // Blue's own documents, watched byte by byte at the websocket.
    const blueChat = await rawOpen(srv.url, sideDocName(g.id, 'blue', 'chat'), [g.blue]);
    const blueNotes = await rawOpen(srv.url, sideDocName(g.id, 'blue', 'notes'), [g.blue]);
    expect(blueChat.status).toBe(101);
    expect(blueNotes.status).toBe(101);

    const a = yClient(srv.url, chat, [g.red]);
    const b = yClient(srv.url, chat, [g.red]);
    const na = yClient(srv.url, notes, [g.red]);
    const nb = yClient(srv.url, notes, [g.red]);
    await Promise.all([a.synced, b.synced, na.synced, nb.synced]);
    const secret = `red-secret-${randomUUID()}`;
    await apiClient(srv.url, [g.red]).chat.post.mutate({ gameId: g.id, text: secret });
    notesOf(na.doc).set('n1', { kind: 'note', hex: { q: 0, r: 0 }, text: secret, fromSeq: 1, toSeq: null });
    await waitFor(
      () =>
        chatOf(b.doc)
          .toArray()
          .some((m) => m.text === secret),
      1000,
      'red peer chat',
    );
    await waitFor(() => notesOf(nb.doc).get('n1'), 1000, 'red peer note');
    // Once the red peer has it, the server has broadcast it; give any stray message a moment, then look.
    await waitFor(async () => (await storedRows(notes)) >= 1, 2000, 'rows stored');
    await new Promise((r) => setTimeout(r, 200));

    expect(intruder.provider.synced).toBe(false);
    expect(intruder.provider.wsconnected).toBe(false);
    expect(chatOf(intruder.doc).length).toBe(0);
    for (const r of [blueChat, blueNotes]) {
      if (!r.open) throw new Error('not open');
      const bytes = Buffer.concat(r.received);
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
      expect(bytes.includes(Buffer.from('red-secret'))).toBe(false);
      r.ws.close();
    }
    intruder.close();
  });

  it('ignores updates from read-only connections server-side, and after the game ends anyone may read (not write) side chat', async () => {
    const g = await newGame();
    const chat = sideDocName(g.id, 'blue', 'chat');
    const notes = sideDocName(g.id, 'blue', 'notes');
    const blue = yClient(srv.url, chat, [g.blue]);
    await blue.synced;
    const blueSays = (text: string) => apiClient(srv.url, [g.blue]).chat.post.mutate({ gameId: g.id, text });
    await blueSays('before the end');
    await waitFor(async () => (await storedRows(chat)) >= 1, 2000, 'row stored');

    // Still live: a spectator may not read.
    expect((await rawOpen(srv.url, chat, [])).status).toBe(401);

    // Play the game out: 20 turns of red and blue ending their player-turns.
    const games = srv.services.games;
    const principals = [await games.principal(g.id, [g.red]), await games.principal(g.id, [g.blue])];
    for (let i = 0; i < 40; i++) {
      await games.command({ gameId: g.id, principal: principals[i % 2], commandId: randomUUID(), command: { type: 'endTurn' } });
    }
    expect((await anon.game.view.query({ gameId: g.id })).status.finished).toBe(true);

    // Now anyone, with no token at all or the other side's, reads blue's chat...
    const watcher = yClient(srv.url, chat, []);
    const redReader = yClient(srv.url, chat, [g.red]);
    await Promise.all([watcher.synced, redReader.synced]);
    expect(
      chatOf(watcher.doc)
        .toArray()
        .map((m) => m.text),
    ).toEqual(['before the end']);
    expect(
      chatOf(redReader.doc)
        .toArray()
        .map((m) => m.text),
    ).toEqual(['before the end']);
    // ...and sees new messages live...
    await blueSays('good game');
    await waitFor(() => chatOf(watcher.doc).length === 2, 1000, 'live message at the watcher');
    // ...but cannot write: its update is dropped at the server, never stored, never seen by others.
    const rowsBefore = await storedRows(chat);
    const ignoredBefore = yjs().stats().ignoredWrites;
    chatOf(watcher.doc).push([message('forged', 'blue')]);
    await waitFor(() => yjs().stats().ignoredWrites > ignoredBefore, 2000, 'the write to be dropped');
    await blueSays('last word');
    await waitFor(
      () =>
        chatOf(watcher.doc)
          .toArray()
          .some((m) => m.text === 'last word'),
      1000,
      'marker',
    );
    await waitFor(async () => (await storedRows(chat)) >= rowsBefore + 1, 2000, 'marker stored');
    expect(
      chatOf(blue.doc)
        .toArray()
        .map((m) => m.text),
    ).not.toContain('forged');
    // The same at the protocol level: a raw update from an anonymous reader, then a round trip proving the server
    // has handled it. It changed nothing.
    const raw = await rawOpen(srv.url, chat, []);
    if (!raw.open) throw new Error('reader refused');
    const forger = new Y.Doc();
    Y.applyUpdate(forger, Y.encodeStateAsUpdate(blue.doc));
    chatOf(forger).push([message('forged at the protocol level', 'blue')]);
    await sendUpdateAndSettle(raw, Y.encodeStateAsUpdate(forger, Y.encodeStateVector(blue.doc)));
    raw.ws.close();
    const fresh = yClient(srv.url, chat, [g.blue]);
    await fresh.synced;
    expect(
      chatOf(fresh.doc)
        .toArray()
        .map((m) => m.text),
    ).toEqual(['before the end', 'good game', 'last word']);
    expect(await storedRows(chat)).toBe(rowsBefore + 1);

    // Side notes stay with their side even after the end.
    expect((await rawOpen(srv.url, notes, [])).status).toBe(401);
    expect((await rawOpen(srv.url, notes, [g.red])).status).toBe(403);
    watcher.close();
    redReader.close();
    blue.close();
    fresh.close();
  });
});

describe('access withdrawn', () => {
  it("a revoked seat's open connection is closed at the next re-check, and it cannot reconnect", async () => {
    const g = await newGame();
    const chat = sideDocName(g.id, 'red', 'chat');
    const kept = await addSeat(g.id, 'red');
    const doomed = await addSeat(g.id, 'red');
    const keeper = await rawOpen(srv.url, chat, [kept]);
    const victim = await rawOpen(srv.url, chat, [doomed]);
    if (!keeper.open || !victim.open) throw new Error('refused');
    const closedWith = new Promise<number>((r) => victim.ws.once('close', (code) => r(code)));
    await yjs().recheck();
    expect(victim.ws.readyState).toBe(victim.ws.OPEN);
    await srv.database.query('UPDATE seats SET revoked_at = now() WHERE token_hash = $1', [hashToken(doomed)]);
    expect(await yjs().recheck()).toBeGreaterThanOrEqual(1);
    expect(await closedWith).toBe(4403);
    expect(keeper.ws.readyState).toBe(keeper.ws.OPEN);
    expect((await rawOpen(srv.url, chat, [doomed])).status).toBe(403);
    keeper.ws.close();
  });
});

describe('replay links', () => {
  it("serve the link's notes: annotating links write, view-only links read but cannot write", async () => {
    const g = await newGame();
    const annotate = await addReplayLink(g.id, true);
    const viewOnly = await addReplayLink(g.id, false);
    const editor = yClient(srv.url, replayDocName(annotate));
    const viewer = yClient(srv.url, replayDocName(viewOnly));
    const sameLink = yClient(srv.url, replayDocName(viewOnly));
    await Promise.all([editor.synced, viewer.synced, sameLink.synced]);

    notesOf(editor.doc).set('h1', { kind: 'highlight', hex: { q: 1, r: 0 }, fromSeq: 3, toSeq: 9 });
    // The view-only link's own document is a different document: the editor's notes are not in it.
    await waitFor(async () => (await storedRows(replayDocName(annotate))) >= 1, 2000, 'editor row');
    expect(notesOf(viewer.doc).size).toBe(0);

    const ignoredBefore = yjs().stats().ignoredWrites;
    notesOf(viewer.doc).set('x', { kind: 'note', text: 'vandalism' });
    await waitFor(() => yjs().stats().ignoredWrites > ignoredBefore, 2000, 'the write to be dropped');
    const raw = await rawOpen(srv.url, replayDocName(viewOnly));
    if (!raw.open) throw new Error('view-only link refused');
    const forger = new Y.Doc();
    notesOf(forger).set('y', { kind: 'note', text: 'raw vandalism' });
    await sendUpdateAndSettle(raw, Y.encodeStateAsUpdate(forger));
    raw.ws.close();
    expect(await storedRows(replayDocName(viewOnly))).toBe(0);
    expect(notesOf(sameLink.doc).size).toBe(0);
    const later = yClient(srv.url, replayDocName(viewOnly));
    await later.synced;
    expect(notesOf(later.doc).size).toBe(0);
    later.close();

    // A second editor on the annotating link gets the highlight.
    const editor2 = yClient(srv.url, replayDocName(annotate));
    await editor2.synced;
    await waitFor(() => notesOf(editor2.doc).get('h1'), 1000, 'highlight');

    // A revoked link is refused.
    await srv.database.query('UPDATE replay_links SET revoked_at = now() WHERE token = $1', [annotate]);
    expect((await rawOpen(srv.url, replayDocName(annotate))).status).toBe(403);
    for (const c of [editor, viewer, sameLink, editor2]) c.close();
  });
});

describe('persistence', () => {
  it("compacts a document's rows into one merged row, keeping its content", async () => {
    const g = await newGame();
    const chat = sideDocName(g.id, 'red', 'notes');
    const y = yjs();
    const before = y.stats().compactions;
    const threshold = y.compactAfter;
    y.compactAfter = 5;
    try {
      const a = yClient(srv.url, chat, [g.red]);
      await a.synced;
      for (let i = 0; i < 12; i++) {
        chatOf(a.doc).push([message(`m${i}`)]);
        // One row per message: wait for each to be stored before the next.
        await waitFor(async () => y.stats().compactions > before || (await storedRows(chat)) >= i + 1, 2000, `row ${i}`);
      }
      await waitFor(() => y.stats().compactions > before, 3000, 'a compaction');
      await waitFor(async () => (await storedRows(chat)) <= 5, 3000, 'few rows');
      const b = yClient(srv.url, chat, [g.red]);
      await b.synced;
      expect(
        chatOf(b.doc)
          .toArray()
          .map((m) => m.text),
      ).toEqual(Array.from({ length: 12 }, (_, i) => `m${i}`));
      a.close();
      b.close();
    } finally {
      y.compactAfter = threshold;
    }
  });

  it('stops taking changes once a document reaches its size cap; reads still work', async () => {
    const g = await newGame();
    const chat = sideDocName(g.id, 'red', 'notes');
    const y = yjs();
    const cap = y.maxDocBytes;
    const dropped = y.stats().droppedOverCap;
    y.maxDocBytes = 2500;
    try {
      const a = yClient(srv.url, chat, [g.red]);
      await a.synced;
      for (const t of ['one', 'two']) {
        chatOf(a.doc).push([message(`${t} ${'x'.repeat(1500)}`)]);
        await waitFor(async () => (await storedRows(chat)) >= (t === 'one' ? 1 : 2), 2000, `${t} stored`);
      }
      chatOf(a.doc).push([message('three: over the cap')]);
      await waitFor(() => y.stats().droppedOverCap > dropped, 2000, 'the third change dropped');
      const b = yClient(srv.url, chat, [g.red]);
      await b.synced;
      expect(
        chatOf(b.doc)
          .toArray()
          .map((m) => m.text.split(' ')[0]),
      ).toEqual(['one', 'two']);
      expect(await storedRows(chat)).toBe(2);
      a.close();
      b.close();
    } finally {
      y.maxDocBytes = cap;
    }
  });

  it('pulls a row whose announcement was lost (periodic catch-up)', async () => {
    const g = await newGame();
    const chat = sideDocName(g.id, 'red', 'notes');
    const a = yClient(srv.url, chat, [g.red]);
    await a.synced;
    chatOf(a.doc).push([message('first')]);
    await waitFor(async () => (await storedRows(chat)) >= 1, 2000, 'row stored');
    // Another instance's row, inserted without NOTIFY, as if the LISTEN connection had been down.
    const elsewhere = new Y.Doc();
    Y.applyUpdate(elsewhere, Y.encodeStateAsUpdate(a.doc));
    chatOf(elsewhere).push([message('sent while we were deaf')]);
    const update = Y.encodeStateAsUpdate(elsewhere, Y.encodeStateVector(a.doc));
    await srv.database.query('INSERT INTO yjs_updates (doc, update, origin) VALUES ($1, $2, $3)', [
      chat,
      Buffer.from(update),
      'another-instance',
    ]);
    expect(await yjs().catchUp()).toBeGreaterThanOrEqual(1);
    await waitFor(() => chatOf(a.doc).length === 2, 2000, 'the missed row at the client');
    expect(
      chatOf(a.doc)
        .toArray()
        .map((m) => m.text),
    ).toEqual(['first', 'sent while we were deaf']);
    a.close();
  });

  it('reloads documents when the collaboration layer restarts (every in-memory document gone)', async () => {
    const g = await newGame();
    const chat = sideDocName(g.id, 'red', 'notes');
    const notes = sideDocName(g.id, 'red', 'notes');
    const first = await startStandaloneYjs(srv.database, srv.services.games, srv.services.secret);
    try {
      const a = yClient(first.url, chat, [g.red]);
      const n = yClient(first.url, notes, [g.red]);
      await Promise.all([a.synced, n.synced]);
      chatOf(a.doc).push([message('written before the restart')]);
      notesOf(n.doc).set('note', { kind: 'note', hex: { q: 2, r: -1 }, text: 'dig in', fromSeq: 4, toSeq: 8 });
      await waitFor(async () => (await storedRows(chat)) >= 1 && (await storedRows(notes)) >= 1, 2000, 'rows stored');
      a.close();
      n.close();
    } finally {
      await first.close();
    }
    const second = await startStandaloneYjs(srv.database, srv.services.games, srv.services.secret);
    try {
      const a = yClient(second.url, chat, [g.red]);
      const n = yClient(second.url, notes, [g.red]);
      await Promise.all([a.synced, n.synced]);
      expect(
        chatOf(a.doc)
          .toArray()
          .map((m) => m.text),
      ).toEqual(['written before the restart']);
      expect(notesOf(n.doc).get('note')).toMatchObject({ text: 'dig in', fromSeq: 4 });
      a.close();
      n.close();
    } finally {
      await second.close();
    }
  });

  // A whole new server process on the same database. PGlite is a per-process embedded database that costs seconds
  // to reopen, so that variant runs under DATABASE_URL only (the test above covers the reload itself on both).
  it.skipIf(!usingPostgres())('reloads documents after a full server restart on the same PostgreSQL database', async () => {
    const g = await newGame();
    const chat = sideDocName(g.id, 'red', 'notes');
    const notes = sideDocName(g.id, 'red', 'notes');
    const a = yClient(srv.url, chat, [g.red]);
    const n = yClient(srv.url, notes, [g.red]);
    await Promise.all([a.synced, n.synced]);
    chatOf(a.doc).push([message('survives a restart')]);
    notesOf(n.doc).set('arrow', { kind: 'arrow', from: { q: 0, r: 0 }, to: { q: 1, r: 0 }, fromSeq: 2, toSeq: null });
    await waitFor(async () => (await storedRows(chat)) >= 1 && (await storedRows(notes)) >= 1, 2000, 'rows stored');
    a.close();
    n.close();

    await srv.close();
    srv = await startTestServer(db);
    anon = apiClient(srv.url);

    const a2 = yClient(srv.url, chat, [g.red]);
    const n2 = yClient(srv.url, notes, [g.red]);
    await Promise.all([a2.synced, n2.synced]);
    expect(
      chatOf(a2.doc)
        .toArray()
        .map((m) => m.text),
    ).toEqual(['survives a restart']);
    expect(notesOf(n2.doc).get('arrow')).toMatchObject({ kind: 'arrow', to: { q: 1, r: 0 } });
    // Still refused to the other side after the restart.
    expect((await rawOpen(srv.url, notes, [g.blue])).status).toBe(403);
    a2.close();
    n2.close();
  });
});
