'use client';
/**
 * The annotations of one document as a list (those visible at the current event first), with a form to add
 * a note, arrow or highlight for an event range, and remove buttons. Hexes are typed ("q,r" or a map id) or
 * picked by clicking the map when the board announces clicks (see hexPicks.ts).
 */
import { useState } from 'react';
import type * as Y from 'yjs';
import {
  addAnnotation,
  annotationsOf,
  describeAnnotation,
  listAnnotations,
  normalizeHex,
  removeAnnotation,
  visibleAt,
  type AnnotationKind,
} from './annotations';
import { DOC_FULL_MESSAGE, docIsFull } from './docSize';
import { useHexPicks } from './hexPicks';
import { useYValue } from './useCollabDoc';

export function AnnotationsPanel({
  doc,
  seq,
  canEdit,
  author,
  title,
  hint,
}: {
  doc: Y.Doc | null;
  seq: number;
  canEdit: boolean;
  author: string;
  title: string;
  hint?: string;
}) {
  const list = useYValue(doc ? annotationsOf(doc) : null, () => listAnnotations(doc));
  const shown = list.filter((a) => visibleAt(a, seq));
  const hidden = list.length - shown.length;
  return (
    <section
      className="card"
      aria-label={title}
      data-testid="annotations"
      style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '0.4rem' }}
    >
      <h3 style={{ margin: 0 }}>{title}</h3>
      {hint && (
        <p className="muted" style={{ margin: 0, fontSize: '0.85rem' }}>
          {hint}
        </p>
      )}
      <ul data-testid="annotations-visible" style={{ margin: 0, paddingLeft: '1.1rem' }}>
        {shown.length === 0 && (
          <li className="muted" style={{ listStyle: 'none', marginLeft: '-1.1rem' }}>
            Nothing marked at event {seq}.
          </li>
        )}
        {shown.map((a) => (
          <li key={a.id} data-testid="annotation">
            {describeAnnotation(a)} <span className="muted">· {a.author || 'someone'}</span>{' '}
            {canEdit && doc && (
              <button
                type="button"
                className="linklike"
                style={{ width: 'auto', display: 'inline', color: 'var(--accent)' }}
                aria-label={`Remove ${describeAnnotation(a)}`}
                onClick={() => removeAnnotation(doc, a.id)}
              >
                remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <p className="muted" style={{ margin: 0, fontSize: '0.85rem' }}>
          {hidden} more at other events.
        </p>
      )}
      {canEdit && doc && <AddAnnotation doc={doc} seq={seq} author={author} />}
    </section>
  );
}

function AddAnnotation({ doc, seq, author }: { doc: Y.Doc; seq: number; author: string }) {
  const [kind, setKind] = useState<AnnotationKind>('note');
  const [hex, setHex] = useState('');
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const [until, setUntil] = useState('');
  const [picking, setPicking] = useState<'hex' | 'to' | null>(null);
  const [full, setFull] = useState(false);
  useHexPicks(picking !== null, (id) => {
    if (picking === 'hex') {
      setHex(id);
      setPicking(kind === 'arrow' ? 'to' : null);
    } else {
      setTo(id);
      setPicking(null);
    }
  });
  const untilSeq = until.trim() === '' ? null : Number(until);
  const valid =
    hex.trim() !== '' &&
    (kind !== 'arrow' || to.trim() !== '') &&
    (kind !== 'note' || text.trim() !== '') &&
    (untilSeq === null || (Number.isInteger(untilSeq) && untilSeq >= seq));
  return (
    <form
      aria-label="Add an annotation"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: '0.4rem',
        alignItems: 'center',
        borderTop: '1px solid var(--line)',
        paddingTop: '0.4rem',
      }}
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        if (docIsFull(doc)) return setFull(true);
        addAnnotation(doc, {
          kind,
          hex: normalizeHex(hex),
          to: kind === 'arrow' ? normalizeHex(to) : undefined,
          text: text.trim() || undefined,
          fromSeq: seq,
          toSeq: untilSeq,
          author,
        });
        setHex('');
        setTo('');
        setText('');
      }}
    >
      <select aria-label="Annotation kind" value={kind} onChange={(e) => setKind(e.target.value as AnnotationKind)}>
        <option value="note">Note</option>
        <option value="arrow">Arrow</option>
        <option value="highlight">Highlight</option>
      </select>
      <input
        type="text"
        aria-label={kind === 'arrow' ? 'From hex' : 'Hex'}
        placeholder={kind === 'arrow' ? 'from hex' : 'hex'}
        value={hex}
        onChange={(e) => setHex(e.target.value)}
        size={8}
      />
      {kind === 'arrow' && (
        <input type="text" aria-label="To hex" placeholder="to hex" value={to} onChange={(e) => setTo(e.target.value)} size={8} />
      )}
      <button type="button" className="secondary" onClick={() => setPicking(picking ? null : 'hex')} title="Click hexes on the map">
        {picking ? (picking === 'to' ? 'Click the arrow’s target…' : 'Click a hex…') : 'Pick on map'}
      </button>
      <input
        type="text"
        aria-label="Annotation text"
        placeholder={kind === 'note' ? 'note' : 'label (optional)'}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={500}
        style={{ flex: '1 1 10rem' }}
      />
      <label className="muted" style={{ fontSize: '0.85rem' }}>
        from event {seq} until{' '}
        <input
          type="text"
          aria-label="Until event"
          inputMode="numeric"
          placeholder="open"
          value={until}
          onChange={(e) => setUntil(e.target.value.replace(/[^\d]/g, ''))}
          size={5}
        />
      </label>
      <button type="submit" disabled={!valid || full}>
        Add
      </button>
      {full && (
        <p role="alert" className="muted" style={{ flexBasis: '100%', margin: 0 }}>
          {DOC_FULL_MESSAGE}
        </p>
      )}
    </form>
  );
}
