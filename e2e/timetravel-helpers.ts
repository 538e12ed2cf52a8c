import { expect, type Page } from '@playwright/test';

/** Collect console errors so a page that logs errors fails the test. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  // Failed requests are counted once, with their URL, from the page's responses; the console's "Failed to load
  // resource" lines are skipped because the browser also logs its own probes there (e.g. /favicon.ico).
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  return errors;
}

/** Create a skirmish game from the lobby; this browser holds every seat (hot-seat). Returns the game's path. */
export async function createSkirmish(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'Skirmish (test game)' });
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.waitForURL(/\/games\/[0-9a-f-]+$/);
  await expect(page.getByTestId('live-state')).toHaveText('live');
  return new URL(page.url()).pathname;
}

export const actions = (page: Page) => page.getByRole('region', { name: 'Your actions' });

/** The newest event's seq as the timeline reports it ("event 3 of 7" -> 7). */
export async function latestSeq(page: Page): Promise<number> {
  const t = await page.getByTestId('timeline-position').textContent();
  return Number(/of (\d+)/.exec(t ?? '')?.[1]);
}

/**
 * The latest event number once the timeline has caught up with the server: read until it stays the same for about a
 * second. A panel fed by the view (a combat result, say) can show before the timeline's event query refetches.
 */
export async function settledSeq(page: Page): Promise<number> {
  let prev = -1;
  let same = 0;
  for (let k = 0; k < 60 && same < 3; k++) {
    const now = await latestSeq(page);
    same = now === prev ? same + 1 : 0;
    prev = now;
    await page.waitForTimeout(350);
  }
  return prev;
}

/** Take the first offered action whose label starts with `prefix`, and wait for the log to grow. */
export async function act(page: Page, prefix: RegExp): Promise<number> {
  const before = await latestSeq(page);
  await actions(page).getByRole('button', { name: prefix }).first().click();
  let now = before;
  await expect.poll(async () => (now = await latestSeq(page))).toBeGreaterThan(before);
  return now;
}

/** Move the timeline slider to `seq` and wait until the screen shows that event. */
export async function scrubTo(page: Page, seq: number) {
  await expect(async () => {
    await page.getByRole('slider', { name: 'Event' }).fill(String(seq));
    await expect(page.getByTestId('timeline-position')).toHaveText(new RegExp(`^event ${seq} of`), { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}
