'use client';
/**
 * Production as a form: one replacement step per damaged block, each with its printed cost, against the
 * production level. The server checks every limit (supply, battles, arrivals this month) and says why an
 * order is refused; the engine's own suggested order is offered as a starting point.
 */
import { useMemo, useState } from 'react';
import { TYPES } from '../../../engine/games/eastfront/data';
import type { LegalActionData } from '../boards';
import { hexLabel } from './labels';
import type { View } from './model';

export function ProductionForm({
  view,
  side,
  actions,
  send,
  busy,
}: {
  view: View;
  side: 'german' | 'soviet';
  actions: LegalActionData[];
  send(c: unknown): Promise<void>;
  busy: boolean;
}) {
  const offers = actions.filter((a) => a.command.type === 'produce');
  const suggested = offers.find((a) => (a.command.replace as string[]).length > 0);
  const [picked, setPicked] = useState<Set<string>>(() => new Set((suggested?.command.replace as string[]) ?? []));
  const damaged = useMemo(
    () => view.units.filter((u) => u.side === side && u.id && u.at && (u.cv ?? 0) < (u.max ?? 0)),
    [view.units, side],
  );
  const eliminated = view.units.filter((u) => u.side === side && u.id && !u.at);
  const cost = (type?: string) => (type ? (TYPES[type as keyof typeof TYPES]?.cost[side]?.step ?? 0) : 0);
  const total = [...picked].reduce((s, id) => s + cost(damaged.find((u) => u.id === id)?.type), 0);
  const budget = view.productionLevel[side];
  const over = total > budget;
  if (!offers.length) return null;
  const toggle = (id: string) =>
    setPicked((p) => {
      const n = new Set(p);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return (
    <section className="ef-card" aria-label="Production" data-testid="ef-production">
      <h3>Production order</h3>
      <p className="ef-small">
        Points this month: <b>{budget}</b> (your production level). One replacement step per block; blocks in a battle or cut off from
        supply cannot take one.
      </p>
      {damaged.length === 0 && <p className="muted">None of your blocks on the board is below full strength.</p>}
      <ul className="ef-list">
        {damaged.map((u) => (
          <li key={u.id}>
            <label>
              <input type="checkbox" checked={picked.has(u.id!)} onChange={() => toggle(u.id!)} /> {u.name} at {hexLabel(u.at)}: {u.cv} →{' '}
              {(u.cv ?? 0) + 1} of {u.max}
              <span className="muted"> ({cost(u.type)} PP)</span>
            </label>
          </li>
        ))}
      </ul>
      {eliminated.length > 0 && (
        <p className="ef-small muted">
          Rebuilding eliminated blocks as cadres (
          {eliminated.map((u) => `${u.name}, ${TYPES[u.type!]?.cost[side]?.cadre ?? '?'} PP`).join('; ')}) is not offered here yet.
        </p>
      )}
      <p className={over ? 'error' : 'ef-small'}>
        Total: <b data-testid="ef-production-total">{total}</b> of {budget} PP{over ? ' — more than you have' : ''}.
      </p>
      <div className="ef-actions">
        <button
          type="button"
          disabled={busy || over}
          onClick={() => send({ type: 'produce', replace: [...picked], cadres: [] }).catch(() => {})}
        >
          Send the order
        </button>
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => send({ type: 'produce', replace: [], cadres: [] }).catch(() => {})}
        >
          Spend nothing
        </button>
        {suggested && (
          <button type="button" className="secondary" onClick={() => setPicked(new Set(suggested.command.replace as string[]))}>
            Use the suggested order
          </button>
        )}
      </div>
    </section>
  );
}
