'use client';
/**
 * The clicked hex: its counters (what the viewer may see), with check boxes to pick which of your movable units
 * go together, and every hex that group can reach in one move with its cost (from legal(): the engine's reachable(), the same
 * rules decide() applies). Clicking a green hex on the map or a button here sends the move with its path.
 */
import type { ReachHex } from './model';
import { SubstituteTag } from './Substitute';
import { counterLine, ouPlace, type Counter } from './model';

const mp = (halves: number) => `${halves / 2} MP`;
/** Only the cheapest few as buttons: the rest are picked on the map, where hovering a green hex shows its cost. */
const SHOWN = 6;

export function SelectionPanel({
  hex,
  here,
  group,
  movable,
  reach,
  canAct,
  busy,
  onGroup,
  onMove,
}: {
  hex: string | null;
  here: Counter[];
  group: string[];
  movable(id: string): boolean;
  reach: Map<string, ReachHex>;
  canAct: boolean;
  busy: boolean;
  onGroup(ids: string[]): void;
  onMove(dest: string): void;
}) {
  if (!hex)
    return (
      <section className="ef-card ef-small" data-testid="ou-selection">
        <h3>Selection</h3>
        <p className="muted">Click a hex (or type its number below the map) to see its counters.</p>
      </section>
    );
  const dests = [...reach].sort((a, b) => a[1].mp - b[1].mp || a[0].localeCompare(b[0]));
  return (
    <section className="ef-card ef-small" data-testid="ou-selection" aria-label="Selected hex">
      <h3>
        {ouPlace(hex)} <span className="muted">hex {hex}</span>
      </h3>
      {here.length === 0 && <p className="muted">No counters here.</p>}
      <ul className="ef-list">
        {here.map((c) => (
          <li key={c.id}>
            {canAct && movable(c.id) ? (
              <label>
                <input
                  type="checkbox"
                  checked={group.includes(c.id)}
                  onChange={(e) => onGroup(e.target.checked ? [...group, c.id] : group.filter((x) => x !== c.id))}
                />{' '}
                {counterLine(c)}
              </label>
            ) : (
              counterLine(c)
            )}
            {!c.hidden && <SubstituteTag what="counter factors" />}
          </li>
        ))}
      </ul>
      {group.length > 0 && (
        <>
          <h4 data-testid="ou-reach-count" data-count={reach.size}>
            {dests.length
              ? `${group.length === 1 ? 'It' : `These ${group.length}`} can reach ${dests.length} hexes: pick a green hex on the map (hover shows the cost). The cheapest:`
              : 'No move for exactly this group.'}
          </h4>
          <div className="ef-dests">
            {dests.slice(0, SHOWN).map(([d, r]) => (
              <button type="button" key={d} className="secondary" disabled={busy} onClick={() => onMove(d)} data-testid={`ou-dest-${d}`}>
                {ouPlace(d)} <span className="muted">{mp(r.mp * 2)}</span>
              </button>
            ))}
          </div>
          {dests.length > SHOWN && (
            <p className="muted">…and {dests.length - SHOWN} more on the map (arrow keys move the map’s hex cursor, Enter picks).</p>
          )}
        </>
      )}
    </section>
  );
}
