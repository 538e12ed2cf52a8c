/**
 * Time travel on the server (issue 7): undo as an appended event, take-back with the other side's consent once
 * dice were rolled, branches that copy history up to a point and leak nothing, and replay links.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiClient, codeOf, type ApiClient } from './testing/client';
import { useTestServer } from './testing/useTestServer';

const server = useTestServer();

async function newGame() {
  const g = await apiClient(server().url).game.create.mutate({ ruleset: 'skirmish', scenario: 'duel' });
  const tok = (side: string) => g.seats.find((s) => s.side === side)!.token;
  return { id: g.id, g, red: apiClient(server().url, [tok('red')]), blue: apiClient(server().url, [tok('blue')]) };
}

const send = (c: ApiClient, gameId: string, command: unknown) => c.game.command.mutate({ gameId, commandId: randomUUID(), command });

/** Play toward the centre, preferring attacks, until a battle has been fought. */
async function playUntilBattle(id: string, red: ApiClient, blue: ApiClient) {
  for (let i = 0; i < 80; i++) {
    const side = (await red.game.view.query({ gameId: id })).legal.length ? red : blue;
    const v = await side.game.view.query({ gameId: id });
    const legal = v.legal.map((a: any) => a.command);
    const attack = legal.find((c: any) => c.type === 'attack');
    if (attack) {
      const r = await send(side, id, attack);
      return { attacker: side, attackFrom: r.firstSeq, attackTo: r.lastSeq };
    }
    const moves = legal.filter((c: any) => c.type === 'move');
    const dist = (h: { q: number; r: number }) => (Math.abs(h.q) + Math.abs(h.r) + Math.abs(h.q + h.r)) / 2;
    const best = moves.sort((a: any, b: any) => dist(a.to) - dist(b.to))[0];
    await send(side, id, best ?? { type: 'endTurn' });
  }
  throw new Error('no battle happened');
}

describe('undo and take-back', () => {
  it("undoes a commander's own move by appending an event that restores the state", async () => {
    const { id, red, blue } = await newGame();
    const start = await red.game.view.query({ gameId: id });
    const move = start.legal.find((a: any) => a.command.type === 'move')!.command;
    await send(red, id, move);
    expect(await codeOf(blue.timeline.undo.mutate({ gameId: id }))).toBe('CONFLICT'); // not blue's command
    expect((await red.timeline.options.query({ gameId: id })).canUndo).toBe(true);
    await red.timeline.undo.mutate({ gameId: id });
    const after = await red.game.view.query({ gameId: id });
    expect(after.seq).toBe(start.seq + 2); // the move and the undo are both in the log
    expect(JSON.stringify(after.view)).toBe(JSON.stringify(start.view));
    const log = await red.game.events.query({ gameId: id, since: start.seq });
    expect(log.events.map((e) => e.type)).toEqual(['moved', '@undo']);
    expect(log.events[1].data).not.toHaveProperty('state'); // the restored state never reaches a client
    expect(await codeOf(red.timeline.undo.mutate({ gameId: id }))).toBe('CONFLICT'); // back at set-up: nothing left
  });

  it("needs the other side's consent to take back a battle", async () => {
    const { id, red, blue } = await newGame();
    const { attacker, attackFrom } = await playUntilBattle(id, red, blue);
    const defender = attacker === red ? blue : red;
    const before = await attacker.game.view.query({ gameId: id, atSeq: attackFrom - 1 });
    expect(await codeOf(attacker.timeline.undo.mutate({ gameId: id }))).toBe('CONFLICT');
    expect((await attacker.timeline.options.query({ gameId: id })).needsTakeback).toBe(true);
    await attacker.timeline.requestTakeback.mutate({ gameId: id, from: attackFrom });
    expect(await codeOf(attacker.timeline.answerTakeback.mutate({ gameId: id, accept: true }))).toBe('FORBIDDEN');
    expect((await defender.timeline.options.query({ gameId: id })).pendingTakeback).toMatchObject({ from: attackFrom });
    await defender.timeline.answerTakeback.mutate({ gameId: id, accept: true });
    const now = await attacker.game.view.query({ gameId: id });
    expect(JSON.stringify(now.view)).toBe(JSON.stringify(before.view));
  });
});

describe('branches', () => {
  it("copies history up to the branch point, keeps each side's seats, and shows nothing new", async () => {
    const { id, red, blue } = await newGame();
    const start = await red.game.view.query({ gameId: id });
    await send(red, id, start.legal.find((a: any) => a.command.type === 'move')!.command);
    const mid = await red.game.view.query({ gameId: id });
    await send(red, id, { type: 'endTurn' });
    const b = await red.timeline.branch.mutate({ gameId: id, atSeq: mid.seq });
    expect(b).toMatchObject({ parentId: id, branchSeq: mid.seq, ownerToken: null });
    // The branch's log is the parent's up to the branch point, nothing after.
    const branchLog = await red.game.events.query({ gameId: b.id, since: 0 });
    const parentLog = await red.game.events.query({ gameId: id, since: 0 });
    expect(branchLog.events).toEqual(parentLog.events.slice(0, mid.seq).map((e) => ({ ...e })));
    // Red keeps red's view; blue's parent link opens blue's seat in the branch; a stranger is a spectator.
    expect((await red.game.view.query({ gameId: b.id })).view).toEqual(mid.view);
    const blueInBranch = await blue.game.view.query({ gameId: b.id });
    expect(blueInBranch.viewer).toMatchObject({ kind: 'side', side: 'blue' });
    const redSeenByBlue = (blueInBranch.view as any).pieces.filter((p: any) => p.side === 'red' && !p.revealed);
    expect(redSeenByBlue.length).toBe(4);
    expect(redSeenByBlue.every((p: any) => p.strength === undefined && p.id === undefined)).toBe(true);
    expect((await apiClient(server().url).game.view.query({ gameId: b.id })).viewer).toEqual({ kind: 'spectator' });
    // The branch plays on by itself.
    await send(red, b.id, { type: 'endTurn' });
    expect((await red.game.view.query({ gameId: b.id })).seq).toBe(mid.seq + 1);
    expect((await red.game.view.query({ gameId: id })).seq).toBe(mid.seq + 1);
  });

  it("leaves the other side's players out when asked (seatOthers: false)", async () => {
    const { id, red, blue } = await newGame();
    const b = await red.timeline.branch.mutate({ gameId: id, atSeq: 1, seatOthers: false });
    expect((await red.game.view.query({ gameId: b.id })).viewer).toMatchObject({ kind: 'side', side: 'red' });
    // blue's link opens no seat in this branch: blue sees it as a spectator, and no seat of blue exists there
    expect((await blue.game.view.query({ gameId: b.id })).viewer).toEqual({ kind: 'spectator' });
    expect((await blue.seats.mine.query({ gameId: b.id })).length).toBe(0);
    expect((await red.seats.list.query({ gameId: b.id })).seats.map((s) => s.side)).toEqual(['red']);
    expect((await blue.game.list.query()).find((g) => g.id === b.id)?.mine).toBe(false);
  });

  it('refuses a spectator branching a live game', async () => {
    const { id } = await newGame();
    expect(await codeOf(apiClient(server().url).timeline.branch.mutate({ gameId: id, atSeq: 1 }))).toBe('FORBIDDEN');
  });
});

describe('replay links', () => {
  it('shares a live game only as a spectator sees it', async () => {
    const { id, red } = await newGame();
    expect(await codeOf(red.replay.create.mutate({ gameId: id, view: 'red' }))).toBe('FORBIDDEN');
    const link = await red.replay.create.mutate({ gameId: id, view: 'spectator', atSeq: 1 });
    const anon = apiClient(server().url);
    const v = await anon.replay.view.query({ token: link.token });
    expect(v.seq).toBe(1);
    expect(v.viewer).toEqual({ kind: 'spectator' });
    const ev = await anon.replay.events.query({ token: link.token, since: 0 });
    expect(JSON.stringify(ev.events)).not.toContain('strength');
    expect(await codeOf(anon.replay.view.query({ token: 'x'.repeat(24) }))).toBe('NOT_FOUND');
  });
});

describe('moments', () => {
  it('never shows the blank state before event 1: an OU hidden set-up stays face down from the first moment', async () => {
    // Seq 0 is the ruleset's blank state, without the game's options: OU's would list the Soviet units openly.
    const g = await apiClient(server().url).game.create.mutate({
      ruleset: 'operation-unthinkable',
      scenario: 'standard',
      options: { hidden: true },
    });
    const allied = apiClient(server().url, [g.seats.find((s) => s.side === 'allied')!.token]);
    const soviet = JSON.stringify(
      (await apiClient(server().url, [g.seats.find((s) => s.side === 'soviet')!.token]).game.view.query({ gameId: g.id })).view,
    );
    expect(soviet).toContain('"su-7-rc"'); // the Soviet side does see its own units
    for (const atSeq of [0, 1]) {
      const v = await allied.game.view.query({ gameId: g.id, atSeq });
      expect(v.seq).toBe(1);
      expect(JSON.stringify(v.view)).not.toMatch(/"su-|"pc-/);
      expect(JSON.stringify(await allied.game.viewsAt.query({ gameId: g.id, seqs: [atSeq] }))).not.toMatch(/"su-|"pc-/);
    }
    const link = await allied.replay.create.mutate({ gameId: g.id, view: 'spectator', atSeq: 0 });
    const replay = await apiClient(server().url).replay.view.query({ token: link.token });
    expect(replay.seq).toBe(1);
    expect(JSON.stringify(replay.view)).not.toMatch(/"su-|"pc-/);
  });
});
