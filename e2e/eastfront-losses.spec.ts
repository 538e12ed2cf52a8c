import { expect, test, type Page } from '@playwright/test';
import { showTab } from './shell-helpers';
import { createEastfront, join, player } from './team-helpers';

/**
 * EastFront loss choices (7.33) through the UI. The test-only "loss-choice drill" (HEXFRONT_TEST_GAMES=1, set by
 * playwright.config) starts with German Armor V and Infantry Y (4cv each) in a battle at Rostov against four
 * Soviet 4cv blocks; auto-resolve is off. When the Soviet defensive fire hits, the round stops and the
 * German chooses which block takes the hit; the Soviet sees that the game waits for that choice. The dice are
 * the server's: with 16 dice hitting on 5-6 a round without any hit comes about once in 650 games, so the test
 * is retried (a fresh game each time); three hitless rounds in a row come about once in 64 million runs.
 */
test.describe.configure({ timeout: 180_000, retries: 2 });

const prompt = (page: Page) => page.getByTestId('ef-prompt-text');
const log = (page: Page) => page.getByTestId('event-log');
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/eastfront-losses-${name}.png` });

test('a hit among equally strong German blocks waits for the German choice, made in the browser', async ({ browser }) => {
  const g = await player(browser);
  const s = await player(browser);

  await createEastfront(g.page, 'EastFront loss-choice drill (test)');
  await g.page.getByLabel('Side', { exact: true }).selectOption('german');
  await expect(prompt(g.page)).toContainText('Your turn (German): command phase');
  const link = await g.page.getByTestId('seat-Soviet').getByTestId('invite-link').textContent();
  await join(s.page, link!, 'Soviet player');

  // German: straight to combat, and fight the battle at Rostov
  await g.page.getByRole('button', { name: 'End the Command Phase' }).click();
  await g.page.getByRole('button', { name: /^End movement/ }).click();
  await expect(g.page.getByTestId('ef-phase')).toHaveText('Combat');
  await showTab(g.page, 'Battles');
  await g.page.getByTestId('ef-battles').getByRole('button', { name: 'Fight at Rostov' }).click();
  await expect(prompt(s.page)).toContainText('You are attacked at Rostov');
  await s.page.getByRole('button', { name: /^Defensive fire/ }).click();

  // the round stops at the first hit: the German chooses, the Soviet waits
  await expect(prompt(g.page)).toContainText('A hit at Rostov: choose which of your blocks takes it');
  const choices = g.page.getByTestId('ef-allocate');
  await expect(choices.getByRole('button', { name: 'Armor V (4cv) takes the hit' })).toBeVisible();
  await expect(choices.getByRole('button', { name: 'Infantry Y (4cv) takes the hit' })).toBeVisible();
  await expect(prompt(s.page)).toContainText('Waiting for German (which unit takes a hit at Rostov (7.33))');
  await expect(s.page.getByTestId('ef-allocate')).toHaveCount(0);
  await expect(log(s.page)).toContainText('Waiting for the German choice at Rostov: Armor V or Infantry Y takes the hit.');
  await shot(g.page, '01-german-chooses');
  await shot(s.page, '02-soviet-waits');

  // answered by keyboard: the infantry takes the hit
  await choices.getByRole('button', { name: 'Infantry Y (4cv) takes the hit' }).focus();
  await g.page.keyboard.press('Enter');
  for (const p of [g.page, s.page]) await expect(log(p)).toContainText(/Infantry Y (loses a step \(now 3\)|is eliminated)/);

  // later hits may ask again, either side (equal blocks of different types); take the first offered choice
  const done = /The combat round at Rostov ends|The battle at Rostov is over/;
  const logText = async () => (await log(g.page).textContent()) ?? '';
  for (let i = 0; i < 16; i++) {
    await expect
      .poll(async () => done.test(await logText()) || (await choices.count()) + (await s.page.getByTestId('ef-allocate').count()) > 0)
      .toBe(true);
    if (done.test(await logText())) break;
    const chooser = (await choices.count()) > 0 ? g.page : s.page;
    if (chooser === s.page) await shot(s.page, '03-soviet-chooses');
    const before = (await logText()).length;
    await chooser.getByTestId('ef-allocate').getByRole('button').first().click();
    await expect.poll(async () => (await logText()).length).toBeGreaterThan(before);
  }
  for (const p of [g.page, s.page]) {
    await expect(log(p)).toContainText(/The combat round at Rostov ends|The battle at Rostov is over/);
    await expect(p.getByTestId('ef-combat-feed')).toContainText('(defending) fires at Rostov');
  }
  await shot(g.page, '04-german-after-round');

  expect(g.errors).toEqual([]);
  expect(s.errors).toEqual([]);
  await g.ctx.close();
  await s.ctx.close();
});
