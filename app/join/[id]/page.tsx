'use client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { Suspense, use, useState } from 'react';
import { useTRPC } from '../../lib/trpc';

/**
 * Invite link target: /join/<gameId>?t=<token>. Says what the link offers (the game, the side, the seat and its
 * commands), asks for a display name, takes the seat and opens the game.
 */
function Join({ id }: { id: string }) {
  const token = useSearchParams().get('t') ?? '';
  const trpc = useTRPC();
  const router = useRouter();
  const [name, setName] = useState('');
  const invite = useQuery(trpc.lobby.invite.queryOptions({ gameId: id, token }, { enabled: !!token, retry: false }));
  const join = useMutation(trpc.seats.join.mutationOptions({ onSuccess: () => router.replace(`/games/${id}`) }));
  return (
    <main className="page">
      <h1>Join a game</h1>
      {!token && <p className="error">This link has no invite token. Ask the game's creator for a new link.</p>}
      {invite.error && <p className="error">{invite.error.message}</p>}
      {invite.isLoading && (
        <p>
          <span className="spinner" /> Reading the invitation…
        </p>
      )}
      {invite.data && (
        <section className="card" aria-label="Invitation" data-testid="invitation" style={{ maxWidth: 560, marginBottom: '1rem' }}>
          <p style={{ marginTop: 0 }}>
            You are invited to <b>{invite.data.game.name}</b>{' '}
            <span className="muted">
              ({invite.data.game.ruleset}: {invite.data.game.scenario})
            </span>
            .
          </p>
          {invite.data.seats.map((s) => (
            <p key={s.label} style={{ marginBottom: 0 }}>
              You will play <b data-testid="invite-side">{s.side}</b> as <b>{s.label}</b>
              {s.commands.length > 0 ? (
                <>
                  , commanding{' '}
                  <span data-testid="invite-commands">
                    {s.allCommands ? `the whole side (${s.commands.join(', ')})` : s.commands.join(', ')}
                  </span>
                </>
              ) : (
                ', with no command yet (the side’s supreme commander can give you one)'
              )}
              .
            </p>
          ))}
        </section>
      )}
      {token && invite.data && (
        <form
          className="card"
          style={{ display: 'grid', gap: '0.6rem', maxWidth: 420 }}
          onSubmit={(e) => {
            e.preventDefault();
            join.mutate({ gameId: id, token, name: name.trim() || undefined });
          }}
        >
          <label>
            Your name{' '}
            <input
              type="text"
              // biome-ignore lint/a11y/noAutofocus: the name is the only field on the page and what the visitor came to fill in
              autoFocus
              value={name}
              maxLength={40}
              onChange={(e) => setName(e.target.value)}
              placeholder="shown to the other players"
            />
          </label>
          <div>
            <button type="submit" disabled={join.isPending}>
              {join.isPending ? 'Taking your seat…' : 'Take my seat'}
            </button>
          </div>
          {join.error && (
            <p className="error" role="alert">
              {join.error.message}
            </p>
          )}
        </form>
      )}
    </main>
  );
}

export default function JoinPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = use(params);
  return (
    <Suspense
      fallback={
        <main className="page">
          <span className="spinner" />
        </main>
      }
    >
      <Join id={id} />
    </Suspense>
  );
}
