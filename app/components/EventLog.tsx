'use client';
import type { ClientEvent } from '../../server/games';
import { describeEvent } from './boards';

/** The event log as this viewer may see it; clicking an entry shows the map at that moment. */
export function EventLog({
  ruleset,
  events,
  loading,
  seq,
  seek,
}: {
  ruleset: string;
  events: ClientEvent[];
  loading: boolean;
  seq: number;
  seek(seq: number | null): void;
}) {
  return (
    <section aria-label="Event log" style={{ marginTop: '1rem' }}>
      <h2>Event log</h2>
      {loading && (
        <p>
          <span className="spinner" /> Loading log…
        </p>
      )}
      <ol className="card eventlog" data-testid="event-log">
        {[...events].reverse().map((e) => (
          <li key={e.seq} className={e.seq === seq ? 'current' : e.seq > seq ? 'future' : undefined}>
            <button type="button" className="linklike" onClick={() => seek(e.seq)} title="Show the game at this moment">
              <span className="seq">{e.seq}</span> {describeEvent(ruleset, e)}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
