/**
 * Map bench: time to build the EastFront map from its spec and the geodata (geodata load included), and
 * the size of the committed map.json. The lead wires benchMap() into `npm run bench`.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildMap, serializeMap } from '../engine/maps/build';
import { eastfrontSpec } from '../engine/games/eastfront/map/spec';

export async function benchMap(): Promise<{ map_build_s: number; map_json_bytes: number }> {
  const t0 = performance.now();
  const { map } = buildMap(eastfrontSpec);
  const json = serializeMap(map);
  const map_build_s = Math.round((performance.now() - t0) / 10) / 100;
  const committed = statSync(resolve(import.meta.dirname, '../engine/games/eastfront/map.json')).size;
  return { map_build_s, map_json_bytes: committed || Buffer.byteLength(json) };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const url = process.argv[2];
  benchMap()
    .then(async (r) => ({ ...r, ...(url ? await benchMapFirstPaint(url) : {}) }))
    .then((r) => console.log(JSON.stringify(r)));
}

/**
 * First paint of the whole EastFront theatre in headless chromium: from navigation start to the viewer's
 * first OpenLayers `rendercomplete` (HexMap marks it as `hexmap-rendercomplete`). Needs a running server.
 */
export async function benchMapFirstPaint(
  baseURL: string,
  chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
): Promise<{ map_first_paint_ms: number }> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--headless', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseURL}/maps/eastfront`);
    await page.waitForSelector('[data-testid="hexmap"][data-rendered="true"]', { timeout: 120_000 });
    const ms = await page.evaluate(() => performance.getEntriesByName('hexmap-rendercomplete')[0]?.startTime ?? -1);
    return { map_first_paint_ms: Math.round(ms) };
  } finally {
    await browser.close();
  }
}
