/**
 * seats.* procedures: who holds which command, joining by invite link, and the owner's seat management.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { SeatService } from '../seats';
import { publicProcedure, router, type Context } from '../trpc';
import { gameId, guard, principalOf, rememberTokens } from './game';

const token = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const seatId = z.string().uuid();
const commands = z.array(z.string().max(64)).max(64);
const label = z.string().trim().min(1).max(60);

const seatsOf = (ctx: Context) => new SeatService(ctx.services.games);

export const seatsRouter = router({
  /** Every seat of a game with the commands it holds and who took it (no tokens), and every change made to them. */
  list: publicProcedure.input(z.object({ gameId })).query(({ ctx, input }) =>
    guard(async () => ({
      seats: await seatsOf(ctx).list(input.gameId),
      owner: await seatsOf(ctx).isOwner(input.gameId, ctx.tokens),
      /** Sides whose seats this caller may change. */
      manage: await seatsOf(ctx).manageable(input.gameId, ctx.tokens),
      changes: await seatsOf(ctx).changes(input.gameId),
    })),
  ),

  /** The seats this browser holds in a game. */
  mine: publicProcedure.input(z.object({ gameId })).query(({ ctx, input }) =>
    guard(async () => {
      const p = await principalOf(ctx, input.gameId);
      return p.seats.map((s) => ({ id: s.id, side: s.side, commands: s.commands, label: s.label }));
    }),
  ),

  /** Take a seat with its invite token (once: a second use, even at the same moment, is refused). */
  join: publicProcedure.input(z.object({ gameId, token, name: z.string().trim().max(40).optional() })).mutation(({ ctx, input }) =>
    guard(async () => {
      if (!ctx.services.joinLimiter.allow(ctx.ip ?? 'unknown')) {
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Too many join attempts; wait a minute and try again' });
      }
      // The seat gets a fresh token that only this browser holds, so whoever made or saw the link (the game's
      // creator included) can no longer see that side's hidden information.
      const { seat, token: fresh } = await seatsOf(ctx).join(input.gameId, input.token, input.name || undefined);
      await rememberTokens(ctx, [fresh]);
      return [{ id: seat.id, side: seat.side, commands: seat.commands, label: seat.label }];
    }),
  ),

  /** Move commands to a seat (taking them from the side's other seats). */
  assign: publicProcedure
    .input(z.object({ gameId, seatId, commands, label: label.optional() }))
    .mutation(({ ctx, input }) =>
      guard(async () => seatsOf(ctx).assign(input.gameId, ctx.tokens, input.seatId, input.commands, input.label)),
    ),

  /** A new seat on a side. The caller's browser holds it until the invite link is sent. */
  add: publicProcedure.input(z.object({ gameId, side: z.string().max(64), commands, label })).mutation(({ ctx, input }) =>
    guard(async () => {
      const r = await seatsOf(ctx).add(input.gameId, ctx.tokens, input.side, input.commands, input.label);
      await rememberTokens(ctx, [r.token]);
      return r;
    }),
  ),

  /** Invalidate a seat's link and issue a new one. */
  reissue: publicProcedure.input(z.object({ gameId, seatId })).mutation(({ ctx, input }) =>
    guard(async () => {
      const r = await seatsOf(ctx).reissue(input.gameId, ctx.tokens, input.seatId);
      await rememberTokens(ctx, [r.token]);
      return r;
    }),
  ),

  /** Remove a seat; its commands pass to another seat of the same side. */
  remove: publicProcedure
    .input(z.object({ gameId, seatId }))
    .mutation(({ ctx, input }) => guard(async () => seatsOf(ctx).remove(input.gameId, ctx.tokens, input.seatId))),
});
