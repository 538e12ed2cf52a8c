/** Helpers for team-play specs: one browser context per commander, joining by invite link, forced API commands. */
import { expect, type Browser, type Page } from '@playwright/test';

/** A browser of its own, with the console errors it logs and the websocket frames it receives. */
export async function player(browser: Browser) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  const frames: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'))),
  );
  return { ctx, page, errors, frames };
}

export const mapReady = (page: Page) => expect(page.getByTestId('hexmap')).toHaveAttribute('data-rendered', 'true', { timeout: 60_000 });

/** Create a game from the lobby (EastFront, or the lobby entry named `label`) and wait for its map. */
export async function createEastfront(page: Page, label = 'EastFront') {
  await page.goto('/');
  await page.getByLabel('Game', { exact: true }).selectOption({ label });
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.waitForURL(/\/games\//);
  await mapReady(page);
}

export async function join(page: Page, link: string, name: string) {
  await page.goto(link.trim());
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Take my seat' }).click();
  await page.waitForURL(/\/games\/[^/?]+$/);
  await mapReady(page);
}

export const gameIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

/** Send a command straight to the API from this browser (its own session cookie), bypassing the UI. */
export async function forced(page: Page, command: unknown): Promise<{ status: number; code?: string; message?: string }> {
  return page.evaluate(
    async ({ gameId, command }) => {
      const res = await fetch('/api/trpc/game.command', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { gameId, commandId: crypto.randomUUID(), command } }),
      });
      const body = await res.json();
      return { status: res.status, code: body?.error?.json?.data?.code, message: body?.error?.json?.message };
    },
    { gameId: gameIdOf(page), command },
  );
}
