'use client';
/**
 * "Your move": the tab title and the favicon say when the game waits for one of this browser's seats, so a
 * player in another tab sees it. A status entry that names a command waits only for the seat holding it.
 */
import { useEffect } from 'react';
import { useTurnAlert } from './turnAlert';

interface Status {
  waitingFor: { side: string; command?: string }[];
  finished: boolean;
}

export function yourMove(status: Status | undefined, seats: readonly { side: string; commands: readonly string[] }[]): boolean {
  if (!status || status.finished) return false;
  return status.waitingFor.some((w) => seats.some((s) => s.side === w.side && (!w.command || s.commands.includes(w.command))));
}

/** The favicon when the game waits for you: the hex with a bright dot (app/icon.svg with a green dot). */
export const TURN_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><polygon points="16,2 28,9 28,23 16,30 4,23 4,9" fill="#7a1f1f" stroke="#e8dcc0" stroke-width="2"/><text x="16" y="21" font-size="13" text-anchor="middle" fill="#e8dcc0" font-family="sans-serif" font-weight="bold">H</text><circle cx="24" cy="8" r="7" fill="#2ebd4e" stroke="#fff" stroke-width="2"/></svg>',
)}`;

export function useTurnSignal(mine: boolean, gameName: string | undefined) {
  useTurnAlert(mine, gameName); // the optional sound and notification (shell/turnAlert.tsx)
  useEffect(() => {
    if (!gameName) return;
    const before = document.title;
    document.title = `${mine ? '● Your move · ' : ''}${gameName} · Hexfront`;
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')];
    const hrefs = links.map((l) => l.getAttribute('href'));
    if (mine) for (const l of links) l.href = TURN_ICON;
    return () => {
      document.title = before;
      links.forEach((l, i) => {
        const h = hrefs[i];
        if (h) l.setAttribute('href', h);
      });
    };
  }, [mine, gameName]);
}
