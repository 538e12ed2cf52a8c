import type { Page } from '@playwright/test';

/** Open one of the play shell's side-panel tabs (Selection, Battles, Log, Chat, Team; Notes on a replay). */
export async function showTab(page: Page, name: 'Selection' | 'Battles' | 'Log' | 'Chat' | 'Team' | 'Notes' | 'Notes & chat') {
  await page.getByRole('tab', { name: new RegExp(`^${name.replace('&', '\\&')}`) }).click();
}
