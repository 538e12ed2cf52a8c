import { expect, type Page, test } from '@playwright/test';
import { showTab } from './shell-helpers';

/**
 * War in the East through the UI, hot-seat (the creator holds both sides): create Barbarossa in the lobby, wait for
 * the 6,818-hex map and the counters, select an Axis counter on the map, move it to a hex the engine offers (the
 * green destinations come from legal()), see the move in the log, then end the Initial Movement Phase.
 */
test.describe.configure({ timeout: 180_000 });

const log = (page: Page) => page.getByTestId('event-log');
const map = (page: Page) => page.getByTestId('wite-map');

async function pixel(page: Page, id: string): Promise<[number, number]> {
  const px = await page.evaluate((h) => window.__witeMap?.pixelOf(h) ?? null, id);
  expect(px, `hex ${id} on screen`).not.toBeNull();
  const box = (await page.getByTestId('hexmap').boundingBox())!;
  return [box.x + px![0], box.y + px![1]];
}

async function clickHex(page: Page, id: string) {
  const [x, y] = await pixel(page, id);
  await page.mouse.click(x, y);
}

async function zoomAt(page: Page, id: string, clicks: number) {
  for (let k = 0; k < clicks; k++) {
    const [x, y] = await pixel(page, id);
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(500);
  }
}

test('hot-seat War in the East: create Barbarossa, move an Axis unit on the map, end the phase', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  await page.goto('/');
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'War in the East (1974)' });
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.waitForURL(/\/games\//);
  await expect(page.getByTestId('hexmap')).toHaveAttribute('data-rendered', 'true', { timeout: 90_000 });
  await expect(page.getByTestId('wite-prompt')).toContainText('Your turn (Axis)', { timeout: 30_000 });
  await expect(page.getByTestId('wite-board')).toHaveAttribute('data-phase', 'initial-movement');
  expect(Number(await map(page).getAttribute('data-counters'))).toBeGreaterThan(300);
  await expect(page.getByTestId('wite-status')).toContainText('substitute');

  const from = (await map(page).getAttribute('data-movable')) ?? '';
  expect(from).toMatch(/^[NS][EW]\d{4}$/);
  await zoomAt(page, from, 4);
  await clickHex(page, from);
  await expect(map(page)).not.toHaveAttribute('data-unit', '');
  await expect(map(page)).not.toHaveAttribute('data-reach', '0');
  const unit = (await map(page).getAttribute('data-unit')) ?? '';
  const to = (await map(page).getAttribute('data-dest')) ?? '';
  await clickHex(page, to);
  await showTab(page, 'Log');
  await expect(log(page)).toContainText(`${unit} moved to ${to}`);

  await page
    .getByTestId('wite-prompt')
    .getByRole('button', { name: /End the Initial Movement Phase/ })
    .click();
  await expect(page.getByTestId('wite-board')).toHaveAttribute('data-phase', 'combat', { timeout: 30_000 });
  await page.screenshot({ path: 'test-results/screens/wite-01-combat-phase.png' });
  expect(errors).toEqual([]);
});
