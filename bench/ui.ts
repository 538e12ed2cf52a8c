/**
 * UI bench: the EastFront Edelweiss game page in headless chromium.
 *   game_page_first_paint_ms  navigation start of a game page to the map's first complete render (HexMap's
 *                             `hexmap-rendercomplete` mark), blocks included (median of 3 loads).
 *   pan_frame_ms_p95          95th percentile of frame intervals while the view pans across the whole theatre
 *                             and back (requestAnimationFrame timestamps).
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

export async function benchUi(): Promise<{ game_page_first_paint_ms: number; pan_frame_ms_p95: number; map_first_paint_ms: number }> {
  const { chromium } = await import('@playwright/test');
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    await page.getByLabel('Game', { exact: true }).selectOption({ label: 'EastFront' });
    await page.getByRole('button', { name: 'Create game' }).click();
    await page.waitForURL(/\/games\//, { timeout: 60_000 });
    const gameUrl = page.url();
    await page.waitForSelector('[data-testid="hexmap"][data-rendered="true"]', { timeout: 120_000 });

    // first paint: fresh loads of the game page (the first one also warms the server's caches)
    const paints: number[] = [];
    for (let i = 0; i < 4; i++) {
      await page.goto(gameUrl);
      await page.waitForSelector('[data-testid="hexmap"][data-rendered="true"]', { timeout: 120_000 });
      const ms = await page.evaluate(() => performance.getEntriesByName('hexmap-rendercomplete')[0]?.startTime ?? -1);
      if (i > 0) paints.push(ms);
    }

    // panning: animate the view centre from the theatre's west edge to its east edge and back
    // (a string: tsx would add helpers to a function's source that do not exist in the page)
    const frames = (await page.evaluate(`(async () => {
      const ef = window.__efMap;
      const view = ef.olMap.getView();
      const hexes = ef.olMap.getLayers().getArray().find((l) => l.get('name') === 'hexes');
      const ext = hexes.getSource().getExtent();
      const y = (ext[1] + ext[3]) / 2;
      const times = [];
      let on = true;
      const tick = (t) => { times.push(t); if (on) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      const pan = (x) => new Promise((r) => view.animate({ center: [x, y], duration: 2000 }, () => r()));
      await pan(ext[0]);
      await pan(ext[2]);
      await pan(ext[0]);
      on = false;
      return times.slice(1).map((t, i) => t - times[i]);
    })()`)) as number[];
    const sorted = [...frames].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? -1;
    // The map viewer's whole-theatre first paint (issue 3), on the same server.
    const mapPaints: number[] = [];
    for (let i = 0; i < 3; i++) mapPaints.push((await benchMapFirstPaint(server.url)).map_first_paint_ms);
    return {
      game_page_first_paint_ms: Math.round(median(paints)),
      pan_frame_ms_p95: Math.round(p95 * 10) / 10,
      map_first_paint_ms: median(mapPaints.slice(1)),
    };
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
