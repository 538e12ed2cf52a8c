'use client';
import type { ClientEvent } from '../../server/games';

/**
 * Scrub through the game: a slider over every event, step buttons, and one click back to now. The URL carries
 * the position (?at=<seq>), so a moment can be shared.
 */
export function TimelineBar({ seq, latestSeq, seek }: {
  gameId: string;
  side?: string;
  seq: number;
  latestSeq: number;
  events: ClientEvent[];
  seek(seq: number | null): void;
}) {
  const past = seq < latestSeq;
  const go = (n: number) => seek(n >= latestSeq ? null : Math.max(0, n));
  return (
    <div className={`timeline card ${past ? 'past' : ''}`} role="group" aria-label="Timeline">
      <button className="secondary" aria-label="Previous event" disabled={seq <= 0} onClick={() => go(seq - 1)}>◀</button>
      <input
        type="range"
        aria-label="Event"
        min={0}
        max={latestSeq}
        value={seq}
        onChange={(e) => go(Number(e.target.value))}
        style={{ flex: 1 }}
      />
      <button className="secondary" aria-label="Next event" disabled={!past} onClick={() => go(seq + 1)}>▶</button>
      <span data-testid="timeline-position">event {seq} of {latestSeq}</span>
      <button disabled={!past} onClick={() => seek(null)}>Now</button>
    </div>
  );
}
