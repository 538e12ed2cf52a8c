/**
 * Issue 12, point 6: revocation takes effect at once. A seat whose token is reissued or which is removed loses
 * its open live stream (game.live over SSE) and its Yjs websocket rooms within a second, without waiting for
 * the periodic re-check; other seats' streams and rooms stay open.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { claimedToken } from './testing/claimed';
import { apiClient, type ApiClient } from './testing/client';
import { useTestServer as serverPerFile } from './testing/useTestServer';
import { sideDocName } from './yjs/names';
import { closeAllClients, rawOpen, waitFor } from './yjs/testing';

const server = serverPerFile();
afterAll(() => closeAllClients());

/** Subscribe to game.live; resolves `ended` with how the stream ended and when. */
function follow(client: ApiClient, gameId: string, since: number) {
  const batches: number[] = [];
  let ready!: () => void;
  const started = new Promise<void>((r) => (ready = r));
  const ended = new Promise<{ how: string; at: number }>((resolve) => {
    const sub = client.game.live.subscribe(
      { gameId, since },
      {
        onStarted: () => ready(),
        onData: (d) => batches.push(d.data.lastSeq),
        onError: (err) => {
          sub.unsubscribe();
          resolve({ how: `error:${(err as { data?: { code?: string } }).data?.code ?? err.message}`, at: Date.now() });
        },
        onComplete: () => resolve({ how: 'complete', at: Date.now() }),
      },
    );
  });
  return { batches, started, ended };
}

async function settled<T>(p: Promise<T>, ms: number): Promise<T | 'open'> {
  return Promise.race([p, new Promise<'open'>((r) => setTimeout(() => r('open'), ms))]);
}

describe('revocation takes effect at once (issue 12.6)', () => {
  it("closes a reissued seat's live stream and websocket rooms within a second, and nobody else's", async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
    const owner = apiClient(server().url, [g.ownerToken]);
    const red = g.seats.find((s) => s.side === 'red')!;
    const blue = g.seats.find((s) => s.side === 'blue')!;
    const redClient = apiClient(server().url, [red.token]);
    const blueClient = apiClient(server().url, [blue.token]);
    const v = await redClient.game.view.query({ gameId: g.id });

    const redLive = follow(redClient, g.id, v.seq);
    const blueLive = follow(blueClient, g.id, v.seq);
    await Promise.all([redLive.started, blueLive.started]);
    const redRoom = await rawOpen(server().url, sideDocName(g.id, 'red', 'chat'), [red.token]);
    const blueRoom = await rawOpen(server().url, sideDocName(g.id, 'blue', 'chat'), [blue.token]);
    if (!redRoom.open || !blueRoom.open) throw new Error('rooms refused');
    const roomClosed = new Promise<{ code: number; at: number }>((r) => redRoom.ws.once('close', (code) => r({ code, at: Date.now() })));

    // The creator hands red's seat to someone else (red is not claimed yet, so the creator still may).
    const t0 = Date.now();
    await owner.seats.reissue.mutate({ gameId: g.id, seatId: red.id });
    const [live, room] = await Promise.all([settled(redLive.ended, 3000), settled(roomClosed, 3000)]);
    if (live === 'open' || room === 'open')
      throw new Error(`still open after 3 s: live ${JSON.stringify(live)}, room ${JSON.stringify(room)}`);
    const liveMs = live.at - t0;
    const roomMs = room.at - t0;
    console.log(
      `[revocation] reissue -> live stream ended in ${liveMs} ms (${live.how}), chat room closed in ${roomMs} ms (code ${room.code})`,
    );
    expect(live.how).toBe('error:FORBIDDEN');
    expect(room.code).toBe(4403);
    expect(liveMs).toBeLessThan(1000);
    expect(roomMs).toBeLessThan(1000);

    // Blue's stream and room are untouched and still deliver.
    expect(await settled(blueLive.ended, 300)).toBe('open');
    expect(blueRoom.ws.readyState).toBe(blueRoom.ws.OPEN);
    blueRoom.ws.close();
  });

  it("closes a removed sub-commander's stream and room at once when the side's supreme command removes the seat", async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
    const blue = g.seats.find((s) => s.side === 'blue')!;
    // Blue's invite is claimed: from now on only blue manages blue.
    const joined = await apiClient(server().url).seats.join.mutate({ gameId: g.id, token: blue.token });
    expect(joined).toHaveLength(1);
    const blueToken = await claimedToken(server().database, g.id, blue.id);
    const supreme = apiClient(server().url, [blueToken]);
    const south = await supreme.seats.add.mutate({ gameId: g.id, side: 'blue', commands: ['blue-south'], label: 'Blue South' });
    const southClient = apiClient(server().url, [south.token]);
    const live = follow(southClient, g.id, 0);
    await live.started;
    const room = await rawOpen(server().url, sideDocName(g.id, 'blue', 'notes'), [south.token]);
    if (!room.open) throw new Error('room refused');
    const closed = new Promise<number>((r) => room.ws.once('close', (code) => r(code)));
    await waitFor(() => live.batches.length > 0, 2000, 'the first batch');

    const t0 = Date.now();
    await supreme.seats.remove.mutate({ gameId: g.id, seatId: south.seat.id });
    const ended = await settled(live.ended, 3000);
    const code = await settled(closed, 3000);
    expect(ended).not.toBe('open');
    expect(code).toBe(4403);
    if (ended !== 'open') expect(ended.at - t0).toBeLessThan(1000);
  });
});
