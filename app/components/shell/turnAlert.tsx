'use client';
/**
 * An optional alert when the game starts waiting for this browser's seats: a short tone and, while the tab is
 * in the background, a browser notification. Off by default; the choice is kept in this browser only. The
 * alert fires on the change from "not your move" to "your move", never for a page opened on your move.
 */
import { useEffect, useRef, useState } from 'react';

const KEY = 'hexfront.turnAlert';
const EVENT = 'hexfront-turn-alert';

export function turnAlertOn(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

/** A short two-note tone made on the spot (no sound file to fetch). */
function chime() {
  const AC = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AC) return;
  const ctx = new AC();
  const at = ctx.currentTime;
  for (const [i, f] of [660, 880].entries()) {
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.frequency.value = f;
    g.gain.setValueAtTime(0.0001, at + i * 0.18);
    g.gain.exponentialRampToValueAtTime(0.2, at + i * 0.18 + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, at + i * 0.18 + 0.16);
    o.connect(g).connect(ctx.destination);
    o.start(at + i * 0.18);
    o.stop(at + i * 0.18 + 0.17);
  }
  setTimeout(() => ctx.close().catch(() => {}), 600);
}

/** Sound and notify when `mine` turns true (after the first render), if the player switched the alert on. */
export function useTurnAlert(mine: boolean, gameName: string | undefined) {
  const prev = useRef<boolean | null>(null);
  useEffect(() => {
    const was = prev.current;
    prev.current = mine;
    if (was !== false || !mine || !turnAlertOn()) return;
    (window as unknown as { __turnAlerts?: number }).__turnAlerts =
      ((window as unknown as { __turnAlerts?: number }).__turnAlerts ?? 0) + 1;
    try {
      chime();
    } catch {
      // no audio device: the title and favicon still say it
    }
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.visibilityState !== 'visible')
      new Notification('Your move', {
        body: gameName ? `${gameName} is waiting for you.` : 'A game is waiting for you.',
        tag: 'hexfront-turn',
      });
  }, [mine, gameName]);
}

/** The head's toggle: off by default; switching it on asks for the notification permission once. */
export function TurnAlertToggle() {
  const [on, setOn] = useState(false);
  useEffect(() => {
    setOn(turnAlertOn());
    const sync = () => setOn(turnAlertOn());
    window.addEventListener(EVENT, sync);
    return () => window.removeEventListener(EVENT, sync);
  }, []);
  return (
    <button
      type="button"
      className="secondary shell-alert-toggle"
      aria-pressed={on}
      data-testid="turn-alert"
      title="A sound, and a notification while this tab is in the background, when the game starts waiting for you"
      onClick={() => {
        const next = !on;
        try {
          localStorage.setItem(KEY, next ? 'on' : 'off');
        } catch {
          // storage blocked: the toggle lasts for this page only
        }
        setOn(next);
        window.dispatchEvent(new Event(EVENT));
        if (next && typeof Notification !== 'undefined' && Notification.permission === 'default')
          Notification.requestPermission().catch(() => {});
      }}
    >
      {on ? 'Turn alert: on' : 'Turn alert: off'}
    </button>
  );
}
