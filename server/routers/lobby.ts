/**
 * lobby.* procedures: what a browser needs before it opens a game. `mySeats` lists the seats this browser holds
 * in every game (side and commands, no tokens), so the lobby can show the games waiting for it; `invite` says
 * what an invite link offers (game, side, seat, commands) before the visitor takes the seat.
 */
import { TRPCError } from '@trpc/server';
import { and, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { seats } from '../../db/schema';
import { hashToken } from '../games';
import { RateLimiter } from '../session';
import { publicProcedure, router } from '../trpc';
import { gameId, guard } from './game';

const token = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Invite look-ups per client address (their own budget: a look-up before each join must not use up the joins'). */
const inviteLimiter = new RateLimiter(60, 60_000);

export const lobbyRouter = router({
  mySeats: publicProcedure.query(({ ctx }) =>
    guard(async () => {
      if (!ctx.tokens.length) return [];
      return ctx.services.games.database.db
        .select({ gameId: seats.gameId, side: seats.side, commands: seats.commands })
        .from(seats)
        .where(and(inArray(seats.tokenHash, ctx.tokens.map(hashToken)), isNull(seats.revokedAt)));
    }),
  ),

  invite: publicProcedure.input(z.object({ gameId, token })).query(({ ctx, input }) =>
    guard(async () => {
      if (!inviteLimiter.allow(ctx.ip ?? 'unknown'))
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Too many invite look-ups; wait a minute and try again' });
      const p = await ctx.services.games.principal(input.gameId, [input.token]);
      if (!p.seats.length)
        throw new TRPCError({ code: 'FORBIDDEN', message: 'That invite link is not valid for this game (unknown or already used)' });
      const row = await ctx.services.games.game(input.gameId);
      const rs = ctx.services.games.rulesetOf(row);
      const roles = rs.roles(row.scenario);
      return {
        game: {
          name: row.name,
          ruleset: rs.name,
          scenario: rs.scenarios.find((s) => s.id === row.scenario)?.name ?? row.scenario,
        },
        seats: p.seats.map((s) => {
          const side = roles.sides.find((x) => x.id === s.side);
          return {
            side: side?.name ?? s.side,
            label: s.label,
            holder: s.holder,
            commands: s.commands.map((c) => side?.commands.find((x) => x.id === c)?.name ?? c),
            allCommands: (side?.commands.length ?? 0) > 0 && s.commands.length === side?.commands.length,
          };
        }),
      };
    }),
  ),
});
