/** Helpers for the map-viewer specs. */
import type { Page } from '@playwright/test';
import { mapReady } from './team-helpers';

/** Collects the console errors and page errors the page logs. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

/** The map has finished its first complete render. */
export const rendered = mapReady;
