import { expect, test } from '@playwright/test';
import { showTab } from './shell-helpers';
import { board, clickAndWait, clickHex, createOu, fightItOut, log, place, placeByClick, press, prompt, shot, zoomAt } from './ou-helpers';

/**
 * Operation Unthinkable through the UI only, hot-seat (the creator holds both seats): create the game in the
 * lobby with the hidden Soviet set-up, draw the army group line, set up both sides (the Allies see face-down
 * Soviet counters until they have set up), placing some units by hand (click a counter, then a green hex; or the
 * keyboard: hex list and Place) and the rest automatically, end maskirovka, declare move/fight, make a multi-hex
 * move by clicking a highlighted hex, then declare an attack from the combat panel (odds from the engine's
 * helper) and play its result out. Screenshots go to test-results/screens/.
 */
test.describe.configure({ timeout: 120_000 });

test('hot-seat Operation Unthinkable: set-up, a move on the map and an attack with odds', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

  await createOu(page, { hidden: true });
  await expect(log(page)).toContainText('Frontline roll');
  await expect(prompt(page)).toContainText('Your turn (Allies)');
  await expect(board(page)).toHaveAttribute('data-step', 'boundary0');
  await shot(page, '01-boundary');

  // 3.4: the supreme commander draws the army group line; the map shows it as a band
  await press(page, /Army group line/);
  await expect(log(page)).toContainText('Army group line drawn through');
  await expect(page.getByTestId('ou-line')).toContainText('Army group line through');
  await expect(page.getByTestId('ou-map')).not.toHaveAttribute('data-line', '0');

  // 3.5: the Soviets set up (hot-seat follows the side the game waits for)
  await expect(prompt(page)).toContainText('Your turn (Soviets)');
  const unplaced = Number(await page.getByTestId('ou-map').getAttribute('data-unplaced'));
  expect(unplaced).toBeGreaterThan(50);
  await placeByClick(page);
  await placeByClick(page);
  await expect(page.getByTestId('ou-map')).toHaveAttribute('data-unplaced', String(unplaced - 2));
  await shot(page, '02a-setup-by-hand');
  // keyboard: the picked unit (the panel moves on to the next one) goes to a hex chosen from the list
  await expect(page.getByTestId('ou-setup-hex')).toBeVisible();
  const kbHex = await page.getByTestId('ou-setup-hex').locator('option').nth(5).getAttribute('value');
  await page.getByTestId('ou-setup-hex').selectOption(kbHex!);
  await clickAndWait(page, page.getByTestId('ou-setup').getByRole('button', { name: 'Place' }));
  await expect(log(page)).toContainText(`set up in ${place(kbHex!)}`);
  await expect(page.getByTestId('ou-map')).toHaveAttribute('data-unplaced', String(unplaced - 3));
  await press(page, /Set up \d+ units/);
  await expect(log(page)).toContainText('Soviet units set up');
  await press(page, 'Set-up done');

  // 3.5.1: the Allies see the Soviet counters face down while they set up
  await expect(prompt(page)).toContainText('Your turn (Allies)');
  await expect(board(page)).toHaveAttribute('data-step', 'setup-allied');
  await expect(page.getByTestId('ou-map')).not.toHaveAttribute('data-hidden', '0');
  await shot(page, '02-face-down');
  await placeByClick(page);
  await press(page, /Set up \d+ units/);
  await expect(log(page)).toContainText('Allied units set up');
  await press(page, 'Set-up done');
  await expect(log(page)).toContainText('turned face up');
  await expect(page.getByTestId('ou-map')).toHaveAttribute('data-hidden', '0');

  // 3.7 maskirovka, then turn 1: (line), airdrop, move/fight order
  await press(page, 'End maskirovka');
  await expect(board(page)).not.toHaveAttribute('data-step', 'maskirovka');
  if ((await board(page).getAttribute('data-step')) === 'boundary') await press(page, 'Keep the army group line');
  await press(page, 'No airdrop this turn');
  await press(page, 'allied: move-fight');
  await expect(log(page)).toContainText('Allies will move first, then fight');
  await expect(board(page)).toHaveAttribute('data-step', 'allied-1');

  // move: click a hex with a movable counter, then any highlighted hex it can reach (one command, a whole path)
  const from = await page.getByTestId('ou-map').getAttribute('data-movable');
  expect(from).toMatch(/^\d{4}$/);
  await zoomAt(page, from!, 1);
  await clickHex(page, from!);
  await expect(page.getByTestId('ou-selection')).toContainText(`hex ${from}`);
  await expect(page.getByTestId('ou-selection')).toContainText('substitute');
  await expect(page.getByTestId('ou-map')).not.toHaveAttribute('data-reach', '0');
  // the costliest destination listed (cheapest first): the engine moves by the cheapest path to it
  const far = page.getByTestId('ou-selection').locator('[data-testid^="ou-dest-"]:not([data-testid="ou-dest-exit"])').last();
  const to = (await far.getAttribute('data-testid'))!.slice('ou-dest-'.length);
  await shot(page, '03-selected');
  const before = await log(page).locator('li').count();
  await clickHex(page, to);
  await expect(log(page)).toContainText(`move to ${place(to)}`);
  await expect.poll(() => log(page).locator('li').count()).toBeGreaterThan(before);
  await shot(page, '03b-moved');
  // keyboard: type a hex number to select it (as a click would)
  await page.getByTestId('ou-goto').fill(to);
  await page.getByTestId('ou-goto').press('Enter');
  await expect(page.getByTestId('ou-selection')).toContainText(`hex ${to}`);
  await press(page, 'End phase');

  // combat: the panel lists attacks with an odds preview, marked substitute
  await expect(board(page)).toHaveAttribute('data-step', 'allied-2');
  await showTab(page, 'Battles');
  const attack = page.getByTestId('ou-attack').first();
  await expect(attack).toBeVisible();
  await expect(attack.getByTestId('ou-odds')).toContainText(/\d+:\d+ → \d+:\d+ \((upper|lower) row\).* → (\d+:\d+|automatic (DE|AL1))/);
  const promised = await attack.getByTestId('ou-odds').textContent();
  await expect(page.getByTestId('ou-combat')).toContainText('substitute');
  const target = (await attack.getByRole('button').first().textContent())!.trim();
  await attack.getByRole('button', { name: target }).click(); // centres the map on the target
  await page.waitForTimeout(600);
  await expect(page.getByTestId('ou-selection')).toContainText(target); // the target by its place name
  await shot(page, '04-odds');
  await clickAndWait(page, attack.getByRole('button', { name: 'Declare' }));
  await expect(log(page)).toContainText(/ attack /);
  await fightItOut(page);
  await expect(page.getByTestId('ou-last-result')).toContainText(/Odds \d+:\d+ → /);
  // the preview promised what the engine resolved (no defensive artillery was added above)
  const figures = /(\d+:\d+) → (\d+:\d+)/.exec(promised!)!;
  await expect(page.getByTestId('ou-last-result')).toContainText(`Odds ${figures[1]} → ${figures[2]}`);
  await expect(page.getByTestId('ou-last-result')).toContainText('[substitute CRT]');
  await expect(log(page)).toContainText(/Odds \d+:\d+ → .*: (DE|BB|AL1|DR)/);
  await shot(page, '05-result');
  expect(errors.filter((e) => !/favicon|WebSocket|EventSource/i.test(e))).toEqual([]);
});
