'use client';
/**
 * The War in the East board: status strip, prompt bar, the 6,818-hex map with counters, destinations, attack
 * targets, zones of control and Personnel Centres, and side panels for the selected hex and for attacks. It offers
 * only what `legal` returns and what `hints` says; nothing here decides what is allowed.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import type { MapData } from '../../../engine/maps/model';
import { unitType } from '../../../engine/games/war-in-the-east/data';
import type { WiteHints } from '../../../engine/games/war-in-the-east/view';
import type { BoardProps } from '../boards';
import { ChoiceForm } from '../ChoiceForm';
import '../eastfront/eastfront.css';
import '../ou/ou.css';
import { BoardMapPane } from '../map/BoardMapPane';
import { SubstituteTag } from '../ou/Substitute';
import { ShellSlot } from '../shell/slots';
import { UndoControls } from '../UndoControls';
import { useEscapeKey } from '../useEscapeKey';
import { type CounterInfo, counterHex, counterStyle, LOOKS, type MarkKind } from './layers';
import { type Counter, type Dest, destsOf, indexLegal, SIDE_NAME, stacks, type View } from './model';

const loadGeo = () => import('../../../engine/games/war-in-the-east/map-geo.json');
const NO_DESTS = new Map<string, Dest>();

function faces(c: Counter): string {
  const t = unitType(c.type);
  const f = c.kg && t.reduced ? t.reduced : t;
  return `${f.att}-${f.def}-${f.ma}`;
}
const natOf = (type: string) => unitType(type).nat;
const airLine = (a: View['air']['axis']) =>
  `${a.available} available${a.superiority ? `, ${a.superiority} superiority` : ''}${a.groundSupport ? `, ${a.groundSupport} ground support` : ''}`;
const unitWord = (c: Counter) => `${c.label} (${unitType(c.type).name}${c.kg ? ', KG/BG' : ''}, ${faces(c)})`;

function useWiteMap(): MapData | null {
  const [map, setMap] = useState<MapData | null>(null);
  useEffect(() => {
    let live = true;
    import('../../../engine/games/war-in-the-east/map.json').then((m) => live && setMap(m.default as unknown as MapData));
    return () => {
      live = false;
    };
  }, []);
  return map;
}

export default function WiteBoard(props: BoardProps) {
  const { side, status, busy, seq, latestSeq, send, commands } = props;
  const view = props.view as View;
  const hints = (props.hints ?? null) as WiteHints | null;
  const map = useWiteMap();
  const legal = useMemo(() => indexLegal(props.legal), [props.legal]);
  const [hex, setHex] = useState<string | null>(null);
  const [unit, setUnit] = useState<string | null>(null);
  const [forced, setForced] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const [hover, setHover] = useState<string | null>(null);
  const past = seq < latestSeq;
  const myTurn = !!side && !status.finished && status.waitingFor.some((w) => w.side === side) && props.legal.length > 0;
  const canAct = myTurn && !past;
  const byHex = useMemo(() => stacks(view, natOf), [view]);
  const table = forced ? legal.forced : legal.moves;
  const movable = useCallback((id: string) => canAct && (legal.moves.has(id) || legal.forced.has(id)), [canAct, legal]);
  // the selected unit's destinations: listed in legal(), or asked for that unit (a lazy choice, game.choices)
  const trpc = useTRPC();
  const listed = canAct && unit ? table.get(unit) : undefined;
  const lazyName = (forced ? legal.lazy.forced : legal.lazy.moves) ?? 'destinations';
  const asked = useQuery(
    trpc.game.choices.queryOptions(
      { gameId: props.gameId, side, lazy: lazyName, seq: latestSeq, picked: [{ unit }] },
      { enabled: listed === null, staleTime: Infinity },
    ),
  );
  const dests = useMemo(
    () =>
      listed
        ? listed
        : listed === null && asked.data?.seq === latestSeq
          ? destsOf((asked.data.options[0] ?? []) as { value: unknown; hint?: Record<string, unknown> }[])
          : NO_DESTS,
    [listed, asked.data, latestSeq],
  );

  useEffect(() => {
    if (unit && !movable(unit)) setUnit(null);
    if (target && !legal.attacks.has(target)) setTarget(null);
  }, [unit, target, movable, legal]);

  const move = useCallback(
    (to: string) => {
      if (!unit || !dests.has(to)) return;
      send({ type: 'move', unit, to, ...(forced ? { forced: true } : {}) })
        .then(() => {
          setUnit(null);
          setHex(to);
        })
        .catch(() => {});
    },
    [unit, dests, forced, send],
  );

  const onHexClick = useCallback(
    (id: string) => {
      if (unit && dests.has(id)) return move(id);
      if (canAct && legal.attacks.has(id)) setTarget(id);
      const here = (byHex.get(id) ?? []).filter((c) => movable(c.id)).map((c) => c.id);
      if (id === hex && here.length > 1 && unit) setUnit(here[(here.indexOf(unit) + 1) % here.length]);
      else setUnit(here[0] ?? null);
      setHex(id);
    },
    [unit, dests, move, canAct, legal, byHex, movable, hex],
  );

  useEscapeKey(() => {
    setUnit(null);
    setHex(null);
    setTarget(null);
  });

  const counters = useMemo<CounterInfo[]>(() => {
    const out: CounterInfo[] = [];
    for (const list of byHex.values())
      for (const [index, c] of list.entries())
        out.push({ counter: c, faces: faces(c), selected: c.id === unit, movable: movable(c.id), index, count: list.length });
    return out;
  }, [byHex, unit, movable]);

  const marks = useMemo(() => {
    const out: { hex: string; kind: MarkKind }[] = [];
    const enemy = side === 'axis' ? 'soviet' : 'axis';
    if (hints && side) for (const h of hints.zoc[enemy]) out.push({ hex: h, kind: 'zoc' });
    for (const p of hints?.personnelCentres ?? []) out.push({ hex: p.hex, kind: p.held === 'axis' ? 'pcAxis' : 'pc' });
    for (const d of dests.keys()) out.push({ hex: d, kind: forced ? 'forced' : 'dest' });
    if (canAct) for (const h of legal.attacks.keys()) out.push({ hex: h, kind: 'target' });
    if (hex) out.push({ hex, kind: 'selected' });
    if (hover && hover !== hex) out.push({ hex: hover, kind: 'hover' });
    return out;
  }, [hints, side, dests, forced, canAct, legal, hex, hover]);

  const [focus] = useState(() => Object.values(view.units).flatMap((u) => (u.at ? [u.at] : []))); // first view: the front
  const here = hex ? (byHex.get(hex) ?? []) : [];
  const hoverHere = hover ? (byHex.get(hover) ?? []) : [];
  const mineWaiting = status.waitingFor.filter((w) => w.side === side);
  const headline = status.finished
    ? `The game is over${status.result ? `: ${status.result}` : ''}.`
    : past
      ? `You are looking at an earlier moment (event ${seq} of ${latestSeq}).`
      : !side
        ? `You are watching: ${status.turn}, ${status.phase}.`
        : myTurn
          ? `Your turn (${SIDE_NAME[side] ?? side}): ${status.phase}.`
          : `Waiting for ${status.waitingFor.map((w) => `${SIDE_NAME[w.side] ?? w.side} (${w.what})`).join(', ') || 'nobody'}.`;

  return (
    <div className="ef-board" data-testid="wite-board" data-phase={view.phase ?? ''} data-gt={view.gt}>
      <div className="ef-main">
        <div className="ef-top">
          <div className="ef-status" data-testid="wite-status">
            <b>{status.turn}</b>
            {hints && <span>Axis holds {hints.axisCentres} Personnel Centres (31.6)</span>}
            <span data-testid="wite-air">
              Air (12.1): {(['axis', 'soviet'] as const).map((x) => `${SIDE_NAME[x]} ${airLine(view.air[x])}`).join(' · ')}
              {side && view.sealed[side as 'axis'] ? ' · your commitment is sealed until both are in' : ''}
            </span>
            <span className="muted">
              CRT, terrain costs and combat resolution <SubstituteTag what="tables and the 11.0 resolution" />
            </span>
          </div>
          <section className={`ef-prompt ${canAct ? 'mine' : ''}`} aria-label="What to do now" data-testid="wite-prompt">
            <div className="ef-prompt-head">
              <b>{headline}</b>
              {busy && (
                <span className="muted">
                  <span className="spinner" /> sending…
                </span>
              )}
            </div>
            {canAct && mineWaiting.length > 0 && (
              <p className="ef-hint">
                {view.phase === 'air-commitment'
                  ? 'Split your air points between air superiority and air-ground support. The other side sees only that you have committed until both are revealed (12.12).'
                  : 'Click one of your counters, then a green hex to move it; orange hexes may be attacked (pick the attackers in the Battles panel). End the phase when done.'}
              </p>
            )}
            {!past && (
              <div className="ef-actions">
                {canAct &&
                  legal.other.map((a) =>
                    a.choices?.length ? (
                      <ChoiceForm key={a.label} action={a} send={send} busy={busy} />
                    ) : (
                      <button key={a.label} type="button" disabled={busy} onClick={() => send(a.command).catch(() => {})}>
                        {a.label} {a.rule ? <span className="ou-rule">({a.rule})</span> : null}
                      </button>
                    ),
                  )}
                <UndoControls gameId={props.gameId} side={side} />
              </div>
            )}
          </section>
        </div>
        <div className="ef-mapcol">
          {map ? (
            <BoardMapPane
              id="wite"
              map={map}
              loadGeo={loadGeo}
              frame={{
                'data-testid': 'wite-map',
                'data-counters': counters.length,
                'data-reach': dests.size,
                'data-targets': canAct ? legal.attacks.size : 0,
                'data-movable': counters.find((c) => c.movable)?.counter.at ?? '',
                'data-unit': unit ?? '',
                'data-dest': [...dests.keys()].at(-1) ?? '',
              }}
              looks={LOOKS}
              marks={marks}
              pieces={counters}
              pieceHex={counterHex}
              pieceStyle={counterStyle}
              focus={focus}
              centre={hex}
              onHexClick={onHexClick}
              onHexHover={setHover}
              notes={{ gameId: props.gameId, side, seq }}
            />
          ) : (
            <p className="muted">
              <span className="spinner" /> Loading the map…
            </p>
          )}
          <div className="ef-hoverline ef-small" aria-live="polite" data-testid="wite-hover">
            {hover ? (
              <>
                <b>{hover}</b>
                {hoverHere.length ? ` — ${hoverHere.map(unitWord).join('; ')}` : ''}
              </>
            ) : (
              <span className="muted">
                Hover a hex for its units. Shaded hexes are in the enemy zone of control; dashed rings are Personnel Centres.
              </span>
            )}
          </div>
        </div>
        <aside className="ef-side">
          <ShellSlot name="selection">
            <section data-testid="wite-selection" aria-label="Selected hex">
              {hex ? <h3>Hex {hex}</h3> : <p className="muted">Click a hex on the map.</p>}
              <ul className="ef-small">
                {here.map((c) => (
                  <li key={c.id}>
                    {movable(c.id) ? (
                      <button type="button" className={c.id === unit ? undefined : 'secondary'} onClick={() => setUnit(c.id)}>
                        {unitWord(c)}
                      </button>
                    ) : (
                      unitWord(c)
                    )}
                  </li>
                ))}
              </ul>
              {unit && legal.forced.has(unit) && (
                <label className="ef-small">
                  <input type="checkbox" checked={forced} onChange={(e) => setForced(e.target.checked)} /> Forced march (5.6: a die roll of
                  1 reduces the unit)
                </label>
              )}
              {unit && (
                <p className="ef-small" data-testid="wite-dests">
                  {dests.size} hexes within reach; click a green hex to move there.
                </p>
              )}
            </section>
          </ShellSlot>
          <ShellSlot name="battles">
            <section data-testid="wite-battles" aria-label="Attacks">
              {canAct && legal.attacks.size > 0 ? (
                <>
                  <label className="ef-small">
                    Hex to attack{' '}
                    <select value={target ?? ''} onChange={(e) => setTarget(e.target.value || null)} data-testid="wite-target">
                      <option value="">choose…</option>
                      {[...legal.attacks.keys()].map((h) => (
                        <option key={h} value={h}>
                          {h}
                        </option>
                      ))}
                    </select>
                  </label>
                  {target && legal.attacks.get(target) && (
                    <ChoiceForm key={target} action={legal.attacks.get(target)!} send={send} busy={busy} />
                  )}
                  <p className="ef-small muted">
                    Odds are rounded for the defender (10.0). The CRT grids and the retreat rules are our substitutes{' '}
                    <SubstituteTag what="CRT and 11.0 rules" />.
                  </p>
                </>
              ) : (
                <p className="muted">No attack to make now.</p>
              )}
              {commands.length === 0 && <p className="muted">Watching.</p>}
            </section>
          </ShellSlot>
        </aside>
      </div>
    </div>
  );
}
