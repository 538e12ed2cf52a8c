'use client';
/**
 * The hex under the cursor or clicked: its counters (what the viewer may see), with check boxes to pick which
 * of your movable units go together, and the destinations the engine offers for exactly that group.
 */
import { SubstituteTag } from './Substitute';
import { counterLine, type Counter, type LegalIndex, type MoveOption } from './model';

export function sameSet(a: string[], b: string[]) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** The engine's move for exactly this group to `dest`, if any. */
export function moveFor(legal: LegalIndex, group: string[], dest: string): MoveOption | undefined {
  if (!group.length) return undefined;
  return legal.moves.get(group[0])?.get(dest)?.find((o) => sameSet(o.units, group));
}

export function destinations(legal: LegalIndex, group: string[]): string[] {
  if (!group.length) return [];
  return [...(legal.moves.get(group[0]) ?? [])].filter(([, opts]) => opts.some((o) => sameSet(o.units, group))).map(([d]) => d);
}

export function SelectionPanel({ hex, here, group, legal, canAct, busy, onGroup, onMove }: {
  hex: string | null;
  here: Counter[];
  group: string[];
  legal: LegalIndex;
  canAct: boolean;
  busy: boolean;
  onGroup(ids: string[]): void;
  onMove(o: MoveOption): void;
}) {
  if (!hex) return <section className="ef-card ef-small" data-testid="ou-selection"><h3>Selection</h3><p className="muted">Click a hex to see its counters.</p></section>;
  const dests = destinations(legal, group);
  return (
    <section className="ef-card ef-small" data-testid="ou-selection" aria-label="Selected hex">
      <h3>Hex {hex}</h3>
      {here.length === 0 && <p className="muted">No counters here.</p>}
      <ul className="ef-list">
        {here.map((c) => {
          const movable = canAct && legal.moves.has(c.id);
          return (
            <li key={c.id}>
              {movable ? (
                <label>
                  <input type="checkbox" checked={group.includes(c.id)} onChange={(e) => onGroup(e.target.checked ? [...group, c.id] : group.filter((x) => x !== c.id))} />{' '}
                  {counterLine(c)}
                </label>
              ) : counterLine(c)}
              {!c.hidden && <SubstituteTag what="counter factors" />}
            </li>
          );
        })}
      </ul>
      {group.length > 0 && (
        <>
          <h4>{dests.length ? `Move ${group.length === 1 ? 'it' : `these ${group.length}`} to (green on the map):` : 'No move for exactly this group.'}</h4>
          <div className="ef-dests">
            {dests.slice(0, 40).map((d) => {
              const o = moveFor(legal, group, d)!;
              return <button key={d} className="secondary" disabled={busy} onClick={() => onMove(o)} data-testid={`ou-dest-${d}`}>{d === 'exit' ? 'off the map' : d}</button>;
            })}
          </div>
        </>
      )}
    </section>
  );
}
