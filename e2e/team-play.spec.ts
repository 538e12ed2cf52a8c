import { expect, test, type Page } from '@playwright/test';
import { showTab } from './shell-helpers';
import { createEastfront, forced, join, mapReady, player } from './team-helpers';

/**
 * Team play through the UI (issue 6): four browsers, two commanders a side. The German creator keeps OKH and
 * hands Army Group "A" to a second commander; the Soviet side is split between STAVKA and Front I. Each German
 * commander can only order blocks its own HQ commands; a forced request for another HQ's block is refused; the
 * Soviet browsers never see a German block's identity or strength.
 */
test.describe.configure({ timeout: 240_000 });

const log = (page: Page) => page.getByTestId('event-log');
const movable = (page: Page) => page.getByTestId('ef-own-blocks').locator('ul.ef-list').first();

test("two commanders a side: each orders only its own HQ's blocks, and the Soviets never see German strengths", async ({ browser }) => {
  const okh = await player(browser);
  const ag = await player(browser);
  const stavka = await player(browser);
  const front = await player(browser);

  // The German supreme commander creates the game and splits both sides into two seats.
  await createEastfront(okh.page);
  await showTab(okh.page, 'Team');
  const seats = okh.page.getByRole('region', { name: 'Seats' });
  await seats.getByRole('button', { name: 'Add a commander' }).first().click();
  // The boxes follow the server: clicking sends the change, the tick appears once it is saved.
  await seats.getByTestId('seat-German commander 2').getByLabel('Army Group "A"').click();
  await expect(seats.getByTestId('seat-German commander 2').getByLabel('Army Group "A"')).toBeChecked();
  await seats.getByRole('button', { name: 'Add a commander' }).nth(1).click();
  await seats.getByTestId('seat-Soviet commander 2').getByLabel('Front HQ I').click();
  await expect(seats.getByTestId('seat-Soviet commander 2').getByLabel('Front HQ I')).toBeChecked();
  await expect(seats.getByTestId('seat-German').getByLabel('Army Group "A"')).not.toBeChecked();
  const link = async (label: string) => (await seats.getByTestId(`seat-${label}`).getByTestId('invite-link').textContent())!;
  const [agLink, stavkaLink, frontLink] = [await link('German commander 2'), await link('Soviet'), await link('Soviet commander 2')];
  await okh.page.screenshot({ path: 'test-results/screens/team-01-seats.png', fullPage: true });

  await join(ag.page, agLink, 'Kleist');
  await join(stavka.page, stavkaLink, 'Vasilevsky');
  await join(front.page, frontLink, 'Malinovsky');
  // The creator's copies of the links were claimed: it now commands only OKH (and production).
  await okh.page.reload();
  await mapReady(okh.page);
  await showTab(okh.page, 'Team');
  await expect(okh.page.getByLabel('Side', { exact: true })).toHaveCount(0);
  await expect(okh.page.getByRole('region', { name: 'Seats' })).toContainText('Kleist');

  // Command phase: each commander activates its own HQ; only OKH may close the phase.
  await expect(ag.page.getByRole('button', { name: 'Activate OKH', exact: true })).toHaveCount(0);
  await expect(okh.page.getByRole('button', { name: 'Activate AG "A" HQ', exact: true })).toHaveCount(0);
  await okh.page.getByRole('button', { name: 'Activate OKH', exact: true }).click();
  await expect(log(ag.page)).toContainText('OKH');
  await ag.page.getByRole('button', { name: 'Activate AG "A" HQ', exact: true }).click();
  await expect(log(okh.page)).toContainText('Army Group "A" takes command');
  await expect(ag.page.getByRole('button', { name: 'End the Command Phase' })).toHaveCount(0);
  await okh.page.getByRole('button', { name: 'End the Command Phase' }).click();
  await expect(ag.page.getByTestId('ef-phase')).toHaveText('Movement');

  await showTab(okh.page, 'Selection');
  // Movement: the Stalingrad blocks (N, O) answer only to OKH, so AG "A" cannot select them...
  await expect(movable(okh.page)).toContainText('Infantry N');
  await expect(movable(ag.page)).toContainText('Armor V');
  await expect(movable(ag.page)).not.toContainText('Infantry N');
  // ...and a forced order through OKH's HQ from AG "A"'s browser is refused with the scope in the message.
  const refused = await forced(ag.page, { type: 'move', unit: 'N', to: 'Kalach', by: 'P' });
  expect(refused.status).toBe(403);
  expect(refused.code).toBe('FORBIDDEN');
  expect(refused.message).toMatch(/OKH/);
  // Likewise OKH may not give orders through Army Group "A"'s HQ.
  expect((await forced(okh.page, { type: 'move', unit: 'X', to: 'Rostov', by: 'U' })).code).toBe('FORBIDDEN');
  expect(ag.errors.filter((e) => /403/.test(e))).toHaveLength(1);

  // Both commanders move their own blocks in the same phase.
  await movable(ag.page)
    .getByRole('button', { name: /^Armor V/ })
    .click();
  await ag.page
    .getByTestId('ef-moves')
    .getByRole('button', { name: /^→ Rostov/ })
    .first()
    .click();
  await expect(log(okh.page)).toContainText('Armor V');
  await movable(okh.page)
    .getByRole('button', { name: /^Infantry N/ })
    .click();
  await okh.page.getByTestId('ef-moves').locator('.ef-dests button').first().click();
  await expect(log(ag.page)).toContainText('Infantry N');
  await okh.page.screenshot({ path: 'test-results/screens/team-02-okh-moved.png' });
  await ag.page.screenshot({ path: 'test-results/screens/team-03-ag-moved.png' });

  // The Soviet commanders see German blocks only as hidden blocks, in the page and in what the API sends.
  for (const s of [stavka, front]) {
    await expect(log(s.page)).toContainText('A German block');
    const board = await s.page.getByTestId('ef-board').innerText();
    expect(board).not.toMatch(/Armor V|Infantry N|Armor X/);
    const gameId = new URL(s.page.url()).pathname.split('/').pop();
    const view = await s.page.evaluate(async (id) => {
      const r = await fetch(`/api/trpc/game.view?input=${encodeURIComponent(JSON.stringify({ json: { gameId: id } }))}`);
      return (await r.json()).result.data.json.view as { units: { side: string; face?: boolean; id?: string; cv?: number }[] };
    }, gameId);
    const germans = view.units.filter((u) => u.side === 'german' && !u.face);
    expect(germans.length).toBeGreaterThan(5);
    expect(germans.every((u) => u.id === undefined && u.cv === undefined)).toBe(true);
  }
  await stavka.page.screenshot({ path: 'test-results/screens/team-04-soviet-view.png' });

  for (const p of [okh, ag, stavka, front]) {
    // The only errors allowed are the browser's notes about the two forced requests it was refused.
    expect(p.errors.filter((e) => !/status of 403 \(Forbidden\)/.test(e))).toEqual([]);
    await p.ctx.close();
  }
});
