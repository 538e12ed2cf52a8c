/**
 * Issue 14, point 1 (server side): live fan-out reads each new event once for all the streams of a game and
 * redacts it once per distinct viewer, not once per subscriber.
 */
import { describe, expect, it } from 'vitest';
import { viewerKey } from './live';
import { liveWire } from './live-sse';
import { apiClient, type ApiClient } from './testing/client';
import { useTestServer as serverPerFile } from './testing/useTestServer';

const server = serverPerFile({ limits: { livePerClient: 1_000, livePerGame: 1_000 } });

/** Subscribe to game.live and collect the last seq of every batch. */
function follow(client: ApiClient, gameId: string, since: number) {
  const seen: number[] = [];
  let ready!: () => void;
  const started = new Promise<void>((r) => (ready = r));
  const sub = client.game.live.subscribe(
    { gameId, since },
    { onStarted: () => ready(), onData: (d) => seen.push(...d.data.events.map((e) => e.seq)) },
  );
  return { seen, started, stop: () => sub.unsubscribe() };
}

async function until(ok: () => boolean, ms = 10_000) {
  const t0 = Date.now();
  while (!ok()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('live fan-out shares reads and redactions (issue 14.1)', () => {
  it('reads a new event once and redacts it once per viewer, whatever the number of subscribers', async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'tally', scenario: 'count' });
    const a1 = g.seats.find((s) => s.side === 'a' && s.commands.includes('a1'))!;
    const player = apiClient(server().url, [a1.token]);
    const v = await player.game.view.query({ gameId: g.id });

    const SPECTATORS = 40;
    const PLAYERS = 10;
    const streams = [
      ...Array.from({ length: SPECTATORS }, () => follow(apiClient(server().url), g.id, v.seq)),
      ...Array.from({ length: PLAYERS }, () => follow(apiClient(server().url, [a1.token]), g.id, v.seq)),
    ];
    await Promise.all(streams.map((s) => s.started));
    // Let every stream finish its own first (catch-up) read before counting.
    await new Promise((r) => setTimeout(r, 300));
    const live = server().services.live;
    const reads0 = live.liveReads;
    const redactions0 = live.liveRedactions;

    const COMMANDS = 5;
    for (let i = 0; i < COMMANDS; i++)
      await player.game.command.mutate({ gameId: g.id, commandId: `live-share-${g.id}-${i}`, command: { type: 'add', n: 1 } });
    const last = v.seq + COMMANDS;
    await until(() => streams.every((s) => s.seen.includes(last)));

    // Every stream saw every event, in order, once.
    for (const s of streams) expect(s.seen).toEqual(Array.from({ length: COMMANDS }, (_, i) => v.seq + 1 + i));
    // One read per notification at most (not one per stream), one redaction per event per distinct viewer.
    expect(live.liveReads - reads0).toBeLessThanOrEqual(COMMANDS);
    expect(live.liveRedactions - redactions0).toBeLessThanOrEqual(COMMANDS * 2);
    for (const s of streams) s.stop();
  });

  it('sends every subscriber of one viewer the same bytes, built once, carrying the view game.view gives', async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'tally', scenario: 'count' });
    const a1 = g.seats.find((s) => s.side === 'a' && s.commands.includes('a1'))!;
    const player = apiClient(server().url, [a1.token]);
    const v = await player.game.view.query({ gameId: g.id });

    const N = 25;
    const ctl = new AbortController();
    const input = encodeURIComponent(JSON.stringify({ json: { gameId: g.id, since: v.seq } }));
    const texts: string[] = Array(N).fill('');
    const opened = Array.from({ length: N }, async (_, i) => {
      const res = await fetch(`${server().url}/api/trpc/game.live?input=${input}`, { signal: ctl.signal });
      const reader = res.body!.getReader();
      const dec = new TextDecoder();
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            texts[i] += dec.decode(value, { stream: true });
          }
        } catch {
          /* aborted at the end of the test */
        }
      })();
    });
    await Promise.all(opened);
    const live = server().services.live;
    await until(() => live.subscribersOf(g.id) === N);
    await new Promise((r) => setTimeout(r, 300));
    const batches0 = live.liveBatches;
    const encoded0 = liveWire.messagesEncoded;

    const r = await player.game.command.mutate({ gameId: g.id, commandId: `bytes-${g.id}`, command: { type: 'add', n: 2 } });
    const dataOf = (t: string) => t.split('\n\n').find((m) => m.includes(`id: ${r.lastSeq}`));
    await until(() => texts.every((t) => dataOf(t) !== undefined));
    ctl.abort();

    const messages = texts.map(dataOf);
    // Byte for byte the same message (id and data) to every spectator, from one batch built for them all.
    expect(new Set(messages).size).toBe(1);
    expect(live.liveBatches - batches0).toBe(1);
    // ... and turned into bytes once (server/live-sse.ts), not once per stream.
    expect(liveWire.messagesEncoded - encoded0).toBe(1);
    // The batch follows on from the subscriber's seq and carries what game.view now answers a spectator.
    const data = JSON.parse(
      messages[0]!
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6),
    ).json;
    expect(data.after).toBe(v.seq);
    expect(data.lastSeq).toBe(r.lastSeq);
    const { game: _game, ...now } = await apiClient(server().url).game.view.query({ gameId: g.id });
    expect(data.moment).toEqual(JSON.parse(JSON.stringify(now)));
  });

  it('keys viewers by side and command set, in any order', () => {
    expect(viewerKey({ kind: 'side', side: 'a', commands: ['a2', 'a1'] })).toBe(
      viewerKey({ kind: 'side', side: 'a', commands: ['a1', 'a2'] }),
    );
    expect(viewerKey({ kind: 'side', side: 'a', commands: ['a1'] })).not.toBe(viewerKey({ kind: 'side', side: 'a', commands: ['a2'] }));
    expect(viewerKey({ kind: 'spectator' })).not.toBe(viewerKey({ kind: 'side', side: 'a' }));
  });
});
