'use client';
/**
 * The game screen, for every ruleset, on the full-window play shell: a head with whose move it is, the timeline
 * (?at=<seq> in the URL looks back in time), the game's board (or the generic action list) and the side panel's
 * tabs (selection, battles, log, chat, team), all live through the SSE subscription. The tab title and the
 * favicon say when the game waits for this browser's seats.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applyMoment, applyPush, readWholeLog, type HeldLog } from '../lib/livePush';
import { useTRPC, useTRPCClient } from '../lib/trpc';
import { ActionList } from './ActionList';
import { boards, type BoardProps } from './boards';
import { EventLog, LatestEvents } from './EventLog';
import { SEATS_POLL_MS, SeatsPanel } from './SeatsPanel';
import { TimelineBar } from './TimelineBar';
import { TimeTravel } from './TimeTravel';
import { GameCollab } from './collab/GameCollab';
import { ShareReplay } from './collab/ShareReplay';
import { PlayShell } from './shell/PlayShell';
import { TurnAlertToggle } from './shell/turnAlert';
import { useTurnSignal, yourMove } from './shell/turnSignal';

type ClientLogEvent = { seq: number; type: string; data: Record<string, unknown>; at: string };

export function GameScreen({ gameId }: { gameId: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const atParam = params.get('at');
  const atSeq = atParam !== null && /^\d+$/.test(atParam) ? Number(atParam) : undefined;
  const seek = useCallback(
    (seq: number | null) => {
      router.replace(seq === null ? pathname : `${pathname}?at=${seq}`, { scroll: false });
    },
    [router, pathname],
  );

  const mine = useQuery(trpc.seats.mine.queryOptions({ gameId }, { refetchInterval: SEATS_POLL_MS }));
  const sides = useMemo(() => [...new Set((mine.data ?? []).map((s) => s.side))], [mine.data]);
  // Hot-seat: unless the player picked a side, follow whichever of their sides the game is waiting for.
  const [chosen, setSide] = useState<string | undefined>(undefined);
  const [waiting, setWaiting] = useState<string[]>([]);
  const side = chosen ?? waiting.find((s) => sides.includes(s)) ?? sides[0];
  const ready = mine.isSuccess;
  const view = useQuery(trpc.game.view.queryOptions({ gameId, side, atSeq }, { enabled: ready, placeholderData: (prev) => prev }));
  const waitingKey = ((view.data?.status as BoardProps['status'] | undefined)?.waitingFor ?? []).map((w) => w.side).join(',');
  useEffect(() => setWaiting(waitingKey ? waitingKey.split(',') : []), [waitingKey]);
  // The whole log, read page by page; afterwards live batches are appended to it (applyPush) instead of re-reading.
  // (A key under game.events, so whatever invalidates game.events reads it again; its data is a HeldLog.)
  const logKey = useMemo(() => trpc.game.events.queryKey({ gameId, side, since: 0 }) as readonly unknown[], [trpc, gameId, side]);
  const log = useQuery({
    queryKey: logKey,
    queryFn: () => readWholeLog((since) => client.game.events.query({ gameId, side, since, limit: 2000 })),
    enabled: ready,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rulesets = useQuery(trpc.game.rulesets.queryOptions());
  const roles = rulesets.data?.find((r) => r.id === view.data?.game.ruleset)?.scenarios.find((s) => s.id === view.data?.game.scenario)
    ?.roles.sides;
  const names = useMemo(() => namesOf(roles), [roles]);

  // Read everything again: after a gap in the live stream, a reconnection, or a command whose event never came.
  const refresh = useCallback(() => {
    qc.invalidateQueries({ queryKey: trpc.game.view.queryKey() });
    qc.invalidateQueries({ queryKey: trpc.game.events.queryKey() });
    qc.invalidateQueries({ queryKey: trpc.timeline.options.queryKey() });
  }, [qc, trpc]);

  type LiveData = { data: { after: number; lastSeq: number; events: ClientLogEvent[]; moment: { seq: number; latestSeq: number } | null } };
  // A pushed batch: its events join the log, its moment becomes the view; only a gap makes the log be read again.
  const onPush = useCallback(
    ({ data: b }: LiveData) => {
      const r = applyPush(qc.getQueryData<HeldLog<ClientLogEvent>>(logKey), b);
      if (r.kind === 'applied') qc.setQueryData(logKey, r.log);
      else if (r.kind === 'gap') qc.invalidateQueries({ queryKey: logKey });
      for (const [key, prev] of qc.getQueriesData<{ seq: number; latestSeq: number }>({
        queryKey: trpc.game.view.queryKey({ gameId, side }),
      })) {
        const at = (key[1] as { input?: { atSeq?: number } } | undefined)?.input?.atSeq;
        const next = applyMoment(prev, b.moment, at);
        if (next !== prev) qc.setQueryData(key, next);
      }
      // Undo options depend on who holds which seat: a seated browser asks for its own again (spectators never do).
      qc.invalidateQueries({ queryKey: trpc.timeline.options.queryKey() });
    },
    [qc, trpc, logKey, gameId, side],
  );
  const starts = useRef(0);
  const onStarted = useCallback(() => {
    // The first start follows the view just read; any later one is a reconnection, after which anything may be missed.
    if (starts.current++ > 0) refresh();
  }, [refresh]);

  // Subscribe once from the first seq seen; reconnections resume from the last event delivered (tracked ids).
  const [liveSince, setLiveSince] = useState<number | null>(null);
  useEffect(() => {
    if (liveSince === null && view.data) setLiveSince(view.data.latestSeq);
  }, [liveSince, view.data]);
  const live = useSubscription(
    trpc.game.live.subscriptionOptions(
      { gameId, side, since: liveSince ?? 0 },
      { enabled: liveSince !== null, onData: onPush as (d: unknown) => void, onStarted },
    ),
  );

  // A command's events arrive on the live stream; if they have not after a while (stream down), read again.
  const latestRef = useRef(0);
  latestRef.current = view.data?.latestSeq ?? 0;
  const command = useMutation(
    trpc.game.command.mutationOptions({
      onError: refresh,
      onSuccess: (r) => {
        setTimeout(() => latestRef.current < r.lastSeq && refresh(), 1500);
      },
    }),
  );
  const send = useCallback(
    async (cmd: unknown) => {
      await command.mutateAsync({ gameId, side, commandId: crypto.randomUUID(), expectedSeq: view.data?.latestSeq, command: cmd });
    },
    [command, gameId, side, view.data?.latestSeq],
  );

  useTurnSignal(yourMove(view.data?.status as BoardProps['status'] | undefined, mine.data ?? []), view.data?.game.name);

  if (view.isLoading || mine.isLoading)
    return (
      <main className="page">
        <p>
          <span className="spinner" /> Loading game…
        </p>
      </main>
    );
  if (view.error)
    return (
      <main className="page">
        <p className="error">{view.error.message}</p>
        <p>
          <a href="/">Back to the lobby</a>
        </p>
      </main>
    );
  if (!view.data) return null;
  const d = view.data;
  const status = d.status as BoardProps['status'];
  const Board = boards[d.game.ruleset] ?? ActionList;
  const boardProps: BoardProps = {
    gameId,
    ruleset: d.game.ruleset,
    scenario: d.game.scenario,
    view: d.view,
    status,
    legal: d.legal as BoardProps['legal'],
    hints: d.hints,
    seq: d.seq,
    latestSeq: d.latestSeq,
    side,
    commands: d.viewer.kind === 'side' ? [...(d.viewer.commands ?? [])] : [],
    events: log.data?.events ?? [],
    send,
    busy: command.isPending,
    seek,
  };

  const myMove = yourMove(status, mine.data ?? []);
  const waitingText = status.finished
    ? `Game over${status.result ? `: ${status.result}` : ''}`
    : `Waiting for ${
        status.waitingFor
          .map((w) => {
            const r = roles?.find((x) => x.id === w.side);
            const c = w.command ? (r?.commands.find((x) => x.id === w.command)?.name ?? w.command) : '';
            return `${r?.name ?? w.side}${c ? `: ${c}` : ''}`;
          })
          .join(', ') || 'nobody'
      }`;
  const events = log.data?.events ?? [];
  const battles = (d.view as { battles?: { fought?: boolean }[] } | null)?.battles?.filter((b) => !b.fought).length;

  const head = (
    <>
      <a href="/" className="brand" title="Back to the lobby">
        Hexfront
      </a>
      <h1 title={d.game.name}>{d.game.name}</h1>
      <span>
        <b>{status.turn}</b> · {status.phase}
      </span>
      {myMove && (
        <span className="shell-mine" data-testid="your-move">
          Your move
        </span>
      )}
      <span className="muted" data-testid="waiting-for">
        {waitingText}
      </span>
      <span className="muted">
        <span className={`dot ${live.status === 'pending' ? 'on' : 'off'}`} />{' '}
        <span data-testid="live-state">
          {live.status === 'pending' ? 'live' : live.status === 'connecting' ? 'connecting…' : live.status}
        </span>
      </span>
      {sides.length > 1 && (
        <label>
          <span className="shell-label">Playing as </span>
          <select aria-label="Side" value={side} onChange={(e) => setSide(e.target.value)}>
            {sides.map((s) => (
              <option key={s} value={s}>
                {roles?.find((r) => r.id === s)?.name ?? s}
              </option>
            ))}
          </select>
        </label>
      )}
      {sides.length === 0 && <span className="tag">spectator</span>}
      <div className="shell-controls">
        {sides.length > 0 && <TurnAlertToggle />}
        <TimeTravel
          gameId={gameId}
          side={side}
          seq={d.seq}
          latestSeq={d.latestSeq}
          seated={sides.length > 0}
          finished={status.finished}
          branchOf={d.game.branchOf}
          sides={roles ?? []}
          mySides={sides}
        />
      </div>
    </>
  );

  return (
    <PlayShell
      head={head}
      timeline={
        <TimelineBar gameId={gameId} side={side} seq={d.seq} latestSeq={d.latestSeq} events={events} seek={seek} ruleset={d.game.ruleset} />
      }
      alert={
        command.error ? (
          <p className="error shell-alert" role="alert">
            {command.error.message}
          </p>
        ) : null
      }
      stage={<Board {...boardProps} />}
      latest={<LatestEvents ruleset={d.game.ruleset} events={events} seq={d.seq} seek={seek} names={names} />}
      tabs={[
        { id: 'selection', label: 'Selection', slot: 'selection', empty: 'Click a unit or a hex on the map to see it here.' },
        { id: 'battles', label: 'Battles', slot: 'battles', empty: 'No battle in this game yet.', badge: battles || undefined },
        {
          id: 'log',
          label: 'Log',
          content: (
            <>
              <EventLog
                gameId={gameId}
                ruleset={d.game.ruleset}
                events={events}
                loading={log.isLoading}
                seq={d.seq}
                latestSeq={d.latestSeq}
                seek={seek}
                names={names}
              />
              <details>
                <summary>What you can see of the game state (raw)</summary>
                <pre style={{ fontSize: 12, overflow: 'auto', maxHeight: 400 }}>{JSON.stringify(d.view, null, 1)}</pre>
              </details>
            </>
          ),
        },
        {
          id: 'chat',
          label: 'Chat',
          content: (
            <GameCollab
              gameId={gameId}
              side={side}
              sides={roles ?? []}
              mySeatIds={(mine.data ?? []).map((s) => s.id)}
              seq={d.seq}
              latestSeq={d.latestSeq}
              busy={command.isPending}
              finished={status.finished}
            />
          ),
        },
        {
          id: 'team',
          label: 'Team',
          content: (
            <>
              {roles && <SeatsPanel gameId={gameId} sides={roles} mySeatIds={(mine.data ?? []).map((s) => s.id)} />}
              <ShareReplay gameId={gameId} seq={d.seq} finished={status.finished} sides={roles ?? []} />
            </>
          ),
        },
      ]}
    />
  );
}

/**
 * Side ids, and command ids that look like ids (with a hyphen, digit or underscore), to their names, for the log.
 * A command id that is a plain word ("production") is left alone: it reads as part of a sentence.
 */
export function namesOf(
  roles: { id: string; name: string; commands: { id: string; name: string }[] }[] | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of roles ?? []) {
    out[r.id] = r.name;
    for (const c of r.commands) if (/[-\d_]/.test(c.id)) out[c.id] = c.name;
  }
  return out;
}
