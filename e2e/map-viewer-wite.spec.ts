import { expect, test } from '@playwright/test';
import { rendered, watchConsole } from './map-helpers';

/**
 * The War in the East map viewer: the four sections as one map (~6,800 hexes, section-prefixed numbers), the
 * Barbarossa Start Line, sectors, Weatherline and Personnel Centres drawn as overlays, hover on a printed hex.
 */
test('the War in the East map renders the whole map with its overlays', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 1300 });
  const errors = watchConsole(page);
  await page.goto('/maps/war-in-the-east');
  await rendered(page);
  const paint = await page.evaluate(() => {
    const m = performance.getEntriesByName('hexmap-rendercomplete')[0];
    return m ? Math.round(m.startTime) : null;
  });
  console.log(`wite_map_first_paint_ms ${paint}`);
  await expect(page.getByRole('heading', { name: 'War in the East map' })).toBeVisible();
  await expect(page.getByText(/5\d{3} playable hexes, 33\.19 km apart/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/map-wite.png' });
  const box = (await page.getByTestId('hexmap').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('hexmap-tooltip')).toBeVisible();
  await expect(page.getByTestId('hover-name')).toContainText(
    /(NW|NE|SW|SE)\d{4} · (clear|woods|swamp|rough|sea|lake) · (printed|derived|substitute)/,
  );
  expect(errors).toEqual([]);
});

test('printed hexes by number: the Moscow seam (3.13) and Leningrad, zoomed in', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  const errors = watchConsole(page);
  // NE5131 is the alias of SE0131 on the overlapping row
  await page.goto('/maps/war-in-the-east?focus=NE5031,NE5131,SE0132');
  await rendered(page);
  const box = (await page.getByTestId('hexmap').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('hover-name')).toContainText('Moscow');
  await page.screenshot({ path: 'test-results/screens/map-wite-moscow.png' });
  await page.goto('/maps/war-in-the-east?focus=Leningrad,Riga,Minsk,Kiev,Odessa');
  await rendered(page);
  await page.screenshot({ path: 'test-results/screens/map-wite-border.png' });
  expect(errors).toEqual([]);
});
