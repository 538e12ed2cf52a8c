import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { showTab } from './shell-helpers';
import { mapReady, player } from './team-helpers';

/**
 * The play surface (issue 16, points 1, 6-9 and the generic part of 5) on EastFront Edelweiss, in two browsers:
 * the whole window is the game, your move shows in the tab title, the favicon and the lobby, seats update live,
 * what-if asks first, the log reads by turn and phase, the keyboard reaches the first action at once, and axe
 * finds no serious or critical violation on the lobby, the play page and the replay page. Screenshots of the play
 * page at three sizes go to docs/screenshots/.
 */
test.describe.configure({ timeout: 240_000 });

const SIZES = [
  [1280, 800],
  [1920, 1080],
  [390, 844],
] as const;

/** axe's serious and critical findings (ids and the first offending element) for the page as it is. */
async function axeFindings(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')})`);
}

const box = async (page: Page, sel: string) => (await page.locator(sel).first().boundingBox())!;
const inView = (b: { x: number; y: number; width: number; height: number }, w: number, h: number) =>
  b.width > 0 && b.height > 0 && b.x >= 0 && b.y >= 0 && b.x + b.width <= w + 1 && b.y + b.height <= h + 1;

test('the whole window is the game: layout, your move, live seats, what-if, log, keyboard, axe', async ({ browser }) => {
  const g = await player(browser);
  const s = await player(browser);
  const page = g.page;

  // Lobby: no serious or critical accessibility problem.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Lobby' })).toBeVisible();
  expect(await axeFindings(page), 'lobby').toEqual([]);
  expect((await page.request.get('/favicon.ico')).status()).toBe(200);

  // A new EastFront game: hot-seat, so the game waits for this browser.
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'EastFront' });
  await page.getByLabel('Name').fill('Surface test');
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.waitForURL(/\/games\//);
  await mapReady(page);
  const gamePath = new URL(page.url()).pathname;
  await expect(page).toHaveTitle(/^● Your move · Surface test/);
  await expect(page.getByTestId('your-move')).toBeVisible();
  expect(await page.locator('link[rel~="icon"]').first().getAttribute('href')).toMatch(/^data:image\/svg\+xml/);

  // 1280x800: map, prompt and the latest log lines are on screen together, nothing scrolls.
  for (const [w, h] of SIZES.slice(0, 2)) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(500);
    const map = await box(page, '[data-testid="hexmap"]');
    const prompt = await box(page, '[data-testid="ef-prompt"]');
    const latest = await box(page, '[data-testid="latest-events"]');
    for (const [name, b] of [
      ['map', map],
      ['prompt', prompt],
      ['latest log lines', latest],
    ] as const)
      expect(inView(b, w, h), `${name} in view at ${w}x${h}: ${JSON.stringify(b)}`).toBe(true);
    expect(map.width * map.height, `map area at ${w}x${h}`).toBeGreaterThan(w * h * 0.4);
    const scroll = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]);
    expect(scroll).toEqual([w, h]);
    console.log(`layout ${w}x${h}: map ${Math.round(map.width)}x${Math.round(map.height)} at y ${Math.round(map.y)}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Keyboard: the first Tab reaches the skip link, Enter puts focus on the prompt's first action.
  await page.reload(); // as a player arriving on the page
  await mapReady(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Skip to your actions' })).toBeFocused();
  await page.keyboard.press('Enter');
  const focused = page.locator('[data-testid="ef-prompt"] :focus');
  await expect(focused).toHaveCount(1);
  await expect(focused).toHaveText(/^Activate OKH( \(\d+\.\d+\))?$/); // the rule number beside it
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('event-log')).toContainText('OKH');

  // The log reads by turn and phase, without filler lines or internal ids.
  await expect(page.getByTestId('event-log').locator('h3').first()).toContainText('July 1942 II');
  await expect(page.getByTestId('event-log')).not.toContainText('The awaited answer is in');

  // Time travel keys only while the timeline has focus: after a click on the map, ← pans instead.
  const hexmap = page.getByTestId('hexmap');
  const hb = (await hexmap.boundingBox())!;
  await page.mouse.click(hb.x + hb.width - 30, hb.y + hb.height - 30);
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(400);
  await expect(page).toHaveURL(new RegExp(`${gamePath}$`));
  await page.getByRole('slider', { name: 'Event' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\?at=\d+$/);
  await page.keyboard.press('End');
  await expect(page).toHaveURL(new RegExp(`${gamePath}$`));

  // What-if asks first: what it creates and who is seated; Cancel leaves everything as it was.
  await page.getByRole('button', { name: /^What-if from here/ }).click();
  const dialog = page.getByTestId('whatif-dialog');
  await expect(dialog).toContainText('new game');
  await expect(dialog.getByTestId('whatif-seats')).toContainText('You will hold every seat');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${gamePath}$`));

  // The play page: no serious or critical accessibility problem (with the Team tab open, its forms included).
  expect(await axeFindings(page), 'play page').toEqual([]);
  await showTab(page, 'Team');
  expect(await axeFindings(page), 'play page, Team tab').toEqual([]);

  // Seats right live: the creator's own seat reads as theirs; the join page names game, side and commands;
  // once the Soviet player joins, the creator's seat panel says so without a reload.
  const soviet = page.getByTestId('seat-Soviet');
  await expect(soviet).toContainText('held by you');
  const link = (await soviet.getByTestId('invite-link').textContent())!;
  await s.page.goto(link.trim());
  await expect(s.page.getByTestId('invitation')).toContainText('Surface test');
  await expect(s.page.getByTestId('invite-side')).toHaveText('Soviet');
  await expect(s.page.getByTestId('invite-commands')).toContainText('the whole side');
  await s.page.getByLabel('Your name').fill('Sasha');
  await s.page.getByRole('button', { name: 'Take my seat' }).click();
  await s.page.waitForURL(/\/games\/[^/?]+$/);
  await mapReady(s.page);
  await expect(soviet).toContainText('held by Sasha', { timeout: 10_000 });

  // Your move in the lobby: the German player is waited for; the Soviet player is not.
  await expect(s.page).not.toHaveTitle(/Your move/);
  await s.page.goto('/');
  await expect(s.page.getByRole('heading', { name: 'My games' })).toBeVisible();
  await expect(s.page.getByTestId('waiting-for-you')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('waiting-for-you')).toContainText('Surface test');

  // A replay link (Team tab), opened in the second browser: no serious or critical accessibility problem.
  await page.goto(gamePath);
  await mapReady(page);
  await showTab(page, 'Team');
  await page.getByRole('button', { name: 'Share replay…' }).click();
  const share = page.getByRole('region', { name: 'Share replay' });
  await share.getByRole('button', { name: 'Create link' }).click();
  const replay = (await share.getByTestId('replay-link').textContent())!;
  await s.page.goto(replay);
  await mapReady(s.page);
  expect(await axeFindings(s.page), 'replay page').toEqual([]);

  // Screenshots of the play page at three sizes (looked at by hand; see docs/screenshots/).
  await showTab(page, 'Log');
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await page.reload(); // the map fits its first view to the window it opens in
    await mapReady(page);
    if (w >= 500) await showTab(page, 'Log'); // on a phone the panel is below the map: stay at the top
    await page.waitForTimeout(700);
    if (w < 500) {
      const scrollW = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollW, 'no horizontal overflow on a phone').toBeLessThanOrEqual(w);
      const sheet = await box(page, '.ef-top');
      expect(Math.round(sheet.y + sheet.height), 'prompt as a bottom sheet').toBe(h);
      const map = await box(page, '[data-testid="hexmap"]');
      expect(Math.round(map.width), 'map full width').toBe(w);
    }
    await page.screenshot({ path: `docs/screenshots/play-eastfront-${w}x${h}.png` });
  }

  expect(g.errors.filter((e) => !/favicon|WebSocket|EventSource/i.test(e))).toEqual([]);
  expect(s.errors.filter((e) => !/favicon|WebSocket|EventSource/i.test(e))).toEqual([]);
  await g.ctx.close();
  await s.ctx.close();
});
