/**
 * Point 10 (concurrency): four clients, each holding its own seat, race 1,000 commands at one tally game over
 * HTTP, several in flight each, some with a stale expected seq, some command ids sent twice at once and some
 * sent again after their acknowledgement. The log must come out gap-free (seq 1..N), hold every command once,
 * and fold to the totals its events recorded (so no command was decided on a stale state).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fold } from '../engine/core/ruleset';
import { tally, type TallyEvent } from '../engine/testing/tally';
import type { RunningServer } from './app';
import { toRuleEvent } from './store';
import { apiClient } from './testing/client';
import { freshDatabase, startTestServer, type TestDb } from './testing/harness';

let db: TestDb;
let srv: RunningServer;

beforeAll(async () => {
  db = await freshDatabase();
  srv = await startTestServer(db, { snapshotEvery: 50 });
});
afterAll(async () => {
  await srv?.close();
  await db?.drop();
});

const CLIENTS = 4;
const COMMANDS = 1000;
const IN_FLIGHT = 6;

interface Ack {
  id: string;
  firstSeq: number;
  lastSeq: number;
  duplicate: boolean;
}

describe('commands racing at one game', () => {
  it('gives a gap-free log with every command exactly once, retried ids applied once', async () => {
    const seatPlan = ['a1', 'a2', 'b1', 'b2'].map((c) => ({ side: c[0], commands: [c] }));
    const game = await srv.services.games.create({ ruleset: 'tally', scenario: 'count', seats: seatPlan });
    const setupEvents = (await srv.services.games.store.readEvents(game.id, 0)).length;
    const clients = game.seats.map((s) => apiClient(srv.url, [s.token], { batch: false }));
    expect(clients).toHaveLength(CLIENTS);

    const tag = randomBytes(4).toString('hex');
    const perClient = COMMANDS / CLIENTS;
    const sentSum = new Map<string, number>(); // actor key -> sum of n over distinct command ids
    const acks: Ack[] = [];
    const failures: unknown[] = [];
    let lastSeen = setupEvents;

    async function send(ci: number, id: string, n: number, expectedSeq?: number) {
      try {
        const r = await clients[ci].game.command.mutate({ gameId: game.id, commandId: id, expectedSeq, command: { type: 'add', n } });
        acks.push({ id, ...r });
        lastSeen = Math.max(lastSeen, r.lastSeq);
      } catch (e) {
        failures.push(e);
      }
    }

    await Promise.all(
      clients.map(async (_, ci) => {
        const key = `${seatPlan[ci].side}:${seatPlan[ci].commands[0]}`;
        let next = 0;
        const lane = async () => {
          while (next < perClient) {
            const j = next++;
            const id = `${tag}-c${ci}-${j}`;
            const n = 1 + ((ci * 7 + j) % 9);
            sentSum.set(key, (sentSum.get(key) ?? 0) + n);
            // Every 3rd command names the seq it last saw, which the racing clients will usually have moved past.
            const expected = j % 3 === 0 ? lastSeen : undefined;
            if (j % 10 === 0) await Promise.all([send(ci, id, n, expected), send(ci, id, n, expected)]);
            else await send(ci, id, n, expected);
          }
        };
        await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
      }),
    );
    expect(failures).toEqual([]);

    // Retries after the acknowledgement: a client that lost the response sends the same id again.
    const firstAck = new Map<string, Ack>();
    for (const a of acks) if (!a.duplicate) firstAck.set(a.id, a);
    const retried = [...firstAck.keys()].filter((_, i) => i % 25 === 0);
    await Promise.all(
      retried.map((id) => {
        const ci = Number(/-c(\d)-/.exec(id)![1]);
        return send(ci, id, 1);
      }),
    );
    expect(failures).toEqual([]);

    // Every command id was applied exactly once, whatever number of times it was sent.
    const applied = acks.filter((a) => !a.duplicate);
    expect(applied).toHaveLength(COMMANDS);
    expect(new Set(applied.map((a) => a.id)).size).toBe(COMMANDS);
    for (const a of acks.filter((x) => x.duplicate)) expect(a.firstSeq).toBe(firstAck.get(a.id)!.firstSeq);
    expect(acks.filter((a) => a.duplicate).length).toBe(COMMANDS / 10 + retried.length);

    // The log: seq 1..N without a gap or a repeat, one event per command, each command id once.
    const log = await srv.services.games.store.readEvents(game.id, 0);
    const N = setupEvents + COMMANDS;
    expect(log.map((e) => e.seq)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    expect(await srv.services.games.store.latestSeq(game.id)).toBe(N);
    const ids = log.map((e) => e.commandId).filter((x): x is string => x !== null);
    expect(ids).toHaveLength(COMMANDS);
    expect(new Set(ids)).toEqual(new Set(firstAck.keys()));
    expect(new Set(applied.map((a) => a.firstSeq)).size).toBe(COMMANDS);

    // Each addition was decided on the state right before it: the running sum matches every recorded total.
    let running = 0;
    for (const e of log.slice(setupEvents)) {
      const ev = toRuleEvent(e) as TallyEvent;
      if (ev.type !== 'added') throw new Error(`unexpected ${ev.type}`);
      running += ev.n;
      expect(ev.total).toBe(running);
    }
    const folded = fold(
      tally,
      log.map((e) => toRuleEvent(e) as TallyEvent),
    );
    expect(folded.adds).toBe(COMMANDS);
    expect(folded.by).toEqual(Object.fromEntries(sentSum));

    // The server's own view agrees with the fold, and so does the latest snapshot plus the events after it.
    const view = await clients[0].game.view.query({ gameId: game.id });
    expect(view.seq).toBe(N);
    expect(view.view).toEqual(folded);
    const [snap] = await srv.database.query<{ seq: number; state: unknown }>(
      'SELECT seq, state FROM snapshots WHERE game_id = $1 ORDER BY seq DESC LIMIT 1',
      [game.id],
    );
    expect(snap.seq).toBe(Math.floor(N / 50) * 50);
    expect(snap.state).toEqual(
      fold(
        tally,
        log.slice(0, snap.seq).map((e) => toRuleEvent(e) as TallyEvent),
      ),
    );
  }, 300_000);
});
