/**
 * Issue 12, point 3: undo and take-back are atomic. Each trial races one side's undo (or the other side's
 * take-back answer) against a command of the other side over HTTP. Whatever order they land in, no command
 * that was acknowledged may be cancelled by an undo that was judged before it landed: the undo either goes
 * first or fails with a CONFLICT. Checked by folding the log: each side's total equals the sum of its
 * acknowledged commands minus the ones that were legitimately undone.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiClient, codeOf, type ApiClient } from './testing/client';
import { useTestServer as serverPerFile } from './testing/useTestServer';
import { TAKEBACK_ANSWER, UNDO } from './games';
import { Timeline } from './timeline';

const server = serverPerFile();

const TRIALS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface TallyView {
  total: number;
  by: Record<string, number>;
}

describe('undo and take-back against racing commands (issue 12.3)', () => {
  it('never cancels an acknowledged command of the other side', async () => {
    const g = await server().services.games.create({
      ruleset: 'tally',
      scenario: 'count',
      seats: [
        { side: 'a', commands: ['a1', 'a2'] },
        { side: 'b', commands: ['b1', 'b2'] },
      ],
    });
    const a = apiClient(server().url, [g.seats[0].token], { batch: false });
    const b = apiClient(server().url, [g.seats[1].token], { batch: false });
    const add = (c: ApiClient, n: number) => c.game.command.mutate({ gameId: g.id, commandId: randomUUID(), command: { type: 'add', n } });

    let bAcked = 0; // sum of b's acknowledged additions
    let aKept = 0; // sum of a's additions that were not undone
    const outcome = { undone: 0, undoConflicts: 0, takebacks: 0, takebackConflicts: 0, bAcks: 0 };
    for (let t = 0; t < TRIALS; t++) {
      const n = 1 + (t % 9);
      await add(a, n);
      if (t % 2 === 0) {
        // a undoes its addition while b adds.
        // b's commands go out a moment apart, so some land between the undo's judgement and its append.
        const [u] = await Promise.all([
          codeOf(a.timeline.undo.mutate({ gameId: g.id })),
          ...[0, 1, 2].map((k) => sleep(k * (t % 5)).then(() => add(b, 5))),
        ]);
        bAcked += 15;
        outcome.bAcks += 3;
        if (u === 'OK') outcome.undone++;
        else {
          expect(u).toBe('CONFLICT');
          outcome.undoConflicts++;
          aKept += n;
        }
      } else {
        // a asks to take its addition back; b accepts while another b command races the answer.
        const batches = await server().services.games.store.readEvents(g.id, 0);
        const from = [...batches].reverse().find((e) => e.commandId)!.seq;
        await a.timeline.requestTakeback.mutate({ gameId: g.id, from });
        const [ans] = await Promise.all([
          codeOf(b.timeline.answerTakeback.mutate({ gameId: g.id, accept: true })),
          ...[0, 1, 2].map((k) => sleep(k * (t % 5)).then(() => add(b, 3))),
        ]);
        bAcked += 9;
        outcome.bAcks += 3;
        if (ans === 'OK') outcome.takebacks++;
        else {
          expect(ans).toBe('CONFLICT');
          outcome.takebackConflicts++;
          aKept += n;
        }
      }
      const v = (await a.game.view.query({ gameId: g.id })).view as TallyView;
      expect(v.by['b:b1+b2'] ?? 0).toBe(bAcked);
      expect(v.by['a:a1+a2'] ?? 0).toBe(aKept);
    }
    // Every accepted take-back is its answer and its undo, adjacent, in one append.
    const log = await server().services.games.store.readEvents(g.id, 0);
    for (const [i, e] of log.entries()) {
      if (e.type === TAKEBACK_ANSWER && e.payload.accept) {
        expect(log[i + 1].type).toBe(UNDO);
        expect(log[i + 1].createdAt.getTime()).toBe(e.createdAt.getTime());
      }
    }
    const v = (await b.game.view.query({ gameId: g.id })).view as TallyView;
    const wiped = bAcked - (v.by['b:b1+b2'] ?? 0);
    console.log(`[undo race] ${TRIALS} trials: ${JSON.stringify(outcome)}; acknowledged commands of the other side wiped: ${wiped}`);
    expect(wiped).toBe(0);
    expect(outcome.undone + outcome.undoConflicts + outcome.takebacks + outcome.takebackConflicts).toBe(TRIALS);
  }, 180_000);

  it('refuses an undo when a command lands between its judgement and its append (deterministic)', async () => {
    const games = server().services.games;
    const g = await games.create({
      ruleset: 'tally',
      scenario: 'count',
      seats: [
        { side: 'a', commands: ['a1', 'a2'] },
        { side: 'b', commands: ['b1', 'b2'] },
      ],
    });
    const pa = await games.principal(g.id, [g.seats[0].token]);
    const pb = await games.principal(g.id, [g.seats[1].token]);
    await games.command({ gameId: g.id, principal: pa, commandId: randomUUID(), command: { type: 'add', n: 1 } });
    // The undo has judged a's command to be the last one; b's command lands before the undo is appended.
    const timeline = new Timeline(games);
    // Injected wherever the undo next reads the log after judging (the state to restore, or the log's end).
    const stateAt = games.stateAt.bind(games);
    const latestSeq = games.store.latestSeq.bind(games.store);
    let injected = false;
    const land = async () => {
      if (injected) return;
      injected = true;
      await games.command({ gameId: g.id, principal: pb, commandId: randomUUID(), command: { type: 'add', n: 7 } });
    };
    games.stateAt = async (id, seq) => (await land(), stateAt(id, seq));
    games.store.latestSeq = async (id) => (await land(), latestSeq(id));
    try {
      await expect(timeline.undo(g.id, pa)).rejects.toMatchObject({ code: 'CONFLICT' });
    } finally {
      games.stateAt = stateAt;
      games.store.latestSeq = latestSeq;
    }
    expect(injected).toBe(true);
    const v = (await games.view(g.id, pb)).view as TallyView;
    expect(v.by).toEqual({ 'a:a1+a2': 1, 'b:b1+b2': 7 });
  });
});
