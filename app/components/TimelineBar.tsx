'use client';
/**
 * Scrub through the game: a slider over every event, with the turns and phases (game.chapters) drawn as a
 * strip of labelled segments under it, step buttons (event and chapter), keyboard shortcuts and one click back
 * to now. The caller's `seek` keeps the position in the URL (?at=<seq>), so a moment can be shared.
 *
 * Keys (while the timeline has focus): ← → one event, Shift+← → one turn/phase, Home the first event, End back
 * to now. Elsewhere the arrows belong to what has focus (the map pans with them). The first moment is event 1: before it the game does not exist yet (the server agrees).
 */
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import type { ClientEvent } from '../../server/games';
import { useTRPC } from '../lib/trpc';
import { describeEvent } from './boards';

export interface Chapter {
  seq: number;
  turn: string;
  phase: string;
}

export function useChapters(gameId: string, latestSeq: number): Chapter[] {
  const trpc = useTRPC();
  const q = useQuery(trpc.game.chapters.queryOptions({ gameId }, { staleTime: Infinity }));
  const known = q.data?.latestSeq;
  const { refetch } = q;
  useEffect(() => {
    if (known !== undefined && known < latestSeq) void refetch();
  }, [known, latestSeq, refetch]);
  return q.data?.chapters ?? [];
}

/** The chapter holding `seq` (the last one starting at or before it), by index. */
export function chapterIndex(chapters: Chapter[], seq: number): number {
  let i = -1;
  for (let k = 0; k < chapters.length && chapters[k].seq <= seq; k++) i = k;
  return i;
}

/** A turn's name shortened for the strip's narrow segments: "Turn 3 of 20" and "Game Turn 3 of 8" become "T3 of …". */
const short = (turn: string) => turn.replace(/^(Game\s+)?Turn\s+/i, 'T');

export const chapterLabel = (c: Chapter) =>
  c.phase && !c.turn.toLowerCase().includes(c.phase.toLowerCase()) ? `${c.turn} · ${c.phase}` : c.turn;

export function TimelineBar({
  gameId,
  seq: shown,
  latestSeq,
  events,
  seek,
  ruleset,
}: {
  gameId: string;
  side?: string;
  seq: number;
  latestSeq: number;
  events: ClientEvent[];
  seek(seq: number | null): void;
  /** For wording the current event (defaults to the generic description). */
  ruleset?: string;
}) {
  const chapters = useChapters(gameId, latestSeq);
  // Steps count from the position asked for, not the one loaded yet, so quick key presses add up.
  const [target, setTarget] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a pending step is dropped whenever the shown moment changes
  useEffect(() => setTarget(null), [shown]);
  const seq = target ?? shown;
  const past = seq < latestSeq;
  const first = Math.min(1, latestSeq);
  const go = (n: number) => {
    const to = Math.min(latestSeq, Math.max(first, n));
    setTarget(to);
    seek(to >= latestSeq ? null : to);
  };
  const ci = chapterIndex(chapters, seq);
  const current = ci >= 0 ? chapters[ci] : null;
  const prevChapter = ci < 0 ? null : chapters[ci].seq < seq ? chapters[ci].seq : ci > 0 ? chapters[ci - 1].seq : null;
  const nextChapter = chapters[ci + 1]?.seq ?? null;
  const event = useMemo(() => events.find((e) => e.seq === seq), [events, seq]);

  // Keyboard: only while the timeline has focus (a click on the map, or anywhere else, leaves the arrows to it).
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const t = e.target as HTMLElement;
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    // the slider's own arrow handling is replaced by ours (Shift for turns); other fields keep their keys
    const text = t.tagName === 'INPUT' && (t as HTMLInputElement).type !== 'range';
    if (t.isContentEditable || text || ['TEXTAREA', 'SELECT'].includes(t.tagName)) return;
    let to: number | null | undefined;
    if (e.key === 'ArrowLeft') to = e.shiftKey ? (prevChapter ?? undefined) : seq - 1;
    else if (e.key === 'ArrowRight') to = e.shiftKey ? (nextChapter ?? latestSeq) : seq + 1;
    else if (e.key === 'Home') to = first;
    else if (e.key === 'End') to = latestSeq;
    if (to === undefined || to === null || to < first || to > latestSeq || to === seq) return;
    e.preventDefault();
    go(to);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of controls, not a form; a fieldset would bring its own border and spacing
    <div className={`timeline card slim ${past ? 'past' : ''}`} role="group" aria-label="Timeline" onKeyDown={onKey}>
      <button
        type="button"
        className="secondary"
        aria-label="Previous turn or phase"
        title="Previous turn or phase (Shift+←)"
        disabled={prevChapter === null}
        onClick={() => prevChapter !== null && go(prevChapter)}
      >
        «
      </button>
      <button
        type="button"
        className="secondary"
        aria-label="Previous event"
        title="Previous event (←)"
        disabled={seq <= first}
        onClick={() => go(seq - 1)}
      >
        ◀
      </button>
      <div className="timeline-track">
        <input
          type="range"
          aria-label="Event"
          aria-valuetext={`event ${seq} of ${latestSeq}${current ? `, ${chapterLabel(current)}` : ''}`}
          min={first}
          max={latestSeq}
          value={seq}
          onChange={(e) => go(Number(e.target.value))}
        />
        <ChapterStrip chapters={chapters} current={ci} latestSeq={latestSeq} go={go} />
      </div>
      <button
        type="button"
        className="secondary"
        aria-label="Next event"
        title="Next event (→)"
        disabled={!past}
        onClick={() => go(seq + 1)}
      >
        ▶
      </button>
      <button
        type="button"
        className="secondary"
        aria-label="Next turn or phase"
        title="Next turn or phase (Shift+→)"
        disabled={!past}
        onClick={() => go(nextChapter ?? latestSeq)}
      >
        »
      </button>
      <button type="button" disabled={!past} onClick={() => go(latestSeq)} title="Back to the present (End)">
        Now
      </button>
      <span className="timeline-text" title={(event && describeEvent(ruleset ?? '', event)) || undefined}>
        <span data-testid="timeline-position">
          event {shown} of {latestSeq}
        </span>
        {current && (
          <>
            {' · '}
            <b data-testid="timeline-chapter">{chapterLabel(current)}</b>
          </>
        )}
        {event && describeEvent(ruleset ?? '', event) && <span className="muted"> · {describeEvent(ruleset ?? '', event)}</span>}
        {past && <span className="muted"> · looking back (focus here: ← → step, Shift for turns, End for now)</span>}
      </span>
    </div>
  );
}

/**
 * Turns and phases as labelled segments, proportional to their number of events; a click goes to the start. A
 * segment names its turn, or its phase when it goes on the turn of the segment before (set-up phases, say).
 */
function ChapterStrip({
  chapters,
  current,
  latestSeq,
  go,
}: {
  chapters: Chapter[];
  current: number;
  latestSeq: number;
  go(seq: number): void;
}) {
  if (!chapters.length) return null;
  const total = latestSeq + 1;
  return (
    <div
      role="toolbar"
      aria-label="Turns and phases"
      data-testid="timeline-chapters"
      style={{ position: 'relative', height: 15, borderRadius: 3, overflow: 'hidden', background: 'var(--line)' }}
    >
      {chapters.map((c, i) => {
        const end = chapters[i + 1]?.seq ?? total;
        return (
          <button
            type="button"
            key={c.seq}
            className="linklike"
            title={`${chapterLabel(c)} (from event ${c.seq})`}
            aria-label={`Go to ${chapterLabel(c)}`}
            onClick={() => go(c.seq)}
            style={{
              position: 'absolute',
              left: `${(c.seq / total) * 100}%`,
              width: `${(Math.max(1, end - c.seq) / total) * 100}%`,
              top: 0,
              bottom: 0,
              padding: '0 3px',
              fontSize: 10,
              lineHeight: '15px',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              borderLeft: '2px solid var(--muted)',
              borderRadius: 0,
              background: i === current ? '#f2c14e' : i % 2 ? '#ece4d0' : '#f7f1e3',
            }}
          >
            {i > 0 && chapters[i - 1].turn === c.turn && c.phase ? c.phase : short(c.turn)}
          </button>
        );
      })}
    </div>
  );
}
