import { expect, test, type Page } from '@playwright/test';

/** Collect console errors so a page that logs errors fails the test. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

test('the lobby lists the demo game, and a new game can be created and played from the browser', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lobby' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Demo' })).toContainText('Operation Edelweiss');
  await expect(page.getByRole('link', { name: /Operation Edelweiss.*\(demo\)/ }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/lobby.png', fullPage: true });

  // The platform's own test game keeps this test independent of any one game's rules.
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'Skirmish (test game)' });
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.waitForURL(/\/games\//);
  await expect(page.getByRole('heading', { name: 'Your actions' })).toBeVisible();
  await expect(page.getByTestId('live-state')).toHaveText('live');
  const log = page.getByTestId('event-log');
  const before = await log.locator('li').count();
  expect(before).toBeGreaterThan(0);
  // Take the first offered action; the log grows without a reload.
  await page.getByRole('region', { name: 'Your actions' }).getByRole('button').first().click();
  await expect.poll(() => log.locator('li').count()).toBeGreaterThan(before);
  await expect(page.getByTestId('invite-link').first()).toContainText('/join/');
  // Look back one event through the timeline, then return to now.
  await page.getByRole('button', { name: 'Previous event' }).click();
  await expect(page).toHaveURL(/\?at=\d+/);
  await page.getByRole('button', { name: 'Now' }).click();
  await expect(page).not.toHaveURL(/\?at=/);
  await page.screenshot({ path: 'test-results/screens/game.png', fullPage: true });
  expect(errors).toEqual([]);
});
