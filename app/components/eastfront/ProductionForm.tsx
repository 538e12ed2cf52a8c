'use client';
/**
 * Production as a form: one replacement step per block the engine offers (legal(): damaged, not in a battle, not
 * new this month, with a supply line; 11.41), each with its printed cost, against the production level. A
 * suggested order takes the offered blocks in order while the points last.
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
  const steps = offers.find((a) => a.choices?.[0]?.field === 'replace')?.choices?.[0];
  const suggested = useMemo(() => {
    const out: string[] = [];
    let left = steps?.budget ?? 0;
    for (const o of steps?.options ?? [])
      if ((o.cost ?? 0) <= left) {
        out.push(String(o.value));
        left -= o.cost ?? 0;
      }
    return out;
  }, [steps]);
  const [picked, setPicked] = useState<Set<string>>(() => new Set(suggested));
  const damaged = useMemo(() => {
    const ids = new Set((steps?.options ?? []).map((o) => String(o.value)));
    return view.units.filter((u) => u.side === side && u.id && ids.has(u.id));
  }, [view.units, side, steps]);
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
      {damaged.length === 0 && <p className="muted">None of your blocks can take a replacement step now.</p>}
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
        {suggested.length > 0 && (
          <button type="button" className="secondary" onClick={() => setPicked(new Set(suggested))}>
            Use the suggested order
          </button>
        )}
      </div>
    </section>
  );
}
