import { expect, test } from '@playwright/test';
import { rendered, watchConsole } from './map-helpers';

/** The EastFront map viewer: whole theatre, the Caucasus zoomed in, a single hex, hover tooltip. */
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
