import { expect, test } from '@playwright/test';
import { showTab } from './shell-helpers';
import { createSkirmish, watchConsole } from './timetravel-helpers';

/**
 * Team chat, presence and side annotations between three browsers: two Red commanders and one Blue. Red's
 * messages and arrows reach the other Red browser within a second and never show up for Blue.
 */
test('two Red commanders chat and annotate live; Blue sees none of it', async ({ browser }) => {
  const a = await browser.newPage();
  const errors = watchConsole(a);
  const path = await createSkirmish(a);

  // The creator adds a second Red seat and hands it out; the Blue seat goes to a third browser.
  await showTab(a, 'Team');
  await a.getByRole('region', { name: 'Seats' }).getByRole('button', { name: 'Add a commander' }).first().click();
  const red2Link = await a.getByTestId('seat-Red commander 2').getByTestId('invite-link').textContent();
  const blueLink = await a.getByTestId('seat-Blue').getByTestId('invite-link').textContent();
  expect(red2Link).toContain('/join/');

  const b = await (await browser.newContext()).newPage();
  const c = await (await browser.newContext()).newPage();
  for (const [page, link, name] of [
    [b, red2Link!, 'Bea'],
    [c, blueLink!, 'Cy'],
  ] as const) {
    await page.goto(link);
    await page.getByLabel('Your name').fill(name);
    await page.getByRole('button', { name: 'Take my seat' }).click();
    await page.waitForURL(new RegExp(`${path}$`));
  }
  for (const page of [a, b, c]) await showTab(page, 'Chat');

  const redA = a.getByTestId('chat-red');
  const redB = b.getByTestId('chat-red');
  await expect(redA).toContainText('only your side sees this');
  await expect(redB).toContainText('only your side sees this');
  await expect(c.getByTestId('chat-blue')).toContainText('only your side sees this');
  await expect(c.getByTestId('chat-red')).toHaveCount(0);

  // Presence: the two Red browsers see each other; Blue sees nobody else on its side.
  await expect(a.getByTestId('presence-other')).toContainText('Bea');
  await expect(b.getByTestId('presence-other')).toHaveCount(1);
  await expect(c.getByTestId('presence-other')).toHaveCount(0);

  // A message from A reaches B within a second.
  await redA.getByLabel('Message').fill('Hold the river line at 0,0');
  await redA.getByRole('button', { name: 'Send' }).click();
  await expect(redB.getByTestId('chat-messages')).toContainText('Hold the river line at 0,0', { timeout: 1000 });
  // B answers; A's room marks it as new until A looks.
  await redB.getByLabel('Message').fill('Understood, moving north');
  await redB.getByRole('button', { name: 'Send' }).click();
  await expect(redA.getByTestId('chat-messages')).toContainText('Understood, moving north', { timeout: 1000 });
  await expect(redA.getByTestId('chat-messages')).toContainText('Bea');
  await expect(redA.getByTestId('chat-unread')).toHaveText('1 new');

  // An arrow drawn by B shows up for A within a second.
  const notesB = b.getByRole('region', { name: 'Red annotations' });
  await notesB.getByLabel('Annotation kind').selectOption('arrow');
  await notesB.getByLabel('From hex').fill('-3,0');
  await notesB.getByLabel('To hex').fill('-1,0');
  await notesB.getByLabel('Annotation text').fill('main effort');
  await notesB.getByRole('button', { name: 'Add' }).click();
  await expect(a.getByRole('region', { name: 'Red annotations' }).getByTestId('annotation')).toContainText(
    'Arrow -3,0 → -1,0: main effort',
    { timeout: 1000 },
  );

  // Blue never gets Red's chat or arrow.
  await c.waitForTimeout(1500);
  await expect(c.locator('body')).not.toContainText('Hold the river line');
  await expect(c.locator('body')).not.toContainText('main effort');
  await expect(c.getByRole('region', { name: 'Blue annotations' }).getByTestId('annotation')).toHaveCount(0);

  await a.screenshot({ path: 'test-results/screens/timetravel-chat-red-a.png', fullPage: true });
  await c.screenshot({ path: 'test-results/screens/timetravel-chat-blue.png', fullPage: true });
  expect(errors).toEqual([]);
});
