import { expect, test, type Page } from '@playwright/test';
import { showTab } from './shell-helpers';
import { createEastfront, join, player } from './team-helpers';

/**
 * EastFront Edelweiss through the UI only: the German player creates the game, the Soviet player joins by the
 * invite link in another browser context, and both play the first player-turn pair (July II 1942), including
 * one battle with dice. Map and log are checked after each step; screenshots go to test-results/screens/.
 */
test.describe.configure({ timeout: 180_000 });

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/eastfront-${name}.png` });

/** Zoom the map in one step with the mouse wheel over a named hex. */
async function zoomAt(page: Page, name: string) {
  const box = (await page.getByTestId('hexmap').boundingBox())!;
  const px = await page.evaluate((h) => window.__efMap?.pixelOf(h) ?? null, name);
  await page.mouse.move(box.x + px![0], box.y + px![1]);
  await page.mouse.wheel(0, -300);
  await page.waitForTimeout(700);
}
const prompt = (page: Page) => page.getByTestId('ef-prompt-text');
const log = (page: Page) => page.getByTestId('event-log');

/** Click a hex on the map by its rulebook name (the board exposes hex pixels for tests). */
async function clickHex(page: Page, name: string) {
  const box = (await page.getByTestId('hexmap').boundingBox())!;
  const px = await page.evaluate((h) => window.__efMap?.pixelOf(h) ?? null, name);
  expect(px, `hex ${name} on screen`).not.toBeNull();
  await page.mouse.click(box.x + px![0], box.y + px![1]);
}

/** Drag from one hex to another with the mouse (drag-to-move). */
async function dragHex(page: Page, from: string, to: string) {
  const box = (await page.getByTestId('hexmap').boundingBox())!;
  const a = await page.evaluate((h) => window.__efMap?.pixelOf(h) ?? null, from);
  const b = await page.evaluate((h) => window.__efMap?.pixelOf(h) ?? null, to);
  await page.mouse.move(box.x + a![0], box.y + a![1]);
  await page.mouse.down();
  await page.mouse.move(box.x + (a![0] + b![0]) / 2, box.y + (a![1] + b![1]) / 2, { steps: 5 });
  await page.mouse.move(box.x + b![0], box.y + b![1], { steps: 5 });
  await page.mouse.up();
}

test('German and Soviet play the first Edelweiss player-turn pair, with a battle', async ({ browser }) => {
  const g = await player(browser);
  const s = await player(browser);

  // German: create the game in the lobby
  await createEastfront(g.page);
  await g.page.getByLabel('Side', { exact: true }).selectOption('german');
  await expect(prompt(g.page)).toContainText('Your turn (German): command phase');
  await expect(g.page.getByTestId('ef-status')).toContainText('July II 1942');
  await expect(g.page.getByTestId('ef-weather')).toContainText('Dry');
  await expect(log(g.page)).toContainText('Operation Edelweiss is set up');
  const link = await g.page.getByTestId('seat-Soviet').getByTestId('invite-link').textContent();
  expect(link).toContain('/join/');
  await shot(g.page, '01-german-start');

  // Soviet: join by the invite link
  await join(s.page, link!, 'Soviet player');
  await expect(prompt(s.page)).toContainText('Waiting for German');
  await zoomAt(s.page, 'Rostov');
  await shot(s.page, '02-soviet-joined');

  // German command phase: activate Army Group A, then end the phase
  await g.page.getByRole('button', { name: 'Activate AG "A" HQ', exact: true }).click();
  await expect(log(g.page)).toContainText('Army Group "A" takes command');
  await expect(log(s.page)).toContainText('Army Group "A" takes command');
  await g.page.getByRole('button', { name: 'End the Command Phase' }).click();
  await expect(g.page.getByTestId('ef-phase')).toHaveText('Movement');
  await expect(prompt(g.page)).toContainText('movement phase');

  // Movement by map clicks: Kamensko selects its first movable block, Rostov (orange: attack) moves it there
  await zoomAt(g.page, 'Kamensko');
  await clickHex(g.page, 'Kamensko');
  await expect(g.page.getByTestId('ef-moves')).toContainText('Armor V');
  await expect(g.page.getByTestId('ef-moves').getByRole('button', { name: /^→ Rostov \(attack/ })).toHaveAttribute(
    'title',
    'Move Armor V to Rostov',
  );
  // engine hints from the side's own view: effective firepower of own blocks, move costs, the move preview
  await expect(
    g.page
      .getByTestId('ef-selection')
      .getByTestId('ef-fire')
      .filter({ hasText: /^Effective firepower: attack DF \(hits on 5\+\), defence DF/ }),
  ).toHaveCount(3); // V, W, X
  await expect(g.page.getByTestId('ef-selection').getByTestId('ef-fire').filter({ hasText: 'HQs never fire' })).toHaveCount(1);
  await expect(g.page.getByTestId('ef-moves').getByRole('button', { name: /^→ Rostov \(attack, 1 hex, stops there\)/ })).toBeVisible();
  await expect(g.page.getByTestId('ef-moves')).toContainText(/\d hex(es)?, \d left/);
  const box = (await g.page.getByTestId('hexmap').boundingBox())!;
  const rostov = await g.page.evaluate(() => window.__efMap?.pixelOf('Rostov') ?? null);
  await g.page.mouse.move(box.x + rostov![0], box.y + rostov![1]);
  await expect(g.page.getByTestId('ef-move-preview')).toContainText('move Armor V here: 1 hex, stops there');
  await shot(g.page, '03-german-select-armor');
  // 6.2: a fifth block may stop in Kamensko for now, but movement cannot end until the hex is within its limit
  await g.page
    .getByTestId('ef-own-blocks')
    .getByRole('button', { name: /^Infantry S/ })
    .click();
  await g.page
    .getByTestId('ef-moves')
    .getByRole('button', { name: /^→ Kamensko \(/ })
    .click();
  await expect(g.page.getByTestId('ef-prompt')).toContainText('Beyond the stacking limit: Kamensko (5 of 4)');
  await expect(g.page.getByRole('button', { name: /^End movement/ })).toHaveCount(0);
  await shot(g.page, '03b-german-overstacked');
  await g.page.getByRole('button', { name: '↶ Undo' }).click();
  await expect(g.page.getByRole('button', { name: /^End movement/ })).toBeVisible();
  await g.page.keyboard.press('Escape'); // clear the selection, then pick Armor V again
  await clickHex(g.page, 'Kamensko');
  await expect(g.page.getByTestId('ef-moves')).toContainText('Armor V');
  await clickHex(g.page, 'Rostov');
  await expect(log(g.page)).toContainText('Army Group "A"\'s Armor V attacks Rostov');
  await expect(log(s.page)).toContainText('A German block attacks Rostov');
  const own = g.page.getByTestId('ef-own-blocks');
  await expect(own).toContainText('Armor V at Rostov');
  // take it back (no dice were rolled), then make the same move by dragging the block
  await g.page.getByRole('button', { name: '↶ Undo' }).click();
  await expect(own).toContainText('Armor V at Kamensko');
  await expect(log(s.page)).toContainText('undid');
  await dragHex(g.page, 'Kamensko', 'Rostov');
  await expect(own).toContainText('Armor V at Rostov');
  // second attacker by keyboard-friendly buttons
  await g.page
    .getByTestId('ef-own-blocks')
    .getByRole('button', { name: /^Armor W/ })
    .click();
  await g.page
    .getByTestId('ef-moves')
    .getByRole('button', { name: /^→ Rostov \(attack/ })
    .click();
  await expect(log(g.page)).toContainText('Armor W attacks Rostov');
  await expect(g.page.getByTestId('ef-selection')).toContainText('Armor W');
  await shot(g.page, '04-german-moved');
  await shot(s.page, '05-soviet-sees-attack');

  await g.page.getByRole('button', { name: /^End movement/ }).click();
  await expect(g.page.getByTestId('ef-phase')).toHaveText('Combat');
  for (const p of [g.page, s.page]) await showTab(p, 'Battles');
  await expect(g.page.getByTestId('ef-battles')).toContainText('Rostov');
  await expect(g.page.getByTestId('ef-battles')).toContainText(/dice, about \d+\.\d hits/);
  await shot(g.page, '06-german-combat-preview');

  // The battle: German fights, Soviet fires back, dice shown to both
  await g.page.getByTestId('ef-battles').getByRole('button', { name: 'Fight at Rostov' }).click();
  await expect(prompt(s.page)).toContainText('You are attacked at Rostov');
  await expect(prompt(g.page)).toContainText('Waiting for Soviet');
  await shot(s.page, '07-soviet-defend-prompt');
  await s.page.getByRole('button', { name: /^Defensive fire/ }).click();
  // 7.31: if a defensive hit left V and W unequal, the German picks which fires first (the first offered)
  const firstFire = g.page
    .getByTestId('ef-allocate')
    .getByRole('button', { name: /fires next/ })
    .first();
  await expect
    .poll(async () => /\(attacking\) fires at Rostov/.test((await log(g.page).textContent()) ?? '') || (await firstFire.isVisible()))
    .toBe(true);
  if (await firstFire.isVisible()) await firstFire.click();
  for (const p of [g.page, s.page]) {
    await expect(p.getByTestId('ef-combat-feed')).toContainText('fires at Rostov');
    await expect(p.getByTestId('ef-combat-feed').locator('.ef-die').first()).toBeVisible();
    await expect(log(p)).toContainText(/\(attacking\) fires at Rostov: \[[1-6 ]+\]/);
  }
  await shot(g.page, '08-german-battle-dice');
  await shot(s.page, '09-soviet-battle-dice');

  await g.page.getByRole('button', { name: 'End the combat phase' }).click();
  await expect(prompt(s.page)).toContainText('Your turn (Soviet): command phase');
  await expect(prompt(g.page)).toContainText('Waiting for Soviet');

  // Soviet player-turn: no orders this time; the phases advance to August production
  await s.page.getByRole('button', { name: 'End the Command Phase' }).click();
  await expect(s.page.getByTestId('ef-phase')).toHaveText('Movement');
  await s.page.getByRole('button', { name: /^End movement/ }).click();
  await expect(s.page.getByTestId('ef-phase')).toHaveText('Combat');
  await s.page.getByRole('button', { name: 'End the combat phase' }).click();
  for (const p of [g.page, s.page]) {
    await showTab(p, 'Selection');
    await expect(prompt(p)).toContainText('production orders');
    await expect(p.getByTestId('ef-production')).toBeVisible();
    await expect(p.getByTestId('ef-status')).toContainText('August I 1942');
  }
  await expect(log(g.page)).toContainText('supply check');
  await shot(g.page, '10-german-production');
  await shot(s.page, '11-soviet-production');

  // both orders (the German one as the form suggests it), then August I begins with the German player-turn
  await g.page.getByRole('button', { name: 'Send the order' }).click();
  await expect(prompt(g.page)).toContainText('Waiting for Soviet');
  await s.page.getByRole('button', { name: 'Spend nothing' }).click();
  await expect(prompt(g.page)).toContainText('Your turn (German): command phase');
  await expect(prompt(s.page)).toContainText('Waiting for German');
  await expect(log(s.page)).toContainText('Soviet production order sealed');
  await expect(log(s.page)).not.toContainText('German production order sealed'); // the other side's order stays hidden

  expect(g.errors).toEqual([]);
  expect(s.errors).toEqual([]);
  await g.ctx.close();
  await s.ctx.close();
});

test('the board on a phone-sized screen, by keyboard', async ({ browser }) => {
  const p = await player(browser);
  await p.page.setViewportSize({ width: 390, height: 844 });
  await createEastfront(p.page);
  await p.page.getByLabel('Side', { exact: true }).selectOption('german');
  await expect(prompt(p.page)).toBeInViewport();
  await expect(p.page.getByTestId('ef-status')).toBeInViewport();
  // keyboard only: tab to the activate button, then to the end of the command phase
  const activate = p.page.getByRole('button', { name: 'Activate AG "A" HQ', exact: true });
  await activate.focus();
  await p.page.keyboard.press('Enter');
  await expect(log(p.page)).toContainText('Army Group "A" takes command');
  await p.page.getByRole('button', { name: 'End the Command Phase' }).focus();
  await p.page.keyboard.press('Enter');
  await expect(p.page.getByTestId('ef-phase')).toHaveText('Movement');
  await p.page
    .getByTestId('ef-own-blocks')
    .getByRole('button', { name: /^Mountain T/ })
    .focus();
  await p.page.keyboard.press('Enter');
  await p.page
    .getByTestId('ef-moves')
    .getByRole('button', { name: /^→ Rostov E1/ })
    .focus();
  await p.page.keyboard.press('Enter');
  await expect(log(p.page)).toContainText('Mountain T attacks Rostov E1');
  await p.page.getByTestId('ef-board').screenshot({ path: 'test-results/screens/eastfront-12-phone.png' });
  expect(p.errors).toEqual([]);
  await p.ctx.close();
});
