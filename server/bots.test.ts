/**
 * Computer players on the server (issue 17): a bot seat chosen at creation or handed over by the creator acts
 * through the public procedures with its own token, moves only what its command holds, and steps aside for a
 * person who is given its seat later.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMPUTER } from './bots';
import { apiClient } from './testing/client';
import { useTestServer as startTestServerForFile } from './testing/useTestServer';

const server = startTestServerForFile({ botDelayMs: 0 });

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('computer players', () => {
  it('plays a whole game against itself when both sides are the computer', async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel', computer: ['red', 'blue'] });
    // no seat token of a computer side ever reaches the creator
    expect(g.seats).toEqual([]);
    expect(g.computer.map((s) => s.side).sort()).toEqual(['blue', 'red']);
    const watcher = apiClient(server().url);
    const done = await until(
      'the game to end',
      async () => {
        const v = await watcher.game.view.query({ gameId: g.id });
        return v.status.finished ? v : null;
      },
      60_000,
    );
    expect(done.latestSeq).toBeGreaterThan(10);
    const seats = await watcher.seats.list.query({ gameId: g.id });
    expect(seats.seats.every((s) => s.holder === COMPUTER)).toBe(true);
  });

  it('answers a person: the computer side moves when the game waits for it, and only then', async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel', computer: ['blue'] });
    const red = apiClient(server().url, [g.seats[0].token]);
    expect(g.seats.map((s) => s.side)).toEqual(['red']);
    // red moves first: the bot waits
    await new Promise((r) => setTimeout(r, 300));
    const v0 = await red.game.view.query({ gameId: g.id });
    expect(v0.status.turn).toMatch(/red/);
    const seq0 = v0.latestSeq;
    const end = v0.legal.find((a) => a.command.type === 'endTurn')!;
    expect(end).toBeTruthy();
    await red.game.command.mutate({ gameId: g.id, commandId: randomUUID(), command: end.command });
    // the computer plays blue's player-turn and hands it back
    const back = await until('red to be waited for again', async () => {
      const v = await red.game.view.query({ gameId: g.id });
      return v.status.turn.includes('red') && v.latestSeq > seq0 + 1 ? v : null;
    });
    const evs = await red.game.events.query({ gameId: g.id, since: seq0 });
    expect(evs.events.length).toBeGreaterThan(1);
    expect(back.status.finished).toBe(false);
  });

  it('holds one command of a team, acts only with it, and gives way to a person who takes its seat later', async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
    const owner = apiClient(server().url, [g.ownerToken]);
    const redSeat = g.seats.find((s) => s.side === 'red')!;
    // red split in two: the creator keeps red-north, a new seat with red-south goes to the computer
    const added = await owner.seats.add.mutate({ gameId: g.id, side: 'red', commands: ['red-south'], label: 'Red South' });
    const north = apiClient(server().url, [redSeat.token]);
    const before = await north.game.view.query({ gameId: g.id });
    // the computer's red-south pieces (r3, r4) move; red-north's (r1, r2) stay where they are until the person moves them
    await owner.bots.take.mutate({ gameId: g.id, seatId: added.seat.id });
    const pos = (v: typeof before, id: string) =>
      JSON.stringify((v.view as { pieces: { id?: string; pos: unknown }[] }).pieces.find((p) => p.id === id)?.pos);
    const moved = await until('the computer to act for red-south', async () => {
      const v = await north.game.view.query({ gameId: g.id });
      return v.latestSeq > before.latestSeq ? v : null;
    });
    await new Promise((r) => setTimeout(r, 300));
    const after = await north.game.view.query({ gameId: g.id });
    expect(pos(after, 'r1')).toBe(pos(before, 'r1'));
    expect(pos(after, 'r2')).toBe(pos(before, 'r2'));
    expect(moved.latestSeq).toBeGreaterThan(before.latestSeq);
    expect(
      server()
        .services.bots?.list(g.id)
        .map((s) => s.seatId),
    ).toEqual([added.seat.id]);
    // a person is given the seat (a new link): the bot stops at once, the person plays on in the same game
    const link = await owner.seats.reissue.mutate({ gameId: g.id, seatId: added.seat.id });
    const person = apiClient(server().url, [link.token]);
    await person.seats.join.mutate({ gameId: g.id, token: link.token, name: 'Ann' });
    const quiet = await north.game.view.query({ gameId: g.id });
    await new Promise((r) => setTimeout(r, 300));
    expect((await north.game.view.query({ gameId: g.id })).latestSeq).toBe(quiet.latestSeq);
    // the bot notices at the next event (its token no longer holds a seat) and stops
    const botCommands = server().services.bots?.list(g.id)[0]?.commands ?? 0;
    // (skirmish's endTurn ends the whole side's player-turn, S2.1: the bot ended red's; blue now ends its own)
    const blue = apiClient(server().url, [g.seats.find((s) => s.side === 'blue')!.token]);
    expect(quiet.status.turn).toMatch(/blue/);
    await blue.game.command.mutate({ gameId: g.id, commandId: randomUUID(), command: { type: 'endTurn' } });
    await until('the bot to step aside', async () => !server().services.bots?.list(g.id).length);
    expect(botCommands).toBeGreaterThan(0);
    const seats = await owner.seats.list.query({ gameId: g.id });
    expect(seats.seats.find((s) => s.id === added.seat.id)?.holder).toBe('Ann');
  });

  it('lets only the creator hand a seat to the computer', async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
    const stranger = apiClient(server().url, [g.seats[0].token]);
    await expect(stranger.bots.take.mutate({ gameId: g.id, seatId: g.seats[1].id })).rejects.toThrow(/creator|commanders|supreme/);
  });

  it('plays EastFront: a new game with a computer German side starts at once', async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'eastfront', scenario: 'edelweiss', computer: ['german'] });
    const soviet = apiClient(server().url, [g.seats[0].token]);
    // the same game without a computer: its log holds the set-up only
    const plain = await apiClient(server().url).game.create.mutate({ ruleset: 'eastfront', scenario: 'edelweiss' });
    const v0 = await apiClient(server().url, [plain.seats[0].token]).game.view.query({ gameId: plain.id, side: 'german' });
    const moved = await until('the German computer to act', async () => {
      const v = await soviet.game.view.query({ gameId: g.id });
      return v.latestSeq > v0.latestSeq ? v : null;
    });
    expect(moved.viewer).toMatchObject({ kind: 'side', side: 'soviet' });
  });

  it('creates a game with the computer on one command of a team (the lobby choice), the person on the rest', async () => {
    const creator = apiClient(server().url);
    await expect(
      creator.game.create.mutate({ ruleset: 'skirmish', scenario: 'duel', computerCommands: [{ side: 'red', commands: ['nope'] }] }),
    ).rejects.toThrow(/No command nope/);
    const g = await creator.game.create.mutate({
      ruleset: 'skirmish',
      scenario: 'duel',
      computerCommands: [{ side: 'red', commands: ['red-south'] }],
    });
    expect(g.computer.map((s) => [s.side, s.commands])).toEqual([['red', ['red-south']]]);
    // the creator's red seat keeps only red-north; no token of the computer's seat reaches the creator
    expect(g.seats.find((s) => s.side === 'red')?.commands).toEqual(['red-north']);
    expect(g.seats.some((s) => s.id === g.computer[0].id)).toBe(false);
    const list = await apiClient(server().url, [g.ownerToken]).seats.list.query({ gameId: g.id });
    expect(list.seats.find((s) => s.id === g.computer[0].id)).toMatchObject({ holder: COMPUTER, commands: ['red-south'] });
    expect(
      server()
        .services.bots?.list(g.id)
        .map((s) => s.seatId),
    ).toEqual([g.computer[0].id]);
  });
});
