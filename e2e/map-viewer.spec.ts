import { expect, test, type Page } from '@playwright/test';

/** The EastFront map viewer: whole theatre, the Caucasus zoomed in, a single hex, hover tooltip. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

async function rendered(page: Page) {
  await expect(page.getByTestId('hexmap')).toHaveAttribute('data-rendered', 'true', { timeout: 60_000 });
}

test('the EastFront map renders the whole theatre and reports hexes on hover', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 950 });
  const errors = watchConsole(page);
  await page.goto('/maps/eastfront');
  await rendered(page);
  const paint = await page.evaluate(() => {
    const m = performance.getEntriesByName('hexmap-rendercomplete')[0];
    return m ? Math.round(m.startTime) : null;
  });
  console.log(`map_first_paint_ms ${paint}`);
  await page.screenshot({ path: 'test-results/screens/map-theatre.png' });
  const box = (await page.getByTestId('hexmap').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('hexmap-tooltip')).toBeVisible();
  await expect(page.getByTestId('hover-name')).toContainText(/(clear|forest|marsh|mountain|sea|lake) · (printed|derived|substitute)/);
  expect(errors).toEqual([]);
});

test('the Caucasus zoomed in, and a single hex', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 950 });
  const errors = watchConsole(page);
  await page.goto('/maps/eastfront?focus=Novorossiysk,Maikop,Tbilisi,Grozny,Batumi,Salsk');
  await rendered(page);
  await page.screenshot({ path: 'test-results/screens/map-caucasus.png' });
  await page.goto('/maps/eastfront?focus=Rostov');
  await rendered(page);
  const box = (await page.getByTestId('hexmap').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('hover-name')).toContainText('Rostov');
  await page.screenshot({ path: 'test-results/screens/map-rostov.png' });
  expect(errors).toEqual([]);
});
