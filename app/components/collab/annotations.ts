/**
 * Map annotations: notes pinned to a hex, arrows between hexes and hex highlights, kept in
 * `doc.getMap('annotations')` (see docs/collaboration.md). Each one is tied to an event range and is shown
 * while the timeline position lies within [fromSeq, toSeq] (toSeq null: from fromSeq on).
 */
import type * as Y from 'yjs';

export type AnnotationKind = 'note' | 'arrow' | 'highlight';

export interface Annotation {
  kind: AnnotationKind;
  /** The hex it is pinned to (the arrow's tail), as the board names hexes ("q,r" or a map hex id). */
  hex: string;
  /** Arrows: the head's hex. */
  to?: string;
  text?: string;
  fromSeq: number;
  toSeq: number | null;
  author: string;
  /** Highlights and arrows: a CSS colour. */
  color?: string;
}

export interface PlacedAnnotation extends Annotation {
  id: string;
}

export const annotationsOf = (doc: Y.Doc) => doc.getMap<Annotation>('annotations');

export const visibleAt = (a: Annotation, seq: number) => a.fromSeq <= seq && (a.toSeq === null || seq <= a.toSeq);

export function listAnnotations(doc: Y.Doc | null): PlacedAnnotation[] {
  if (!doc) return [];
  return [...annotationsOf(doc).entries()]
    .map(([id, a]) => ({ ...a, id }))
    .sort((a, b) => a.fromSeq - b.fromSeq || a.id.localeCompare(b.id));
}

export function addAnnotation(doc: Y.Doc, a: Annotation): string {
  const id = crypto.randomUUID();
  const clean: Annotation = {
    kind: a.kind,
    hex: a.hex.trim(),
    fromSeq: a.fromSeq,
    toSeq: a.toSeq,
    author: a.author,
    ...(a.to ? { to: a.to.trim() } : {}),
    ...(a.text ? { text: a.text.slice(0, 500) } : {}),
    ...(a.color ? { color: a.color } : {}),
  };
  annotationsOf(doc).set(id, clean);
  return id;
}

export function removeAnnotation(doc: Y.Doc, id: string) {
  annotationsOf(doc).delete(id);
}

/** "3,-1" style hex ids accept spaces and parentheses: "(3, -1)". */
export function normalizeHex(input: string): string {
  const t = input.trim();
  const m = /^\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?$/.exec(t);
  return m ? `${Number(m[1])},${Number(m[2])}` : t;
}

export function describeAnnotation(a: Annotation): string {
  const range = a.toSeq === null ? `from event ${a.fromSeq}` : `events ${a.fromSeq}–${a.toSeq}`;
  const what = a.kind === 'arrow' ? `Arrow ${a.hex} → ${a.to ?? '?'}` : a.kind === 'highlight' ? `Highlight ${a.hex}` : `Note at ${a.hex}`;
  return `${what}${a.text ? `: ${a.text}` : ''} (${range})`;
}
