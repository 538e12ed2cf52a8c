/**
 * lobby.* (issue 16, points 6 and 7): the seats a browser holds across games (for the lobby's "waiting for you")
 * and what an invite link offers before it is used.
 */
import { describe, expect, it } from 'vitest';
import { apiClient, codeOf } from './testing/client';
import { useTestServer as testServer } from './testing/useTestServer';

const server = testServer();

describe('lobby', () => {
  it("lists this browser's seats in every game, with side and commands, and nothing for a stranger", async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
    const red = g.seats.find((s) => s.side === 'red')!;
    const mine = await apiClient(server().url, [red.token]).lobby.mySeats.query();
    expect(mine).toEqual([{ gameId: g.id, side: 'red', commands: red.commands }]);
    const both = await apiClient(
      server().url,
      g.seats.map((s) => s.token),
    ).lobby.mySeats.query();
    expect(both.map((s) => s.side).sort()).toEqual(['blue', 'red']);
    expect(await apiClient(server().url).lobby.mySeats.query()).toEqual([]);
  });

  it('names the game, the side and the commands an invite link offers; refuses an unknown or used link', async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel', name: 'Friday duel' });
    const blue = g.seats.find((s) => s.side === 'blue')!;
    const anon = apiClient(server().url);
    const inv = await anon.lobby.invite.query({ gameId: g.id, token: blue.token });
    expect(inv.game.name).toBe('Friday duel');
    expect(inv.seats).toHaveLength(1);
    expect(inv.seats[0]).toMatchObject({ label: blue.label, holder: null, allCommands: true });
    expect(inv.seats[0].side).not.toBe('');
    expect(await codeOf(anon.lobby.invite.query({ gameId: g.id, token: 'x'.repeat(24) }))).toBe('FORBIDDEN');
    await anon.seats.join.mutate({ gameId: g.id, token: blue.token, name: 'Ann' });
    expect(await codeOf(anon.lobby.invite.query({ gameId: g.id, token: blue.token }))).toBe('FORBIDDEN'); // used once
  });
});
