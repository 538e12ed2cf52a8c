'use client';
import type { BoardProps } from './boards';

/** The fallback board: every legal action as a button. */
export function ActionList({ legal, send, busy, seq, latestSeq }: BoardProps) {
  return (
    <section className="card shell-prompt" aria-label="Your actions">
      <h2 style={{ marginTop: 0 }}>Your actions</h2>
      {seq !== latestSeq && <p className="muted">You are looking at the past; return to now to act.</p>}
      {seq === latestSeq && legal.length === 0 && <p className="muted">Nothing to do right now.</p>}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.4rem', maxHeight: 260, overflow: 'auto' }}>
        {legal.map((a) => (
          <button
            type="button"
            key={JSON.stringify(a.command)}
            className={a.command.type === 'endTurn' ? 'secondary' : undefined}
            disabled={busy}
            title={a.rule ? `Rule ${a.rule}` : undefined}
            onClick={() => send(a.command).catch(() => {})}
          >
            {a.label}
          </button>
        ))}
      </div>
    </section>
  );
}
