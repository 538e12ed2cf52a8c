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
  /** Every seat of a game with the commands it holds and who took it (no tokens). */
  list: publicProcedure.input(z.object({ gameId })).query(({ ctx, input }) =>
    guard(async () => ({
      seats: await seatsOf(ctx).list(input.gameId),
      owner: await seatsOf(ctx).isOwner(input.gameId, ctx.tokens),
    })),
  ),

  /** The seats this browser holds in a game. */
  mine: publicProcedure.input(z.object({ gameId })).query(({ ctx, input }) =>
    guard(async () => {
      const p = await principalOf(ctx, input.gameId);
      return p.seats.map((s) => ({ id: s.id, side: s.side, commands: s.commands, label: s.label }));
    }),
  ),

  /** Take a seat with its invite token; the browser keeps it in its signed session cookie. */
  join: publicProcedure.input(z.object({ gameId, token, name: z.string().trim().max(40).optional() })).mutation(({ ctx, input }) =>
    guard(async () => {
      if (!ctx.services.joinLimiter.allow(ctx.ip ?? 'unknown')) {
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Too many join attempts; wait a minute and try again' });
      }
      const p = await ctx.services.games.principal(input.gameId, [input.token]);
      if (!p.seats.length)
        throw new TRPCError({ code: 'FORBIDDEN', message: 'That invite link is not valid for this game (unknown or already used)' });
      // An invite is used once: the seat gets a fresh token that only this browser holds, so whoever made or
      // saw the link (the game's creator included) can no longer see that side's hidden information.
      const fresh: string[] = [];
      for (const seat of p.seats) fresh.push((await seatsOf(ctx).reissue(input.gameId, seat.id)).token);
      rememberTokens(ctx, fresh);
      if (input.name)
        await seatsOf(ctx).setHolder(
          input.gameId,
          p.seats.map((s) => s.id),
          input.name,
        );
      return p.seats.map((s) => ({ id: s.id, side: s.side, commands: s.commands, label: s.label }));
    }),
  ),

  /** Owner: move commands to a seat (taking them from the side's other seats). */
  assign: publicProcedure.input(z.object({ gameId, seatId, commands, label: label.optional() })).mutation(({ ctx, input }) =>
    guard(async () => {
      await seatsOf(ctx).requireOwner(input.gameId, ctx.tokens);
      return seatsOf(ctx).assign(input.gameId, input.seatId, input.commands, input.label);
    }),
  ),

  /** Owner: a new seat on a side. The owner's browser holds it until the invite link is sent. */
  add: publicProcedure.input(z.object({ gameId, side: z.string().max(64), commands, label })).mutation(({ ctx, input }) =>
    guard(async () => {
      await seatsOf(ctx).requireOwner(input.gameId, ctx.tokens);
      const r = await seatsOf(ctx).add(input.gameId, input.side, input.commands, input.label);
      rememberTokens(ctx, [r.token]);
      return r;
    }),
  ),

  /** Owner: invalidate a seat's link and issue a new one. */
  reissue: publicProcedure.input(z.object({ gameId, seatId })).mutation(({ ctx, input }) =>
    guard(async () => {
      await seatsOf(ctx).requireOwner(input.gameId, ctx.tokens);
      const r = await seatsOf(ctx).reissue(input.gameId, input.seatId);
      rememberTokens(ctx, [r.token]);
      return r;
    }),
  ),

  /** Owner: remove a seat; its commands pass to another seat of the same side. */
  remove: publicProcedure.input(z.object({ gameId, seatId })).mutation(({ ctx, input }) =>
    guard(async () => {
      await seatsOf(ctx).requireOwner(input.gameId, ctx.tokens);
      return seatsOf(ctx).remove(input.gameId, input.seatId);
    }),
  ),
});
