/**
 * game.* procedures: thin wrappers over GameService. Input is validated with zod here; commands themselves are
 * validated by the ruleset (parseCommand, then decide).
 */
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { listRulesets } from '../../engine/games';
import { AppError, toTrpcError } from '../errors';
import { publicProcedure, router, TOKEN_COOKIE, type Context } from '../trpc';

const gameId = z.string().uuid();
const side = z.string().max(64).optional();

async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toTrpcError(err);
  }
}

/** Add seat tokens to the browser's httpOnly cookie. */
function rememberTokens(ctx: Context, tokens: string[]) {
  const all = [...new Set([...tokens, ...ctx.tokens])].slice(0, 40);
  ctx.setCookie?.(`${TOKEN_COOKIE}=${encodeURIComponent(all.join(','))}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000`);
}

const principalOf = (ctx: Context, id: string) => ctx.services.games.principal(id, ctx.tokens);

export const gameRouter = router({
  rulesets: publicProcedure.query(({ ctx }) =>
    listRulesets({ includeTestOnly: ctx.services.games.allowTestGames }).map((r) => ({
      id: r.id,
      name: r.name,
      version: r.version,
      scenarios: r.scenarios.map((s) => ({ ...s, roles: r.roles(s.id) })),
    })),
  ),

  create: publicProcedure
    .input(z.object({
      ruleset: z.string().max(64),
      scenario: z.string().max(64),
      options: z.record(z.string().max(64), z.boolean()).optional(),
      name: z.string().max(120).optional(),
    }))
    .mutation(({ ctx, input }) => guard(async () => {
      const created = await ctx.services.games.create(input);
      // The creator's browser holds every seat until they hand seats out with invite links (hot-seat).
      rememberTokens(ctx, created.seats.map((s) => s.token));
      return created;
    })),

  list: publicProcedure
    .input(z.object({ limit: z.number().int().min(1).max(200).optional() }).optional())
    .query(({ ctx, input }) => guard(() => ctx.services.games.list({ limit: input?.limit }))),

  seats: publicProcedure
    .input(z.object({ gameId }))
    .query(({ ctx, input }) => guard(() => ctx.services.games.seats(input.gameId))),

  /** The seats this browser holds in a game. */
  mine: publicProcedure
    .input(z.object({ gameId }))
    .query(({ ctx, input }) => guard(async () => {
      const p = await principalOf(ctx, input.gameId);
      return p.seats.map((s) => ({ id: s.id, side: s.side, commands: s.commands, label: s.label }));
    })),

  /** Take a seat with its invite token; the browser keeps it in an httpOnly cookie. */
  join: publicProcedure
    .input(z.object({ gameId, token: z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/) }))
    .mutation(({ ctx, input }) => guard(async () => {
      const p = await ctx.services.games.principal(input.gameId, [input.token]);
      if (!p.seats.length) throw new AppError('FORBIDDEN', 'That invite link is not valid for this game (unknown or revoked)');
      rememberTokens(ctx, [input.token]);
      return p.seats.map((s) => ({ id: s.id, side: s.side, commands: s.commands, label: s.label }));
    })),

  view: publicProcedure
    .input(z.object({ gameId, side, atSeq: z.number().int().min(0).optional() }))
    .query(({ ctx, input }) => guard(async () =>
      ctx.services.games.view(input.gameId, await principalOf(ctx, input.gameId), { side: input.side, atSeq: input.atSeq }))),

  events: publicProcedure
    .input(z.object({ gameId, side, since: z.number().int().min(0), limit: z.number().int().min(1).max(2000).optional() }))
    .query(({ ctx, input }) => guard(async () =>
      ctx.services.games.events(input.gameId, await principalOf(ctx, input.gameId), input))),

  command: publicProcedure
    .input(z.object({
      gameId,
      side,
      commandId: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/),
      expectedSeq: z.number().int().min(0).optional(),
      command: z.unknown(),
    }))
    .mutation(({ ctx, input }) => guard(async () =>
      ctx.services.games.command({ ...input, principal: await principalOf(ctx, input.gameId) }))),

  /** Live events for the caller's viewpoint (SSE). Resumes after the last event id it delivered. */
  live: publicProcedure
    .input(z.object({ gameId, side, since: z.number().int().min(0), lastEventId: z.string().nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const games = ctx.services.games;
      let principal;
      try {
        await games.game(input.gameId);
        principal = await principalOf(ctx, input.gameId);
      } catch (err) {
        throw toTrpcError(err);
      }
      const viewer = games.viewerOf(principal, input.side);
      const resume = input.lastEventId ? Number(input.lastEventId) : NaN;
      const since = Number.isInteger(resume) && resume >= 0 ? resume : input.since;
      for await (const batch of ctx.services.live.follow(games, input.gameId, viewer, since, signal)) {
        yield tracked(String(batch.lastSeq), batch);
      }
    }),
});
