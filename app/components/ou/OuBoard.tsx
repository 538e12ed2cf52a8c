'use client';
/**
 * The Operation Unthinkable board: status strip, prompt bar, the hex map with counters, the army group line
 * and highlights, and side panels for the selected hex and for combat (odds, not firepower). It offers only
 * what `legal` returns and shows the server's errors; nothing here decides what is allowed.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useEscapeKey } from '../useEscapeKey';
import type { BoardProps, LegalActionData } from '../boards';
import '../eastfront/eastfront.css';
import './ou.css';
import { CombatPanel } from './CombatPanel';
import type { MapEffect } from '../map/effectsLayer';
import { boxCombat, OuBattleBox } from './OuBattleBox';
import { BoardMapPane } from '../map/BoardMapPane';
import { ShellSlot } from '../shell/slots';
import { counterHex, counterStyle, LOOKS, type CounterInfo, type HighlightKind } from './layers';
import type { OuHints } from '../../../engine/games/operation-unthinkable/hints';
import {
  BOUNDARY_WORD,
  boundarySide,
  counterLine,
  defOf,
  groupKey,
  indexLegal,
  ouHexes,
  reachOf,
  ouMap,
  ouPlace,
  stacks,
  type Counter,
  type LegalIndex,
  type ReachHex,
  type View,
} from './model';
import { PromptBar, waitsFor } from './PromptBar';
import { SelectionPanel } from './SelectionPanel';
import { SetupPanel } from './SetupPanel';
import { SubstituteTag } from './Substitute';

const NO_ACTIONS: LegalActionData[] = [];
const loadGeo = () => import('../../../engine/games/operation-unthinkable/map-geo.json');

/** Hexes the army group line runs through (3.4): drawn as a band. */
function lineHexes(bnd: View['boundary']): string[] {
  if (!bnd) return [];
  return ouMap.hexes.filter((h) => boundarySide(bnd, h.id) === 0).map((h) => h.id);
}

const SETUP_STEPS = ['setup-soviet', 'setup-allied'];

export default function OuBoard(props: BoardProps) {
  const { side, status, busy, seq, latestSeq, send, events, commands } = props;
  const view = props.view as View;
  const legal = useMemo(() => indexLegal(props.legal), [props.legal]);
  const [hex, setHex] = useState<string | null>(null);
  const [group, setGroup] = useState<string[]>([]);
  const [placing, setPlacing] = useState<string | null>(null);
  const [hover, setHover] = useState<string | null>(null);
  const [centre, setCentre] = useState<string | null>(null);
  const [attackAt, setAttackAt] = useState<string | null>(null);
  const past = seq < latestSeq;
  const myTurn = !!side && !status.finished && status.waitingFor.some((w) => waitsFor(w, side, props.commands)) && props.legal.length > 0;
  const canAct = myTurn && !past;
  const byHex = useMemo(() => stacks(view), [view]);
  const movable = useCallback((id: string) => canAct && legal.moves.has(id), [canAct, legal]);
  // where the selected units may go, with costs: from legal(), or asked for the selected set (a lazy choice)
  const trpc = useTRPC();
  const listed = canAct && group.length ? legal.reach.get(groupKey(group)) : undefined;
  const asked = useQuery(
    trpc.game.choices.queryOptions(
      { gameId: props.gameId, side, lazy: 'reach', seq: latestSeq, picked: [{ units: group }] },
      { enabled: listed === null, staleTime: Infinity },
    ),
  );
  const reach = useMemo(
    () =>
      listed
        ? listed
        : listed === null && asked.data?.seq === latestSeq
          ? reachOf(asked.data.options[0] ?? [])
          : new Map<string, ReachHex>(),
    [listed, asked.data, latestSeq],
  );
  const unplaced = useMemo<Counter[]>(() => {
    if (!canAct || !SETUP_STEPS.includes(view.step)) return [];
    return view.units
      .filter((u) => u.at === 'setup' && defOf(u.id)?.side === side && commands.includes(defOf(u.id)!.cmd))
      .map((u) => ({ id: u.id, at: u.at, steps: u.s, def: defOf(u.id) }));
  }, [canAct, view, side, commands]);
  const targets = useMemo(
    () => (placing && unplaced.some((c) => c.id === placing) ? (legal.places.get(placing) ?? []) : []),
    [placing, unplaced, legal],
  );

  // a group whose units moved away or may no longer move is dropped; so is a unit placed meanwhile
  useEffect(() => {
    if (group.some((id) => !legal.moves.has(id) || !byHex.get(hex ?? '')?.some((c) => c.id === id))) setGroup([]);
  }, [group, legal, byHex, hex]);
  useEffect(() => {
    if (placing && !unplaced.some((c) => c.id === placing)) setPlacing(null);
  }, [placing, unplaced]);

  const move = useCallback(
    (dest: string) => {
      if (!canAct || !reach.has(dest)) return;
      send({ type: 'move', units: group, to: dest })
        .then(() => {
          setGroup([]);
          setHex(dest === 'exit' ? null : dest);
        })
        .catch(() => {});
    },
    [canAct, send, reach, group],
  );

  const place = useCallback(
    (dest: string) => {
      if (!canAct || !placing || !targets.includes(dest)) return;
      const next = unplaced[unplaced.findIndex((c) => c.id === placing) + 1]?.id ?? null;
      send({ type: 'place', unit: placing, hex: dest })
        .then(() => {
          setHex(dest);
          setPlacing(next);
        })
        .catch(() => {});
    },
    [canAct, placing, targets, unplaced, send],
  );

  const onHexClick = useCallback(
    (id: string) => {
      if (placing && targets.includes(id)) return place(id);
      if (group.length && reach.has(id)) return move(id);
      // an orange hex picks that target in the prompt's attack list
      if (canAct && legal.attacks.some((a) => a.command.target === id)) setAttackAt(id);
      const here = (byHex.get(id) ?? []).filter((c) => movable(c.id)).map((c) => c.id);
      if (id === hex && here.length > 1) {
        // clicking the same hex again steps through the whole stack, then each movable counter alone
        const options = [here, ...here.map((x) => [x])];
        const i = options.findIndex((o) => o.length === group.length && o.every((x) => group.includes(x)));
        setGroup(options[(i + 1) % options.length]);
      } else setGroup(here.length > 1 && stackMoves(legal, here) ? here : here.slice(0, 1));
      setHex(id);
    },
    [placing, targets, place, group, reach, move, byHex, movable, hex, legal, canAct],
  );

  useEscapeKey(() => {
    setGroup([]);
    setHex(null);
    setPlacing(null);
  });

  const counters = useMemo<CounterInfo[]>(() => {
    const out: CounterInfo[] = [];
    for (const list of byHex.values())
      for (const [index, c] of list.entries())
        out.push({
          counter: c,
          selected: group.includes(c.id),
          movable: movable(c.id),
          index,
          count: list.length,
          spread: c.at === hover || c.at === hex,
        });
    return out;
  }, [byHex, group, movable, hover, hex]);

  const line = useMemo(() => lineHexes(view.boundary), [view.boundary]);
  const highlights = useMemo(() => {
    const out: { hex: string; kind: HighlightKind }[] = line.map((h) => ({ hex: h, kind: 'line' as const }));
    for (const id of Object.keys(view.wrong ?? {})) {
      const u = view.units.find((x) => x.id === id);
      if (u) out.push({ hex: u.at, kind: 'wrong' });
    }
    if (view.combat) out.push({ hex: view.combat.target, kind: 'combat' });
    if (canAct) for (const a of legal.attacks) out.push({ hex: String(a.command.target), kind: 'target' });
    for (const d of reach.keys()) if (d !== 'exit') out.push({ hex: d, kind: 'dest' });
    for (const d of targets) out.push({ hex: d, kind: 'dest' });
    if (hex) out.push({ hex, kind: 'selected' });
    if (hover && hover !== hex) out.push({ hex: hover, kind: 'hover' });
    return out;
  }, [line, view.wrong, view.units, view.combat, canAct, legal, reach, targets, hex, hover]);

  // the combat panel works out odds for every offered attack: keep its inputs stable so hovering does not redo it
  const shownEvents = useMemo(() => events.filter((e) => e.seq <= seq), [events, seq]);
  const focus = useCallback((h: string) => {
    setHex(h);
    setCentre(h);
  }, []);
  // the battle box at the attacked hex: the pending combat, or the last one of this step until closed
  const found = useMemo(() => boxCombat(view, shownEvents), [view, shownEvents]);
  const [closedBox, setClosedBox] = useState<string | null>(null);
  const boxKey = found ? `${found.combat.target}|${shownEvents.length}` : null;
  const callout =
    found && boxKey !== closedBox
      ? {
          hex: found.combat.target,
          node: (
            <OuBattleBox
              view={view}
              found={found}
              hints={past ? null : ((props.hints ?? null) as OuHints | null)}
              actions={past || !canAct ? NO_ACTIONS : legal.other}
              events={shownEvents}
              send={send}
              busy={busy}
              onClose={() => setClosedBox(boxKey)}
            />
          ),
        }
      : null;
  const effects = useMemo(() => ouEffects(shownEvents), [shownEvents]);
  const onMapCount = counters.length;
  const hoverHere = hover ? (byHex.get(hover) ?? []) : [];
  const hoverInfo = hover ? ouHexes.get(hover) : undefined;

  return (
    <div className="ef-board ou-board" data-testid="ou-board" data-step={view.step} data-turn={view.turn}>
      <div className="ef-main">
        <div className="ef-top">
          <StatusStrip view={view} />
          <PromptBar
            props={props}
            view={view}
            actions={legal.other}
            attacks={past ? NO_ACTIONS : legal.attacks}
            hints={past ? null : ((props.hints ?? null) as OuHints | null)}
            target={attackAt}
            onTarget={(h) => {
              setAttackAt(h);
              if (h) setCentre(h);
            }}
            myTurn={myTurn}
          />
        </div>
        <div className="ef-mapcol">
          <BoardMapPane
            id="ou"
            map={ouMap}
            loadGeo={loadGeo}
            frame={{
              'data-testid': 'ou-map',
              'data-counters': onMapCount,
              'data-unplaced': unplaced.length,
              'data-reach': reach.size,
              'data-targets': targets.length,
              'data-hidden': view.hidden.reduce((t, h) => t + h.count, 0),
              'data-line': line.length,
              'data-movable': counters.find((c) => c.movable)?.counter.at ?? '',
            }}
            looks={LOOKS}
            marks={highlights}
            pieces={counters}
            pieceHex={counterHex}
            pieceStyle={counterStyle}
            centre={centre}
            onHexClick={onHexClick}
            onHexHover={setHover}
            notes={{ gameId: props.gameId, side, seq }}
            callout={callout}
            effects={effects}
          />
          <div className="ef-hoverline ef-small" aria-live="polite" data-testid="ou-hover">
            {hover ? (
              <>
                <b>{ouPlace(hover)}</b> <span className="muted">hex {hover}</span> {hoverInfo?.terrain}
                {hoverInfo?.prov === 'substitute' ? (
                  <>
                    {' '}
                    <SubstituteTag what="terrain" />
                  </>
                ) : null}
                {view.boundary ? ` · ${['north of', 'on', 'south of'][boundarySide(view.boundary, hover) + 1]} the army group line` : ''}
                {hoverHere.length ? ` — ${hoverHere.map(counterLine).join('; ')}` : ''}
                <HoverPreview
                  hex={hover}
                  reach={reach}
                  group={group}
                  targets={targets}
                  hints={props.hints as OuHints | null}
                  canAct={canAct}
                />
              </>
            ) : (
              <span className="muted">
                Hover a hex for details. Values tagged <span className="tag substitute">substitute</span> (counter factors, the CRT, much of
                the terrain) are our stand-ins where the rulebook prints nothing.
              </span>
            )}
          </div>
          <GoToHex
            onGo={(id) => {
              setCentre(id);
              onHexClick(id);
            }}
          />
          <Legend />
        </div>
        <aside className="ef-side">
          <ShellSlot name="selection">
            <SetupPanel units={unplaced} placing={placing} targets={targets} busy={busy} onPick={setPlacing} onPlace={place} />
            <SelectionPanel
              hex={hex}
              here={hex ? (byHex.get(hex) ?? []) : []}
              group={group}
              movable={movable}
              reach={reach}
              canAct={canAct}
              busy={busy}
              onGroup={setGroup}
              onMove={move}
            />
          </ShellSlot>
          <ShellSlot name="battles">
            <CombatPanel
              view={view}
              hints={past ? null : ((props.hints ?? null) as OuHints | null)}
              attacks={past ? NO_ACTIONS : legal.attacks}
              events={shownEvents}
              send={send}
              busy={busy}
              canAct={canAct}
              onFocus={focus}
            />
          </ShellSlot>
        </aside>
      </div>
    </div>
  );
}

/** What a click on the hovered hex would do, from legal() and the server's hints: a move's cost, a set-up, an attack's odds. */
function HoverPreview({
  hex,
  reach,
  group,
  targets,
  hints,
  canAct,
}: {
  hex: string;
  reach: Map<string, ReachHex>;
  group: string[];
  targets: string[];
  hints: OuHints | null;
  canAct: boolean;
}) {
  if (!canAct) return null;
  const r = reach.get(hex);
  if (r)
    return (
      <span data-testid="ou-move-preview">
        {' '}
        · click to move {group.length === 1 ? 'it' : `these ${group.length}`} here: <b>{r.mp} MP</b>
      </span>
    );
  if (targets.includes(hex)) return <span data-testid="ou-move-preview"> · click to set up here</span>;
  const t = hints?.targets.find((x) => x.target === hex);
  if (!t) return null;
  const attack = t.attackers.reduce((n, a) => n + a.attack, 0);
  return (
    <span data-testid="ou-attack-preview">
      {' '}
      · attack with all {t.attackers.length} adjacent: <b>{attack}</b> against{' '}
      {t.defense === null ? 'face-down units (odds unknown)' : <b>{t.defense}</b>}
    </span>
  );
}

/**
 * Arrows and flashes for the latest combats (map/effectsLayer.ts): where each unit stood is followed through the
 * placement and movement events, so a retreat or an advance is drawn from the hex it left.
 */
function ouEffects(events: BoardProps['events']): MapEffect[] {
  const at = new Map<string, string>();
  const out: MapEffect[] = [];
  let target: string | null = null;
  const recent = events.length - 40;
  events.forEach((e, i) => {
    // biome-ignore lint/suspicious/noExplicitAny: event payloads read field by field
    const d = e.data as Record<string, any>;
    const news = i >= recent;
    switch (e.type) {
      case 'placed':
      case 'revealed':
        for (const [id, h] of d.units as [string, string][]) at.set(id, h);
        break;
      case 'moved':
        if (d.path?.length) for (const id of d.units as string[]) at.set(id, d.path[d.path.length - 1]);
        break;
      case 'combat':
        if (d.combat) target = d.combat.target;
        break;
      case 'declared':
        if (news && target)
          for (const id of d.attackers as string[])
            if (at.get(id) && at.get(id) !== target) out.push({ id: `d${e.seq}-${id}`, kind: 'attack', from: at.get(id), hex: target });
        break;
      case 'resolved':
        if (news && target) out.push({ id: `f${e.seq}`, kind: 'fire', hex: target });
        break;
      case 'retreated':
        for (const [id, h] of d.moves as [string, string][]) {
          if (news) out.push({ id: `r${e.seq}-${id}`, kind: 'retreat', from: at.get(id) ?? target ?? undefined, hex: h });
          at.set(id, h);
        }
        break;
      case 'advanced':
        for (const id of d.units as string[]) {
          if (news) out.push({ id: `v${e.seq}-${id}`, kind: 'advance', from: at.get(id), hex: d.hex });
          at.set(id, d.hex);
        }
        break;
    }
  });
  return out;
}

/** Does the engine offer a move for this whole set of units (so they may move as one stack)? */
function stackMoves(legal: LegalIndex, ids: string[]): boolean {
  return legal.reach.has(groupKey(ids));
}

/** Keyboard access to the map: type a hex number and press Enter to act as if it were clicked. */
function GoToHex({ onGo }: { onGo(id: string): void }) {
  const [v, setV] = useState('');
  const ok = ouHexes.has(v);
  return (
    <form
      className="ou-goto ef-small"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) {
          onGo(v);
          setV('');
        }
      }}
    >
      <label>
        Hex{' '}
        <input
          value={v}
          onChange={(e) => setV(e.target.value.trim())}
          placeholder="CCRR"
          inputMode="numeric"
          maxLength={4}
          aria-label="Hex number"
          data-testid="ou-goto"
        />
      </label>{' '}
      <button type="submit" className="secondary" disabled={!ok}>
        Select
      </button>{' '}
      <span className="muted">(as a click on the map: selects, places or moves; Esc clears)</span>
    </form>
  );
}

function StatusStrip({ view }: { view: View }) {
  const exits = view.exits ?? [];
  return (
    <div className="ef-status" data-testid="ou-status">
      <span>
        <b>{view.turn === 0 ? 'Set-up' : `Turn ${view.turn} of ${view.lastTurn}`}</b>
      </span>
      {view.line && (
        <span>
          Frontline: {view.line === 'elbe' ? 'Elbe' : 'Mulde'} (roll {view.lineDie})
        </span>
      )}
      <span data-testid="ou-line">
        {view.boundary
          ? `Army group line through ${ouPlace(view.boundary.hex)}, ${BOUNDARY_WORD[view.boundary.kind]}`
          : 'No army group line yet'}
      </span>
      {(view.order.allied || view.order.soviet) && (
        <span>
          Orders:{' '}
          {[view.order.allied && `Allies ${view.order.allied}`, view.order.soviet && `Soviets ${view.order.soviet}`]
            .filter(Boolean)
            .join(', ')}
        </span>
      )}
      <span className="muted">R pool: {view.pool}</span>
      {exits.length > 0 && <span className="muted">Exited: {exits.length}</span>}
      {view.options.hidden && <span className="muted">{view.hidden.length ? 'Soviet set-up face down' : 'hidden set-up'}</span>}
    </div>
  );
}

function Legend() {
  return (
    <section className="ef-legend ef-small" aria-label="Map legend">
      <span>
        <i className="ef-key" style={{ background: 'rgba(46,160,67,0.5)' }} /> may move or set up here
      </span>
      <span>
        <i className="ef-key" style={{ background: 'rgba(240,120,20,0.6)' }} /> may attack
      </span>
      <span>
        <i className="ef-key" style={{ border: '2px solid #c41e1e' }} /> combat
      </span>
      <span>
        <i className="ef-key" style={{ background: 'rgba(40,90,200,0.35)' }} /> army group line
      </span>
      <span>
        <i className="ef-key" style={{ background: '#4f6b2e' }} /> US
      </span>
      <span>
        <i className="ef-key" style={{ background: '#8a6d3b' }} /> British
      </span>
      <span>
        <i className="ef-key" style={{ background: '#9b2d20' }} /> Soviet
      </span>
      <span>
        counters: unit type (NATO box), size, number, attack-defence <SubstituteTag what="counter factors" /> · plain red = face-down ·
        number disc = counters in the hex (hover or click to spread them)
      </span>
    </section>
  );
}
