'use client';
/**
 * Seats of a game: who holds which command, and every change made to them. Whoever may change a side's seats
 * (the creator while nobody has taken a seat of that side; afterwards the side's own commanders, the supreme
 * command for the whole side) gets invite links, can move commands between seats, add a seat for another
 * commander, issue a new link (the old one stops working) or remove a seat.
 * The list stays live: it is read again every few seconds and whenever the game moves, so a join, a departure or
 * a reassignment shows without a reload.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../lib/trpc';
import { loadInvites, rememberInvites, type Invite } from '../lib/invites';

interface SideRoles {
  id: string;
  name: string;
  commands: { id: string; name: string }[];
}

/** How often the seat list is read again (seat changes are not game events, so the live stream does not carry them). */
export const SEATS_POLL_MS = 4000;

export function SeatsPanel({ gameId, sides, mySeatIds }: { gameId: string; sides: SideRoles[]; mySeatIds: string[] }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const seats = useQuery(trpc.seats.list.queryOptions({ gameId }, { refetchInterval: SEATS_POLL_MS }));
  const [invites, setInvites] = useState<Invite[]>([]);
  useEffect(() => setInvites(loadInvites(gameId)), [gameId]);
  const refresh = () => {
    qc.invalidateQueries({ queryKey: trpc.seats.list.queryKey({ gameId }) });
    qc.invalidateQueries({ queryKey: trpc.seats.mine.queryKey({ gameId }) });
  };
  const keepToken = (seat: { id: string; side: string; commands: string[]; label: string }, token: string) => {
    const next = [...invites.filter((i) => i.id !== seat.id), { ...seat, token }];
    rememberInvites(gameId, next);
    setInvites(next);
  };
  const assign = useMutation(trpc.seats.assign.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.seats.remove.mutationOptions({ onSuccess: refresh }));
  const reissue = useMutation(trpc.seats.reissue.mutationOptions({ onSuccess: refresh }));
  const toComputer = useMutation(trpc.bots.take.mutationOptions({ onSuccess: refresh }));
  const add = useMutation(
    trpc.seats.add.mutationOptions({
      onSuccess: (r) => {
        keepToken(r.seat, r.token);
        refresh();
      },
    }),
  );
  const [copied, setCopied] = useState<string | null>(null);
  const error = assign.error ?? remove.error ?? reissue.error ?? add.error ?? toComputer.error;

  if (!seats.data)
    return seats.isLoading ? (
      <p>
        <span className="spinner" /> Loading seats…
      </p>
    ) : null;
  const owner = seats.data.owner;
  const manage = new Set(seats.data.manage);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const linkFor = (seatId: string) => {
    const inv = invites.find((i) => i.id === seatId);
    return inv ? `${origin}/join/${gameId}?t=${inv.token}` : null;
  };

  return (
    <section className="card" aria-label="Seats">
      <h2 style={{ marginTop: 0 }}>Seats and commands</h2>
      {manage.size > 0 && (
        <p className="muted">
          {owner ? 'You created this game: s' : 'S'}end a seat's link to hand it to another commander. A new link disables the old one. Once
          someone has taken a seat of a side, only that side's commanders change its seats.
        </p>
      )}
      <div className="grid">
        {sides.map((side) => {
          const sideSeats = seats.data!.seats.filter((s) => s.side === side.id);
          const canManage = manage.has(side.id);
          const held = new Set(sideSeats.flatMap((s) => s.commands));
          const unheld = side.commands.filter((c) => !held.has(c.id));
          return (
            <div key={side.id}>
              <h3 style={{ margin: '0.3rem 0' }}>{side.name}</h3>
              {sideSeats.map((seat) => {
                const link = canManage ? linkFor(seat.id) : null;
                return (
                  <div key={seat.id} style={{ borderTop: '1px solid var(--line)', padding: '0.4rem 0' }} data-testid={`seat-${seat.label}`}>
                    <b>{seat.label}</b> <span className="muted">{seatState(seat.holder, mySeatIds.includes(seat.id))}</span>
                    {mySeatIds.includes(seat.id) && (
                      <span className="tag" style={{ marginLeft: 6 }}>
                        you
                      </span>
                    )}
                    {canManage ? (
                      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.2rem 0.8rem', margin: '0.3rem 0' }}>
                        {side.commands.map((c) => (
                          <label key={c.id}>
                            <input
                              type="checkbox"
                              checked={seat.commands.includes(c.id)}
                              disabled={assign.isPending}
                              onChange={(e) =>
                                assign.mutate({
                                  gameId,
                                  seatId: seat.id,
                                  commands: e.target.checked ? [...seat.commands, c.id] : seat.commands.filter((x) => x !== c.id),
                                })
                              }
                            />{' '}
                            {c.name}
                          </label>
                        ))}
                      </div>
                    ) : (
                      <div className="muted">
                        {seat.commands.map((id) => side.commands.find((c) => c.id === id)?.name ?? id).join(', ') || 'no commands'}
                      </div>
                    )}
                    {canManage && (
                      <div style={{ display: 'flex', gap: '0.4rem', flexWrap: 'wrap', alignItems: 'center' }}>
                        {link && (
                          <button
                            type="button"
                            className="secondary"
                            onClick={() => navigator.clipboard?.writeText(link).then(() => setCopied(seat.id))}
                          >
                            {copied === seat.id ? 'Link copied' : 'Copy invite link'}
                          </button>
                        )}
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => reissue.mutate({ gameId, seatId: seat.id }, { onSuccess: (r) => keepToken(seat, r.token) })}
                        >
                          New link
                        </button>
                        {seat.holder !== 'Computer' && (
                          <button
                            type="button"
                            className="secondary"
                            disabled={toComputer.isPending}
                            title="The computer takes this seat now; a new link hands it back to a person"
                            onClick={() => toComputer.mutate({ gameId, seatId: seat.id })}
                          >
                            Computer plays this seat
                          </button>
                        )}
                        {sideSeats.length > 1 && (
                          <button type="button" className="secondary" onClick={() => remove.mutate({ gameId, seatId: seat.id })}>
                            Remove seat
                          </button>
                        )}
                        {link && (
                          <code style={{ fontSize: 11, wordBreak: 'break-all' }} data-testid="invite-link">
                            {link}
                          </code>
                        )}
                      </div>
                    )}
                  </div>
                );
              })}
              {unheld.length > 0 && <p className="muted">Nobody holds: {unheld.map((c) => c.name).join(', ')}</p>}
              {canManage && (
                <button
                  type="button"
                  className="secondary"
                  disabled={add.isPending}
                  onClick={() =>
                    add.mutate({ gameId, side: side.id, commands: [], label: `${side.name} commander ${sideSeats.length + 1}` })
                  }
                >
                  Add a commander
                </button>
              )}
            </div>
          );
        })}
      </div>
      {error && (
        <p className="error" role="alert">
          {error.message}
        </p>
      )}
      {seats.data.changes.length > 0 && (
        <details data-testid="seat-changes" style={{ marginTop: '0.6rem' }}>
          <summary className="muted">Seat changes ({seats.data.changes.length})</summary>
          <ol style={{ margin: '0.3rem 0', paddingLeft: '1.2rem', fontSize: '0.85rem' }}>
            {seats.data.changes.map((c) => (
              <li key={c.id}>
                <span className="muted">{new Date(c.at).toLocaleString()}</span> {c.by}: {CHANGE_WORDS[c.kind] ?? c.kind} <b>{c.label}</b>
                {c.kind !== 'remove' && c.kind !== 'reissue' ? ` (${c.commands.join(', ') || 'no commands'})` : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

/** Who holds a seat, as its row reads. A seat this browser holds and nobody took by link is the viewer's own. */
export function seatState(holder: string | null, mine: boolean): string {
  if (holder) return `held by ${holder}`;
  return mine ? 'held by you (in this browser; send its link to hand it over)' : 'not taken yet';
}

const CHANGE_WORDS: Record<string, string> = {
  add: 'added seat',
  assign: 'set the commands of',
  reissue: 'issued a new link for',
  remove: 'removed seat',
  join: 'took seat',
};
