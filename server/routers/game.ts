/**
 * game.* procedures: thin wrappers over GameService. Input is validated with zod here; commands themselves are
 * validated by the ruleset (parseCommand, then decide).
 */
import { tracked, TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Viewer } from '../../engine/core/ruleset';
import { findRuleset, listRulesets } from '../../engine/games';
import { toTrpcError } from '../errors';
import { SeatService } from '../seats';
import { publicProcedure, router, type Context } from '../trpc';

export const gameId = z.string().uuid();
const side = z.string().max(64).optional();

export async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toTrpcError(err);
  }
}

/** Keep tokens in the browser's session (a server-side row per token: a browser keeps every seat it gains). */
export async function rememberTokens(ctx: Context, tokens: string[]) {
  ctx.tokens = [...new Set([...tokens, ...ctx.tokens])];
  await ctx.keepTokens?.(tokens);
}

export const principalOf = (ctx: Context, id: string) => ctx.services.games.principal(id, ctx.tokens);
/** The same from the instance's seat cache (dropped on every seat change): for the command, view and event paths. */
export const cachedPrincipalOf = (ctx: Context, id: string) => ctx.services.games.principalCached(id, ctx.tokens);

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
    .input(
      z.object({
        ruleset: z.string().max(64),
        scenario: z.string().max(64),
        options: z.record(z.string().max(64), z.boolean()).optional(),
        name: z.string().max(120).optional(),
        /** Sides the computer plays (server/bots.ts); their seat tokens stay on the server. */
        computer: z.array(z.string().max(64)).max(8).optional(),
        /**
         * Commands of a team the computer holds while people hold the rest of their side: each entry becomes a seat
         * split off the side's seat (as the seat panel's "Add a commander") and handed to the computer.
         */
        computerCommands: z
          .array(z.object({ side: z.string().max(64), commands: z.array(z.string().max(64)).min(1).max(16) }))
          .max(8)
          .optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      guard(async () => {
        const { computer, computerCommands, ...spec } = input;
        if ((computer?.length || computerCommands?.length) && !ctx.services.bots)
          throw new TRPCError({ code: 'BAD_REQUEST', message: 'This server runs no computer players' });
        // a command split is checked before the game exists (a bad one must not leave a half-made game behind)
        const split = (computerCommands ?? []).filter((c) => !computer?.includes(c.side));
        const roles = split.length ? findRuleset(spec.ruleset)?.roles(spec.scenario) : undefined;
        for (const c of split) {
          const sd = roles?.sides.find((s) => s.id === c.side);
          const bad = sd ? c.commands.filter((id) => !sd.commands.some((x) => x.id === id)) : c.commands;
          if (!sd || bad.length) throw new TRPCError({ code: 'BAD_REQUEST', message: `No command ${bad.join(', ')} of ${c.side}` });
        }
        const created = await ctx.services.quotas.createGame(ctx.ip ?? 'unknown', () => ctx.services.games.create(spec));
        const botSeats = created.seats.filter((s) => computer?.includes(s.side));
        if (computer?.some((side) => !botSeats.some((s) => s.side === side)))
          throw new TRPCError({ code: 'BAD_REQUEST', message: `No side ${computer.join(', ')} in this game` });
        let human = created.seats.filter((s) => !botSeats.includes(s));
        const computerSeats = botSeats.map((s) => ({ id: s.id, side: s.side, commands: s.commands, label: s.label }));
        for (const s of botSeats) await ctx.services.bots?.seat(created.id, s.id, s.side, s.token);
        // one command for the computer: the seat panel's path, a seat split off the side's seat, then the computer's
        for (const c of split) {
          const sd = roles?.sides.find((s) => s.id === c.side);
          const label = c.commands.map((id) => sd?.commands.find((x) => x.id === id)?.name ?? id).join(', ');
          const added = await new SeatService(ctx.services.games).add(created.id, [created.ownerToken], c.side, c.commands, label);
          await ctx.services.bots?.seat(created.id, added.seat.id, c.side, added.token);
          computerSeats.push({ id: added.seat.id, side: c.side, commands: added.seat.commands, label });
          const now = new Map(added.seats.map((s) => [s.id, s.commands]));
          human = human.map((s) => ({ ...s, commands: now.get(s.id) ?? s.commands }));
        }
        // The creator's browser holds every other seat until they hand seats out with invite links (hot-seat);
        // a computer seat's token stays on the server.
        await rememberTokens(ctx, [created.ownerToken, ...human.map((s) => s.token)]);
        return { ...created, seats: human, computer: computerSeats };
      }),
    ),

  /** The lobby: games this browser plays in (mine) and the others, open to watch. */
  list: publicProcedure.input(z.object({ limit: z.number().int().min(1).max(200).optional() }).optional()).query(({ ctx, input }) =>
    guard(async () => {
      const mine = new Set(await ctx.services.games.gamesOf(ctx.tokens));
      const all = await ctx.services.games.list({ limit: input?.limit });
      const extra = [...mine].filter((id) => !all.some((g) => g.id === id));
      const rest = extra.length ? await ctx.services.games.list({ ids: extra }) : [];
      return [...all, ...rest].map((g) => ({ ...g, mine: mine.has(g.id) }));
    }),
  ),

  view: publicProcedure
    .input(z.object({ gameId, side, atSeq: z.number().int().min(0).optional() }))
    .query(({ ctx, input }) =>
      guard(async () =>
        ctx.services.games.view(input.gameId, await cachedPrincipalOf(ctx, input.gameId), { side: input.side, atSeq: input.atSeq }),
      ),
    ),

  /** Options of a lazy choice for the caller's seat (a move's destinations once its units are picked). */
  choices: publicProcedure
    .input(
      z.object({
        gameId,
        side,
        lazy: z.string().min(1).max(40),
        /** The seq the client's legal() came with (keys its cache); the answer is always for the latest state. */
        seq: z.number().int().min(0).optional(),
        picked: z.array(z.record(z.string(), z.unknown())).min(1).max(32),
      }),
    )
    .query(({ ctx, input }) =>
      guard(async () =>
        ctx.services.games.choices(input.gameId, await cachedPrincipalOf(ctx, input.gameId), {
          side: input.side,
          lazy: input.lazy,
          picked: input.picked,
        }),
      ),
    ),

  /** Where each turn and phase starts (public). */
  chapters: publicProcedure.input(z.object({ gameId })).query(({ ctx, input }) => guard(() => ctx.services.games.chapters(input.gameId))),

  /** The caller's views at up to 60 seqs (for plots). */
  viewsAt: publicProcedure
    .input(z.object({ gameId, side, seqs: z.array(z.number().int().min(0).max(2_147_483_647)).max(60) }))
    .query(({ ctx, input }) =>
      guard(async () => ctx.services.games.viewsAt(input.gameId, await cachedPrincipalOf(ctx, input.gameId), input.seqs, input.side)),
    ),

  events: publicProcedure
    .input(z.object({ gameId, side, since: z.number().int().min(0), limit: z.number().int().min(1).max(2000).optional() }))
    .query(({ ctx, input }) =>
      guard(async () => ctx.services.games.events(input.gameId, await cachedPrincipalOf(ctx, input.gameId), input)),
    ),

  command: publicProcedure
    .input(
      z.object({
        gameId,
        side,
        commandId: z
          .string()
          .min(8)
          .max(64)
          .regex(/^[A-Za-z0-9_-]+$/),
        expectedSeq: z.number().int().min(0).optional(),
        command: z.unknown(),
      }),
    )
    .mutation(({ ctx, input }) =>
      guard(async () => ctx.services.games.command({ ...input, principal: await cachedPrincipalOf(ctx, input.gameId) })),
    ),

  /** Live events for the caller's viewpoint (SSE). Resumes after the last event id it delivered. */
  live: publicProcedure
    .input(z.object({ gameId, side, since: z.number().int().min(0), lastEventId: z.string().nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const games = ctx.services.games;
      let viewer: Viewer;
      try {
        await games.game(input.gameId);
        viewer = games.viewerOf(await cachedPrincipalOf(ctx, input.gameId), input.side);
      } catch (err) {
        throw toTrpcError(err);
      }
      // Whether this request still sees what it saw when it subscribed (its seats may be revoked or reissued).
      const seen = JSON.stringify(viewer);
      const stillAllowed = async () => {
        try {
          return JSON.stringify(games.viewerOf(await principalOf(ctx, input.gameId), input.side)) === seen;
        } catch {
          return false;
        }
      };
      const resume = input.lastEventId ? Number(input.lastEventId) : NaN;
      const since = Number.isInteger(resume) && resume >= 0 ? resume : input.since;
      try {
        // Each batch carries the viewer's view after it, so a browser applies it instead of fetching it again.
        for await (const batch of ctx.services.live.follow(games, input.gameId, viewer, since, signal, stillAllowed, { moments: true })) {
          yield tracked(String(batch.lastSeq), batch);
        }
      } catch (err) {
        throw toTrpcError(err);
      }
    }),
});
