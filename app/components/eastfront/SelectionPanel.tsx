'use client';
/**
 * The selected hex and block: what is there (own blocks in full, enemy blocks only as revealed), where the
 * selected block may go (from the legal moves, as buttons for keyboard play) and the hex's provenance.
 */
import { costLine, costOf, fireLine, speedOf, type Hints } from './hints';
import { efMap, hexLabel, riverBetween, SIDE_COLOUR, SIDE_NAME, TYPE_WORD } from './labels';
import type { LegalIndex, MoveOption, View, ViewUnit } from './model';
import { unitKey } from './model';

const hexById = new Map(efMap.hexes.map((h) => [h.id, h]));
const citiesByHex = new Map<string, typeof efMap.cities>();
for (const c of efMap.cities) (citiesByHex.get(c.hex) ?? citiesByHex.set(c.hex, []).get(c.hex)!).push(c);

export function unitLine(u: ViewUnit, me?: string): string {
  if (u.id && u.type) {
    const hq = u.type === 'hq' || u.type === 'shq';
    return `${u.name ?? u.id} — ${TYPE_WORD[u.type] ?? u.type}, strength ${u.cv}${u.max ? ` of ${u.max}` : ''}${hq && u.active ? ', in command' : ''}${u.supreme !== undefined ? `, ${u.supreme} supreme moves left` : ''}${u.unsupplied ? ', out of supply' : ''}${u.paradrop ? ', spending its command on a paradrop' : ''}${u.dispersed ? ', dispersed after its drop' : ''}`;
  }
  return `${u.side === me ? 'Your' : SIDE_NAME[u.side]} block (hidden)${u.face ? ', face-up' : ''}${u.active ? ', HQ in command' : ''}${u.dispersed ? ', lying face down (dispersed after a paradrop)' : ''}`;
}

function Prov({ prov }: { prov?: string }) {
  return prov ? <span className={`tag ${prov}`}>{prov}</span> : null;
}

export function HexDetails({ hex }: { hex: string }) {
  const h = hexById.get(hex);
  if (!h) return null;
  const cities = citiesByHex.get(hex) ?? [];
  return (
    <div className="ef-small">
      <b>{hexLabel(hex)}</b> <span className="muted">({hex})</span> · {h.terrain} <Prov prov={h.prov} />
      {h.prov === 'substitute' && <span className="muted"> terrain is our stand-in, not printed</span>}
      {cities.map((c) => (
        <div key={c.name}>
          {c.kind} city {c.name}
          {c.values?.pp ? `, ${c.values.pp} PP` : ''} <Prov prov={c.prov} />
        </div>
      ))}
    </div>
  );
}

export function SelectionPanel({
  view,
  me,
  hex,
  unit,
  legal,
  hints,
  onUnit,
  onMove,
  canAct,
  busy,
}: {
  view: View;
  me?: string;
  hex: string | null;
  unit: string | null;
  legal: LegalIndex;
  hints: Hints;
  onUnit(id: string | null, hex?: string): void;
  onMove(o: MoveOption): void;
  canAct: boolean;
  busy: boolean;
}) {
  const here = hex ? view.units.filter((u) => u.at === hex) : [];
  const sel = unit ? view.units.find((u) => u.id === unit) : undefined;
  const dests = unit ? [...(legal.moves.get(unit)?.entries() ?? [])] : [];
  const range = unit ? hints.range.get(unit) : undefined;
  const battle = hex ? view.battles.find((b) => b.hex === hex) : undefined;
  /** The river crossed by the last step of a move (where an attack enters its hex, 7.5). */
  const riverOf = (o: MoveOption) => {
    const prev = o.path.length > 1 ? o.path[o.path.length - 2] : sel?.at;
    return prev ? riverBetween(prev, o.dest) : null;
  };
  return (
    <section className="ef-card" aria-label="Selection" data-testid="ef-selection">
      <h3>{hex ? hexLabel(hex) : 'Nothing selected'}</h3>
      {!hex && <p className="muted ef-small">Click a hex or a block on the map, or pick one of your blocks below.</p>}
      {hex && <HexDetails hex={hex} />}
      {battle && (
        <p className="ef-small" style={{ color: '#a4161a' }}>
          Battle: {SIDE_NAME[battle.oa]} attacking{battle.river ? ' across a river' : ''}
          {battle.fought ? ' (fought this phase)' : ''}.
        </p>
      )}
      {here.length > 0 && (
        <ul className="ef-list">
          {here.map((u) => {
            const movable = !!u.id && legal.moves.has(u.id);
            const fire = u.id ? hints.fire.get(u.id) : undefined;
            return (
              <li key={unitKey(u)}>
                <span className="ef-swatch" style={{ background: SIDE_COLOUR[u.side] }} />{' '}
                {movable ? (
                  <button
                    type="button"
                    className={`linklike ${u.id === unit ? 'ef-on' : ''}`}
                    aria-pressed={u.id === unit}
                    onClick={() => onUnit(u.id === unit ? null : u.id!, u.at ?? undefined)}
                  >
                    {unitLine(u, me)}
                  </button>
                ) : (
                  <span>{unitLine(u, me)}</span>
                )}
                {fire && (
                  <div className="ef-small ef-fire" data-testid="ef-fire">
                    Effective firepower: {fireLine(fire)}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {sel && (
        <div data-testid="ef-moves">
          <h4>
            {sel.name}: {dests.length ? `where it may go (speed ${speedOf(view, sel.type)} now)` : 'no move available now'}
          </h4>
          {range && (
            <p className="ef-small" data-testid="ef-range">
              Command range {range.cv}
              {range.disrupted ? ' (disrupted by the weather, 5.8)' : ''}: {range.hexes.size} hex{range.hexes.size === 1 ? '' : 'es'},
              outlined blue{range.supreme !== undefined ? `; ${range.supreme} supreme moves left for any block on the map` : ''}.
            </p>
          )}
          <div className="ef-dests">
            {dests.map(([dest, opts]) => {
              const o = opts[0];
              const river = riverOf(o);
              const cost = costLine(costOf(view, sel, o));
              const what =
                o.kind === 'rail'
                  ? `by rail, ${cost}`
                  : o.kind === 'retreat'
                    ? 'retreat (rearguard)'
                    : o.kind === 'mobilize'
                      ? o.path.length
                        ? 'HQ moves and stands down'
                        : 'stand down in place'
                      : o.engages
                        ? `attack${river ? ` across the ${river.name}` : ''}, ${cost}`
                        : cost;
              return (
                <span key={dest} className="ef-dest-group">
                  {opts.map((x, i) => (
                    <button
                      type="button"
                      // biome-ignore lint/suspicious/noArrayIndexKey: the offered routes of one block, rebuilt whole on every selection
                      key={i}
                      className={`secondary ${x.engages ? 'ef-attack' : ''}`}
                      disabled={!canAct || busy}
                      onClick={() => onMove(x)}
                      title={x.label}
                    >
                      {i === 0
                        ? `→ ${hexLabel(dest)} (${what})`
                        : x.kind === 'move'
                          ? `from ${hexLabel(x.path.length > 1 ? x.path[x.path.length - 2] : sel.at)}${riverOf(x) ? ` across the ${riverOf(x)!.name}` : ''}, ${costLine(costOf(view, sel, x))}`
                          : x.kind}
                    </button>
                  ))}
                </span>
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
}

export function OwnBlocks({
  view,
  me,
  legal,
  unit,
  onUnit,
}: {
  view: View;
  me?: string;
  legal: LegalIndex;
  unit: string | null;
  onUnit(id: string, hex?: string): void;
}) {
  if (!me) return null;
  const mine = view.units.filter((u) => u.side === me && u.id);
  const movable = mine.filter((u) => legal.moves.has(u.id!));
  const rest = mine.filter((u) => !legal.moves.has(u.id!));
  return (
    <section className="ef-card" aria-label="Your blocks" data-testid="ef-own-blocks">
      <h3>Your blocks ({mine.length})</h3>
      {movable.length > 0 && <p className="ef-small">Can move now:</p>}
      <ul className="ef-list">
        {movable.map((u) => (
          <li key={u.id}>
            <button
              type="button"
              className={`linklike ${u.id === unit ? 'ef-on' : ''}`}
              aria-pressed={u.id === unit}
              onClick={() => onUnit(u.id!, u.at ?? undefined)}
            >
              {u.name}{' '}
              <span className="muted">
                at {hexLabel(u.at)} · {u.cv}
                {u.max ? `/${u.max}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <details>
        <summary className="ef-small">
          {movable.length ? 'Others' : 'All'} ({rest.length})
        </summary>
        <ul className="ef-list">
          {rest.map((u) => (
            <li key={u.id}>
              <button type="button" className="linklike" onClick={() => onUnit(u.id!, u.at ?? undefined)}>
                {u.name}{' '}
                <span className="muted">
                  at {hexLabel(u.at)} · {u.cv}
                  {u.max ? `/${u.max}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
