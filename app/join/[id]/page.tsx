'use client';
import { useMutation } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { use, useEffect } from 'react';
import { useTRPC } from '../../lib/trpc';

/** Invite link target: /join/<gameId>?t=<token>. Takes the seat, then opens the game. */
export default function JoinPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = use(params);
  const token = useSearchParams().get('t') ?? '';
  const trpc = useTRPC();
  const router = useRouter();
  const join = useMutation(trpc.game.join.mutationOptions({ onSuccess: () => router.replace(`/games/${id}`) }));
  useEffect(() => {
    if (token && join.isIdle) join.mutate({ gameId: id, token });
  }, [token]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <main className="page">
      <h1>Joining game</h1>
      {!token && <p className="error">This link has no invite token.</p>}
      {join.isPending && <p><span className="spinner" /> Taking your seat…</p>}
      {join.error && <p className="error">{join.error.message}</p>}
    </main>
  );
}
