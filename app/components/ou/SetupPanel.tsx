'use client';
/**
 * Free set-up (3.5, 3.6): your units still to place. Pick one (button or keyboard), then click a green hex on
 * the map or choose one from the list; the engine's setupTargets() gives the hexes decide() will accept.
 */
import { useState } from 'react';
import { counterLine, ouPlace, type Counter } from './model';

export function SetupPanel({
  units,
  placing,
  targets,
  busy,
  onPick,
  onPlace,
}: {
  units: Counter[];
  placing: string | null;
  targets: string[];
  busy: boolean;
  onPick(id: string | null): void;
  onPlace(hex: string): void;
}) {
  const [pick, setPick] = useState('');
  if (!units.length) return null;
  return (
    <section className="ef-card ef-small" data-testid="ou-setup" aria-label="Units to set up">
      <h3>To set up: {units.length}</h3>
      <p className="muted">Pick a unit, then a green hex on the map. “Set up N units” in the bar above places the rest for you.</p>
      <div className="ou-unplaced">
        {units.map((c) => (
          <button
            type="button"
            key={c.id}
            className={c.id === placing ? undefined : 'secondary'}
            aria-pressed={c.id === placing}
            data-testid={`ou-unplaced-${c.id}`}
            onClick={() => onPick(c.id === placing ? null : c.id)}
          >
            {counterLine(c)}
          </button>
        ))}
      </div>
      {placing && (
        <form
          className="ef-inline"
          onSubmit={(e) => {
            e.preventDefault();
            if (pick) onPlace(pick);
          }}
        >
          <label>
            {targets.length} hexes possible; place at{' '}
            <select value={pick} onChange={(e) => setPick(e.target.value)} aria-label="Set-up hex" data-testid="ou-setup-hex">
              <option value="">place…</option>
              {targets.map((h) => (
                <option key={h} value={h}>
                  {ouPlace(h)} ({h})
                </option>
              ))}
            </select>
          </label>{' '}
          <button type="submit" disabled={busy || !pick || !targets.includes(pick)}>
            Place
          </button>
        </form>
      )}
    </section>
  );
}
