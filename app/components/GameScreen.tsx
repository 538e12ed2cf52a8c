'use client';
/**
 * The generic game screen: works for every ruleset through the contract alone (status, legal actions, redacted
 * event log, live updates). Games with a map get their own board on top of the same data.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTRPC } from '../lib/trpc';
import { SeatsPanel } from './SeatsPanel';

interface Status {
  turn: string;
  phase: string;
  waitingFor: { side: string; command?: string; what: string }[];
  finished: boolean;
  result?: string;
}

const newCommandId = () => crypto.randomUUID();

export function GameScreen({ gameId }: { gameId: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const mine = useQuery(trpc.seats.mine.queryOptions({ gameId }));
  const sides = useMemo(() => [...new Set((mine.data ?? []).map((s) => s.side))], [mine.data]);
  const [side, setSide] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!side && sides.length) setSide(sides[0]);
  }, [sides, side]);
  const viewInput = { gameId, side };
  const view = useQuery(trpc.game.view.queryOptions(viewInput, { enabled: mine.isSuccess }));
  const log = useQuery(trpc.game.events.queryOptions({ gameId, side, since: 0, limit: 2000 }, { enabled: mine.isSuccess }));
  const rulesets = useQuery(trpc.game.rulesets.queryOptions());

  const live = useSubscription(
    trpc.game.live.subscriptionOptions(
      { gameId, side, since: view.data?.latestSeq ?? 0 },
      {
        enabled: view.isSuccess,
        onData: () => {
          qc.invalidateQueries({ queryKey: trpc.game.view.queryKey(viewInput) });
          qc.invalidateQueries({ queryKey: trpc.game.events.queryKey() });
        },
      },
    ),
  );

  const command = useMutation(trpc.game.command.mutationOptions({
    onSettled: () => {
      qc.invalidateQueries({ queryKey: trpc.game.view.queryKey(viewInput) });
      qc.invalidateQueries({ queryKey: trpc.game.events.queryKey() });
    },
  }));

  if (view.isLoading || mine.isLoading) return <main className="page"><p><span className="spinner" /> Loading game…</p></main>;
  if (view.error) return <main className="page"><p className="error">{view.error.message}</p><p><a href="/">Back to the lobby</a></p></main>;
  if (!view.data) return null;
  const d = view.data;
  const status = d.status as Status;
  const roles = rulesets.data?.find((r) => r.id === d.game.ruleset)?.scenarios.find((s) => s.id === d.game.scenario)?.roles.sides;
  const legal = d.legal as { command: { type: string }; label: string; rule?: string }[];

  return (
    <main className="page">
      <h1>{d.game.name}</h1>
      <div className="grid">
        <section className="card" aria-label="Game status">
          <p style={{ margin: 0 }}><b>{status.turn}</b> · {status.phase}</p>
          <p className="muted">
            {status.finished
              ? `Game over${status.result ? `: ${status.result}` : ''}`
              : `Waiting for: ${status.waitingFor.map((w) => `${w.side}${w.command ? ` (${w.command})` : ''}: ${w.what}`).join('; ') || 'nobody'}`}
          </p>
          <p className="muted" style={{ margin: 0 }}>
            Event {d.seq} ·{' '}
            <span data-testid="live-state">{live.status === 'pending' ? 'live' : live.status === 'connecting' ? 'connecting…' : live.status}</span>
          </p>
          {sides.length > 1 && (
            <p>
              Playing as{' '}
              <select aria-label="Side" value={side} onChange={(e) => setSide(e.target.value)}>
                {sides.map((s) => <option key={s} value={s}>{s}</option>)}
              </select>
            </p>
          )}
          {sides.length === 0 && <p className="muted">You are watching as a spectator.</p>}
        </section>
        <section className="card" aria-label="Your actions">
          <h2 style={{ marginTop: 0 }}>Your actions</h2>
          {legal.length === 0 && <p className="muted">Nothing to do right now.</p>}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.4rem', maxHeight: 260, overflow: 'auto' }}>
            {legal.map((a, i) => (
              <button
                key={i}
                className={a.command.type === 'endTurn' ? 'secondary' : undefined}
                disabled={command.isPending}
                title={a.rule ? `Rule ${a.rule}` : undefined}
                onClick={() => command.mutate({ gameId, side, commandId: newCommandId(), expectedSeq: d.seq, command: a.command })}
              >
                {a.label}
              </button>
            ))}
          </div>
          {command.error && <p className="error" role="alert">{command.error.message}</p>}
        </section>
      </div>
      {roles && <SeatsPanel gameId={gameId} sides={roles} mySeatIds={(mine.data ?? []).map((s) => s.id)} />}
      <h2>Event log</h2>
      {log.isLoading && <p><span className="spinner" /> Loading log…</p>}
      <ol className="card" style={{ maxHeight: 320, overflow: 'auto', paddingLeft: '2.5rem' }} data-testid="event-log">
        {(log.data?.events ?? []).map((e) => (
          <li key={e.seq} value={e.seq}>
            <b>{e.type}</b> <span className="muted">{summarise(e.data)}</span>
          </li>
        ))}
      </ol>
      <details style={{ marginTop: '1rem' }}>
        <summary>What you can see of the game state</summary>
        <pre style={{ fontSize: 12, overflow: 'auto', maxHeight: 400 }}>{JSON.stringify(d.view, null, 1)}</pre>
      </details>
    </main>
  );
}

function summarise(data: Record<string, unknown>): string {
  const s = JSON.stringify(data);
  return s.length > 160 ? `${s.slice(0, 157)}…` : s;
}
