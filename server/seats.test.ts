/**
 * Team play on the server (issue 6): seats and command scopes, invite links and revocation, the owner's rights,
 * the signed session cookie, rate-limited joins, and two commanders of one side acting at once.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeSession, SESSION_COOKIE } from './session';
import { apiClient, codeOf } from './testing/client';
import { useTestServer } from './testing/useTestServer';

const server = useTestServer();

async function teamGame() {
  const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
  const owner = apiClient(server().url, [g.ownerToken]);
  const red = g.seats.find((s) => s.side === 'red')!;
  // Split red into two commanders: the original seat keeps red-north, a new seat takes red-south.
  const added = await owner.seats.add.mutate({ gameId: g.id, side: 'red', commands: ['red-south'], label: 'Red South' });
  return {
    g,
    owner,
    north: apiClient(server().url, [red.token]),
    south: apiClient(server().url, [added.token]),
    redSeat: red,
    southSeat: added,
  };
}

const move = (piece: string, to: { q: number; r: number }) => ({ type: 'move', piece, to });

describe('seats and scopes', () => {
  it('gives each command one holder and lists who holds what', async () => {
    const { g, owner } = await teamGame();
    const list = await owner.seats.list.query({ gameId: g.id });
    expect(list.owner).toBe(true);
    const red = list.seats.filter((s) => s.side === 'red');
    expect(red.map((s) => s.commands).sort()).toEqual([['red-north'], ['red-south']]);
    expect((await apiClient(server().url).seats.list.query({ gameId: g.id })).owner).toBe(false);
  });

  it('lets a commander move only the units of the commands they hold', async () => {
    const { g, north, south } = await teamGame();
    // r1 belongs to red-north, r3 to red-south (skirmish S1).
    expect(await codeOf(south.game.command.mutate({ gameId: g.id, commandId: randomUUID(), command: move('r1', { q: -2, r: -1 }) }))).toBe(
      'FORBIDDEN',
    );
    expect(await codeOf(north.game.command.mutate({ gameId: g.id, commandId: randomUUID(), command: move('r3', { q: -2, r: 1 }) }))).toBe(
      'FORBIDDEN',
    );
    // Both commanders act in the same phase, at the same time: both commands land.
    const [a, b] = await Promise.all([
      north.game.command.mutate({ gameId: g.id, commandId: randomUUID(), expectedSeq: 0, command: move('r1', { q: -2, r: -1 }) }),
      south.game.command.mutate({ gameId: g.id, commandId: randomUUID(), expectedSeq: 0, command: move('r3', { q: -2, r: 1 }) }),
    ]);
    expect(new Set([a.firstSeq, b.firstSeq]).size).toBe(2);
    const view = await north.game.view.query({ gameId: g.id });
    const pos = (id: string) => (view.view as any).pieces.find((p: any) => p.id === id).pos;
    expect(pos('r1')).toEqual({ q: -2, r: -1 });
    expect(pos('r3')).toEqual({ q: -2, r: 1 });
  });

  it("only the owner manages seats; forged, revoked and other games' tokens hold nothing", async () => {
    const { g, owner, north, redSeat, southSeat } = await teamGame();
    expect(await codeOf(north.seats.assign.mutate({ gameId: g.id, seatId: redSeat.id, commands: ['red-north', 'red-south'] }))).toBe(
      'FORBIDDEN',
    );
    expect(await codeOf(apiClient(server().url).seats.join.mutate({ gameId: g.id, token: 'A'.repeat(32) }))).toBe('FORBIDDEN');
    const other = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
    expect(await codeOf(apiClient(server().url).seats.join.mutate({ gameId: g.id, token: other.seats[0].token }))).toBe('FORBIDDEN');
    // A new link disables the old one: the old holder becomes a spectator.
    const { token } = await owner.seats.reissue.mutate({ gameId: g.id, seatId: southSeat.seat.id });
    const oldSouth = apiClient(server().url, [southSeat.token]);
    expect((await oldSouth.game.view.query({ gameId: g.id })).viewer).toEqual({ kind: 'spectator' });
    expect(await codeOf(oldSouth.game.command.mutate({ gameId: g.id, commandId: randomUUID(), command: { type: 'endTurn' } }))).toBe(
      'FORBIDDEN',
    );
    const newSouth = apiClient(server().url, [token]);
    expect((await newSouth.game.view.query({ gameId: g.id })).viewer).toMatchObject({ kind: 'side', side: 'red', commands: ['red-south'] });
    // Removing a seat hands its commands to the side's remaining seat.
    const after = await owner.seats.remove.mutate({ gameId: g.id, seatId: southSeat.seat.id });
    expect(after.filter((s) => s.side === 'red').map((s) => s.commands.sort())).toEqual([['red-north', 'red-south']]);
  });

  it('binds a browser to its seat with a signed cookie, and ignores a forged one', async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
    const blue = g.seats.find((s) => s.side === 'blue')!;
    const res = await fetch(`${server().url}/api/trpc/seats.join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { gameId: g.id, token: blue.token, name: 'Zhukov' } }),
    });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(';')[0];
    const viewWith = async (c: string) => {
      const input = encodeURIComponent(JSON.stringify({ json: { gameId: g.id } }));
      const r = await fetch(`${server().url}/api/trpc/game.view?input=${input}`, { headers: { cookie: c } });
      return (await r.json()).result.data.json.viewer;
    };
    expect(await viewWith(cookie)).toMatchObject({ kind: 'side', side: 'blue' });
    // The invite was claimed: its token (which the creator also holds) no longer opens the blue seat.
    expect((await apiClient(server().url, [blue.token]).game.view.query({ gameId: g.id })).viewer).toEqual({ kind: 'spectator' });
    expect(await codeOf(apiClient(server().url).seats.join.mutate({ gameId: g.id, token: blue.token }))).toBe('FORBIDDEN');
    const forged = `${SESSION_COOKIE}=${encodeURIComponent(encodeSession('not-the-secret', [blue.token]))}`;
    expect(await viewWith(forged)).toEqual({ kind: 'spectator' });
    const seats = await apiClient(server().url).seats.list.query({ gameId: g.id });
    expect(seats.seats.find((s) => s.id === blue.id)!.holder).toBe('Zhukov');
  });

  it('rate-limits invite token guesses', async () => {
    const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
    const guesser = apiClient(server().url, [], { batch: false });
    const codes: string[] = [];
    for (let i = 0; i < 40; i++)
      codes.push(await codeOf(guesser.seats.join.mutate({ gameId: g.id, token: randomUUID().replace(/-/g, '') })));
    expect(codes).toContain('TOO_MANY_REQUESTS');
    expect(codes.filter((c) => c === 'OK')).toEqual([]);
  });
});
