/**
 * The server takes only what legal() offers, for games whose legal() is complete (Ruleset.legalIsComplete), and
 * names the rule that forbids anything else. Generic: the check lives in GameService.command and knows no game;
 * Operation Unthinkable is the game used here.
 */
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('refuses even a command decide() would accept when legal() leaves it out: legal() is the contract', async () => {
    const spy = vi.spyOn(operationUnthinkable, 'legal').mockReturnValue([]);
    const r = await refusal(send(allied, { type: 'boundary', kind: 'row', hex: '1021' }));
    expect(r.message).toMatch(/not among the actions open to you/);
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
