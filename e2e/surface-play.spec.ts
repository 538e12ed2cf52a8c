import { expect, type Page, test } from '@playwright/test';
import { showTab } from './shell-helpers';
import { place } from './ou-helpers';
import { createEastfront, join, mapReady, player } from './team-helpers';

/**
 * Issue 16 through the new surface, two sides in two browsers each: a whole EastFront Edelweiss turn (both
 * player-turns and production) and an Operation Unthinkable battle, every action taken from the prompt bar or
 * the map (a block moved with the keyboard's hex cursor), hexes named as places, dice beside the log lines.
 * Screenshots at 1280x800, 1920x1080 and 390x844 go to docs/screenshots/surface-*.png.
 */
test.describe.configure({ timeout: 300_000 });

const SIZES = [
  [1280, 800],
  [1920, 1080],
  [390, 844],
] as const;
const COORD = /(^|[\s(])-?\d+,-?\d+([\s).,]|$)/; // EastFront's "q,r" hex ids must not reach the reader

/** Screenshots of a page at the three sizes, back to 1280x800 afterwards. */
async function shots(page: Page, name: string) {
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(500);
    const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(over, `horizontal overflow at ${w}x${h}`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `docs/screenshots/surface-${name}-${w}x${h}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
}

const inView = async (page: Page, testId: string) => {
  const b = (await page.getByTestId(testId).first().boundingBox())!;
  const v = page.viewportSize()!;
  return b.height > 0 && b.y >= 0 && b.y + Math.min(b.height, 40) <= v.height && b.x + b.width <= v.width + 1;
};

/** The arrow keys that take the hex cursor from one hex to the adjacent one (pointy grid: E, W, NE, SE, NW, SW). */
async function keysBetween(page: Page, from: string, to: string): Promise<string[]> {
  const [a, b] = await page.evaluate(([f, t]) => [window.__efMap!.pixelOf(f)!, window.__efMap!.pixelOf(t)!], [from, to]);
  const deg = (Math.atan2(a[1] - b[1], b[0] - a[0]) * 180) / Math.PI; // screen y grows downwards
  if (Math.abs(deg) < 20) return ['ArrowRight'];
  if (Math.abs(deg) > 160) return ['ArrowLeft'];
  if (deg > 0 && deg < 90) return ['ArrowUp'];
  if (deg < 0 && deg > -90) return ['ArrowDown'];
  return deg > 0 ? ['ArrowLeft', 'ArrowUp'] : ['ArrowLeft', 'ArrowDown'];
}

test('a whole EastFront Edelweiss turn through the prompt bar and the map, two browsers', async ({ browser }) => {
  const g = await player(browser);
  const s = await player(browser);
  const prompt = (p: Page) => p.getByTestId('ef-prompt');
  const text = (p: Page) => p.getByTestId('ef-prompt-text');
  const latest = (p: Page) => p.getByTestId('latest-events');

  await createEastfront(g.page);
  await g.page.getByLabel('Side', { exact: true }).selectOption('german');
  const link = await g.page.getByTestId('seat-Soviet').getByTestId('invite-link').textContent();
  await join(s.page, link!, 'Soviet player');

  // 1280x800: map, prompt and the latest log lines in view together
  for (const p of [g.page, s.page]) for (const id of ['hexmap', 'ef-prompt', 'latest-events']) expect(await inView(p, id), id).toBe(true);

  // The first action in at most 3 Tab presses (the skip link, then Enter lands on it)
  await g.page.reload(); // as a player arriving on the page
  await mapReady(g.page);
  await g.page.keyboard.press('Tab');
  await expect(g.page.getByRole('button', { name: 'Skip to your actions' })).toBeFocused();
  await g.page.keyboard.press('Enter');
  await expect(g.page.locator('[data-testid="ef-prompt"] :focus')).toHaveCount(1);

  // Command phase: the prompt's buttons carry their rule numbers
  const activate = prompt(g.page)
    .getByRole('button', { name: /^Activate AG "A" HQ/ })
    .first();
  await expect(activate).toContainText(/\(\d+\.\d+\)/);
  await activate.click();
  await expect(latest(s.page)).toContainText('Army Group "A" takes command');
  await prompt(g.page)
    .getByRole('button', { name: /^End the Command Phase/ })
    .click();
  await expect(text(g.page)).toContainText('movement phase');

  // Movement with the keyboard: a click picks Kamensko's first block, the arrow keys walk the hex cursor to
  // Rostov (the hover line previews the move there), Enter moves it
  const box = (await g.page.getByTestId('hexmap').boundingBox())!;
  const kam = (await g.page.evaluate(() => window.__efMap!.pixelOf('Kamensko')))!;
  await g.page.mouse.click(box.x + kam[0], box.y + kam[1]);
  await expect(g.page.getByTestId('ef-moves')).toContainText('Armor V');
  for (const k of await keysBetween(g.page, 'Kamensko', 'Rostov')) await g.page.keyboard.press(k);
  await expect(g.page.getByTestId('hexmap')).toHaveAttribute('data-cursor', /.+/);
  await expect(g.page.getByTestId('ef-hover')).toContainText('Rostov');
  await expect(g.page.getByTestId('ef-move-preview')).toContainText('move Armor V here');
  await g.page.keyboard.press('Enter');
  await expect(latest(g.page)).toContainText('Armor V attacks Rostov');
  await expect(latest(s.page)).toContainText('A German block attacks Rostov');
  await shots(g.page, 'ef-german-movement');

  await prompt(g.page)
    .getByRole('button', { name: /^End movement/ })
    .click();
  await expect(g.page.getByTestId('ef-phase')).toHaveText('Combat');

  // Combat: the fight is in the prompt, with its rule; the headline names the battle
  await expect(text(g.page)).toContainText(/Battles to fight: .*Rostov/);
  const fight = prompt(g.page).getByRole('button', { name: /^Fight at Rostov \(strongest first\)/ });
  await expect(fight).toContainText('(7.14)');
  expect(await inView(g.page, 'ef-prompt')).toBe(true);
  await fight.click();
  await expect(text(s.page)).toContainText('You are attacked at Rostov');
  await shots(s.page, 'ef-soviet-defends');
  await prompt(s.page)
    .getByRole('button', { name: /^Defensive fire/ })
    .first()
    .click();
  for (const p of [g.page, s.page]) {
    await showTab(p, 'Log');
    await expect(p.getByTestId('event-log')).toContainText('fires at Rostov');
    await expect(p.getByTestId('event-log').locator('.log-die').first()).toBeVisible();
    await expect(p.getByTestId('event-log').locator('.log-result').first()).toContainText(/hits?/);
  }
  await shots(g.page, 'ef-german-dice');
  await prompt(g.page)
    .getByRole('button', { name: /^End the combat phase/ })
    .click();

  // The Soviet player-turn, all from the prompt
  await expect(text(s.page)).toContainText('Your turn (Soviet): command phase');
  await prompt(s.page)
    .getByRole('button', { name: /^End the Command Phase/ })
    .click();
  await expect(s.page.getByTestId('ef-phase')).toHaveText('Movement');
  await prompt(s.page)
    .getByRole('button', { name: /^End movement/ })
    .click();
  await expect(s.page.getByTestId('ef-phase')).toHaveText('Combat');
  await prompt(s.page)
    .getByRole('button', { name: /^End the combat phase/ })
    .click();

  // Production sits with the prompt (no tab to open); both orders, and the next turn begins
  for (const p of [g.page, s.page]) {
    await expect(text(p)).toContainText('production orders');
    await expect(p.getByTestId('ef-production')).toBeVisible();
  }
  await shots(g.page, 'ef-german-production');
  await g.page.getByRole('button', { name: 'Send the order' }).click();
  await s.page.getByRole('button', { name: 'Spend nothing' }).click();
  await expect(text(g.page)).toContainText('Your turn (German): command phase');
  await expect(g.page.getByTestId('ef-status')).toContainText('August I 1942');

  // Places, not coordinates, in the prompt and the log
  for (const p of [g.page, s.page]) {
    await showTab(p, 'Log');
    expect(await p.getByTestId('event-log').innerText()).not.toMatch(COORD);
    expect(await text(p).innerText()).not.toMatch(COORD);
  }
  expect(g.errors.filter((e) => !/favicon|WebSocket|EventSource/i.test(e))).toEqual([]);
  expect(s.errors.filter((e) => !/favicon|WebSocket|EventSource/i.test(e))).toEqual([]);
  await g.ctx.close();
  await s.ctx.close();
});

test('an Operation Unthinkable battle through the prompt bar, Allies and Soviets in two browsers', async ({ browser }) => {
  const a = await player(browser);
  const s = await player(browser);
  const prompt = (p: Page) => p.getByTestId('ou-prompt');
  const text = (p: Page) => p.getByTestId('ou-prompt-text');
  const board = (p: Page) => p.getByTestId('ou-board');
  const press = async (p: Page, name: RegExp | string) => {
    await expect(text(p)).toContainText('Your turn');
    const b = prompt(p).getByRole('button', { name }).first();
    await expect(b).toBeEnabled();
    await b.click();
    await expect(prompt(p).getByText('sending…')).toHaveCount(0);
  };

  await a.page.goto('/');
  await a.page.getByLabel('Game', { exact: true }).selectOption({ label: 'Operation Unthinkable: From the Elbe to the Oder' });
  await a.page.getByRole('button', { name: 'Create game' }).click();
  await a.page.waitForURL(/\/games\//);
  await mapReady(a.page);
  await a.page.getByLabel('Side', { exact: true }).selectOption('allied');
  const link = await a.page.getByTestId('seat-Soviets').getByTestId('invite-link').textContent();
  await join(s.page, link!, 'Soviet player');

  // the board fills its frame: the whole play area is drawn at a usable size, not a small island
  const fill = await a.page.evaluate(() => {
    const m = window.__ouMap!;
    const hexes = m.olMap
      .getLayers()
      .getArray()
      .find((l) => l.get('name') === 'hexes') as unknown as { getSource(): { getExtent(): number[] } };
    const [x0, y0, x1, y1] = hexes.getSource().getExtent();
    const p0 = m.olMap.getPixelFromCoordinate([x0, y0]);
    const p1 = m.olMap.getPixelFromCoordinate([x1, y1]);
    const [w, h] = m.olMap.getSize()!;
    return Math.max(Math.abs(p1[0] - p0[0]) / w, Math.abs(p1[1] - p0[1]) / h);
  });
  expect(fill).toBeGreaterThan(0.85);

  await press(a.page, /Army group line/);
  await press(s.page, /Set up \d+ units/);
  await press(s.page, 'Set-up done');
  await press(a.page, /Set up \d+ units/);
  await press(a.page, 'Set-up done');
  await press(s.page, 'End maskirovka');
  await expect(board(a.page)).not.toHaveAttribute('data-step', 'maskirovka');
  if ((await board(a.page).getAttribute('data-step')) === 'boundary') await press(a.page, 'Keep the army group line');
  await press(a.page, 'No airdrop this turn');
  await press(a.page, 'allied: move-fight');
  await expect(board(a.page)).toHaveAttribute('data-step', 'allied-1');
  // the waiting side reads where and what, never a hex number
  await expect(text(s.page)).toContainText('Waiting for');
  await press(a.page, 'End phase');
  await expect(board(a.page)).toHaveAttribute('data-step', 'allied-2');

  // The attack from the prompt: a target by its place name, each offered way with its odds and rule
  const picker = a.page.getByTestId('ou-attack-picker');
  await expect(picker).toBeVisible();
  const target = a.page.getByTestId('ou-attack-target');
  const value = await target.locator('option').nth(1).getAttribute('value');
  await target.selectOption(value!);
  await expect(target.locator('option:checked')).toHaveText(place(value!));
  const way = picker.getByTestId('ou-attack-way').first();
  await expect(way.getByTestId('ou-odds')).toContainText(/\d+:\d+|face-down/);
  await expect(way.getByRole('button', { name: /Declare/ })).toContainText('(11.');
  await shots(a.page, 'ou-allied-attack');
  await way.getByRole('button', { name: /Declare/ }).click();
  await expect(a.page.getByTestId('latest-events')).toContainText(/ attack /);
  await expect(a.page.getByTestId('ou-combat-now').or(a.page.getByTestId('ou-last-result')).first()).toBeAttached();

  // Each stage asks its own question, in the prompt of the side that answers, naming the place
  const where = place(value!);
  let stages = 0;
  for (let k = 0; k < 16; k++) {
    if (!(await a.page.getByTestId('ou-combat-now').count())) break;
    const asked = (await text(a.page).innerText()).includes('Your turn') ? a.page : s.page;
    await expect(text(asked)).toContainText(`combat at ${where}`);
    await expect(text(asked)).toContainText(/\(11\.\d\)/);
    if (stages === 0) await shots(asked, 'ou-combat-prompt');
    stages++;
    const before = await asked.getByTestId('latest-events').innerText();
    const retreat = asked.getByTestId('choice-retreat');
    if (await retreat.count()) {
      await retreat.getByRole('combobox', { name: 'Unit' }).selectOption({ index: 1 });
      await retreat.getByRole('combobox', { name: 'Retreat into' }).selectOption({ index: 1 });
      await retreat.getByRole('button', { name: 'Send' }).click();
    } else
      await prompt(asked)
        .getByRole('button', { name: /No artillery support|Step loss|Stop the bloodbath|Hold|Retreat one hex|Do not advance/ })
        .first()
        .click();
    await expect.poll(() => asked.getByTestId('latest-events').innerText()).not.toBe(before);
  }
  expect(stages).toBeGreaterThan(0);
  for (const p of [a.page, s.page]) {
    await showTab(p, 'Log');
    await expect(p.getByTestId('event-log')).toContainText(/Odds \d+:\d+ → /);
    await expect(p.getByTestId('event-log').locator('.log-result').first()).toBeVisible();
  }
  await shots(a.page, 'ou-allied-after-battle');
  await shots(s.page, 'ou-soviet-after-battle');
  expect(a.errors.filter((e) => !/favicon|WebSocket|EventSource/i.test(e))).toEqual([]);
  expect(s.errors.filter((e) => !/favicon|WebSocket|EventSource/i.test(e))).toEqual([]);
  await a.ctx.close();
  await s.ctx.close();
});
