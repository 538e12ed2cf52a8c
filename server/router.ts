import { router } from './trpc';
import { gameRouter } from './routers/game';
import { seatsRouter } from './routers/seats';

export const appRouter = router({
  game: gameRouter,
  seats: seatsRouter,
});

export type AppRouter = typeof appRouter;
