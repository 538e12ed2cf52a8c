/**
 * bots.* procedures: the game's creator hands a seat to the computer (server/bots.ts). Handing it back to a
 * person is the ordinary seat hand-off: a new invite link reissues the token and the bot steps aside.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { SeatService } from '../seats';
import { publicProcedure, router } from '../trpc';
import { gameId, guard } from './game';

export const botsRouter = router({
  /** Owner: the computer takes this seat now (whoever held it loses it). */
  take: publicProcedure.input(z.object({ gameId, seatId: z.string().uuid() })).mutation(({ ctx, input }) =>
    guard(async () => {
      const bots = ctx.services.bots;
      if (!bots) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This server runs no computer players' });
      const seats = new SeatService(ctx.services.games);
      await seats.requireOwner(input.gameId, ctx.tokens);
      await bots.take(input.gameId, input.seatId);
      return seats.list(input.gameId);
    }),
  ),
});
