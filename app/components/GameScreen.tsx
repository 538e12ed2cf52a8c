'use client';
/**
 * The game screen, for every ruleset: status line, the game's board (or the generic action list), the timeline
 * (?at=<seq> in the URL looks back in time), seats, and the event log, all live through the SSE subscription.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTRPC } from '../lib/trpc';
import { ActionList } from './ActionList';
import { boards, type BoardProps } from './boards';
import { EventLog } from './EventLog';
import { SeatsPanel } from './SeatsPanel';
import { TimelineBar } from './TimelineBar';
import { TimeTravel } from './TimeTravel';
import { GameCollab } from './collab/GameCollab';
import { ShareReplay } from './collab/ShareReplay';

export function GameScreen({ gameId }: { gameId: string }) {
  const trpc = useTRPC();
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

  const mine = useQuery(trpc.seats.mine.queryOptions({ gameId }));
  const sides = useMemo(() => [...new Set((mine.data ?? []).map((s) => s.side))], [mine.data]);
  // Hot-seat: unless the player picked a side, follow whichever of their sides the game is waiting for.
  const [chosen, setSide] = useState<string | undefined>(undefined);
  const [waiting, setWaiting] = useState<string[]>([]);
  const side = chosen ?? waiting.find((s) => sides.includes(s)) ?? sides[0];
  const ready = mine.isSuccess;
  const view = useQuery(trpc.game.view.queryOptions({ gameId, side, atSeq }, { enabled: ready, placeholderData: (prev) => prev }));
  const waitingKey = ((view.data?.status as BoardProps['status'] | undefined)?.waitingFor ?? []).map((w) => w.side).join(',');
  useEffect(() => setWaiting(waitingKey ? waitingKey.split(',') : []), [waitingKey]);
  const log = useQuery(trpc.game.events.queryOptions({ gameId, side, since: 0, limit: 2000 }, { enabled: ready }));
  const rulesets = useQuery(trpc.game.rulesets.queryOptions());

  const refresh = useCallback(() => {
    qc.invalidateQueries({ queryKey: trpc.game.view.queryKey() });
    qc.invalidateQueries({ queryKey: trpc.game.events.queryKey() });
    qc.invalidateQueries({ queryKey: trpc.timeline.options.queryKey() });
  }, [qc, trpc]);

  // Subscribe once from the first seq seen; reconnections resume from the last event delivered (tracked ids).
  const [liveSince, setLiveSince] = useState<number | null>(null);
  useEffect(() => {
    if (liveSince === null && view.data) setLiveSince(view.data.latestSeq);
  }, [liveSince, view.data]);
  const live = useSubscription(
    trpc.game.live.subscriptionOptions({ gameId, side, since: liveSince ?? 0 }, { enabled: liveSince !== null, onData: refresh }),
  );

  const command = useMutation(trpc.game.command.mutationOptions({ onSettled: refresh }));
  const send = useCallback(
    async (cmd: unknown) => {
      await command.mutateAsync({ gameId, side, commandId: crypto.randomUUID(), expectedSeq: view.data?.latestSeq, command: cmd });
    },
    [command, gameId, side, view.data?.latestSeq],
  );

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
  const roles = rulesets.data?.find((r) => r.id === d.game.ruleset)?.scenarios.find((s) => s.id === d.game.scenario)?.roles.sides;
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

  return (
    <main className="page wide">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1.5rem', alignItems: 'baseline' }}>
        <h1 style={{ margin: 0 }}>{d.game.name}</h1>
        <span>
          <b>{status.turn}</b> · {status.phase}
        </span>
        <span className="muted" data-testid="waiting-for">
          {status.finished
            ? `Game over${status.result ? `: ${status.result}` : ''}`
            : `Waiting for ${
                status.waitingFor
                  .map((w) => {
                    const r = roles?.find((x) => x.id === w.side);
                    const c = w.command ? (r?.commands.find((x) => x.id === w.command)?.name ?? w.command) : '';
                    return `${r?.name ?? w.side}${c ? `: ${c}` : ''}`;
                  })
                  .join(', ') || 'nobody'
              }`}
        </span>
        <span className="muted">
          <span className={`dot ${live.status === 'pending' ? 'on' : 'off'}`} />{' '}
          <span data-testid="live-state">
            {live.status === 'pending' ? 'live' : live.status === 'connecting' ? 'connecting…' : live.status}
          </span>
        </span>
        {sides.length > 1 && (
          <label>
            Playing as{' '}
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
      </div>
      <TimelineBar
        gameId={gameId}
        side={side}
        seq={d.seq}
        latestSeq={d.latestSeq}
        events={log.data?.events ?? []}
        seek={seek}
        ruleset={d.game.ruleset}
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}>
        <TimeTravel
          gameId={gameId}
          side={side}
          seq={d.seq}
          latestSeq={d.latestSeq}
          seated={sides.length > 0}
          finished={status.finished}
          branchOf={d.game.branchOf}
        />
        <ShareReplay gameId={gameId} seq={d.seq} finished={status.finished} sides={roles ?? []} />
      </div>
      {command.error && (
        <p className="error" role="alert">
          {command.error.message}
        </p>
      )}
      <Board {...boardProps} />
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
      {roles && <SeatsPanel gameId={gameId} sides={roles} mySeatIds={(mine.data ?? []).map((s) => s.id)} />}
      <EventLog ruleset={d.game.ruleset} events={log.data?.events ?? []} loading={log.isLoading} seq={d.seq} seek={seek} />
      <details style={{ marginTop: '1rem' }}>
        <summary>What you can see of the game state (raw)</summary>
        <pre style={{ fontSize: 12, overflow: 'auto', maxHeight: 400 }}>{JSON.stringify(d.view, null, 1)}</pre>
      </details>
    </main>
  );
}
