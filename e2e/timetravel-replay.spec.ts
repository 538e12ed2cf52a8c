import { expect, test } from '@playwright/test';
import { act, createSkirmish, scrubTo, watchConsole } from './timetravel-helpers';

test('a replay link opens in a fresh browser at the linked event, with its annotations', async ({ browser }) => {
  const owner = await browser.newPage();
  const errors = watchConsole(owner);
  await createSkirmish(owner);
  const moved = await act(owner, /^Move r1/);
  await act(owner, /^Move r3/);
  const last = await act(owner, /^End red/);
  await scrubTo(owner, moved);
  await expect(owner.getByTestId('timeline-position')).toHaveText(`event ${moved} of ${last}`);

  // Live game: only the spectator's view may be shared.
  await owner.getByRole('button', { name: 'Share replay…' }).click();
  const share = owner.getByRole('region', { name: 'Share replay' });
  await expect(share.getByLabel('Replay viewpoint').locator('option[value="red"]')).toBeDisabled();
  await share.getByLabel('viewers may annotate').check();
  await share.getByRole('button', { name: 'Create link' }).click();
  const link = (await share.getByTestId('replay-link').textContent())!;
  expect(link).toMatch(new RegExp(`/replay/[A-Za-z0-9_-]+\\?at=${moved}&view=spectator$`));
  await share.getByLabel('viewers may annotate').uncheck();
  await share.getByRole('button', { name: 'Create link' }).click();
  await expect(share.getByTestId('replay-link')).not.toHaveText(link);
  const viewOnly = (await share.getByTestId('replay-link').textContent())!;

  // Someone with the annotating link marks the moment.
  const editor = await (await browser.newContext()).newPage();
  await editor.goto(link);
  await expect(editor.getByTestId('timeline-position')).toHaveText(`event ${moved} of ${last}`);
  const notes = editor.getByRole('region', { name: 'Annotations on this replay' });
  await notes.getByLabel('Hex').fill('0,0');
  await notes.getByLabel('Annotation text').fill('Red should have gone for the centre');
  await notes.getByRole('button', { name: 'Add' }).click();
  await notes.getByLabel('Annotation kind').selectOption('highlight');
  await notes.getByLabel('Hex').fill('-2,0');
  await notes.getByLabel('Until event').fill(String(moved));
  await notes.getByRole('button', { name: 'Add' }).click();
  await expect(notes.getByTestId('annotation')).toHaveCount(2);

  // A fresh browser with the view-only link of the same game sees none of that link's notes, and cannot add.
  const other = await (await browser.newContext()).newPage();
  await other.goto(viewOnly);
  await expect(other.getByTestId('timeline-position')).toHaveText(`event ${moved} of ${last}`);
  await expect(other.getByRole('region', { name: 'Annotations on this replay' }).getByTestId('annotation')).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Add' })).toHaveCount(0);

  // A fresh browser with the annotating link: the game at the linked event, with the annotations.
  const fresh = await (await browser.newContext()).newPage();
  const freshErrors = watchConsole(fresh);
  await fresh.goto(link);
  await expect(fresh.getByTestId('timeline-position')).toHaveText(`event ${moved} of ${last}`);
  await expect(fresh.getByTestId('replay-status')).toContainText('red player-turn');
  await expect(fresh.getByTestId('event-log').locator('li.current')).toContainText('moved');
  const freshNotes = fresh.getByRole('region', { name: 'Annotations on this replay' }).getByTestId('annotation');
  await expect(freshNotes).toHaveCount(2);
  await expect(freshNotes.filter({ hasText: 'Note at 0,0: Red should have gone for the centre' })).toHaveCount(1);
  await expect(freshNotes.filter({ hasText: `Highlight -2,0 (events ${moved}–${moved})` })).toHaveCount(1);
  await fresh.screenshot({ path: 'test-results/screens/timetravel-replay.png', fullPage: true });
  // Annotations follow the timeline: the highlight ends at the linked event, the note goes on; both start there.
  await fresh.getByRole('button', { name: 'Next event' }).click();
  await expect(fresh).toHaveURL(new RegExp(`\\?at=${moved + 1}&view=spectator$`));
  await expect(freshNotes).toHaveCount(1);
  await fresh.getByRole('button', { name: 'Previous event' }).click();
  await fresh.getByRole('button', { name: 'Previous event' }).click();
  await expect(freshNotes).toHaveCount(0);
  // "Now" goes to the latest event (not back to the linked one); read-only: nothing to act on.
  await fresh.getByRole('button', { name: 'Now' }).click();
  await expect(fresh.getByTestId('timeline-position')).toHaveText(`event ${last} of ${last}`);
  await expect(fresh).toHaveURL(new RegExp(`\\?at=${last}&view=spectator$`));
  await expect(fresh.getByRole('button', { name: /^Move / })).toHaveCount(0);

  // The side's links are listed where they were made; revoking one closes it for everyone.
  const mine = share.getByRole('region', { name: 'Replay links you can revoke' }).getByTestId('replay-link-item');
  await expect(mine).toHaveCount(2);
  await mine.filter({ hasText: 'annotatable' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(mine).toHaveCount(1);
  const gone = await (await browser.newContext()).newPage();
  await gone.goto(link);
  await expect(gone.getByText('This replay link does not exist or was revoked')).toBeVisible({ timeout: 10_000 });
  expect(errors).toEqual([]);
  expect(freshErrors).toEqual([]);
});
