'use client';
/**
 * The game screen's collaboration column: who of my side is here, the side's team chat and the side's map
 * annotations (notes never leave the side). Spectators see every side's chat, read-only, once the game is over.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { seatIdentity, sideDocName } from '../../../server/yjs/names';
import { useTRPC } from '../../lib/trpc';
import { AnnotationsPanel } from './AnnotationsPanel';
import { PresenceList, usePresence } from './Presence';
import { TeamChat } from './TeamChat';
import { useCollabDoc } from './useCollabDoc';

/** The side's annotation document (for boards: pass `.doc` to useAnnotationsLayer). */
export function useSideNotes(gameId: string, side: string | undefined) {
  return useCollabDoc(side ? sideDocName(gameId, side, 'notes') : null);
}

/** How the server names this browser in its side's chat and presence (it stamps the same itself). */
function useDisplayName(gameId: string, side: string | undefined, sideName: string, mySeatIds: string[]) {
  const trpc = useTRPC();
  const seats = useQuery(trpc.seats.list.queryOptions({ gameId }, { staleTime: 0 }));
  const mine = seats.data?.seats.filter((s) => mySeatIds.includes(s.id) && s.side === side) ?? [];
  return mine.length ? seatIdentity(mine, sideName) : 'a commander';
}

export function GameCollab({
  gameId,
  side,
  sides,
  mySeatIds,
  seq,
  latestSeq,
  busy,
  finished,
}: {
  gameId: string;
  side: string | undefined;
  sides: { id: string; name: string }[];
  mySeatIds: string[];
  seq: number;
  latestSeq: number;
  busy: boolean;
  finished: boolean;
}) {
  const sideName = sides.find((s) => s.id === side)?.name ?? side ?? '';
  const name = useDisplayName(gameId, side, sideName, mySeatIds);
  const chat = useCollabDoc(side ? sideDocName(gameId, side, 'chat') : null);
  const notes = useSideNotes(gameId, side);
  const [actedAt, setActedAt] = useState(0);
  useEffect(() => {
    if (busy) setActedAt(Date.now());
  }, [busy]);
  const others = usePresence(chat.provider, side ? { name, side, seq, live: seq === latestSeq, actedAt, busy } : null);

  if (!side) {
    if (!finished)
      return (
        <p className="muted">Team chat and annotations are for the players of each side; spectators see the chats once the game is over.</p>
      );
    return (
      <div className="grid" style={{ marginTop: '1rem' }}>
        {sides.map((s) => (
          <TeamChat key={s.id} gameId={gameId} side={s.id} sideName={s.name} name="" readOnly />
        ))}
      </div>
    );
  }
  return (
    <section aria-label="Your side" style={{ display: 'grid', gap: '0.6rem', marginTop: '1rem' }}>
      <div style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap', alignItems: 'baseline' }}>
        <PresenceList others={others} sideName={sideName} />
        <span className="muted">
          You appear as <b>{name}</b>
        </span>
      </div>
      <div className="grid">
        <TeamChat gameId={gameId} side={side} sideName={sideName} name={name} readOnly={false} />
        <AnnotationsPanel
          doc={notes.doc}
          seq={seq}
          canEdit
          author={name}
          title={`${sideName} annotations`}
          hint="Only your side sees these. Each one shows from the event it was added at, until the event you choose."
        />
      </div>
    </section>
  );
}
