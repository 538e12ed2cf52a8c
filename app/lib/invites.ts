'use client';
/**
 * Invite tokens are shown once, when a game is created. The creator's browser keeps them in localStorage so
 * the game page can offer invite links for each seat; the server only stores their hashes.
 */
export interface Invite {
  id: string;
  side: string;
  commands: string[];
  label: string;
  token: string;
}

const key = (gameId: string) => `hexfront.invites.${gameId}`;

export function rememberInvites(gameId: string, seats: Invite[]) {
  try {
    localStorage.setItem(key(gameId), JSON.stringify(seats));
  } catch {
    /* storage full or disabled: invites are simply not offered later */
  }
}

export function loadInvites(gameId: string): Invite[] {
  try {
    return JSON.parse(localStorage.getItem(key(gameId)) ?? '[]');
  } catch {
    return [];
  }
}
