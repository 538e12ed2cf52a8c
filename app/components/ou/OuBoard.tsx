'use client';
/**
 * The Operation Unthinkable board: status strip, prompt bar, the hex map with counters, the army group line
 * and highlights, and side panels for the selected hex and for combat (odds, not firepower). It offers only
 * what `legal` returns and shows the server's errors; nothing here decides what is allowed.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BoardProps } from '../boards';
import '../eastfront/eastfront.css';
import './ou.css';
import { CombatPanel } from './CombatPanel';
import { BoardMapPane } from '../map/BoardMapPane';
import { counterHex, counterStyle, LOOKS, type CounterInfo, type HighlightKind } from './layers';
import { BOUNDARY_WORD, boundarySide, counterLine, indexLegal, ouMap, stacks, type MoveOption, type View } from './model';
import { PromptBar } from './PromptBar';
import { destinations, moveFor, SelectionPanel } from './SelectionPanel';
import { SubstituteTag } from './Substitute';

const loadGeo = () => import('../../../engine/games/operation-unthinkable/map-geo.json');

/** Hexes the army group line runs through (3.4): drawn as a band. */
function lineHexes(bnd: View['boundary']): string[] {
  if (!bnd) return [];
  return ouMap.hexes.filter((h) => boundarySide(bnd, h.id) === 0).map((h) => h.id);
}

export default function OuBoard(props: BoardProps) {
  const { side, status, busy, seq, latestSeq, send, events } = props;
  const view = props.view as View;
  const legal = useMemo(() => indexLegal(props.legal), [props.legal]);
  const [hex, setHex] = useState<string | null>(null);
  const [group, setGroup] = useState<string[]>([]);
  const [hover, setHover] = useState<string | null>(null);
  const [centre, setCentre] = useState<string | null>(null);
  const past = seq < latestSeq;
  const myTurn = !!side && !status.finished && status.waitingFor.some((w) => w.side === side) && props.legal.length > 0;
  const canAct = myTurn && !past;
  const byHex = useMemo(() => stacks(view), [view]);

  // a group whose units moved away or may no longer move is dropped
  useEffect(() => {
    if (group.some((id) => !legal.moves.has(id) || !byHex.get(hex ?? '')?.some((c) => c.id === id))) setGroup([]);
  }, [group, legal, byHex, hex]);

  const move = useCallback((o: MoveOption) => {
    if (!canAct) return;
    send(o.action.command).then(() => {
      setGroup([]);
      setHex(o.dest === 'exit' ? null : o.dest);
    }).catch(() => {});
  }, [canAct, send]);

  const onHexClick = useCallback((id: string) => {
    const o = moveFor(legal, group, id);
    if (o && canAct) return move(o);
    const movable = (byHex.get(id) ?? []).filter((c) => canAct && legal.moves.has(c.id));
    if (id === hex && movable.length > 1) {
      // clicking the same hex again steps through its movable counters
      const i = movable.findIndex((c) => c.id === group[0]);
      setGroup([movable[(i + 1) % movable.length].id]);
    } else setGroup(movable.length ? [movable[0].id] : []);
    setHex(id);
  }, [legal, group, canAct, move, byHex, hex]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setGroup([]);
        setHex(null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const counters = useMemo<CounterInfo[]>(() => {
    const out: CounterInfo[] = [];
    for (const list of byHex.values())
      list.forEach((c, index) => out.push({ counter: c, selected: group.includes(c.id), movable: canAct && legal.moves.has(c.id), index, count: list.length }));
    return out;
  }, [byHex, group, legal, canAct]);

  const line = useMemo(() => lineHexes(view.boundary), [view.boundary]);
  const highlights = useMemo(() => {
    const out: { hex: string; kind: HighlightKind }[] = line.map((h) => ({ hex: h, kind: 'line' as const }));
    for (const id of Object.keys(view.wrong ?? {})) {
      const u = view.units.find((x) => x.id === id);
      if (u) out.push({ hex: u.at, kind: 'wrong' });
    }
    if (view.combat) out.push({ hex: view.combat.target, kind: 'combat' });
    if (canAct) for (const a of legal.attacks) out.push({ hex: String(a.command.target), kind: 'target' });
    if (canAct) for (const d of destinations(legal, group)) if (d !== 'exit') out.push({ hex: d, kind: 'dest' });
    if (hex) out.push({ hex, kind: 'selected' });
    if (hover && hover !== hex) out.push({ hex: hover, kind: 'hover' });
    return out;
  }, [line, view.wrong, view.units, view.combat, canAct, legal, group, hex, hover]);

  const onMapCount = counters.length;
  const hoverHere = hover ? byHex.get(hover) ?? [] : [];
  const hoverInfo = hover ? ouMap.hexes.find((h) => h.id === hover) : undefined;

  return (
    <div className="ef-board ou-board" data-testid="ou-board" data-step={view.step} data-turn={view.turn}>
      <div className="ef-main">
        <div className="ef-top">
          <StatusStrip view={view} />
          <PromptBar props={props} view={view} actions={legal.other} myTurn={myTurn} />
        </div>
        <div className="ef-mapcol">
          <BoardMapPane id="ou" map={ouMap} loadGeo={loadGeo} frame={{ 'data-testid': 'ou-map', 'data-counters': onMapCount, 'data-hidden': view.hidden.reduce((t, h) => t + h.count, 0), 'data-line': line.length, 'data-movable': counters.find((c) => c.movable)?.counter.at ?? '' }}
            looks={LOOKS} marks={highlights} pieces={counters} pieceHex={counterHex} pieceStyle={counterStyle} centre={centre}
            onHexClick={onHexClick} onHexHover={setHover} notes={{ gameId: props.gameId, side, seq }} />
          <div className="ef-hoverline ef-small" aria-live="polite" data-testid="ou-hover">
            {hover ? (
              <>
                <b>{hover}</b> {hoverInfo?.terrain}{hoverInfo?.prov === 'substitute' ? <> <SubstituteTag what="terrain" /></> : null}
                {view.boundary ? ` · ${['north of', 'on', 'south of'][boundarySide(view.boundary, hover) + 1]} the army group line` : ''}
                {hoverHere.length ? ` — ${hoverHere.map(counterLine).join('; ')}` : ''}
              </>
            ) : (
              <span className="muted">Hover a hex for details. Values tagged <span className="tag substitute">substitute</span> (counter factors, the CRT, much of the terrain) are our stand-ins where the rulebook prints nothing.</span>
            )}
          </div>
          <Legend />
        </div>
        <aside className="ef-side">
          <SelectionPanel hex={hex} here={hex ? byHex.get(hex) ?? [] : []} group={group} legal={legal} canAct={canAct} busy={busy} onGroup={setGroup} onMove={move} />
          <CombatPanel view={view} attacks={past ? [] : legal.attacks} events={events.filter((e) => e.seq <= seq)} send={send} busy={busy} canAct={canAct}
            onFocus={(h) => { setHex(h); setCentre(h); }} />
        </aside>
      </div>
    </div>
  );
}

function StatusStrip({ view }: { view: View }) {
  const exits = view.exits ?? [];
  return (
    <div className="ef-status" data-testid="ou-status">
      <span><b>{view.turn === 0 ? 'Set-up' : `Turn ${view.turn} of ${view.lastTurn}`}</b></span>
      {view.line && <span>Frontline: {view.line === 'elbe' ? 'Elbe' : 'Mulde'} (roll {view.lineDie})</span>}
      <span data-testid="ou-line">{view.boundary ? `Army group line through ${view.boundary.hex}, ${BOUNDARY_WORD[view.boundary.kind]}` : 'No army group line yet'}</span>
      {(view.order.allied || view.order.soviet) && <span>Orders: {[view.order.allied && `Allies ${view.order.allied}`, view.order.soviet && `Soviets ${view.order.soviet}`].filter(Boolean).join(', ')}</span>}
      <span className="muted">R pool: {view.pool}</span>
      {exits.length > 0 && <span className="muted">Exited: {exits.length}</span>}
      {view.options.hidden && <span className="muted">{view.hidden.length ? 'Soviet set-up face down' : 'hidden set-up'}</span>}
    </div>
  );
}

function Legend() {
  return (
    <div className="ef-legend ef-small" aria-label="Map legend">
      <span><i className="ef-key" style={{ background: 'rgba(46,160,67,0.5)' }} /> may move here</span>
      <span><i className="ef-key" style={{ background: 'rgba(240,120,20,0.6)' }} /> may attack</span>
      <span><i className="ef-key" style={{ border: '2px solid #c41e1e' }} /> combat</span>
      <span><i className="ef-key" style={{ background: 'rgba(40,90,200,0.35)' }} /> army group line</span>
      <span><i className="ef-key" style={{ background: '#4f6b2e' }} /> US</span>
      <span><i className="ef-key" style={{ background: '#8a6d3b' }} /> British</span>
      <span><i className="ef-key" style={{ background: '#9b2d20' }} /> Soviet</span>
      <span>counters: type, size, attack-defence <SubstituteTag what="counter factors" /> · ? face-down · yellow badge = counters in the hex</span>
    </div>
  );
}
