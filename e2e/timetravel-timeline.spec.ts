import { expect, test } from '@playwright/test';
import { act, actions, createSkirmish, latestSeq, scrubTo, watchConsole } from './timetravel-helpers';

const position = (seq: number, of: number) => `event ${seq} of ${of}`;

test('scrubbing the timeline moves the view and the URL; arrow keys step; Now returns', async ({ page }) => {
  const errors = watchConsole(page);
  await createSkirmish(page);
  await act(page, /^Move r1/);
  await act(page, /^Move r3/);
  const last = await act(page, /^End red/);
  await expect(page.getByTestId('timeline-chapter')).toContainText('blue player-turn');

  // The slider: jump to the first move.
  await scrubTo(page, 2);
  await expect(page).toHaveURL(/\?at=2$/);
  await expect(page.getByTestId('timeline-position')).toHaveText(position(2, last));
  await expect(page.getByTestId('timeline-chapter')).toContainText('red player-turn');
  await expect(page.getByTestId('event-log').locator('li.current')).toContainText(/moved/i);
  await page.screenshot({ path: 'test-results/screens/timetravel-scrubbed.png', fullPage: true });

  // Arrow keys step one event while the timeline has focus; Shift+→ jumps to the next turn. Elsewhere (after a
  // click on the title or the map) they leave time alone.
  await page.locator('h1').click();
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\?at=2$/);
  await page.getByRole('slider', { name: 'Event' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\?at=1$/);
  await expect(page.getByTestId('timeline-position')).toHaveText(position(1, last));
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\?at=2$/);
  await expect(page.getByTestId('timeline-position')).toHaveText(position(2, last));
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('timeline-chapter')).toContainText('blue player-turn');
  // A chapter segment takes the view to where that turn starts.
  await page.getByRole('button', { name: /^Go to Turn 1 of 20, red/ }).click();
  await expect(page).toHaveURL(/\?at=1$/);
  // The view at the past event is what it was: no actions offered, a reload keeps the position.
  await expect(actions(page)).toContainText('You are looking at the past');
  await page.reload();
  await expect(page.getByTestId('timeline-position')).toHaveText(position(1, last));
  await page.getByRole('button', { name: 'Now' }).click();
  await expect(page).not.toHaveURL(/\?at=/);
  await expect(page.getByTestId('timeline-position')).toHaveText(position(last, last));
  expect(errors).toEqual([]);
});

test('a commander undoes their own move', async ({ page }) => {
  const errors = watchConsole(page);
  await createSkirmish(page);
  const before = await latestSeq(page);
  const moveLabel = (await actions(page)
    .getByRole('button', { name: /^Move r1/ })
    .first()
    .textContent())!;
  await act(page, /^Move r1/);
  await expect(actions(page).getByRole('button', { name: moveLabel })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo my last command' }).click();
  // The undo is appended to the log, and the move is offered again.
  await expect(page.getByTestId('event-log')).toContainText(`Red undid the events from ${before + 1} on`);
  // the undone move stays in the log, struck through
  await expect(page.getByTestId('event-log').locator('li.undone s').first()).toContainText(/moved/i);
  await expect(actions(page).getByRole('button', { name: moveLabel })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo my last command' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/timetravel-undo.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('a what-if branch from a past event shows its origin and can be played on', async ({ page }) => {
  const errors = watchConsole(page);
  const parent = await createSkirmish(page);
  const first = await act(page, /^Move r1/);
  await act(page, /^Move r2/);
  await act(page, /^End red/);
  await scrubTo(page, first);
  await expect(page).toHaveURL(new RegExp(`\\?at=${first}$`));
  await page.getByRole('button', { name: `What-if from here (event ${first})` }).click();
  // A dialog says what it creates and who is seated; nothing happens until it is confirmed.
  const dialog = page.getByTestId('whatif-dialog');
  await expect(dialog).toContainText(`history is this game's up to event ${first}`);
  await expect(dialog.getByTestId('whatif-seats')).toContainText('You will hold every seat');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${parent}\\?at=${first}$`));
  await page.getByRole('button', { name: `What-if from here (event ${first})` }).click();
  await page.getByRole('button', { name: 'Create the what-if and open it' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/games/') && u.pathname !== parent);
  await expect(page.getByTestId('branch-origin')).toContainText(`branched at event ${first}`);
  await expect(page.getByTestId('timeline-position')).toHaveText(position(first, first));
  await expect(page.getByTestId('live-state')).toHaveText('live');
  // Red is still to move in the branch (the second move and the end of turn were not copied).
  await expect(page.getByTestId('waiting-for')).toContainText('Red');
  const next = await act(page, /^Move r2/);
  expect(next).toBeGreaterThan(first);
  await act(page, /^End red/);
  await expect(page.getByTestId('waiting-for')).toContainText('Blue');
  await page.screenshot({ path: 'test-results/screens/timetravel-branch.png', fullPage: true });
  // The parent is untouched and linked from the branch.
  await page.getByTestId('branch-origin').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${parent}\\?at=${first}$`));
  expect(errors).toEqual([]);
});
