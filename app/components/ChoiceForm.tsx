'use client';
/**
 * A structured legal action (engine/core/actions.ts) as a small form: one list per 'one' choice, following the
 * choices each pick opens, and one checkbox per option of a 'some' choice; "Send" posts the completed command.
 * Everything offered comes from legal(); the server checks the command again. Game-agnostic.
 */
import { useMemo, useState } from 'react';
import { type Choice, expandAction, type LegalAction } from '../../engine/core/actions';
import type { LegalActionData } from './boards';

/** The choices open after the picks made so far, in order (a pick's `next` follows its choice). */
function openChoices(choices: readonly Choice[], picked: Record<string, number[]>): Choice[] {
  const out: Choice[] = [];
  for (const ch of choices) {
    out.push(ch);
    if (ch.pick === 'one') {
      const i = picked[ch.field]?.[0];
      const next = i === undefined ? undefined : ch.options[i]?.next;
      if (next) out.push(...openChoices(next, picked));
    }
  }
  return out;
}

export function ChoiceForm({
  action,
  send,
  busy,
  placeOf,
}: {
  action: LegalActionData;
  send(c: unknown): Promise<void>;
  busy: boolean;
  /** How the board names a hex; options that stand for a hex and are labelled by its id read as the place. */
  placeOf?(hex: string): string;
}) {
  const optLabel = (o: { label: string; hex?: string }) => (placeOf && o.hex && o.label === o.hex ? placeOf(o.hex) : o.label);
  const a = useMemo(() => expandAction(action as LegalAction), [action]);
  const [picked, setPicked] = useState<Record<string, number[]>>({});
  const open = openChoices(a.choices ?? [], picked);
  const complete = open.every((ch) => {
    const n = picked[ch.field]?.length ?? 0;
    if (ch.pick === 'one') return n === 1;
    if (n < (ch.min ?? 1) || n > (ch.max ?? ch.options.length)) return false;
    const need = ch.atLeastOne?.map((v) => JSON.stringify(v));
    return !need || (picked[ch.field] ?? []).some((i) => need.includes(JSON.stringify(ch.options[i].value)));
  });
  const submit = () => {
    const cmd: Record<string, unknown> = { ...(a.command as object) };
    for (const ch of open) {
      const idx = picked[ch.field] ?? [];
      cmd[ch.field] = ch.pick === 'one' ? ch.options[idx[0]].value : idx.map((i) => ch.options[i].value);
    }
    send(cmd)
      .then(() => setPicked({}))
      .catch(() => {});
  };
  return (
    <fieldset className="ef-inline" data-testid={`choice-${a.command.type}`} aria-label={a.label}>
      <legend>
        {a.label}
        {a.rule ? <span className="ou-rule"> ({a.rule})</span> : null}
      </legend>
      {open.map((ch) =>
        ch.pick === 'one' ? (
          <select
            key={ch.field}
            aria-label={ch.label}
            value={picked[ch.field]?.[0] ?? ''}
            onChange={(e) => {
              // a new pick drops the picks of the choices it opened
              const keep: Record<string, number[]> = {};
              for (const c of open) {
                if (c.field === ch.field) break;
                if (picked[c.field]) keep[c.field] = picked[c.field];
              }
              setPicked(e.target.value === '' ? keep : { ...keep, [ch.field]: [Number(e.target.value)] });
            }}
          >
            <option value="">{ch.label}…</option>
            {ch.options.map((o, i) => (
              <option key={JSON.stringify(o.value)} value={i}>
                {optLabel(o)}
              </option>
            ))}
          </select>
        ) : (
          <fieldset key={ch.field} aria-label={ch.label} className="ef-inline">
            {ch.options.map((o, i) => (
              <label key={JSON.stringify(o.value)}>
                <input
                  type="checkbox"
                  checked={picked[ch.field]?.includes(i) ?? false}
                  onChange={(e) => {
                    const cur = picked[ch.field] ?? [];
                    setPicked({ ...picked, [ch.field]: e.target.checked ? [...cur, i] : cur.filter((x) => x !== i) });
                  }}
                />
                {optLabel(o)}
              </label>
            ))}
          </fieldset>
        ),
      )}
      <button type="button" disabled={busy || !complete} onClick={submit}>
        Send
      </button>
    </fieldset>
  );
}
