/**
 * timeline.* and replay.* procedures: undo, take-back, branches and replay links (thin over server/timeline.ts).
 */
import { z } from 'zod';
import type { Viewer } from '../../engine/core/ruleset';
import { AppError } from '../errors';
import { Timeline } from '../timeline';
import { publicProcedure, router, type Context } from '../trpc';
import { yjsServerFor } from '../yjs/server';
import { cachedPrincipalOf, gameId, guard, principalOf, rememberTokens } from './game';

const side = z.string().max(64).optional();
const seq = z.number().int().min(0).max(2_147_483_647);
const replayToken = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const timelineOf = (ctx: Context) => new Timeline(ctx.services.games);

export const timelineRouter = router({
  undo: publicProcedure.input(z.object({ gameId, side })).mutation(({ ctx, input }) =>
    guard(async () => {
      const r = await timelineOf(ctx).undo(input.gameId, await principalOf(ctx, input.gameId), input.side);
      return { lastSeq: r.lastSeq };
    }),
  ),

  /** What the caller could undo now, and any take-back waiting for an answer. */
  options: publicProcedure.input(z.object({ gameId, side })).query(({ ctx, input }) =>
    guard(async () => {
      // a read asked after every pushed batch: the seat cache (invalidated on any seat change) answers it
      const p = await cachedPrincipalOf(ctx, input.gameId);
      const actor = ctx.services.games.actorOf(p, input.side);
      const t = timelineOf(ctx);
      const [last] = await t.effectiveBatches(input.gameId, 1);
      const mine = new Set(p.seats.map((s) => s.id));
      const own = Boolean(actor && last && last.side === actor.side && last.seats.some((s) => mine.has(s)));
      return {
        canUndo: own && !last!.binding,
        needsTakeback: own && last!.binding,
        lastCommandFrom: own ? last!.from : null,
        pendingTakeback: await t.pendingTakeback(input.gameId),
      };
    }),
  ),

  requestTakeback: publicProcedure.input(z.object({ gameId, side, from: seq })).mutation(({ ctx, input }) =>
    guard(async () => {
      const r = await timelineOf(ctx).requestTakeback(input.gameId, await principalOf(ctx, input.gameId), input.from, input.side);
      return { lastSeq: r.lastSeq };
    }),
  ),

  answerTakeback: publicProcedure.input(z.object({ gameId, side, accept: z.boolean() })).mutation(({ ctx, input }) =>
    guard(async () => {
      const r = await timelineOf(ctx).answerTakeback(input.gameId, await principalOf(ctx, input.gameId), input.accept, input.side);
      return { lastSeq: r?.lastSeq ?? null };
    }),
  ),

  /**
   * "What-if from here": a new game whose history is this one's up to `atSeq`. `seatOthers: false` leaves the
   * other sides' players out of it (default: they keep their seats, as in the parent).
   */
  branch: publicProcedure
    .input(z.object({ gameId, atSeq: seq, name: z.string().max(120).optional(), seatOthers: z.boolean().optional() }))
    .mutation(({ ctx, input }) =>
      guard(async () => {
        const principal = await principalOf(ctx, input.gameId);
        const r = await ctx.services.quotas.createGame(ctx.ip ?? 'unknown', () =>
          timelineOf(ctx).branch(input.gameId, principal, input.atSeq, input.name, { seatOthers: input.seatOthers }),
        );
        await rememberTokens(ctx, [...(r.ownerToken ? [r.ownerToken] : []), ...r.seats.map((s) => s.token)]);
        return r;
      }),
    ),
});

async function replayViewer(
  ctx: Context,
  token: string,
): Promise<{ gameId: string; viewer: Viewer; atSeq: number | null; canAnnotate: boolean }> {
  const link = await timelineOf(ctx).replayPrincipal(token);
  const viewer: Viewer = link.view === 'spectator' ? { kind: 'spectator' } : { kind: 'side', side: link.view };
  if (viewer.kind === 'side') {
    // A side's viewpoint is only offered once the game is over (checked again: never trust the link alone).
    const { rs, state } = await ctx.services.games.stateAt(link.gameId);
    if (!rs.status(state).finished) throw new AppError('FORBIDDEN', 'This game is still being played');
  }
  return { gameId: link.gameId, viewer, atSeq: link.atSeq, canAnnotate: link.canAnnotate };
}

export const replayRouter = router({
  create: publicProcedure
    .input(z.object({ gameId, view: z.string().max(64), side, atSeq: seq.optional(), canAnnotate: z.boolean().optional() }))
    .mutation(({ ctx, input }) =>
      guard(async () =>
        timelineOf(ctx).createReplayLink(input.gameId, await principalOf(ctx, input.gameId), input.view, {
          ...input,
          checkQuota: (n) => ctx.services.quotas.checkReplayLinks(n),
        }),
      ),
    ),

  /** The game's replay links the caller may revoke (made by their side, or by spectators). */
  list: publicProcedure
    .input(z.object({ gameId }))
    .query(({ ctx, input }) => guard(async () => timelineOf(ctx).replayLinksOf(input.gameId, await principalOf(ctx, input.gameId)))),

  /** Revoke a replay link: its page, events and annotation room stop answering. */
  revoke: publicProcedure.input(z.object({ gameId, token: replayToken })).mutation(({ ctx, input }) =>
    guard(async () => {
      await timelineOf(ctx).revokeReplayLinkAs(input.gameId, await principalOf(ctx, input.gameId), input.token);
      // Close this instance's open annotation sockets of the link now, not at the next periodic re-check.
      void yjsServerFor(ctx.services.games.database)
        ?.recheck()
        .catch(() => {});
      return { revoked: true };
    }),
  ),

  /** The game as the link's viewpoint shows it, at `atSeq` (default: the link's own position, else the latest). */
  view: publicProcedure.input(z.object({ token: replayToken, atSeq: seq.optional() })).query(({ ctx, input }) =>
    guard(async () => {
      const r = await replayViewer(ctx, input.token);
      const { row, rs, at, latest, state } = await ctx.services.games.momentAt(r.gameId, input.atSeq ?? r.atSeq ?? undefined);
      return {
        game: { id: row.id, name: row.name, ruleset: row.ruleset, scenario: row.scenario, options: row.options },
        seq: at,
        latestSeq: latest,
        linkSeq: r.atSeq,
        viewer: r.viewer,
        canAnnotate: r.canAnnotate,
        status: rs.status(state),
        view: rs.view(state, r.viewer),
      };
    }),
  ),

  events: publicProcedure
    .input(z.object({ token: replayToken, since: seq, limit: z.number().int().min(1).max(2000).optional() }))
    .query(({ ctx, input }) =>
      guard(async () => {
        const r = await replayViewer(ctx, input.token);
        return ctx.services.games.eventsFor(r.gameId, r.viewer, { since: input.since, limit: input.limit });
      }),
    ),
});
