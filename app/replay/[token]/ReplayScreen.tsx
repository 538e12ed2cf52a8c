'use client';
/**
 * A shared replay, /replay/<token>?at=<seq>&view=<viewpoint>: read-only, from the link's viewpoint (the token
 * decides it; `view` in the URL is only a label). It opens at the linked event and can be scrubbed; the link's
 * own annotations are shown (and editable when the link allows annotating). Once the game is over, every
 * side's team chat is shown too, read-only.
 */
import { useQuery } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { replayDocName } from '../../../server/yjs/names';
import { boards, type BoardProps } from '../../components/boards';
import { AnnotationsPanel } from '../../components/collab/AnnotationsPanel';
import { TeamChat } from '../../components/collab/TeamChat';
import { useCollabDoc } from '../../components/collab/useCollabDoc';
import { EventLog, LatestEvents } from '../../components/EventLog';
import { namesOf } from '../../components/GameScreen';
import { PlayShell } from '../../components/shell/PlayShell';
import { TimelineBar } from '../../components/TimelineBar';
import { useTRPC } from '../../lib/trpc';

export function ReplayScreen({ token }: { token: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const atParam = params.get('at');
  const atSeq = atParam !== null && /^\d+$/.test(atParam) ? Number(atParam) : undefined;
  const viewParam = params.get('view');
  // Without ?at the server starts at the link's own position, so "now" is written out as the latest seq.
  const view = useQuery(trpc.replay.view.queryOptions({ token, atSeq }, { placeholderData: (prev) => prev }));
  const latest = view.data?.latestSeq;
  const seek = useCallback(
    (seq: number | null) => {
      const q = new URLSearchParams();
      const at = seq ?? latest;
      if (at !== undefined) q.set('at', String(at));
      if (viewParam) q.set('view', viewParam);
      const s = q.toString();
      router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
    },
    [router, pathname, viewParam, latest],
  );
  const log = useQuery(trpc.replay.events.queryOptions({ token, since: 0, limit: 2000 }));
  const rulesets = useQuery(trpc.game.rulesets.queryOptions());
  const notes = useCollabDoc(replayDocName(token));

  if (view.isLoading)
    return (
      <main className="page">
        <p>
          <span className="spinner" /> Loading replay…
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
  const sides = rulesets.data?.find((r) => r.id === d.game.ruleset)?.scenarios.find((s) => s.id === d.game.scenario)?.roles.sides ?? [];
  const viewerSide = d.viewer.kind === 'side' ? d.viewer.side : undefined;
  const viewpoint = viewerSide ? (sides.find((s) => s.id === viewerSide)?.name ?? viewerSide) : 'a spectator';
  const events = log.data?.events ?? [];
  const Board = boards[d.game.ruleset];
  const boardProps: BoardProps = {
    gameId: d.game.id,
    ruleset: d.game.ruleset,
    scenario: d.game.scenario,
    view: d.view,
    status,
    legal: [],
    seq: d.seq,
    latestSeq: d.latestSeq,
    side: viewerSide,
    commands: [],
    events,
    send: () => Promise.reject(new Error('A replay is read-only')),
    busy: false,
    seek,
    readOnly: true,
  };

  const names = namesOf(sides);
  const head = (
    <>
      <a href="/" className="brand" title="Back to the lobby">
        Hexfront
      </a>
      <h1 title={d.game.name}>{d.game.name}</h1>
      <span className="tag">replay · read-only</span>
      <span data-testid="replay-status">
        <b>{status.turn}</b> · {status.phase}
      </span>
      <span className="muted">seen as {viewpoint}</span>
      {d.linkSeq !== null && d.seq !== d.linkSeq && (
        <button type="button" className="secondary" onClick={() => seek(d.linkSeq)}>
          Back to the shared moment (event {d.linkSeq})
        </button>
      )}
    </>
  );
  return (
    <PlayShell
      head={head}
      timeline={<TimelineBar gameId={d.game.id} seq={d.seq} latestSeq={d.latestSeq} events={events} seek={seek} ruleset={d.game.ruleset} />}
      stage={Board ? <Board {...boardProps} /> : <StateSummary view={d.view} />}
      latest={<LatestEvents ruleset={d.game.ruleset} events={events} seq={d.seq} seek={seek} names={names} />}
      initialTab="log"
      tabs={[
        { id: 'selection', label: 'Selection', slot: 'selection', empty: 'Click a unit or a hex on the map to see it here.' },
        { id: 'battles', label: 'Battles', slot: 'battles', empty: 'No battle at this moment.' },
        {
          id: 'log',
          label: 'Log',
          content: (
            <EventLog
              gameId={d.game.id}
              ruleset={d.game.ruleset}
              events={events}
              loading={log.isLoading}
              seq={d.seq}
              latestSeq={d.latestSeq}
              seek={seek}
              names={names}
            />
          ),
        },
        {
          id: 'notes',
          label: status.finished ? 'Notes & chat' : 'Notes',
          content: (
            <>
              <AnnotationsPanel
                doc={notes.doc}
                seq={d.seq}
                canEdit={d.canAnnotate}
                author="replay viewer"
                title="Annotations on this replay"
                hint={d.canAnnotate ? 'Anyone with this link can add notes; they are tied to the events you choose.' : undefined}
              />
              {status.finished &&
                sides.map((s) => <TeamChat key={s.id} gameId={d.game.id} side={s.id} sideName={s.name} name="" readOnly />)}
            </>
          ),
        },
      ]}
    />
  );
}

/** Games without a board of their own: what this viewpoint sees, as text. */
function StateSummary({ view }: { view: unknown }) {
  const pieces = (view as { pieces?: { token: string; side: string; pos: { q: number; r: number }; strength?: number }[] })?.pieces;
  return (
    <section className="card" aria-label="Game state" style={{ overflow: 'auto', margin: '0.5rem' }}>
      <h2 style={{ marginTop: 0 }}>The game at this moment</h2>
      {pieces && (
        <ul data-testid="replay-pieces" style={{ columns: 2, margin: 0 }}>
          {pieces.map((p) => (
            <li key={p.token}>
              {p.side} {p.token} at {p.pos.q},{p.pos.r}
              {p.strength !== undefined ? ` (strength ${p.strength})` : ''}
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>Everything this viewpoint sees (raw)</summary>
        <pre style={{ fontSize: 12, overflow: 'auto', maxHeight: 400 }}>{JSON.stringify(view, null, 1)}</pre>
      </details>
    </section>
  );
}
