/**
 * Issue 14, point 2: a command costs one database round trip in the common case (seats from the instance's seat
 * cache, the append as one statement), and a seat change still takes effect on the very next command.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { tally } from '../engine/testing/tally';
import { GameService } from './games';
import { SeatService } from './seats';
import { useTestServer } from './testing/useTestServer';

const server = useTestServer();

/** Counts the calls that reach the database: raw queries and every Drizzle entry point. */
function countRoundTrips() {
  const { database } = server();
  const calls: string[] = [];
  const query = database.query;
  database.query = ((text: string, params?: unknown[], name?: string) => {
    calls.push(`query:${name ?? text.slice(0, 30)}`);
    return query(text, params, name);
  }) as typeof database.query;
  const db = database.db as unknown as Record<string, unknown>;
  const saved: [string, unknown][] = [];
  for (const m of ['select', 'insert', 'update', 'delete', 'transaction', 'execute'] as const) {
    const orig = db[m] as (...a: unknown[]) => unknown;
    saved.push([m, orig]);
    db[m] = (...a: unknown[]) => {
      calls.push(`drizzle:${m}`);
      return orig.apply(database.db as Db, a);
    };
  }
  return {
    calls,
    restore() {
      database.query = query;
      for (const [m, f] of saved) db[m] = f;
    },
  };
}

describe('views and states at a seq (issue 14.3)', () => {
  it('serves a view in one round trip, and states at every seq equal the fold of the log, snapshots or not', async () => {
    const { database } = server();
    // Snapshots every 7 events, so most seqs have one below them and some do not.
    const games = new GameService(database, { snapshotEvery: 7, allowTestGames: true });
    const g = await games.create({ ruleset: 'tally', scenario: 'count', seats: [{ side: 'a', commands: ['a1'] }] });
    const principal = await games.principal(g.id, [g.seats[0].token]);
    for (let i = 1; i <= 30; i++)
      await games.command({ gameId: g.id, principal, commandId: randomUUID(), command: { type: 'add', n: (i % 9) + 1 } });
    const count = countRoundTrips();
    let view: Awaited<ReturnType<GameService['view']>>;
    try {
      view = await games.view(g.id, principal);
    } finally {
      count.restore();
    }
    expect(count.calls).toEqual(['query:hexfront_moment']);
    expect(view.seq).toBe(view.latestSeq);

    const rows = await games.store.readEvents(g.id, 0);
    let expected = tally.initial();
    for (const seq of [0, ...rows.map((r) => r.seq)]) {
      if (seq > 0) expected = tally.evolve(expected, { ...rows[seq - 1].payload, type: rows[seq - 1].type } as never);
      // A fresh service each time: no cached state to lean on, only snapshots and the log.
      const cold = new GameService(database, { snapshotEvery: 7, allowTestGames: true });
      expect((await cold.stateAt(g.id, seq)).state).toEqual(expected);
      expect((await games.stateAt(g.id, seq)).state).toEqual(expected);
    }
    // Past the end is the end.
    expect((await games.stateAt(g.id, 10_000_000_000)).at).toBe(rows.length);
  });
});

describe('command path (issue 14.2)', () => {
  it('applies a command in one round trip, answers a retried id without a second append, and sees a reissue at once', async () => {
    const games = server().services.games;
    const g = await games.create({ ruleset: 'tally', scenario: 'count', seats: [{ side: 'a', commands: ['a1'] }] });
    const token = g.seats[0].token;
    // Warm the seat cache and the game row cache (the first read of each is a query).
    await games.principalCached(g.id, [token]);
    await games.game(g.id);
    const count = countRoundTrips();
    let res: { lastSeq: number; duplicate: boolean };
    const id = randomUUID();
    try {
      const principal = await games.principalCached(g.id, [token]);
      res = await games.command({ gameId: g.id, principal, commandId: id, command: { type: 'add', n: 2 } });
    } finally {
      count.restore();
    }
    expect(count.calls).toEqual(['query:hexfront_append']);
    expect(res.duplicate).toBe(false);

    // The same id again: the earlier result, nothing appended.
    const again = await games.command({
      gameId: g.id,
      principal: await games.principalCached(g.id, [token]),
      commandId: id,
      command: { type: 'add', n: 2 },
    });
    expect(again).toMatchObject({ duplicate: true, firstSeq: res.lastSeq });
    expect(await games.store.latestSeq(g.id)).toBe(res.lastSeq);

    // The seat is reissued: the old token holds nothing on the next call, with no notification awaited.
    const seatsSvc = new SeatService(games);
    await seatsSvc.reissue(g.id, [g.ownerToken], g.seats[0].id);
    expect((await games.principalCached(g.id, [token])).seats).toEqual([]);
  });

  it('decides again on the fresh state when the log moved on behind the cache', async () => {
    const games = server().services.games;
    const g = await games.create({ ruleset: 'tally', scenario: 'count', seats: [{ side: 'a', commands: ['a1'] }] });
    const principal = await games.principalCached(g.id, [g.seats[0].token]);
    await games.command({ gameId: g.id, principal, commandId: randomUUID(), command: { type: 'add', n: 1 } });
    // Another instance appends: this instance's cached state is now one event behind.
    const before = await games.store.latestSeq(g.id);
    await server().database.query('UPDATE games SET version = version + 1 WHERE id = $1', [g.id]);
    await server().database.query(
      `INSERT INTO events (game_id, seq, type, payload, actor, engine_version) VALUES ($1, $2, 'added', '{"by":"a:a1","n":5,"total":6}', NULL, $3)`,
      [g.id, before + 1, (await games.game(g.id)).rulesetVersion],
    );
    const r = await games.command({ gameId: g.id, principal, commandId: randomUUID(), command: { type: 'add', n: 1 } });
    expect(r.firstSeq).toBe(before + 2);
    const { state } = await games.stateAt(g.id);
    expect((state as { total: number }).total).toBe(7);
  });
});
