'use client';
/**
 * Who else of my side has the game open, and what they are doing: Yjs awareness on the side's chat document.
 * Each browser publishes its name, the event it looks at and whether it is acting (sending a command or just
 * did); awareness is not stored, and a closed tab disappears within the protocol's timeout (30 s) or at once.
 */
import { useEffect, useState } from 'react';
import type { WebsocketProvider } from 'y-websocket';

export interface PresenceState {
  name: string;
  side: string;
  /** The event this person looks at, and whether that is "now". */
  seq: number;
  live: boolean;
  /** Time (ms) of their last command, or 0. */
  actedAt: number;
  busy: boolean;
}

const ACTING_MS = 15_000;

export function usePresence(provider: WebsocketProvider | null, me: PresenceState | null): { id: number; state: PresenceState }[] {
  const [others, setOthers] = useState<{ id: number; state: PresenceState }[]>([]);
  useEffect(() => {
    if (!provider) return;
    const aw = provider.awareness;
    const read = () =>
      setOthers(
        [...aw.getStates().entries()]
          .filter(([id, s]) => id !== aw.clientID && s && (s as { user?: PresenceState }).user)
          .map(([id, s]) => ({ id, state: (s as { user: PresenceState }).user })),
      );
    aw.on('change', read);
    read();
    return () => aw.off('change', read);
  }, [provider]);
  const key = me ? JSON.stringify(me) : null;
  useEffect(() => {
    if (!provider || !key) return;
    provider.awareness.setLocalStateField('user', JSON.parse(key));
  }, [provider, key]);
  return others;
}

export function PresenceList({ others, sideName }: { others: { id: number; state: PresenceState }[]; sideName: string }) {
  // Re-render now and then so "acting" fades without new awareness traffic (only this list reads the clock).
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 5000);
    return () => clearInterval(t);
  }, []);
  const now = Date.now();
  return (
    <section
      aria-label="Who is here"
      data-testid="presence"
      style={{ display: 'flex', gap: '0.4rem', flexWrap: 'wrap', alignItems: 'baseline' }}
    >
      <span className="muted">{sideName} here:</span>
      <span className="tag" style={{ borderColor: '#2e8b3a' }}>
        you
      </span>
      {others.length === 0 && <span className="muted">nobody else</span>}
      {others.map(({ id, state }) => {
        const acting = state.busy || now - state.actedAt < ACTING_MS;
        return (
          <span
            key={id}
            className="tag"
            data-testid="presence-other"
            title={state.live ? 'looking at the present' : `looking at event ${state.seq}`}
            style={acting ? { borderColor: 'var(--accent)', color: 'var(--accent)' } : undefined}
          >
            {state.name || 'someone'} · {acting ? 'acting' : state.live ? 'watching' : `at event ${state.seq}`}
          </span>
        );
      })}
    </section>
  );
}
