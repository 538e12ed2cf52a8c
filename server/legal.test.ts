/**
 * The server takes only what legal() offers, for games whose legal() is complete (Ruleset.legalIsComplete), and
 * names the rule that forbids anything else. Generic: the check lives in GameService.command and knows no game;
 * Operation Unthinkable is the game used here.
 */
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RuleError } from '../engine/core/errors';
import { eastfront } from '../engine/games/eastfront';
import { operationUnthinkable } from '../engine/games/operation-unthinkable';
import type { RunningServer } from './app';
import { type ApiClient, apiClient } from './testing/client';
import { freshDatabase, startTestServer, type TestDb } from './testing/harness';

let db: TestDb;
let srv: RunningServer;

beforeAll(async () => {
  db = await freshDatabase();
  srv = await startTestServer(db);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await srv?.close();
  await db?.drop();
});

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(TRPCClientError);
    const err = e as TRPCClientError<never>;
    return { message: err.message, ...(err.data as unknown as { code: string; rule: string | null }) };
  }
  throw new Error('expected a refusal');
}

describe('commands outside legal()', () => {
  let id: string;
  let allied: ApiClient;
  let soviet: ApiClient;
  beforeAll(async () => {
    const anon = apiClient(srv.url);
    const g = await anon.game.create.mutate({ ruleset: 'operation-unthinkable', scenario: 'standard' });
    id = g.id;
    allied = apiClient(srv.url, [g.seats.find((s) => s.side === 'allied')?.token ?? '']);
    soviet = apiClient(srv.url, [g.seats.find((s) => s.side === 'soviet')?.token ?? '']);
  });
  const send = (c: ApiClient, command: unknown) => c.game.command.mutate({ gameId: id, commandId: crypto.randomUUID(), command });

  it('refuses a command legal() does not offer with the rule decide() names', async () => {
    const before = (await allied.game.view.query({ gameId: id })).latestSeq;
    expect(await refusal(send(soviet, { type: 'boundary', kind: 'row', hex: '1021' }))).toMatchObject({
      code: 'PRECONDITION_FAILED',
      rule: '3.4',
    });
    expect(await refusal(send(allied, { type: 'boundary', kind: 'row', hex: '9999' }))).toMatchObject({ rule: '3.4' });
    expect(await refusal(send(allied, { type: 'end-setup' }))).toMatchObject({ rule: '3.4' });
    expect((await allied.game.view.query({ gameId: id })).latestSeq).toBe(before);
  });

  it("refuses with the game's own offered() check, never by running decide()", async () => {
    const decide = vi.spyOn(operationUnthinkable, 'decide');
    const offered = vi.spyOn(operationUnthinkable, 'offered');
    expect(await refusal(send(soviet, { type: 'boundary', kind: 'row', hex: '1021' }))).toMatchObject({ rule: '3.4' });
    expect(offered).toHaveBeenCalled();
    expect(decide).not.toHaveBeenCalled();
    decide.mockRestore();
    offered.mockRestore();
  });

  it('refuses even a command decide() would accept when the offer leaves it out: legal() is the contract', async () => {
    const spy = vi
      .spyOn(operationUnthinkable, 'offered')
      .mockReturnValue(new RuleError('ILLEGAL', '3.4', 'boundary: not among the choices open to you now (rule 3.4)'));
    const r = await refusal(send(allied, { type: 'boundary', kind: 'row', hex: '1021' }));
    expect(r.message).toMatch(/not among the choices open to you/);
    spy.mockRestore();
    await send(allied, { type: 'boundary', kind: 'row', hex: '1021' });
    const v = await allied.game.view.query({ gameId: id });
    expect(v.status.phase).toMatch(/Soviet deployment/);
    // what the board needs comes with the view: legal() and the viewer's hints
    const sv = await soviet.game.view.query({ gameId: id });
    expect(sv.legal.map((a) => a.command.type)).toContain('place-all');
    expect(sv.hints).toEqual({ combat: null, targets: [] });
  });
});

describe('EastFront: the server takes only offered commands (legalIsComplete) and names the rule', () => {
  it('refuses a route the movement rules forbid and a command out of turn, without running decide()', async () => {
    const anon = apiClient(srv.url);
    const g = await anon.game.create.mutate({ ruleset: 'eastfront', scenario: 'edelweiss' });
    const german = apiClient(srv.url, [g.seats.find((s) => s.side === 'german')?.token ?? '']);
    const soviet = apiClient(srv.url, [g.seats.find((s) => s.side === 'soviet')?.token ?? '']);
    const send = (c: ApiClient, command: unknown) => c.game.command.mutate({ gameId: g.id, commandId: crypto.randomUUID(), command });
    const decide = vi.spyOn(eastfront, 'decide');
    const v = await german.game.view.query({ gameId: g.id });
    expect(eastfront.legalIsComplete).toBe(true);
    // the side not to move, and a phase ender of the wrong phase
    const out = await refusal(send(soviet, { type: 'endCommand' }));
    expect(out.code).toBe('PRECONDITION_FAILED');
    expect(await refusal(send(german, { type: 'endCombat' }))).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', rule: '4.4' });
    // a move in the Command Phase is not offered (only activations are)
    const unit = (v.view as { units: { id: string; side: string; at: string | null }[] }).units.find((u) => u.side === 'german' && u.at)!;
    const moved = await refusal(send(german, { type: 'move', unit: unit.id, by: 'x', path: [unit.at] }));
    expect(moved.code).toBe('UNPROCESSABLE_CONTENT');
    expect(moved.rule).toBeTruthy();
    expect(decide).not.toHaveBeenCalled();
    decide.mockRestore();
  });
});
