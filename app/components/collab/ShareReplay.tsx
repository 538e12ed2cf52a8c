'use client';
/**
 * "Share replay": makes a read-only link /replay/<token>?at=<seq>&view=<viewpoint>. While the game is being
 * played only the spectator's view may be shared (the server refuses the rest); once it is over any side's
 * view may be. A link may let its holders annotate (their own notes layer, one per link). The links this
 * browser's side made are listed with a Revoke button (a game has a limited number of live links).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';

export function replayUrl(origin: string, token: string, view: string, atSeq: number | null) {
  const q = new URLSearchParams();
  if (atSeq !== null) q.set('at', String(atSeq));
  q.set('view', view);
  return `${origin}/replay/${token}?${q}`;
}

export function ShareReplay({
  gameId,
  seq,
  finished,
  sides,
}: {
  gameId: string;
  seq: number;
  finished: boolean;
  sides: { id: string; name: string }[];
}) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState('spectator');
  const [annotate, setAnnotate] = useState(false);
  const [copied, setCopied] = useState(false);
  const queryClient = useQueryClient();
  const links = useQuery(trpc.replay.list.queryOptions({ gameId }, { enabled: open }));
  const refreshLinks = () => queryClient.invalidateQueries({ queryKey: trpc.replay.list.queryKey({ gameId }) });
  const create = useMutation(trpc.replay.create.mutationOptions({ onSuccess: refreshLinks }));
  const revoke = useMutation(
    trpc.replay.revoke.mutationOptions({
      onSuccess: (_r, v) => {
        if (create.data?.token === v.token) create.reset();
        return refreshLinks();
      },
    }),
  );
  const url =
    create.data && typeof window !== 'undefined'
      ? replayUrl(window.location.origin, create.data.token, create.data.view, create.data.atSeq)
      : null;
  if (!open)
    return (
      <button type="button" className="secondary" onClick={() => setOpen(true)}>
        Share replay…
      </button>
    );
  return (
    <section className="card" aria-label="Share replay" style={{ display: 'grid', gap: '0.5rem', margin: '0.5rem 0' }}>
      <div style={{ display: 'flex', gap: '0.8rem', flexWrap: 'wrap', alignItems: 'center' }}>
        <b>Share a replay from event {seq}</b>
        <label>
          Seen as{' '}
          <select aria-label="Replay viewpoint" value={view} onChange={(e) => setView(e.target.value)}>
            <option value="spectator">a spectator</option>
            {sides.map((s) => (
              <option key={s.id} value={s.id} disabled={!finished}>
                {s.name}
                {finished ? '' : ' (after the game)'}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={annotate} onChange={(e) => setAnnotate(e.target.checked)} /> viewers may annotate
        </label>
        <button
          type="button"
          disabled={create.isPending}
          onClick={() => {
            setCopied(false);
            create.mutate({ gameId, view, atSeq: seq, canAnnotate: annotate });
          }}
        >
          Create link
        </button>
        <button type="button" className="secondary" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
      {!finished && (
        <p className="muted" style={{ margin: 0 }}>
          The game is still being played, so a replay shows only what a spectator sees.
        </p>
      )}
      {url && (
        <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
          <code data-testid="replay-link" style={{ wordBreak: 'break-all', fontSize: 12 }}>
            {url}
          </code>
          <button type="button" className="secondary" onClick={() => navigator.clipboard?.writeText(url).then(() => setCopied(true))}>
            {copied ? 'Copied' : 'Copy'}
          </button>
          <a href={url} target="_blank" rel="noreferrer">
            open
          </a>
        </div>
      )}
      {create.error && (
        <p className="error" role="alert">
          {create.error.message}
        </p>
      )}
      {links.data && links.data.length > 0 && (
        <section aria-label="Replay links you can revoke">
          <b>Links your side made</b>
          <ul style={{ margin: '0.3rem 0', paddingLeft: '1.2rem' }}>
            {links.data.map((l) => (
              <li
                key={l.token}
                data-testid="replay-link-item"
                style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap' }}
              >
                <code style={{ wordBreak: 'break-all', fontSize: 12 }}>
                  {typeof window !== 'undefined' ? replayUrl(window.location.origin, l.token, l.view, l.atSeq) : l.token}
                </code>
                <span className="muted">
                  {l.view === 'spectator' ? 'spectator view' : `${l.view}'s view`}
                  {l.atSeq !== null ? `, event ${l.atSeq}` : ''}
                  {l.canAnnotate ? ', annotatable' : ''}
                  {l.createdBy ? '' : ' (made by a spectator)'}
                </span>
                <button
                  type="button"
                  className="secondary"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate({ gameId, token: l.token })}
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {revoke.error && (
        <p className="error" role="alert">
          {revoke.error.message}
        </p>
      )}
    </section>
  );
}
