/**
 * The command pipeline end to end over HTTP: create, list, view, command, idempotent retries, typed errors,
 * events since a seq, view at a past seq, and the live SSE subscription, on the tiny test ruleset.
 */
import { randomUUID } from 'node:crypto';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './app';
import { GameService } from './games';
import { appRouter } from './router';
import { createCallerFactory } from './trpc';
import { apiClient, type ApiClient } from './testing/client';
import { freshDatabase, startTestServer, type TestDb } from './testing/harness';

let db: TestDb;
let srv: RunningServer;
let anon: ApiClient;

beforeAll(async () => {
  db = await freshDatabase();
  srv = await startTestServer(db, { snapshotEvery: 5 });
  anon = apiClient(srv.url);
});
afterAll(async () => {
  await srv?.close();
  await db?.drop();
});

async function newGame() {
  const g = await anon.game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
  const red = g.seats.find((s) => s.side === 'red')!;
  const blue = g.seats.find((s) => s.side === 'blue')!;
  return { id: g.id, red: apiClient(srv.url, [red.token]), blue: apiClient(srv.url, [blue.token]) };
}

async function errorOf(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(TRPCClientError);
    return (e as TRPCClientError<any>).data as { code: string; httpStatus: number; rule: string | null; stack?: string };
  }
  throw new Error('expected an error');
}

describe('game API', () => {
  it('creates a game whose set-up is in the log, lists it, and offers the active side legal actions', async () => {
    const g = await newGame();
    const list = await anon.game.list.query();
    const listed = list.find((x) => x.id === g.id)!;
    expect(listed.mine).toBe(false);
    expect(listed.seats.map((s) => s.side).sort()).toEqual(['blue', 'red']);
    expect((await g.red.game.list.query()).find((x) => x.id === g.id)!.mine).toBe(true);
    const red = await g.red.game.view.query({ gameId: g.id });
    expect(red.seq).toBeGreaterThan(0);
    expect(red.viewer).toEqual({ kind: 'side', side: 'red', commands: ['red-north', 'red-south'] });
    expect(red.legal.length).toBeGreaterThan(0);
    const blue = await g.blue.game.view.query({ gameId: g.id });
    expect(blue.legal).toEqual([]); // not blue's turn
    const spectator = await anon.game.view.query({ gameId: g.id });
    expect(spectator.viewer).toEqual({ kind: 'spectator' });
  });

  it('applies a legal command once, even when the same command id is retried', async () => {
    const g = await newGame();
    const before = await g.red.game.view.query({ gameId: g.id });
    const cmd = before.legal.find((a: any) => a.command.type === 'move')!.command;
    const commandId = randomUUID();
    const r1 = await g.red.game.command.mutate({ gameId: g.id, commandId, expectedSeq: before.seq, command: cmd });
    expect(r1.duplicate).toBe(false);
    expect(r1.firstSeq).toBe(before.seq + 1);
    const r2 = await g.red.game.command.mutate({ gameId: g.id, commandId, expectedSeq: before.seq, command: cmd });
    expect(r2).toMatchObject({ duplicate: true, firstSeq: r1.firstSeq });
    const after = await g.red.game.view.query({ gameId: g.id });
    expect(after.seq).toBe(r1.lastSeq);
  });

  it('returns typed errors, never a 500 or a stack, and changes nothing', async () => {
    const g = await newGame();
    const v = await g.red.game.view.query({ gameId: g.id });
    const cid = () => randomUUID();
    const malformed = await errorOf(g.red.game.command.mutate({ gameId: g.id, commandId: cid(), command: { type: 'fly' } }));
    expect(malformed.code).toBe('BAD_REQUEST');
    expect(malformed.stack).toBeUndefined();
    const spectator = await errorOf(anon.game.command.mutate({ gameId: g.id, commandId: cid(), command: { type: 'endTurn' } }));
    expect(spectator.code).toBe('FORBIDDEN');
    const wrongTurn = await errorOf(g.blue.game.command.mutate({ gameId: g.id, commandId: cid(), command: { type: 'endTurn' } }));
    expect(wrongTurn.code).toBe('PRECONDITION_FAILED');
    const future = await errorOf(
      g.red.game.command.mutate({ gameId: g.id, commandId: cid(), expectedSeq: v.seq + 10, command: { type: 'endTurn' } }),
    );
    expect(future.code).toBe('CONFLICT');
    const unknownGame = await errorOf(g.red.game.view.query({ gameId: randomUUID() }));
    expect(unknownGame.code).toBe('NOT_FOUND');
    const badId = await errorOf(g.red.game.view.query({ gameId: 'not-a-uuid' }));
    expect(badId.code).toBe('BAD_REQUEST');
    const huge = await errorOf(
      g.red.game.command.mutate({ gameId: g.id, commandId: cid(), command: { type: 'endTurn', pad: 'x'.repeat(20_000) } }),
    );
    expect(['PAYLOAD_TOO_LARGE', 'BAD_REQUEST']).toContain(huge.code);
    const hugeBody = await fetch(`${srv.url}/api/trpc/game.command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { pad: 'x'.repeat(200_000) } }),
    });
    expect(hugeBody.status).toBe(413);
    expect((await g.red.game.view.query({ gameId: g.id })).seq).toBe(v.seq);
  });

  it('refuses a mutation sent from another site', async () => {
    const g = await newGame();
    const res = await fetch(`${srv.url}/api/trpc/game.command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ json: { gameId: g.id, commandId: randomUUID(), command: { type: 'endTurn' } } }),
    });
    expect(res.status).toBe(403);
  });

  it('serves events since a seq, redacted per viewer, and the view at a past seq', async () => {
    const g = await newGame();
    const start = await g.red.game.view.query({ gameId: g.id });
    for (let i = 0; i < 3; i++) {
      const v = await g.red.game.view.query({ gameId: g.id });
      const mv = v.legal.find((a: any) => a.command.type === 'move');
      await g.red.game.command.mutate({ gameId: g.id, commandId: randomUUID(), command: mv!.command });
    }
    const evRed = await g.red.game.events.query({ gameId: g.id, since: 0 });
    const evBlue = await g.blue.game.events.query({ gameId: g.id, since: 0 });
    expect(evRed.lastSeq).toBe(start.seq + 3);
    expect(evBlue.events.map((e) => e.seq)).toEqual(evRed.events.map((e) => e.seq));
    // Set-up: red sees its own strengths, blue does not see red's.
    const setupRed = JSON.stringify(evRed.events[0].data);
    const setupBlue = evBlue.events[0].data as { pieces: { side: string; strength?: number; id?: string }[] };
    expect(setupRed).toContain('strength');
    expect(setupBlue.pieces.filter((p) => p.side === 'red').every((p) => p.strength === undefined && p.id === undefined)).toBe(true);
    const past = await g.red.game.view.query({ gameId: g.id, atSeq: start.seq });
    expect(past.seq).toBe(start.seq);
    expect(past.legal).toEqual([]); // the past is read-only
    expect(JSON.stringify(past.view)).toBe(JSON.stringify(start.view));
  });

  it('pushes live events to a subscriber', async () => {
    const g = await newGame();
    const v = await g.red.game.view.query({ gameId: g.id });
    const got: number[] = [];
    const done = new Promise<void>((resolve, reject) => {
      const sub = g.blue.game.live.subscribe(
        { gameId: g.id, since: v.seq },
        {
          onData: (d) => {
            got.push(d.data.lastSeq);
            sub.unsubscribe();
            resolve();
          },
          onError: reject,
        },
      );
    });
    await new Promise((r) => setTimeout(r, 200));
    const r = await g.red.game.command.mutate({ gameId: g.id, commandId: randomUUID(), command: { type: 'endTurn' } });
    await done;
    expect(got).toEqual([r.lastSeq]);
  });
});

describe('test-only rulesets', () => {
  it('are neither listed nor creatable on a server that does not offer them', async () => {
    const services = { ...srv.services, games: new GameService(srv.database, { allowTestGames: false }) };
    const caller = createCallerFactory(appRouter)({ services, tokens: [] });
    expect((await caller.game.rulesets()).some((r) => r.id === 'skirmish')).toBe(false);
    await expect(caller.game.create({ ruleset: 'skirmish', scenario: 'duel' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('chapters and views at several seqs', () => {
  it('marks where each player-turn starts and serves past views per viewer', async () => {
    const g = await newGame();
    const start = await g.red.game.view.query({ gameId: g.id });
    await g.red.game.command.mutate({ gameId: g.id, commandId: randomUUID(), command: { type: 'endTurn' } });
    await g.blue.game.command.mutate({ gameId: g.id, commandId: randomUUID(), command: { type: 'endTurn' } });
    const { chapters, latestSeq } = await anon.game.chapters.query({ gameId: g.id });
    expect(latestSeq).toBe(start.seq + 2);
    expect(chapters.map((c) => c.turn)).toEqual([
      'Turn 1 of 20, red player-turn',
      'Turn 1 of 20, blue player-turn',
      'Turn 2 of 20, red player-turn',
    ]);
    expect(chapters[1].seq).toBe(start.seq + 1);
    const views = await g.blue.game.viewsAt.query({ gameId: g.id, seqs: [start.seq, latestSeq] });
    expect(views.map((v) => v.seq)).toEqual([start.seq, latestSeq]);
    const redSeen = (views[0].view as any).pieces.filter((p: any) => p.side === 'red');
    expect(redSeen.every((p: any) => p.strength === undefined)).toBe(true);
  });
});
