'use client';
/**
 * The Undo button of a board's prompt bar (shown for the present, not while looking back): there when the
 * timeline says this seat's last command may still be taken back, with a note when dice were rolled (then the
 * other side must agree) and the server's refusal.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc';

export function UndoControls({ gameId, side }: { gameId: string; side?: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const options = useQuery(trpc.timeline.options.queryOptions({ gameId, side }, { enabled: !!side }));
  const undo = useMutation(
    trpc.timeline.undo.mutationOptions({
      onSettled: () => {
        for (const k of [trpc.game.view.queryKey(), trpc.game.events.queryKey(), trpc.timeline.options.queryKey()])
          qc.invalidateQueries({ queryKey: k });
      },
    }),
  );
  return (
    <>
      {options.data?.canUndo && (
        <button
          type="button"
          className="secondary"
          disabled={undo.isPending}
          onClick={() => undo.mutate({ gameId, side })}
          title="Take back your last command"
        >
          ↶ Undo
        </button>
      )}
      {options.data?.needsTakeback && <span className="muted">(dice were rolled: undo needs the other side’s agreement)</span>}
      {undo.error && (
        <p className="error" role="alert" style={{ flexBasis: '100%', margin: 0 }}>
          {undo.error.message}
        </p>
      )}
    </>
  );
}
