import { expect, test, type Page } from '@playwright/test';
import { showTab } from './shell-helpers';
import {
  board,
  clickAndWait,
  createOu,
  fightItOut,
  liveSample,
  log,
  place,
  placeByClick,
  press,
  prompt,
  recordTrpc,
  shot,
  sovietIdsIn,
  sovietNamesIn,
  step,
  toAlliedFirstPhase,
  withSovietIds,
} from './ou-helpers';
import { gameIdOf, join, mapReady, player } from './team-helpers';
import { latestSeq, scrubTo, settledSeq, watchConsole } from './timetravel-helpers';

/**
 * Operation Unthinkable with the platform's time travel (issue 8, point 7): an OU game created in the lobby is
 * rewound with the timeline (mouse, keys, ?at= links) and the OU board shows each moment's positions; a move is
 * undone from the OU prompt bar; a replay link opens the board read-only in a fresh browser. With the hidden
 * Soviet set-up, no past moment and no live replay hands the Allies (or a spectator) a face-down counter's identity.
 */
test.describe.configure({ timeout: 240_000 });

const position = (page: Page) => page.getByTestId('timeline-position');
const map = (page: Page) => page.getByTestId('ou-map');
const selection = (page: Page) => page.getByTestId('ou-selection');
const EARLIER = 'You are looking at an earlier moment';

/** Select a hex from the keyboard (the hex box under the map), after clearing any selection with Esc. */
async function selectHex(page: Page, id: string) {
  await page.keyboard.press('Escape');
  await page.getByTestId('ou-goto').fill(id);
  await page.getByTestId('ou-goto').press('Enter');
  await expect(selection(page)).toContainText(`hex ${id}`);
}

/** Is this counter (its line in the selection panel) in that hex at the moment on screen? */
async function expectIn(page: Page, hex: string, line: string, there = true) {
  await selectHex(page, hex);
  if (there) await expect(selection(page)).toContainText(line);
  else await expect(selection(page)).not.toContainText(line);
}

/** Move the counter(s) picked in `from` to `to` (or to their cheapest destination); returns the moved counter's line and where it went. */
async function moveFrom(page: Page, from: string, to?: string): Promise<{ line: string; to: string }> {
  await selectHex(page, from);
  const picked = selection(page)
    .locator('label')
    .filter({ has: page.locator('input:checked') })
    .first();
  const line = (await picked.innerText()).trim();
  const dest = to
    ? selection(page).getByTestId(`ou-dest-${to}`)
    : selection(page).locator('[data-testid^="ou-dest-"]:not([data-testid="ou-dest-exit"])').first();
  const where = to ?? (await dest.getAttribute('data-testid'))!.slice('ou-dest-'.length);
  await clickAndWait(page, dest);
  await expect(log(page)).toContainText(`move to ${place(where)}`);
  return { line, to: where };
}

/** Put the keyboard focus on the page (outside text fields), where the timeline's keys work. */
/** Time travel keys act while the timeline has focus (elsewhere the arrows pan the map). */
const focusPage = (page: Page) => page.getByRole('slider', { name: 'Event' }).focus();

test('OU: the timeline rewinds the board (mouse, keys, ?at=), a move is undone from the prompt bar, a replay link opens read-only', async ({
  page,
  browser,
}) => {
  const errors = watchConsole(page);
  const gamePath = await createOu(page);
  await toAlliedFirstPhase(page);

  // A move, undone from the OU prompt bar (nothing rolled, nothing revealed: no consent needed), then made again.
  const from = (await map(page).getAttribute('data-movable'))!;
  expect(from).toMatch(/^\d{4}$/);
  const first = await moveFrom(page, from);
  const moved1 = await latestSeq(page);
  await expectIn(page, first.to, first.line);
  await page.getByTestId('ou-prompt').getByRole('button', { name: '↶ Undo' }).click();
  await expect(log(page)).toContainText(`Allies undid the events from ${moved1} on`);
  await expectIn(page, from, first.line);
  await expectIn(page, first.to, first.line, false);
  const { line, to } = await moveFrom(page, from, first.to);
  expect(line).toBe(first.line);
  const moved2 = await latestSeq(page);

  // An attack, with dice: the second phase starts a new chapter of the timeline.
  await press(page, 'End phase');
  await step(page, 'allied-2');
  await showTab(page, 'Battles');
  const attack = page.getByTestId('ou-attack').first();
  await clickAndWait(page, attack.getByRole('button', { name: 'Declare' }));
  await fightItOut(page);
  await expect(page.getByTestId('ou-last-result')).toContainText(/Odds \d+:\d+ → /);
  const last = await settledSeq(page);
  await expect(page.getByTestId('timeline-chapter')).toContainText('Allied second phase');

  // Mouse: the chapter strip names OU's turns and phases; a click on the first phase goes back to its start.
  const chapter = page.getByTestId('timeline-chapters').getByRole('button', { name: /^Go to Game Turn 1 of \d+ · Allied first phase/ });
  await expect(chapter).toHaveText('Allied first phase (5.4)');
  await expect(page.getByTestId('timeline-chapters')).toContainText('Set-up: Soviet deployment (3.5)');
  await expect(
    page
      .getByTestId('timeline-chapters')
      .getByRole('button', { name: /^Go to Game Turn 1 of \d+/ })
      .first(),
  ).toHaveText(/^T1 of \d+$/);
  await chapter.click();
  await expect(page).toHaveURL(/\?at=\d+$/);
  const phaseStart = Number(new URL(page.url()).searchParams.get('at'));
  expect(phaseStart).toBeLessThan(moved1);
  await expect(position(page)).toHaveText(`event ${phaseStart} of ${last}`);
  await expect(page.getByTestId('timeline-chapter')).toContainText('Game Turn 1 of');
  await expect(page.getByTestId('timeline-chapter')).toContainText('Allied first phase');
  await step(page, 'allied-1');
  await expect(prompt(page)).toContainText(EARLIER);
  await expect(page.getByTestId('ou-last-result')).toHaveCount(0);
  await expectIn(page, from, line);
  await expectIn(page, to, line, false);
  await shot(page, 'time-01-past');

  // Keys: → steps to the first move, → again to its undo (the counter is back), then once more to the move made again.
  await focusPage(page);
  for (let s = phaseStart + 1; s <= moved1; s++) await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`\\?at=${moved1}$`));
  await expect(position(page)).toHaveText(`event ${moved1} of ${last}`);
  await expectIn(page, to, line);
  await focusPage(page);
  await page.keyboard.press('ArrowRight');
  await expect(position(page)).toHaveText(`event ${moved1 + 1} of ${last}`);
  await expect(page.getByRole('group', { name: 'Timeline' })).toContainText('undid the events');
  await expectIn(page, from, line);
  await focusPage(page);
  await page.keyboard.press('ArrowRight');
  await expect(position(page)).toHaveText(`event ${moved2} of ${last}`);
  await expectIn(page, to, line);
  // Nothing can be done in the past: no actions, no combat to declare.
  await expect(page.getByTestId('ou-prompt').getByRole('button')).toHaveText(['Back to now']);
  await expect(page.getByTestId('ou-attack')).toHaveCount(0);

  // "Back to now" returns to the present.
  await page.getByTestId('ou-prompt').getByRole('button', { name: 'Back to now' }).click();
  await expect(page).not.toHaveURL(/\?at=/);
  await expect(position(page)).toHaveText(`event ${last} of ${last}`);
  await expect(prompt(page)).not.toContainText(EARLIER);
  await step(page, 'allied-2');

  // ?at= in the URL opens that moment directly.
  await page.goto(`${gamePath}?at=${moved2}`);
  await mapReady(page);
  await expect(position(page)).toHaveText(`event ${moved2} of ${last}`);
  await step(page, 'allied-1');
  await expect(prompt(page)).toContainText(`${EARLIER} (event ${moved2} of ${last}). Press “Back to now” to play.`);
  await expectIn(page, to, line);
  await expectIn(page, from, line, false);

  // A replay link from that moment: while the game is live, only the spectator's view may be shared.
  await showTab(page, 'Team');
  await page.getByRole('button', { name: 'Share replay…' }).click();
  const share = page.getByRole('region', { name: 'Share replay' });
  await expect(share.getByLabel('Replay viewpoint').locator('option[value="allied"]')).toBeDisabled();
  await expect(share.getByLabel('Replay viewpoint').locator('option[value="soviet"]')).toBeDisabled();
  await share.getByRole('button', { name: 'Create link' }).click();
  const link = (await share.getByTestId('replay-link').textContent())!;
  expect(link).toMatch(new RegExp(`/replay/[A-Za-z0-9_-]+\\?at=${moved2}&view=spectator$`));

  // A fresh browser: the OU board, read-only, at the linked moment, seen as a spectator; it can scrub.
  const viewer = await (await browser.newContext()).newPage();
  const viewerErrors = watchConsole(viewer);
  await viewer.goto(link);
  await mapReady(viewer);
  await expect(viewer.getByText('replay · read-only')).toBeVisible();
  await expect(viewer.getByText('seen as a spectator')).toBeVisible();
  await expect(position(viewer)).toHaveText(`event ${moved2} of ${last}`);
  await step(viewer, 'allied-1');
  await expect(prompt(viewer)).toContainText(`${EARLIER} (event ${moved2} of ${last})`);
  await expect(prompt(viewer)).not.toContainText('to play'); // a replay is watched, not played
  await expectIn(viewer, to, line);
  await viewer.screenshot({ path: 'test-results/screens/ou-time-02-replay.png', fullPage: true });
  await viewer.getByRole('button', { name: 'Previous event' }).click();
  await expect(viewer).toHaveURL(new RegExp(`\\?at=${moved2 - 1}&view=spectator$`));
  await expectIn(viewer, from, line);
  await focusPage(viewer);
  await viewer.keyboard.press('End');
  await expect(position(viewer)).toHaveText(`event ${last} of ${last}`);
  await step(viewer, 'allied-2');
  await expect(prompt(viewer)).toContainText('You are watching');
  await expect(viewer.getByTestId('ou-prompt').getByRole('button')).toHaveCount(0);
  await expect(viewer.getByTestId('ou-attack')).toHaveCount(0);
  await expect(viewer.getByTestId('ou-last-result')).toContainText(/Odds \d+:\d+ → /);
  expect(errors).toEqual([]);
  expect(viewerErrors).toEqual([]);
});

test('OU hidden set-up: no past moment and no live replay hands the Allies or a spectator a face-down Soviet identity', async ({
  browser,
}) => {
  // The creator keeps the Allies and hands the Soviet seat to a second browser.
  const allied = await player(browser);
  const errors = [watchConsole(allied.page)];
  const seen = recordTrpc(allied.page);
  const gamePath = await createOu(allied.page, { hidden: true });
  await showTab(allied.page, 'Team');
  const sovietLink = (await allied.page
    .getByRole('region', { name: 'Seats' })
    .getByTestId('seat-Soviets')
    .getByTestId('invite-link')
    .textContent())!;
  const soviet = await player(browser);
  errors.push(watchConsole(soviet.page));
  await join(soviet.page, sovietLink, 'Antonov');
  await allied.page.reload();
  await mapReady(allied.page);
  await expect(allied.page.getByLabel('Side', { exact: true })).toHaveCount(0);
  seen.length = 0; // from here on this browser holds the Allied seat only

  await press(allied.page, /Army group line/);
  await step(soviet.page, 'setup-soviet');
  const byHand = [await placeByClick(soviet.page), await placeByClick(soviet.page)];
  const handPlaced = await latestSeq(soviet.page);
  await press(soviet.page, /Set up \d+ units/);
  await press(soviet.page, 'Set-up done');
  await step(allied.page, 'setup-allied');
  await expect(map(allied.page)).not.toHaveAttribute('data-hidden', '0');

  // Every moment so far, stepped through with the keys: face-down counters at most, never a name.
  const last = await settledSeq(allied.page);
  await focusPage(allied.page);
  await allied.page.keyboard.press('Home');
  await expect(allied.page).toHaveURL(/\?at=1$/); // the first moment: the game's creation
  let faceDownSeen = 0;
  for (let s = 1; s <= last; s++) {
    if (s > 1) await allied.page.keyboard.press('ArrowRight');
    await expect(position(allied.page)).toHaveText(`event ${s} of ${last}`);
    await expect(board(allied.page)).toBeVisible();
    expect(sovietNamesIn(await allied.page.locator('body').innerText()), `names at event ${s}`).toEqual([]);
    if (Number(await map(allied.page).getAttribute('data-hidden')) > 0) faceDownSeen++;
  }
  expect(faceDownSeen).toBeGreaterThan(1);
  // At the moment of the hand placements, the hexes hold face-down counters.
  await scrubTo(allied.page, handPlaced);
  await selectHex(allied.page, byHand[1]);
  await expect(selection(allied.page)).toContainText('face-down Soviet unit');
  await shot(allied.page, 'time-03-face-down-past');
  const gameId = gameIdOf(allied.page);
  // past moments were fetched (and scanned below): the page now keeps views it already holds, so count any past view
  expect(seen.filter((r) => r.url.includes('game.view') && decodeURIComponent(r.url).includes('"atSeq"')).length).toBeGreaterThan(0);
  expect(withSovietIds(seen)).toEqual([]);
  expect(sovietIdsIn(await liveSample(allied.page, gameId, 'allied'))).toEqual([]);
  expect(sovietIdsIn(allied.frames.join('\n'))).toEqual([]);
  // The Soviet page, for contrast, does receive its own units' identities (the scan can see them).
  expect(sovietIdsIn(await liveSample(soviet.page, gameId, 'soviet')).length).toBeGreaterThan(10);

  // A replay link while the game is live (the spectator's view) opened in a fresh browser: scrubbed end to end.
  await focusPage(allied.page);
  await showTab(allied.page, 'Team');
  await allied.page.getByRole('button', { name: 'Share replay…' }).click();
  const share = allied.page.getByRole('region', { name: 'Share replay' });
  await share.getByRole('button', { name: 'Create link' }).click();
  const link = (await share.getByTestId('replay-link').textContent())!;
  expect(link).toMatch(new RegExp(`\\?at=${handPlaced}&view=spectator$`));
  const spectator = await player(browser);
  errors.push(watchConsole(spectator.page));
  const spectatorSeen = recordTrpc(spectator.page);
  await spectator.page.goto(link);
  await mapReady(spectator.page);
  await expect(position(spectator.page)).toHaveText(`event ${handPlaced} of ${last}`);
  await expect(map(spectator.page)).not.toHaveAttribute('data-hidden', '0');
  await selectHex(spectator.page, byHand[0]);
  await expect(selection(spectator.page)).toContainText('face-down Soviet unit');
  await spectator.page.screenshot({ path: 'test-results/screens/ou-time-04-replay-face-down.png', fullPage: true });
  await focusPage(spectator.page);
  await spectator.page.keyboard.press('Home');
  for (let s = 1; s <= last; s++) {
    if (s > 1) await spectator.page.keyboard.press('ArrowRight');
    await expect(position(spectator.page)).toHaveText(`event ${s} of ${last}`);
    expect(sovietNamesIn(await spectator.page.locator('body').innerText()), `replay names at event ${s}`).toEqual([]);
  }
  expect(spectatorSeen.some((r) => r.url.includes('replay.view'))).toBe(true);
  expect(withSovietIds(spectatorSeen)).toEqual([]);

  // Once the Allies have set up, the counters turn face up; looking back still shows them face down.
  await allied.page.goto(gamePath);
  await mapReady(allied.page);
  await press(allied.page, /Set up \d+ units/);
  await press(allied.page, 'Set-up done');
  await expect(log(allied.page)).toContainText('turned face up');
  await expect(map(allied.page)).toHaveAttribute('data-hidden', '0');
  seen.length = 0;
  await scrubTo(allied.page, handPlaced);
  await expect(map(allied.page)).not.toHaveAttribute('data-hidden', '0');
  await expect(prompt(allied.page)).toContainText(EARLIER);
  const pastViews = seen.filter((r) => r.url.includes('game.view'));
  expect(pastViews.length).toBeGreaterThan(0);
  expect(withSovietIds(pastViews)).toEqual([]);

  expect(errors).toEqual([[], [], []]);
  for (const p of [allied, soviet, spectator]) await p.ctx.close();
});
