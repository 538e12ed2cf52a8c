import { expect, test, type Page } from '@playwright/test';
import { mapReady, player } from './team-helpers';

/**
 * A newcomer plays EastFront against the computer with one browser (issue 17): "Play against the computer" in
 * the lobby starts a game at once, the newcomer holds the German side, the computer the Soviet. The German ends
 * its player-turn; the computer's Soviet player-turn then shows up in the log and its blocks move on the map,
 * and the game comes back to the newcomer.
 */
test.describe.configure({ timeout: 180_000 });

const prompt = (page: Page) => page.getByTestId('ef-prompt-text');
const log = (page: Page) => page.getByTestId('event-log');

/** Where the Soviet blocks stand on the map, as the board draws them (token@hex). */
const sovietOnMap = (page: Page) =>
  page.evaluate(() => {
    const ol = window.__efMap?.olMap;
    const layer = ol
      ?.getLayers()
      .getArray()
      .find((l) => l.get('name') === 'ef-units') as unknown as
      | { getSource(): { getFeatures(): { get(k: string): unknown }[] } }
      | undefined;
    // each feature is one block the board draws: { unit: ViewUnit, own, ... }
    const units = (layer?.getSource().getFeatures() ?? []).map(
      (f) => (f.get('piece') as { unit: { side: string; token: string; at: string } }).unit,
    );
    return units
      .filter((u) => u.side === 'soviet')
      .map((u) => `${u.token}@${u.at}`)
      .sort();
  });

test('a newcomer plays a German turn against the computer and sees the Soviet computer move', async ({ browser }) => {
  const me = await player(browser);
  const page = me.page;
  await page.goto('/');
  const newGame = page.getByRole('region', { name: 'New game' });
  await newGame.getByLabel('Game', { exact: true }).selectOption({ label: 'EastFront' });
  await newGame.getByRole('button', { name: 'Play against the computer' }).click();
  await page.waitForURL(/\/games\//);
  await mapReady(page);

  // one side only: no side picker, the computer holds the Soviet seat
  await expect(prompt(page)).toContainText('Your turn (German): command phase');
  await expect(page.getByTestId('seat-Soviet')).toContainText('held by Computer');
  await expect.poll(async () => (await sovietOnMap(page)).length).toBeGreaterThan(0);
  const before = await sovietOnMap(page);

  // the German player-turn, passed quickly
  await page.getByRole('button', { name: 'End the Command Phase' }).click();
  await page.getByRole('button', { name: /^End movement/ }).click();
  await expect(page.getByTestId('ef-phase')).toHaveText('Combat');
  await page.getByRole('button', { name: /^End the combat phase/ }).click();
  await expect(prompt(page)).not.toContainText('Your turn (German)');

  // the computer's Soviet player-turn: its orders appear in the log and its blocks move on the map; a German
  // answer it asks for (defensive fire, a hit) is given with the first button offered
  const deadline = Date.now() + 120_000;
  let moved = false;
  while (Date.now() < deadline) {
    const now = await sovietOnMap(page);
    if (JSON.stringify(now) !== JSON.stringify(before)) moved = true;
    const text = (await prompt(page).textContent()) ?? '';
    if (moved && /Your turn \(German\)|Your turn: production/.test(text)) break;
    const answer = page
      .getByRole('button', { name: /^Defensive fire|takes the hit|is thrown back|fires next|^End the combat phase/ })
      .first();
    if (/You are attacked|A hit at|A repulse at|Combat at/.test(text) && (await answer.isVisible().catch(() => false)))
      await answer.click();
    await page.waitForTimeout(500);
  }
  expect(moved, 'the Soviet blocks moved on the map').toBe(true);
  await expect(log(page)).toContainText(/Soviet|Front HQ|STAVKA|Stavka/);
  await expect(prompt(page)).toContainText(/Your turn/);
  await page.getByTestId('ef-board').screenshot({ path: 'test-results/screens/play-vs-computer.png' });
  expect(me.errors.filter((e) => !/favicon|ResizeObserver/.test(e))).toEqual([]);
});
