/**
 * Helpers for the Operation Unthinkable specs: create the game in the lobby, read and drive the OU board (prompt
 * bar, map clicks, set-up), play a combat out, and check that a page holds no face-down Soviet counter's identity.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { MapData } from '../engine/maps/model';
import { placeName } from '../engine/maps/places';
import path from 'node:path';

/** A hex as the page names it ("Torgau", "2 NE of Torgau"). */
const OU_MAP: MapData = JSON.parse(readFileSync(path.join(import.meta.dirname, '../engine/games/operation-unthinkable/map.json'), 'utf8'));
export const place = (id: string) => placeName(OU_MAP, id);
export const prompt = (page: Page) => page.getByTestId('ou-prompt-text');
export const log = (page: Page) => page.getByTestId('event-log');
export const board = (page: Page) => page.getByTestId('ou-board');
export const step = (page: Page, id: string) => expect(board(page)).toHaveAttribute('data-step', id, { timeout: 30_000 });
export const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/ou-${name}.png` });

/** Create an OU game in the lobby (this browser holds both sides) and wait for the map. */
export async function createOu(page: Page, opts: { hidden?: boolean } = {}) {
  await page.goto('/');
  await page.getByLabel('Game', { exact: true }).selectOption({ label: 'Operation Unthinkable: From the Elbe to the Oder' });
  if (opts.hidden) await page.getByLabel('Hidden Soviet set-up (3.5.1)').check();
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.waitForURL(/\/games\//);
  await expect(page.getByTestId('hexmap')).toHaveAttribute('data-rendered', 'true', { timeout: 60_000 });
  return new URL(page.url()).pathname;
}

export async function clickHex(page: Page, id: string) {
  const box = (await page.getByTestId('hexmap').boundingBox())!;
  const px = await page.evaluate((h) => window.__ouMap?.pixelOf(h) ?? null, id);
  expect(px, `hex ${id} on screen`).not.toBeNull();
  await page.mouse.click(box.x + px![0], box.y + px![1]);
}

/** Click and wait until the log has grown, so that the next click sees the new state. */
export async function clickAndWait(page: Page, target: Locator) {
  const entries = log(page).locator('li');
  const before = await entries.count();
  await expect(target).toBeEnabled();
  await target.click();
  await expect.poll(() => entries.count()).toBeGreaterThan(before);
  await expect(page.getByTestId('ou-prompt').getByText('sending…')).toHaveCount(0);
}

/** Press one of the prompt bar's buttons on this seat's turn, and wait for the log to grow. */
export async function press(page: Page, name: RegExp | string) {
  await expect(prompt(page)).toContainText('Your turn');
  await clickAndWait(page, page.getByTestId('ou-prompt').getByRole('button', { name }).first());
}

/** Zoom the map in with the mouse wheel over a hex. */
export async function zoomAt(page: Page, id: string, clicks = 2) {
  const box = (await page.getByTestId('hexmap').boundingBox())!;
  for (let k = 0; k < clicks; k++) {
    const px = await page.evaluate((h) => window.__ouMap?.pixelOf(h) ?? null, id);
    await page.mouse.move(box.x + px![0], box.y + px![1]);
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(600);
  }
}

/** Place one unit by hand: pick it in the set-up panel, then click a green hex on the map. Returns the hex. */
export async function placeByClick(page: Page): Promise<string> {
  const setup = page.getByTestId('ou-setup');
  await setup.locator('[data-testid^="ou-unplaced-"][aria-pressed="false"]').first().click();
  await expect(page.getByTestId('ou-map')).not.toHaveAttribute('data-targets', '0');
  const options = await page
    .getByTestId('ou-setup-hex')
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  const hex = options[Math.floor(options.length / 2)];
  const before = await log(page).locator('li').count();
  await clickHex(page, hex);
  await expect.poll(() => log(page).locator('li').count()).toBeGreaterThan(before);
  await expect(log(page)).toContainText(`set up in ${place(hex)}`);
  return hex;
}

/** Hot-seat: from the army group line to the Allies' first phase, letting the engine place every unit. */
export async function toAlliedFirstPhase(page: Page) {
  await press(page, /Army group line/);
  await press(page, /Set up \d+ units/);
  await press(page, 'Set-up done');
  await expect(prompt(page)).toContainText('Your turn (Allies)');
  await press(page, /Set up \d+ units/);
  await press(page, 'Set-up done');
  await press(page, 'End maskirovka');
  await expect(board(page)).not.toHaveAttribute('data-step', 'maskirovka');
  if ((await board(page).getAttribute('data-step')) === 'boundary') await press(page, 'Keep the army group line');
  await press(page, 'No airdrop this turn');
  await press(page, 'allied: move-fight');
  await expect(board(page)).toHaveAttribute('data-step', 'allied-1');
}

/** Play a declared combat out: whichever side is asked answers with the first option offered. */
export async function fightItOut(page: Page) {
  for (let k = 0; k < 12; k++) {
    if (!(await page.getByTestId('ou-combat-now').count())) break;
    await expect(prompt(page)).toContainText('Your turn');
    const retreat = page.getByTestId('choice-retreat');
    if (await retreat.count()) {
      // a retreat is chosen one unit at a time: the first unit, its first hex
      await retreat.getByRole('combobox', { name: 'Unit' }).selectOption({ index: 1 });
      await retreat.getByRole('combobox', { name: 'Retreat into' }).selectOption({ index: 1 });
      await clickAndWait(page, retreat.getByRole('button', { name: 'Send' }));
      continue;
    }
    const b = page
      .getByTestId('ou-prompt')
      .getByRole('button', { name: /No artillery support|Step loss|Stop the bloodbath|Hold|Retreat one hex|Do not advance/ })
      .first();
    if (!(await b.count())) break;
    await clickAndWait(page, b);
  }
}

interface UnitDef {
  id: string;
  name: string;
  side: string;
  cmd: string;
  r?: boolean;
}
export const UNITS: UnitDef[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../engine/games/operation-unthinkable/data/counters.json'), 'utf8'),
).units;
const SOVIET = UNITS.filter((u) => u.side === 'soviet');

/** The Soviet unit ids quoted in some text (API answers: ids travel as JSON strings). */
export const sovietIdsIn = (text: string) => SOVIET.filter((u) => text.includes(`"${u.id}"`)).map((u) => u.id);
/** The Soviet unit names a page shows. */
export const sovietNamesIn = (text: string) => SOVIET.filter((u) => text.includes(u.name)).map((u) => u.name);

/** Every tRPC answer this page receives from now on (URL and body), for leak scans. */
export function recordTrpc(page: Page): { url: string; body: string }[] {
  const seen: { url: string; body: string }[] = [];
  page.on('response', async (r) => {
    // the live subscription is a stream that never ends: it is read separately (liveSample)
    if (!r.url().includes('/api/trpc/') || r.url().includes('.live')) return;
    try {
      seen.push({ url: r.url(), body: await r.text() });
    } catch {
      /* page closed */
    }
  });
  return seen;
}

/** What the live subscription (server-sent events) streams to this page for a side from event 0, read for a while. */
export async function liveSample(page: Page, gameId: string, side: string, ms = 1500): Promise<string> {
  return page.evaluate(
    async ({ gameId, side, ms }) => {
      const ctl = new AbortController();
      const input = encodeURIComponent(JSON.stringify({ json: { gameId, side, since: 0 } }));
      const res = await fetch(`/api/trpc/game.live?input=${input}`, { signal: ctl.signal });
      const reader = res.body!.getReader();
      const dec = new TextDecoder();
      let text = '';
      const stop = setTimeout(() => ctl.abort(), ms);
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += dec.decode(value);
        }
      } catch {
        /* aborted: the sample is complete */
      }
      clearTimeout(stop);
      return text;
    },
    { gameId, side, ms },
  );
}

/** The recorded answers that quote a Soviet unit id, as readable URLs (an empty list: nothing leaked). */
export const withSovietIds = (answers: { url: string; body: string }[]) =>
  answers.filter((r) => sovietIdsIn(r.body).length).map((r) => decodeURIComponent(r.url).slice(0, 240));
