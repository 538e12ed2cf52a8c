/**
 * bots.* procedures: whoever manages a side's seats hands one to the computer (server/bots.ts). Handing it back to a
 * person is the ordinary seat hand-off: a new invite link reissues the token and the bot steps aside.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { SeatService } from '../seats';
import { publicProcedure, router } from '../trpc';
import { gameId, guard } from './game';

export const botsRouter = router({
  /** The computer takes this seat now (whoever held it loses it); allowed to whoever may issue it a new link. */
  take: publicProcedure.input(z.object({ gameId, seatId: z.string().uuid() })).mutation(({ ctx, input }) =>
    guard(async () => {
      const bots = ctx.services.bots;
      if (!bots) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This server runs no computer players' });
      // the same right as issuing the seat a new link (the creator, or the side's supreme command once claimed)
      await bots.take(input.gameId, input.seatId, ctx.tokens);
      return new SeatService(ctx.services.games).list(input.gameId);
    }),
  ),
});
