/**
 * Fan-out across server instances: two app instances on one PostgreSQL database, each with its own Yjs server
 * (own documents, own LISTEN), so the only path between them is yjs_updates plus NOTIFY.
 * PGlite is one process's embedded database: two instances cannot share it, so this file needs DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { apiClient } from '../testing/client';
import { freshDatabase, startTestServer, usingPostgres, type TestDb } from '../testing/harness';
import { killAllSpawned, spawnServer, type ServerProcess } from '../testing/processes';
import { sideDocName } from './names';
import { yjsServerFor } from './server';
import { chatOf, closeAllClients, notesOf, rawOpen, waitFor, yClient, type ChatMessage } from './testing';

const pg = usingPostgres();
if (!pg) console.warn('[yjs fan-out] skipped: two instances need a shared PostgreSQL (set DATABASE_URL); PGlite is single-process');

let db: TestDb;
let a: RunningServer;
let b: RunningServer;
let child: ServerProcess | undefined;

beforeAll(async () => {
  if (!pg) return;
  db = await freshDatabase();
  [a, b] = await Promise.all([startTestServer(db), startTestServer(db)]);
});

afterAll(async () => {
  closeAllClients();
  await child?.stop().catch(() => {});
  killAllSpawned();
  await a?.close();
  await b?.close();
  await db?.drop();
});

const message = (text: string): ChatMessage => ({ id: randomUUID(), name: 'tester', side: 'red', at: new Date().toISOString(), text });

async function newGame() {
  const g = await apiClient(a.url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
  return { id: g.id, red: g.seats.find((s) => s.side === 'red')!.token, blue: g.seats.find((s) => s.side === 'blue')!.token };
}

async function rowsByOrigin(doc: string): Promise<Record<string, number>> {
  const rows = await a.database.query<{ origin: string; n: string }>(
    'SELECT origin, count(*) AS n FROM yjs_updates WHERE doc = $1 GROUP BY origin',
    [doc],
  );
  return Object.fromEntries(rows.map((r) => [r.origin, Number(r.n)]));
}

describe.skipIf(!pg)('Yjs fan-out through PostgreSQL', () => {
  it('a chat message and an arrow written on one instance reach clients of the other within one second', async () => {
    expect(a.services.instance).not.toBe(b.services.instance);
    const g = await newGame();
    const chat = sideDocName(g.id, 'red', 'chat');
    const notes = sideDocName(g.id, 'red', 'notes');
    const onA = yClient(a.url, chat, [g.red]);
    const onB = yClient(b.url, chat, [g.red]);
    const notesA = yClient(a.url, notes, [g.red]);
    const notesB = yClient(b.url, notes, [g.red]);
    const blueOnB = await rawOpen(b.url, sideDocName(g.id, 'blue', 'chat'), [g.blue]);
    await Promise.all([onA.synced, onB.synced, notesA.synced, notesB.synced]);
    const appliedBefore = yjsServerFor(b.database)!.stats().appliedFromOtherInstances;

    let t0 = Date.now();
    // Chat is written by the server: a message posted to instance A reaches a client of instance B.
    await apiClient(a.url, [g.red]).chat.post.mutate({ gameId: g.id, text: 'from A' });
    await waitFor(
      () =>
        chatOf(onB.doc)
          .toArray()
          .some((m) => m.text === 'from A'),
      1000,
      'A -> B',
    );
    expect(Date.now() - t0).toBeLessThan(1000);
    t0 = Date.now();
    notesOf(notesB.doc).set('arrow', { kind: 'arrow', from: { q: 0, r: 0 }, to: { q: 0, r: 1 }, fromSeq: 1, toSeq: null });
    await waitFor(() => notesOf(notesA.doc).get('arrow'), 1000, 'B -> A');
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(yjsServerFor(b.database)!.stats().appliedFromOtherInstances).toBeGreaterThan(appliedBefore);

    // Each update is stored once, by the instance its client wrote to; the receiver does not store it again.
    await waitFor(async () => Object.keys(await rowsByOrigin(chat)).length > 0, 2000, 'chat rows');
    expect(await rowsByOrigin(chat)).toEqual({ [a.services.instance]: 1 });
    expect(await rowsByOrigin(notes)).toEqual({ [b.services.instance]: 1 });

    // Blue, on the instance that applied red's update, received none of it.
    if (!blueOnB.open) throw new Error('blue refused');
    await new Promise((r) => setTimeout(r, 200));
    expect(Buffer.concat(blueOnB.received).includes(Buffer.from('from A'))).toBe(false);
    blueOnB.ws.close();
    for (const c of [onA, onB, notesA, notesB]) c.close();
  });

  it('concurrent writers on both instances converge, and late joiners on either instance load everything', async () => {
    const g = await newGame();
    const chat = sideDocName(g.id, 'red', 'notes'); // any Yjs content: side chat itself is server-written
    const clientsA = [yClient(a.url, chat, [g.red]), yClient(a.url, chat, [g.red])];
    const clientsB = [yClient(b.url, chat, [g.red]), yClient(b.url, chat, [g.red])];
    const all = [...clientsA, ...clientsB];
    await Promise.all(all.map((c) => c.synced));
    const perClient = 15;
    for (let i = 0; i < perClient; i++) {
      for (const [k, c] of all.entries()) chatOf(c.doc).push([message(`c${k}-m${i}`)]);
      if (i % 5 === 4) await new Promise((r) => setTimeout(r, 5));
    }
    const total = perClient * all.length;
    for (const c of all) await waitFor(() => chatOf(c.doc).length === total, 5000, 'convergence');
    const order = chatOf(all[0].doc)
      .toArray()
      .map((m) => m.text);
    for (const c of all)
      expect(
        chatOf(c.doc)
          .toArray()
          .map((m) => m.text),
      ).toEqual(order);

    // Once every client has left, both instances drop the document; new clients load it from the table.
    for (const c of all) c.close();
    await waitFor(
      () => yjsServerFor(a.database)!.stats().openDocs === 0 && yjsServerFor(b.database)!.stats().openDocs === 0,
      3000,
      'documents released',
    );
    const lateA = yClient(a.url, chat, [g.red]);
    const lateB = yClient(b.url, chat, [g.red]);
    await Promise.all([lateA.synced, lateB.synced]);
    expect(
      chatOf(lateA.doc)
        .toArray()
        .map((m) => m.text),
    ).toEqual(order);
    expect(
      chatOf(lateB.doc)
        .toArray()
        .map((m) => m.text),
    ).toEqual(order);
    lateA.close();
    lateB.close();
  });

  it('a compaction on one instance loses nothing the other instance wrote', async () => {
    const g = await newGame();
    const chat = sideDocName(g.id, 'red', 'notes'); // any Yjs content: side chat itself is server-written
    const ya = yjsServerFor(a.database)!;
    const threshold = ya.compactAfter;
    ya.compactAfter = 3;
    try {
      const onA = yClient(a.url, chat, [g.red]);
      const onB = yClient(b.url, chat, [g.red]);
      await Promise.all([onA.synced, onB.synced]);
      const before = ya.stats().compactions;
      for (let i = 0; i < 10; i++) {
        chatOf(onB.doc).push([message(`b${i}`)]);
        chatOf(onA.doc).push([message(`a${i}`)]);
        await waitFor(
          () => chatOf(onA.doc).length === 2 * (i + 1) && chatOf(onB.doc).length === 2 * (i + 1),
          2000,
          () => `round ${i}: A has ${chatOf(onA.doc).length}, B has ${chatOf(onB.doc).length}`,
        );
      }
      await waitFor(() => ya.stats().compactions > before, 3000, 'a compaction on A');
      onA.close();
      onB.close();
      await waitFor(() => ya.stats().openDocs === 0 && yjsServerFor(b.database)!.stats().openDocs === 0, 3000, 'released');
      const fresh = yClient(b.url, chat, [g.red]);
      await fresh.synced;
      const texts = chatOf(fresh.doc)
        .toArray()
        .map((m) => m.text)
        .sort();
      expect(texts).toEqual([...Array.from({ length: 10 }, (_, i) => `a${i}`), ...Array.from({ length: 10 }, (_, i) => `b${i}`)].sort());
      fresh.close();
    } finally {
      ya.compactAfter = threshold;
    }
  });

  it('fans out between two server processes (a separate OS process on the same database)', async () => {
    child = await spawnServer({ databaseUrl: db.url });
    const g = await newGame();
    const chat = sideDocName(g.id, 'red', 'notes'); // any Yjs content: side chat itself is server-written
    const here = yClient(a.url, chat, [g.red]);
    const there = yClient(child.url, chat, [g.red]);
    const blueThere = await rawOpen(child.url, sideDocName(g.id, 'blue', 'chat'), [g.blue]);
    expect((await rawOpen(child.url, chat, [g.blue])).status).toBe(403);
    await Promise.all([here.synced, there.synced]);
    let t0 = Date.now();
    chatOf(here.doc).push([message('to the other process')]);
    await waitFor(() => chatOf(there.doc).length === 1, 1000, 'parent -> child');
    expect(Date.now() - t0).toBeLessThan(1000);
    t0 = Date.now();
    chatOf(there.doc).push([message('and back')]);
    await waitFor(() => chatOf(here.doc).length === 2, 1000, 'child -> parent');
    expect(Date.now() - t0).toBeLessThan(1000);
    if (!blueThere.open) throw new Error('blue refused');
    await new Promise((r) => setTimeout(r, 200));
    expect(Buffer.concat(blueThere.received).includes(Buffer.from('to the other process'))).toBe(false);
    blueThere.ws.close();
    here.close();
    there.close();
  });
});
