import { expect, test } from '@playwright/test';
import { rendered, watchConsole } from './map-helpers';

/** The Operation Unthinkable map viewer: the whole map (CCRR hexes, flat-top), the Elbe/Mulde area, hover. */
test('the Operation Unthinkable map renders and reports CCRR hexes on hover', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 1200 });
  const errors = watchConsole(page);
  await page.goto('/maps/operation-unthinkable');
  await rendered(page);
  await page.screenshot({ path: 'test-results/screens/map-ou.png' });
  const box = (await page.getByTestId('hexmap').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('hexmap-tooltip')).toBeVisible();
  await expect(page.getByTestId('hover-name')).toContainText(/\d{4} · (clear|forest|marsh|city) · (printed|derived|substitute)/);
  expect(errors).toEqual([]);
});

test('the Elbe and Mulde lines, zoomed in', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  const errors = watchConsole(page);
  // the frontline hexes of 3.3 and the marsh pair of 10.2.1, by printed number
  await page.goto('/maps/operation-unthinkable?focus=1530,2535,2244,1823,1922');
  await rendered(page);
  await page.screenshot({ path: 'test-results/screens/map-ou-elbe.png' });
  await page.goto('/maps/operation-unthinkable?focus=Neubrandenburg,Rathenow');
  await rendered(page);
  await page.screenshot({ path: 'test-results/screens/map-ou-mueritz.png' });
  expect(errors).toEqual([]);
});
