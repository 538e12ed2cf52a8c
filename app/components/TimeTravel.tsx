'use client';
/**
 * Undo, take-back and what-if branches (timeline.*). Undo and take-back append events (nothing is deleted):
 * a commander may undo their own last command while no die was rolled and nothing hidden was shown; past that
 * the other side has to agree. "What-if from here" starts a new game from the event on screen.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { rememberInvites } from '../lib/invites';
import { useTRPC } from '../lib/trpc';

export function TimeTravel({
  gameId,
  side,
  seq,
  latestSeq,
  seated,
  finished,
  branchOf,
}: {
  gameId: string;
  /** Set for a what-if game: the game and event it was branched from. */
  branchOf?: { id: string; name: string | null; seq: number } | null;
  side?: string;
  seq: number;
  latestSeq: number;
  /** The viewer holds a seat in this game (spectators can branch only finished games; the server decides). */
  seated: boolean;
  finished: boolean;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const router = useRouter();
  const options = useQuery(trpc.timeline.options.queryOptions({ gameId, side }, { enabled: seated }));
  const refresh = () => {
    qc.invalidateQueries({ queryKey: trpc.game.view.queryKey() });
    qc.invalidateQueries({ queryKey: trpc.game.events.queryKey() });
    qc.invalidateQueries({ queryKey: trpc.timeline.options.queryKey() });
  };
  const undo = useMutation(trpc.timeline.undo.mutationOptions({ onSettled: refresh }));
  const ask = useMutation(trpc.timeline.requestTakeback.mutationOptions({ onSettled: refresh }));
  const answer = useMutation(trpc.timeline.answerTakeback.mutationOptions({ onSettled: refresh }));
  const branch = useMutation(
    trpc.timeline.branch.mutationOptions({
      onSuccess: (r) => {
        if (r.seats.length) rememberInvites(r.id, r.seats);
        qc.invalidateQueries({ queryKey: trpc.game.list.queryKey() });
        router.push(`/games/${r.id}`);
      },
    }),
  );
  const o = options.data;
  const pending = o?.pendingTakeback ?? null;
  const atNow = seq === latestSeq;
  const busy = undo.isPending || ask.isPending || answer.isPending || branch.isPending;
  const error = undo.error ?? ask.error ?? answer.error ?? branch.error;

  return (
    <section
      aria-label="Time travel"
      style={{ display: 'flex', flexWrap: 'wrap', gap: '0.4rem 0.8rem', alignItems: 'center', margin: '0.4rem 0' }}
    >
      {branchOf && <BranchOrigin branchOf={branchOf} />}
      {o?.canUndo && atNow && (
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => undo.mutate({ gameId, side })}
          title="Take back your last command"
        >
          Undo my last command
        </button>
      )}
      {o?.needsTakeback && atNow && !pending && o.lastCommandFrom !== null && (
        <button
          type="button"
          className="secondary"
          disabled={busy}
          title="Dice were rolled or something was revealed: the other side has to agree"
          onClick={() => ask.mutate({ gameId, side, from: o.lastCommandFrom! })}
        >
          Ask to take back my last command
        </button>
      )}
      {pending && (
        <span role="status" data-testid="takeback-pending" style={{ display: 'inline-flex', gap: '0.4rem', alignItems: 'center' }}>
          {pending.by === side ? (
            <span className="muted">Waiting for the other side to answer your take-back request (back to event {pending.from - 1}).</span>
          ) : (
            <>
              <span>
                <b>{pending.by}</b> asks to take back everything from event {pending.from} on.
              </span>
              {seated && side && (
                <>
                  <button type="button" disabled={busy} onClick={() => answer.mutate({ gameId, side, accept: true })}>
                    Agree
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    disabled={busy}
                    onClick={() => answer.mutate({ gameId, side, accept: false })}
                  >
                    Decline
                  </button>
                </>
              )}
            </>
          )}
        </span>
      )}
      {(seated || finished) && (
        <button
          type="button"
          className="secondary"
          disabled={busy || seq < 1}
          onClick={() => branch.mutate({ gameId, atSeq: seq })}
          title={`Start a new game whose history is this one up to event ${seq}`}
        >
          What-if from here (event {seq})
        </button>
      )}
      {error && (
        <span className="error" role="alert">
          {error.message}
        </span>
      )}
    </section>
  );
}

/** For a what-if game: which game and event it was branched from (links back to that moment). */
function BranchOrigin({ branchOf }: { branchOf: { id: string; name: string | null; seq: number } }) {
  return (
    <span data-testid="branch-origin" className="tag" style={{ fontSize: '0.85rem', padding: '0.2rem 0.5rem' }}>
      What-if of <a href={`/games/${branchOf.id}?at=${branchOf.seq}`}>{branchOf.name ?? 'the original game'}</a>, branched at event{' '}
      {branchOf.seq}
    </span>
  );
}
