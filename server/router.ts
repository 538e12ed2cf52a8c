import { router } from './trpc';
import { chatRouter } from './routers/chat';
import { gameRouter } from './routers/game';
import { lobbyRouter } from './routers/lobby';
import { seatsRouter } from './routers/seats';
import { botsRouter } from './routers/bots';
import { replayRouter, timelineRouter } from './routers/timeline';

export const appRouter = router({
  game: gameRouter,
  seats: seatsRouter,
  timeline: timelineRouter,
  replay: replayRouter,
  lobby: lobbyRouter,
  chat: chatRouter,
  bots: botsRouter,
});

export type AppRouter = typeof appRouter;
