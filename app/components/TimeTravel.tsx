'use client';
/**
 * Undo, take-back and what-if branches (timeline.*). Undo and take-back append events (nothing is deleted):
 * a commander may undo their own last command while no die was rolled and nothing hidden was shown; past that
 * the other side has to agree. "What-if from here" starts a new game from the event on screen, after a dialog
 * that says what it creates and who will be seated in it (the other side's players only if the player says so).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
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
  sides = [],
  mySides = [],
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
  /** The scenario's sides, and the ones this browser holds (for the what-if dialog). */
  sides?: { id: string; name: string }[];
  mySides?: string[];
}) {
  const [asking, setAsking] = useState(false);
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
          onClick={() => setAsking(true)}
          title={`Start a new game whose history is this one up to event ${seq}`}
        >
          What-if from here (event {seq})
        </button>
      )}
      {asking && (
        <WhatIfDialog
          gameId={gameId}
          seq={seq}
          sides={sides}
          mySides={mySides}
          finished={finished}
          busy={branch.isPending}
          onCancel={() => setAsking(false)}
          onCreate={(seatOthers) => branch.mutate({ gameId, atSeq: seq, seatOthers })}
        />
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

/**
 * Confirms a what-if: what it creates and who will be seated in it. With every side in this browser (or a
 * finished game) the new game is a hot-seat one; otherwise the player chooses whether the other sides' players
 * are seated in it too (the default: no).
 */
function WhatIfDialog({
  gameId,
  seq,
  sides,
  mySides,
  finished,
  busy,
  onCancel,
  onCreate,
}: {
  gameId: string;
  seq: number;
  sides: { id: string; name: string }[];
  mySides: string[];
  finished: boolean;
  busy: boolean;
  onCancel(): void;
  onCreate(seatOthers: boolean): void;
}) {
  const trpc = useTRPC();
  const seats = useQuery(trpc.seats.list.queryOptions({ gameId }));
  const ref = useRef<HTMLDialogElement>(null);
  const [others, setOthers] = useState(false);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const hotSeat = finished || (sides.length > 0 && sides.every((s) => mySides.includes(s.id)));
  const name = (id: string) => sides.find((s) => s.id === id)?.name ?? id;
  const mine = mySides.map(name).join(' and ') || 'none';
  const otherSides = sides.filter((s) => !mySides.includes(s.id));
  const holders = (side: string) =>
    (seats.data?.seats ?? [])
      .filter((x) => x.side === side)
      .map((x) => `${x.label} (${x.holder ? `held by ${x.holder}` : 'not taken'})`)
      .join(', ') || 'no seat';
  return (
    <dialog ref={ref} className="card whatif" aria-labelledby="whatif-title" onCancel={onCancel} data-testid="whatif-dialog">
      <h2 id="whatif-title">What-if from event {seq}</h2>
      <p>
        This creates a <b>new game</b> whose history is this game's up to event {seq}, and opens it. This game goes on unchanged; the new
        one is listed in the lobby as a branch.
      </p>
      {hotSeat ? (
        <p data-testid="whatif-seats">
          You will hold every seat of the new game ({sides.map((s) => s.name).join(', ')}), as in a hot-seat game; its Team tab gives invite
          links to hand seats out.
        </p>
      ) : (
        <fieldset data-testid="whatif-seats">
          <legend>Who is seated in it</legend>
          <label>
            <input type="radio" name="whatif-seats" checked={!others} onChange={() => setOthers(false)} /> Only my side ({mine}).{' '}
            {otherSides.map((s) => s.name).join(' and ')} get no seat: nobody can move for them, so the what-if stops where they must act.
          </label>
          <label>
            <input type="radio" name="whatif-seats" checked={others} onChange={() => setOthers(true)} /> Everyone as in this game:{' '}
            {otherSides.map((s) => `${s.name}: ${holders(s.id)}`).join('; ')}. They will find the new game in their lobby and can play it.
          </label>
        </fieldset>
      )}
      <div style={{ display: 'flex', gap: '0.5rem', justifyContent: 'flex-end' }}>
        <button type="button" className="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" onClick={() => onCreate(hotSeat ? true : others)} disabled={busy}>
          {busy ? 'Creating…' : 'Create the what-if and open it'}
        </button>
      </div>
    </dialog>
  );
}
