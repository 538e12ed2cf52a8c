import { expect, test, type Page } from '@playwright/test';
import { showTab } from './shell-helpers';
import { createOu, log, place, prompt, sovietIdsIn, sovietNamesIn, step, UNITS } from './ou-helpers';
import { forced, gameIdOf, join, mapReady, player } from './team-helpers';

/**
 * Operation Unthinkable team roles through the UI (issue 8, point 4): five browsers. The creator keeps the Allied
 * supreme commander (army group line, airborne drop, move/fight order) and hands the US 12th and British 21st
 * Army Groups to two more commanders; the Soviet side is split between Stavka (with two fronts) and the 1st
 * Belorussian Front. Each seat is offered only its own decisions and units, forced requests for someone else's
 * are refused with FORBIDDEN, the Allied pages never receive a face-down Soviet counter's identity (3.5.1), and
 * the Soviet pages never receive the Allies' team annotations.
 */
test.describe.configure({ timeout: 300_000 });

const button = (page: Page, name: RegExp) => page.getByTestId('ou-prompt').getByRole('button', { name });

async function press(page: Page, name: RegExp) {
  await expect(prompt(page)).toContainText('Your turn');
  const b = button(page, name).first();
  await expect(b).toBeEnabled();
  await b.click();
  await expect(page.getByTestId('ou-prompt').getByText('sending…')).toHaveCount(0);
}

/** The page's own API answers (its session cookie): the view with its legal actions, and the event log. */
async function api(page: Page) {
  return page.evaluate(async (gameId) => {
    const get = async (proc: string, input: unknown) =>
      await (await fetch(`/api/trpc/${proc}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)).text();
    return { view: await get('game.view', { gameId }), events: await get('game.events', { gameId, since: 0 }) };
  }, gameIdOf(page));
}

async function legalOf(page: Page): Promise<{ command: { type: string; units?: string[] } & Record<string, unknown> }[]> {
  return JSON.parse((await api(page)).view).result.data.json.legal;
}

async function refused(page: Page, command: unknown, needs: RegExp) {
  const r = await forced(page, command);
  expect(r.status, JSON.stringify(r)).toBe(403);
  expect(r.code).toBe('FORBIDDEN');
  expect(r.message).toMatch(needs);
}

/** Centre the map on a hex, zoom in, and click it. */
async function clickHex(page: Page, id: string) {
  await page.getByTestId('hexmap').scrollIntoViewIfNeeded();
  await page.evaluate((h) => {
    const m = window.__ouMap!;
    const view = m.olMap.getView();
    view.setCenter(m.olMap.getCoordinateFromPixel(m.pixelOf(h)!));
    view.setResolution(Math.min(view.getResolution() ?? 120, 120)); // metres a pixel: a 5-mile hex spans ~67 px
  }, id);
  await page.waitForTimeout(700);
  const box = (await page.getByTestId('hexmap').boundingBox())!;
  const px = (await page.evaluate((h) => window.__ouMap?.pixelOf(h) ?? null, id))!;
  await page.mouse.click(box.x + px[0], box.y + px[1]);
}

const ofCommand = (cmd: string) => UNITS.filter((u) => u.cmd === cmd && !u.r).map((u) => u.id);

test('OU team roles: army groups, supreme commander, Stavka and a front each act only within their command', async ({ browser }) => {
  const sup = await player(browser);
  const us = await player(browser);
  const uk = await player(browser);
  const stavka = await player(browser);
  const front = await player(browser);
  const allies = [sup, us, uk];
  const soviets = [stavka, front];

  // The Allied supreme commander creates a game with the hidden Soviet set-up and splits both sides.
  await createOu(sup.page, { hidden: true });
  await showTab(sup.page, 'Team');
  const seats = sup.page.getByRole('region', { name: 'Seats' });
  const give = async (nth: number, label: string, command: string) => {
    await seats.getByRole('button', { name: 'Add a commander' }).nth(nth).click();
    await seats.getByTestId(`seat-${label}`).getByLabel(command).click();
    await expect(seats.getByTestId(`seat-${label}`).getByLabel(command)).toBeChecked();
  };
  await give(0, 'Allies commander 2', 'US 12th Army Group');
  await give(0, 'Allies commander 3', 'British 21st Army Group');
  await give(1, 'Soviets commander 2', '1st Belorussian Front');
  await expect(seats.getByTestId('seat-Allies').getByLabel('Allied supreme commander')).toBeChecked();
  await expect(seats.getByTestId('seat-Allies').getByLabel('US 12th Army Group')).not.toBeChecked();
  const link = async (label: string) => (await seats.getByTestId(`seat-${label}`).getByTestId('invite-link').textContent())!;
  const links = [
    await link('Allies commander 2'),
    await link('Allies commander 3'),
    await link('Soviets'),
    await link('Soviets commander 2'),
  ];
  await sup.page.screenshot({ path: 'test-results/screens/ou-team-01-seats.png', fullPage: true });
  await join(us.page, links[0], 'Bradley');
  await join(uk.page, links[1], 'Montgomery');
  await join(stavka.page, links[2], 'Antonov');
  await join(front.page, links[3], 'Zhukov');
  await sup.page.reload();
  await mapReady(sup.page);
  await expect(sup.page.getByLabel('Side', { exact: true })).toHaveCount(0); // the Soviet seat went to its holder

  // 3.4: only the supreme commander draws the army group line.
  await expect(button(sup.page, /Army group line/).first()).toBeVisible();
  for (const p of [us, uk]) {
    await expect(prompt(p.page)).toContainText('Waiting for Allied supreme commander');
    await expect(button(p.page, /Army group line/)).toHaveCount(0);
  }
  await refused(uk.page, { type: 'boundary', kind: 'row', hex: '1021' }, /supreme/);
  await press(sup.page, /Army group line: row through 1021/);
  for (const p of [...allies, ...soviets]) await expect(log(p.page)).toContainText('Army group line drawn through');

  // 3.5: each front sets up its own units; Stavka holds two fronts here, Zhukov only the 1st Belorussian.
  await step(front.page, 'setup-soviet');
  await refused(front.page, { type: 'place', unit: ofCommand('2bf')[0], hex: '3020' }, /2bf/);
  await press(front.page, /Set up \d+ units/);
  await press(front.page, /Set-up done/);
  await expect(prompt(front.page)).toContainText('Waiting for 2nd Belorussian Front');
  await press(stavka.page, /Set up \d+ units/);
  await press(stavka.page, /Set-up done/);

  // 3.5.1: while the Allies set up, their pages hold no face-down Soviet counter's identity.
  for (const p of allies) await step(p.page, 'setup-allied');
  await expect(sup.page.getByTestId('ou-map')).not.toHaveAttribute('data-hidden', '0');
  for (const p of allies) {
    const { view, events } = await api(p.page);
    expect(sovietIdsIn(view + events)).toEqual([]);
    expect(sovietNamesIn(await p.page.locator('body').innerText())).toEqual([]);
  }
  await sup.page.getByTestId('ou-board').screenshot({ path: 'test-results/screens/ou-team-02-supreme-face-down.png' });
  // The supreme commander has no units to set up and is not asked to; each army group sets up its own.
  expect(await legalOf(sup.page)).toEqual([]);
  for (const [p, own, other] of [
    [us, 'us-12ag', 'uk-21ag'],
    [uk, 'uk-21ag', 'us-12ag'],
  ] as const) {
    // legal() offers the army group's own units, each with its hexes (a unit, then where)
    const place = (await legalOf(p.page)).find((l) => l.command.type === 'place') as unknown as {
      choices: { options: { value: string }[] }[];
    };
    expect(place.choices[0].options.every((o) => ofCommand(own).includes(o.value))).toBe(true);
    await refused(p.page, { type: 'place', unit: ofCommand(other)[0], hex: '1021' }, new RegExp(other));
    await press(p.page, /Set up \d+ units/);
    await press(p.page, /Set-up done/);
  }
  for (const p of allies) await expect(log(p.page)).toContainText('turned face up');

  // 3.7: maskirovka is Stavka's.
  await step(front.page, 'maskirovka');
  await expect(button(front.page, /End maskirovka/)).toHaveCount(0);
  await refused(front.page, { type: 'end-maskirovka' }, /stavka/);
  await press(stavka.page, /End maskirovka/);

  // 5.3 and 5.4: the airdrop and the move/fight order are the supreme commander's.
  await step(sup.page, 'airborne');
  for (const p of [us, uk]) await expect(button(p.page, /airdrop|Drop /)).toHaveCount(0);
  await refused(us.page, { type: 'end-phase' }, /supreme/);
  await sup.page.getByTestId('ou-board').screenshot({ path: 'test-results/screens/ou-team-03-supreme-airborne.png' });
  await press(sup.page, /No airdrop this turn/);
  await step(sup.page, 'order-allied');
  await expect(button(us.page, /move-fight/)).toHaveCount(0);
  await press(sup.page, /allied: move-fight/);

  // Allied first phase: each army group is offered its own units only, and moves one of them.
  await step(us.page, 'allied-1');
  const usMoves = (await legalOf(us.page)).filter((l) => l.command.type === 'move');
  const ukMoves = (await legalOf(uk.page)).filter((l) => l.command.type === 'move');
  expect(usMoves.length).toBeGreaterThan(0);
  expect(ukMoves.length).toBeGreaterThan(0);
  // a move is offered as a choice of unit groups, then a destination (engine/core/actions.ts)
  const groupsOf = (moves: Awaited<ReturnType<typeof legalOf>>) =>
    moves.flatMap((l) => ((l as { choices?: { options: { value: string[] }[] }[] }).choices?.[0]?.options ?? []).map((o) => o.value));
  const usGroups = groupsOf(usMoves);
  const ukGroups = groupsOf(ukMoves);
  expect(usGroups.length).toBeGreaterThan(0);
  expect(ukGroups.length).toBeGreaterThan(0);
  expect(usGroups.every((units) => units.every((id) => ofCommand('us-12ag').includes(id)))).toBe(true);
  expect(ukGroups.every((units) => units.every((id) => ofCommand('uk-21ag').includes(id)))).toBe(true);
  await expect(prompt(sup.page)).toContainText('Waiting for US 12th Army Group');
  expect(await legalOf(sup.page)).toEqual([]);
  const usMove = usMoves[0] as unknown as {
    shared: Record<string, { value: string }[]>;
    choices: { options: { value: string[]; next: { ref: string }[] }[] }[];
  };
  const firstGroup = usMove.choices[0].options[0];
  // the destination does not matter: whose units they are is checked first (destinations are asked lazily now)
  await refused(uk.page, { type: 'move', units: firstGroup.value, to: '1021' }, /us-12ag/);

  const usFrom = (await us.page.getByTestId('ou-map').getAttribute('data-movable'))!;
  expect(usFrom).toMatch(/^\d{4}$/);
  await clickHex(us.page, usFrom);
  await expect(us.page.getByTestId('ou-selection').getByRole('checkbox').first()).toBeChecked();
  const dest = us.page.getByTestId('ou-selection').locator('[data-testid^="ou-dest-"]').first();
  const usTo = (await dest.getAttribute('data-testid'))!.slice('ou-dest-'.length);
  await us.page.getByTestId('ou-board').screenshot({ path: 'test-results/screens/ou-team-04-us-selected.png' });
  await dest.click();
  await expect(log(uk.page)).toContainText(`move to ${place(usTo)}`);
  // the British commander sees the US counters there but cannot pick them
  await clickHex(uk.page, usTo);
  await expect(uk.page.getByTestId('ou-selection')).toContainText(`hex ${usTo}`);
  await expect(uk.page.getByTestId('ou-selection').getByRole('checkbox')).toHaveCount(0);
  const ukFrom = (await uk.page.getByTestId('ou-map').getAttribute('data-movable'))!;
  await clickHex(uk.page, ukFrom);
  const ukDest = uk.page.getByTestId('ou-selection').locator('[data-testid^="ou-dest-"]').first();
  const ukTo = (await ukDest.getAttribute('data-testid'))!.slice('ou-dest-'.length);
  await ukDest.click();
  await expect(log(us.page)).toContainText(`move to ${place(ukTo)}`);
  await uk.page.getByTestId('ou-board').screenshot({ path: 'test-results/screens/ou-team-05-uk-moved.png' });

  // The Allies plan together on their map; the Soviet pages never receive the note.
  const secret = 'Feint at Wittenberg, main blow north';
  for (const p of [us.page, uk.page]) await showTab(p, 'Chat');
  const notes = us.page.getByRole('region', { name: 'Allies annotations' });
  await notes.getByRole('button', { name: 'Pick on map' }).click();
  await expect(notes.getByRole('button', { name: 'Click a hex…' })).toBeVisible();
  await clickHex(us.page, usTo);
  await expect(notes.getByLabel('Hex', { exact: true })).toHaveValue(usTo);
  await notes.getByLabel('Annotation text').fill(secret);
  await notes.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(uk.page.getByRole('region', { name: 'Allies annotations' }).getByTestId('annotation')).toContainText(secret);

  // Each army group ends its own part of the phase; the phase ends when both have.
  await press(us.page, /End phase/);
  await expect(prompt(us.page)).toContainText('Waiting for British 21st Army Group');
  await expect(button(us.page, /End phase/)).toHaveCount(0);
  await press(uk.page, /End phase/);
  for (const p of allies) await step(p.page, 'allied-2');
  await us.page.getByTestId('ou-board').screenshot({ path: 'test-results/screens/ou-team-06-us-map-note.png' });

  for (const p of soviets) {
    expect(await p.page.locator('body').innerText()).not.toContain(secret);
    expect(p.frames.some((f) => f.includes(secret))).toBe(false);
  }
  expect(us.frames.concat(uk.frames).some((f) => f.includes(secret))).toBe(true); // the scan does see team data
  await front.page.getByTestId('ou-board').screenshot({ path: 'test-results/screens/ou-team-07-front.png' });

  for (const p of [...allies, ...soviets]) {
    // the only errors allowed are the browser's notes about the forced requests it was refused
    expect(p.errors.filter((e) => !/status of 403 \(Forbidden\)/.test(e))).toEqual([]);
    await p.ctx.close();
  }
});
