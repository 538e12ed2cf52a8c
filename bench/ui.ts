/**
 * UI bench: the EastFront Edelweiss and Operation Unthinkable game pages in headless chromium at 1280x800.
 *   game_page_first_paint_ms  EastFront: navigation start to the map's first complete render (HexMap's
 *                             `hexmap-rendercomplete` mark), median of 3 warm loads.
 *   <game>_units_painted_ms   navigation start to the first frame with the units drawn (BoardMapPane's
 *                             `board-units-painted` mark), median of 3 warm loads; OU after both set-ups.
 *   <game>_pan_frame_ms_p95   95th percentile of frame intervals (a requestAnimationFrame probe) while the view
 *                             pans across the whole board and back (pan_frame_ms_p95: EastFront, as before).
 *   <game>_zoom_frame_ms_p95  the same while the view zooms in 3 levels and out again, twice.
 * Builds the pages when needed (as `npm run test:e2e` does), starts its own server on a free port with a
 * throwaway PGlite directory, creates a game through the lobby, measures, and stops the server.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer } from '../server/testing/processes';
import { benchMapFirstPaint } from './map';

const ROOT = path.resolve(import.meta.dirname, '..');
// the same flags as playwright.config.ts
const ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

async function startServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
    cwd: ROOT,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (build.status !== 0) throw new Error('next build failed');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hexfront-bench-ui-'));
  // The pages are served (server.ts reads HEXFRONT_NO_NEXT / HEXFRONT_TEST_GAMES as on only when '1'), PGlite only.
  const server = await spawnServer({
    dataDir,
    readyTimeoutMs: 120_000,
    env: { HEXFRONT_NO_NEXT: '', HEXFRONT_TEST_GAMES: '', NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** 95th percentile of the intervals between animation frames while `run` animates the view (rAF probe). */
const RAF_PROBE = (hook: string, kind: 'pan' | 'zoom') => `(async () => {
  const m = window.${hook};
  const view = m.olMap.getView();
  const hexes = m.olMap.getLayers().getArray().find((l) => l.get('name') === 'hexes');
  const ext = hexes.getSource().getExtent();
  const y = (ext[1] + ext[3]) / 2;
  const times = [];
  let on = true;
  const tick = (t) => { times.push(t); if (on) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const go = (o) => new Promise((r) => view.animate({ ...o, duration: 2000 }, () => r()));
  if (${JSON.stringify(kind)} === 'pan') {
    await go({ center: [ext[0], y] });
    await go({ center: [ext[2], y] });
    await go({ center: [ext[0], y] });
  } else {
    const z = view.getZoom();
    await go({ zoom: z + 3 });
    await go({ zoom: z });
    await go({ zoom: z + 3 });
    await go({ zoom: z });
  }
  on = false;
  return times.slice(1).map((t, i) => t - times[i]);
})()`;

const p95 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? -1) * 10) / 10;
};

type Page = import('@playwright/test').Page;

/** Navigation start to the first frame with the units drawn (BoardMapPane's mark), median of 3 warm loads. */
async function unitsPainted(page: Page, url: string): Promise<{ units: number; map: number }> {
  const units: number[] = [];
  const maps: number[] = [];
  for (let i = 0; i < 4; i++) {
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('board-units-painted').length > 0, null, { timeout: 120_000 });
    const [u, m] = await page.evaluate(() => [
      performance.getEntriesByName('board-units-painted')[0]?.startTime ?? -1,
      performance.getEntriesByName('hexmap-rendercomplete')[0]?.startTime ?? -1,
    ]);
    if (i > 0) {
      units.push(u);
      maps.push(m);
    }
  }
  return { units: Math.round(median(units)), map: Math.round(median(maps)) };
}

async function frames(page: Page, hook: string) {
  await page.waitForTimeout(500);
  const pan = p95((await page.evaluate(RAF_PROBE(hook, 'pan'))) as number[]);
  const zoom = p95((await page.evaluate(RAF_PROBE(hook, 'zoom'))) as number[]);
  return { pan, zoom };
}

async function createGame(page: Page, base: string, label: string): Promise<string> {
  await page.goto(`${base}/`);
  await page.getByLabel('Game', { exact: true }).selectOption({ label });
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.waitForURL(/\/games\//, { timeout: 60_000 });
  await page.waitForSelector('[data-testid="hexmap"][data-rendered="true"]', { timeout: 120_000 });
  return page.url();
}

/** OU starts with every unit off the map: set both sides up (hot-seat) so the board has its counters. */
async function ouSetUp(page: Page) {
  const press = async (name: RegExp) => {
    const b = page.getByTestId('ou-prompt').getByRole('button', { name }).first();
    await b.waitFor({ timeout: 60_000 });
    const before = await page.getByTestId('ou-board').getAttribute('data-step');
    await b.click();
    await page.waitForFunction(
      (s) => document.querySelector('[data-testid="ou-board"]')?.getAttribute('data-step') !== s || !document.querySelector('.spinner'),
      before,
    );
    await page.waitForTimeout(300);
  };
  await press(/Army group line/);
  for (let k = 0; k < 2; k++) {
    await press(/Set up \d+ units/);
    await press(/Set-up done/);
  }
}

export async function benchUi(): Promise<Record<string, number>> {
  const { chromium } = await import('@playwright/test');
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const out: Record<string, number> = {};

    // EastFront Edelweiss (blocks on the map from the start)
    const ef = await createGame(page, server.url, 'EastFront');
    const efPaint = await unitsPainted(page, ef);
    const efFrames = await frames(page, '__efMap');
    out.game_page_first_paint_ms = efPaint.map;
    out.ef_units_painted_ms = efPaint.units;
    out.pan_frame_ms_p95 = efFrames.pan;
    out.ef_pan_frame_ms_p95 = efFrames.pan;
    out.ef_zoom_frame_ms_p95 = efFrames.zoom;

    // Operation Unthinkable, after both set-ups
    const ou = await createGame(page, server.url, 'Operation Unthinkable: From the Elbe to the Oder');
    await ouSetUp(page);
    const ouPaint = await unitsPainted(page, ou);
    const ouFrames = await frames(page, '__ouMap');
    out.ou_units_painted_ms = ouPaint.units;
    out.ou_pan_frame_ms_p95 = ouFrames.pan;
    out.ou_zoom_frame_ms_p95 = ouFrames.zoom;

    // The map viewer's whole-theatre first paint (issue 3), on the same server.
    const mapPaints: number[] = [];
    for (let i = 0; i < 3; i++) mapPaints.push((await benchMapFirstPaint(server.url)).map_first_paint_ms);
    out.map_first_paint_ms = median(mapPaints.slice(1));
    return out;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  benchUi().then(
    (r) => console.log(JSON.stringify(r)),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
