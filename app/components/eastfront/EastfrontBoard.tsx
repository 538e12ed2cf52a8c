'use client';
/**
 * The EastFront board: status strip, prompt bar, the hex map with blocks and highlights, and side panels for
 * the selection, battles, production and plots. It offers only what `legal` returns and shows the server's
 * errors; nothing here decides what is allowed.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useEscapeKey } from '../useEscapeKey';
import type { BoardProps } from '../boards';
import { BoardMapPane } from '../map/BoardMapPane';
import { ShellSlot } from '../shell/slots';
import type { MapEffect } from '../map/effectsLayer';
import { BattleBox, boxHexOf } from './BattleBox';
import { BattlePanel } from './BattlePanel';
import { indexEvents, movedFrom } from './describe';
import './eastfront.css';
import { costLine, costOf, efInPlay as inPlay, useHints } from './hints';
import { efMap, hexLabel } from './labels';
import { blockHex, blockStyle, LOOKS, veilLayer, type BlockInfo, type HighlightKind } from './layers';
import { indexLegal, stacks, type MoveOption, type View } from './model';
import { Plots } from './Plots';
import { ProductionForm } from './ProductionForm';
import { PromptBar } from './PromptBar';
import { OwnBlocks, SelectionPanel, unitLine } from './SelectionPanel';
import { StatusStrip } from './StatusStrip';

const focusHexes = efMap.hexes.filter((h) => inPlay(h.id)).map((h) => h.id);
const loadGeo = () => import('../../../engine/games/eastfront/map-geo.json');

export default function EastfrontBoard(props: BoardProps) {
  const { side, status, busy, seq, latestSeq, send, events } = props;
  const view = props.view as View;
  const legal = useMemo(() => indexLegal(props.legal, view), [props.legal, view]);
  const hints = useHints(view, side, props.hints);
  const veil = useMemo(() => [veilLayer(efMap, inPlay)], []);
  const [hex, setHex] = useState<string | null>(null);
  const [unit, setUnit] = useState<string | null>(null);
  const [hover, setHover] = useState<string | null>(null);
  const [centre, setCentre] = useState<string | null>(null);
  const past = seq < latestSeq;
  const myTurn = !!side && !status.finished && status.waitingFor.some((w) => w.side === side) && props.legal.length > 0;
  const canAct = myTurn && !past;

  // the log needs blocks' previous positions and token sides to word its entries
  indexEvents(events, view.units);

  // a selection that no longer has moves (moved, phase over) is dropped
  useEffect(() => {
    if (unit && !view.units.some((u) => u.id === unit)) setUnit(null);
  }, [unit, view.units]);

  const select = useCallback((id: string | null, at?: string) => {
    setUnit(id);
    if (at) {
      setHex(at);
      setCentre(at);
    }
  }, []);

  const move = useCallback(
    (o: MoveOption) => {
      if (!canAct) return;
      send(o.command)
        .then(() => {
          setUnit(null);
          setHex(o.dest);
        })
        .catch(() => {});
    },
    [canAct, send],
  );

  const onHexClick = useCallback(
    (id: string) => {
      const opts = unit ? legal.moves.get(unit)?.get(id) : undefined;
      if (opts?.length && canAct) {
        move(opts[0]);
        return;
      }
      const movable = (
        stacks(
          view.units.filter((u) => u.at === id),
          side,
        ).get(id) ?? []
      ).filter((u) => u.id && legal.moves.has(u.id));
      if (id === hex && movable.length > 1) {
        // clicking the same hex again steps through its movable blocks
        const i = movable.findIndex((u) => u.id === unit);
        setUnit(movable[(i + 1) % movable.length].id!);
      } else setUnit(movable[0]?.id ?? null);
      setHex(id);
    },
    [unit, legal, canAct, move, view.units, hex, side],
  );

  // drag and drop: the selected block if it is in the pressed hex, else the hex's first movable block
  const movableIn = useCallback(
    (id: string) =>
      (
        stacks(
          view.units.filter((u) => u.at === id),
          side,
        ).get(id) ?? []
      ).filter((u) => u.id && legal.moves.has(u.id)),
    [view.units, side, legal],
  );
  const canDrag = useCallback((id: string) => canAct && movableIn(id).length > 0, [canAct, movableIn]);
  const dragBegin = useCallback(
    (id: string) => {
      const movable = movableIn(id);
      const pick = movable.find((u) => u.id === unit) ?? movable[0];
      if (pick) setUnit(pick.id!);
      setHex(id);
    },
    [movableIn, unit],
  );
  const [dropTo, setDropTo] = useState<string | null>(null);
  // the drop waits for the render that holds the picked-up block's destinations
  useEffect(() => {
    if (!dropTo) return;
    setDropTo(null);
    const opts = unit ? legal.moves.get(unit)?.get(dropTo) : undefined;
    if (opts?.length) move(opts[0]);
  }, [dropTo, unit, legal, move]);

  useEscapeKey(() => {
    setUnit(null);
    setHex(null);
  });

  const blocks = useMemo<BlockInfo[]>(() => {
    const out: BlockInfo[] = [];
    for (const list of stacks(view.units, side).values())
      for (const [index, u] of list.entries())
        out.push({
          unit: u,
          own: u.side === side,
          selected: !!u.id && u.id === unit,
          movable: canAct && !!u.id && legal.moves.has(u.id),
          index,
          count: list.length,
          spread: u.at === hover || u.at === hex,
        });
    return out;
  }, [view.units, side, unit, legal, canAct, hover, hex]);

  const highlights = useMemo(() => {
    const out: { hex: string; kind: HighlightKind }[] = [];
    for (const h of hints.range.get(unit ?? '')?.hexes ?? []) out.push({ hex: h, kind: 'reach' });
    for (const b of view.battles) out.push({ hex: b.hex, kind: b.fought ? 'fought' : 'battle' });
    if (unit && canAct)
      for (const [dest, opts] of legal.moves.get(unit) ?? []) out.push({ hex: dest, kind: opts[0].engages ? 'attack' : 'dest' });
    if (hex) out.push({ hex, kind: 'selected' });
    if (hover && hover !== hex) out.push({ hex: hover, kind: 'hover' });
    return out;
  }, [legal, hints, unit, view.battles, canAct, hex, hover]);

  // the battle box: pinned to the battle asking this side, the selected battle or the last one fought
  const shownEvents = useMemo(() => events.filter((e) => e.seq <= seq), [events, seq]);
  const [closedBox, setClosedBox] = useState<string | null>(null);
  const boxHex = boxHexOf(view, shownEvents, hex);
  const boxKey = boxHex ? `${boxHex}|${shownEvents.length}` : null;
  const callout =
    boxHex && boxKey !== closedBox
      ? {
          hex: boxHex,
          node: (
            <BattleBox
              view={view}
              hex={boxHex}
              side={side}
              fire={hints.fire}
              actions={past ? [] : legal.actions}
              events={shownEvents}
              send={send}
              busy={busy}
              onClose={() => setClosedBox(boxKey)}
            />
          ),
        }
      : null;
  const effects = useMemo(() => efEffects(shownEvents), [shownEvents]);

  const hoverUnits = hover ? view.units.filter((u) => u.at === hover) : [];
  // the move preview: what moving the selected block to the hovered hex would cost
  const selUnit = unit ? view.units.find((u) => u.id === unit) : undefined;
  const hoverMove =
    hover && selUnit
      ? legal.moves
          .get(selUnit.id!)
          ?.get(hover)
          ?.find((o) => o.path.length)
      : undefined;
  const mySide = side === 'german' || side === 'soviet' ? side : undefined;

  return (
    <div className="ef-board" data-testid="ef-board" data-phase={view.phase} data-active={view.active}>
      <div className="ef-main">
        <div className="ef-top">
          <StatusStrip view={view} />
          <PromptBar props={props} view={view} actions={legal.actions} myTurn={myTurn} />
          {/* the production order is this decision's action: it sits with the prompt, not in a side tab */}
          {mySide && view.phase === 'production' && (
            <ProductionForm
              key={`${view.turn.month}-${seq}`}
              view={view}
              side={mySide}
              actions={legal.actions}
              send={send}
              busy={busy || past}
            />
          )}
        </div>
        <div className="ef-mapcol">
          <BoardMapPane
            id="ef"
            map={efMap}
            loadGeo={loadGeo}
            frame={{ 'data-testid': 'ef-map', 'data-units': view.units.filter((u) => u.at && !u.at.startsWith('box:')).length }}
            looks={LOOKS}
            marks={highlights}
            pieces={blocks}
            pieceHex={blockHex}
            pieceStyle={blockStyle}
            below={veil}
            focus={focusHexes}
            centre={centre}
            onHexClick={onHexClick}
            onHexHover={setHover}
            drag={{ canDrag, onDragBegin: dragBegin, onDragEnd: setDropTo }}
            notes={{ gameId: props.gameId, side, seq }}
            callout={callout}
            effects={effects}
          />
          <div className="ef-hoverline ef-small" aria-live="polite" data-testid="ef-hover">
            {hover ? (
              <>
                <b>{hexLabel(hover)}</b>
                {inPlay(hover) ? '' : ' (outside the Edelweiss area)'}
                {hoverUnits.length ? ` — ${hoverUnits.map((u) => unitLine(u, side)).join('; ')}` : ''}
                {hoverMove && selUnit && (
                  <span data-testid="ef-move-preview">
                    {' '}
                    · move {selUnit.name} here: {costLine(costOf(view, selUnit, hoverMove))}
                  </span>
                )}
              </>
            ) : (
              <span className="muted">
                Hover a hex for details. Grey hexes are outside this scenario. Terrain and rivers tagged{' '}
                <span className="tag substitute">substitute</span> are our stand-ins where the rulebook prints nothing.
              </span>
            )}
          </div>
          <Legend />
        </div>
        <aside className="ef-side">
          <ShellSlot name="selection">
            <SelectionPanel
              view={view}
              me={side}
              hex={hex}
              unit={unit}
              legal={legal}
              hints={hints}
              onUnit={select}
              onMove={move}
              canAct={canAct}
              busy={busy}
            />
            <OwnBlocks view={view} me={side} legal={legal} unit={unit} onUnit={select} />
            <Plots gameId={props.gameId} side={side} latestSeq={latestSeq} />
          </ShellSlot>
          <ShellSlot name="battles">
            <BattlePanel
              view={view}
              side={side}
              fire={hints.fire}
              actions={past ? [] : legal.actions}
              events={events.filter((e) => e.seq <= seq)}
              send={send}
              busy={busy}
              onFocus={(h) => {
                setHex(h);
                setCentre(h);
              }}
            />
          </ShellSlot>
        </aside>
      </div>
    </div>
  );
}

/** Arrows and flashes for the latest attacks, dice and throw-backs (map/effectsLayer.ts). */
function efEffects(events: BoardProps['events']): MapEffect[] {
  const out: MapEffect[] = [];
  for (const e of events.slice(-40)) {
    // biome-ignore lint/suspicious/noExplicitAny: event payloads read field by field
    const d = e.data as Record<string, any>;
    const last = d.path?.length ? (d.path[d.path.length - 1] as string) : undefined;
    const from = movedFrom(e.seq) ?? (d.path?.length > 1 ? d.path[d.path.length - 2] : undefined);
    if (e.type === 'moved' && last && (d.attack || d.engage)) out.push({ id: `a${e.seq}`, kind: 'attack', from, hex: last });
    else if ((e.type === 'retreat' || (e.type === 'moved' && d.disengage)) && last)
      out.push({ id: `r${e.seq}`, kind: 'retreat', from, hex: last });
    else if (e.type === 'repulsed' && d.to) out.push({ id: `p${e.seq}`, kind: 'retreat', from: d.hex, hex: d.to });
    else if (e.type === 'fire' && d.hex) out.push({ id: `f${e.seq}`, kind: 'fire', hex: d.hex });
  }
  return out;
}

function Legend() {
  return (
    <section className="ef-legend ef-small" aria-label="Map legend">
      <span>
        <i className="ef-key" style={{ background: 'rgba(46,160,67,0.5)' }} /> may move here
      </span>
      <span>
        <i className="ef-key" style={{ background: 'rgba(240,120,20,0.6)' }} /> attack
      </span>
      <span>
        <i className="ef-key" style={{ border: '2px solid #c41e1e' }} /> battle
      </span>
      <span>
        <i className="ef-key" style={{ border: '2px dashed rgba(60,110,200,0.9)' }} /> HQ orders reach
      </span>
      <span>
        <i className="ef-key" style={{ background: '#5d6b7a' }} /> German
      </span>
      <span>
        <i className="ef-key" style={{ background: '#9b2d20' }} /> Soviet
      </span>
      <span>
        blocks: unit type (NATO box), size (XXX corps, XXXX army), letter, strength and steps left; the other side's standing blocks show
        only their colour · number disc = blocks in the hex (hover or click to spread them)
      </span>
    </section>
  );
}
