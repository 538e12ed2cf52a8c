/**
 * chat.* procedures: a side's team chat is written by the server, which stamps who sent a message (the seat
 * label and side the caller's tokens hold) and when (server time). The messages live in the side's Yjs chat
 * document, which the pages read live; its websocket connections may not change it (server/yjs/access.ts).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { MAX_CHAT_CHARS, messagesOf, type ChatMessage } from '../../app/components/collab/chat';
import { AppError } from '../errors';
import { publicProcedure, router } from '../trpc';
import { seatIdentity, sideDocName } from '../yjs/names';
import { DocumentFullError, yjsServerFor } from '../yjs/server';
import { gameId, guard, principalOf } from './game';

/** Control characters other than tab and line breaks have no place in a chat message. */
const hasControl = (text: string) =>
  [...text].some((ch) => {
    const c = ch.charCodeAt(0);
    return (c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127;
  });

export const chatRouter = router({
  /** Post a message to the caller's side's team chat (the side named, when the caller holds several). */
  post: publicProcedure
    .input(z.object({ gameId, side: z.string().max(64).optional(), text: z.string().max(MAX_CHAT_CHARS) }))
    .mutation(({ ctx, input }) =>
      guard(async () => {
        const text = input.text.trim();
        if (!text) throw new AppError('BAD_REQUEST', 'text: a message needs some text');
        if (hasControl(text)) throw new AppError('BAD_REQUEST', 'text: control characters are not allowed');
        const games = ctx.services.games;
        const row = await games.game(input.gameId);
        const principal = await principalOf(ctx, input.gameId);
        const actor = games.actorOf(principal, input.side);
        if (!actor) throw new AppError('FORBIDDEN', 'Only the commanders of a side may write in its team chat');
        const sideName =
          games
            .rulesetOf(row)
            .roles(row.scenario)
            .sides.find((s) => s.id === actor.side)?.name ?? actor.side;
        const name = seatIdentity(
          principal.seats.filter((s) => s.side === actor.side),
          sideName,
        );
        const message: ChatMessage = { id: randomUUID(), name, side: actor.side, at: new Date().toISOString(), text };
        const yjs = yjsServerFor(games.database);
        if (!yjs) throw new AppError('CONFLICT', 'Team chat is not available on this server');
        try {
          await yjs.serverWrite(sideDocName(row.id, actor.side, 'chat'), (doc) => messagesOf(doc).push([message]));
        } catch (err) {
          if (err instanceof DocumentFullError) throw new AppError('PAYLOAD_TOO_LARGE', err.message);
          throw err;
        }
        return message;
      }),
    ),
});
