'use client';
/**
 * The event log as this viewer may see it, grouped under the turn and phase each entry belongs to (the
 * timeline's chapters), newest first. Commands that were undone or taken back stay listed, struck through.
 * Clicking an entry shows the game at that moment. Internal identifiers of sides and commands read as names.
 */
import { useMemo } from 'react';
import type { ClientEvent } from '../../server/games';
import { describeEvent } from './boards';
import { type Chapter, chapterIndex, chapterLabel, useChapters } from './TimelineBar';

export interface LogLine {
  seq: number;
  text: string;
  undone: boolean;
  /** The dice the event carries and its result, shown beside the words so a roll reads at a glance. */
  dice?: number[];
  hits?: number;
  result?: string;
}

/** Dice and outcome fields any game's events may carry (`dice`, `die`, `hits`, `result`), when they are plain values. */
export function rollOf(data: Record<string, unknown>): Pick<LogLine, 'dice' | 'hits' | 'result'> {
  const out: Pick<LogLine, 'dice' | 'hits' | 'result'> = {};
  const dice = Array.isArray(data.dice) ? data.dice.filter((d): d is number => typeof d === 'number') : [];
  if (typeof data.die === 'number') dice.push(data.die);
  if (dice.length) out.dice = dice;
  if (typeof data.hits === 'number' && dice.length) out.hits = data.hits;
  if (typeof data.result === 'string' && data.result) out.result = data.result;
  return out;
}

/** Replace whole-word identifiers (side and command ids) by their names. */
export function nameIds(text: string, names: Record<string, string>): string {
  const ids = Object.keys(names).filter((k) => k && k !== names[k]);
  if (!ids.length) return text;
  const esc = ids.sort((a, b) => b.length - a.length).map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text.replace(new RegExp(`(?<![\\w-])(${esc.join('|')})(?![\\w-])`, 'g'), (m) => names[m] ?? m);
}

/** The seqs cancelled by an undo or an agreed take-back: from the undo's `from` up to the undo itself. */
export function undoneSeqs(events: ClientEvent[]): Set<number> {
  const out = new Set<number>();
  for (const e of events) {
    if (e.type !== '@undo') continue;
    const from = Number(e.data.from);
    if (Number.isFinite(from)) for (let s = from; s < e.seq; s++) out.add(s);
  }
  return out;
}

/** Log lines in order, without the events that deserve no line. */
export function logLines(ruleset: string, events: ClientEvent[], names: Record<string, string>): LogLine[] {
  const undone = undoneSeqs(events);
  const out: LogLine[] = [];
  for (const e of events) {
    const text = describeEvent(ruleset, e);
    if (text) out.push({ seq: e.seq, text: nameIds(text, names), undone: undone.has(e.seq), ...rollOf(e.data) });
  }
  return out;
}

/** Lines grouped by chapter (turn and phase), newest chapter and newest line first. */
export function groupLines(lines: LogLine[], chapters: Chapter[]): { key: string; title: string; lines: LogLine[] }[] {
  const groups: { key: string; title: string; lines: LogLine[] }[] = [];
  let at = -2;
  for (const l of lines) {
    const ci = chapterIndex(chapters, l.seq);
    if (ci !== at || !groups.length) {
      at = ci;
      groups.push({ key: `${ci}-${l.seq}`, title: ci >= 0 ? chapterLabel(chapters[ci]) : 'Set-up', lines: [] });
    }
    groups[groups.length - 1].lines.push(l);
  }
  return groups.reverse().map((g) => ({ ...g, lines: [...g.lines].reverse() }));
}

function Line({ l, seq, seek }: { l: LogLine; seq: number; seek(seq: number | null): void }) {
  return (
    <li
      className={[l.seq === seq ? 'current' : l.seq > seq ? 'future' : '', l.undone ? 'undone' : ''].filter(Boolean).join(' ') || undefined}
    >
      <button type="button" className="linklike" onClick={() => seek(l.seq)} title="Show the game at this moment">
        <span className="seq">{l.seq}</span> {l.undone ? <s>{l.text}</s> : l.text}
        {l.undone && <span className="visually-hidden"> (undone)</span>}
        {l.dice && (
          <span className="log-dice" aria-hidden="true">
            {l.dice.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the dice of one roll in the order rolled; fixed
              <span key={i} className="log-die">
                {d}
              </span>
            ))}
          </span>
        )}
        {l.hits !== undefined && <b className="log-result">{l.hits === 1 ? '1 hit' : `${l.hits} hits`}</b>}
        {l.result && <b className="log-result">{l.result}</b>}
      </button>
    </li>
  );
}

export function EventLog({
  gameId,
  ruleset,
  events,
  loading,
  seq,
  latestSeq,
  seek,
  names = {},
}: {
  gameId: string;
  ruleset: string;
  events: ClientEvent[];
  loading: boolean;
  seq: number;
  latestSeq: number;
  seek(seq: number | null): void;
  names?: Record<string, string>;
}) {
  const chapters = useChapters(gameId, latestSeq);
  const groups = useMemo(() => groupLines(logLines(ruleset, events, names), chapters), [ruleset, events, names, chapters]);
  return (
    <section aria-label="Event log">
      <h2>Event log</h2>
      {loading && (
        <p>
          <span className="spinner" /> Loading log…
        </p>
      )}
      <div className="card eventlog" data-testid="event-log">
        {groups.map((g) => (
          <section key={g.key} aria-label={g.title}>
            <h3 className="eventlog-head">{g.title}</h3>
            <ol>
              {g.lines.map((l) => (
                <Line key={l.seq} l={l} seq={seq} seek={seek} />
              ))}
            </ol>
          </section>
        ))}
      </div>
    </section>
  );
}

/** The newest few lines, for the side panel's footer (oldest of them first, like a ticker). */
export function LatestEvents({
  ruleset,
  events,
  seq,
  seek,
  names = {},
  count = 4,
}: {
  ruleset: string;
  events: ClientEvent[];
  seq: number;
  seek(seq: number | null): void;
  names?: Record<string, string>;
  count?: number;
}) {
  const lines = useMemo(() => logLines(ruleset, events.slice(-40), names).slice(-count), [ruleset, events, names, count]);
  return (
    <ol data-testid="latest-events">
      {lines.map((l) => (
        <Line key={l.seq} l={l} seq={seq} seek={seek} />
      ))}
    </ol>
  );
}
