'use client';
/**
 * Per-game boards. The generic game screen hands a board the viewer's view and the legal actions; a game
 * without a board of its own gets the generic action list. Boards load on the client only (OpenLayers).
 */
import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { ClientEvent } from '../../server/games';
import { describeEastfront } from './eastfront/describe';
import { describeOu } from './ou/describe';
import { describeWite } from './wite/describe';
import type { Choice, ChoiceOption } from '../../engine/core/actions';

export interface LegalActionData {
  /** A complete command, or (with `choices`) its fixed part: see engine/core/actions.ts. */
  command: { type: string } & Record<string, unknown>;
  label: string;
  rule?: string;
  /** Open choices (engine/core/actions.ts): the command is complete once each is filled. */
  choices?: Choice[];
  /** Option lists several choices share (Choice.ref). */
  shared?: Record<string, ChoiceOption[]>;
}

export interface BoardProps {
  gameId: string;
  ruleset: string;
  scenario: string;
  /** The viewer's view (ruleset-specific shape) at `seq`. */
  view: unknown;
  status: {
    turn: string;
    phase: string;
    waitingFor: { side: string; command?: string; what: string }[];
    finished: boolean;
    result?: string;
  };
  legal: LegalActionData[];
  /** The ruleset's hints for this viewer at `seq` (ruleset.hints), or null when it has none. */
  hints?: unknown;
  /** The event the view shows, and the newest one; they differ while looking back in time. */
  seq: number;
  latestSeq: number;
  /** Side the viewer plays as (undefined for spectators). */
  side?: string;
  /** Commands the viewer holds on that side. */
  commands: string[];
  /** Redacted events for this viewer, oldest first (the log so far). */
  events: ClientEvent[];
  /** Send a command; resolves when the server accepted it, rejects with a readable message otherwise. */
  send(command: unknown): Promise<void>;
  busy: boolean;
  /** Move the screen to another event (null = now). */
  seek(seq: number | null): void;
  /** A shared replay: read-only, whatever the moment (boards word their prompts for watching, not playing). */
  readOnly?: boolean;
}

const Loading = () => (
  <p className="muted">
    <span className="spinner" /> Loading the board…
  </p>
);

export const boards: Record<string, ComponentType<BoardProps>> = {
  eastfront: dynamic(() => import('./eastfront/EastfrontBoard'), { ssr: false, loading: Loading }),
  'eastfront-drill': dynamic(() => import('./eastfront/EastfrontBoard'), { ssr: false, loading: Loading }), // test-only
  'operation-unthinkable': dynamic(() => import('./ou/OuBoard'), { ssr: false, loading: Loading }),
  'war-in-the-east': dynamic(() => import('./wite/WiteBoard'), { ssr: false, loading: Loading }),
};

/**
 * Per-game wording of log entries. A describer returns null for an event that deserves no line of its own (a
 * bookkeeping event whose news the next line carries); an empty string falls back to the generic wording.
 */
export const describers: Record<string, (e: ClientEvent) => string | null> = {
  eastfront: describeEastfront,
  'eastfront-drill': describeEastfront,
  'operation-unthinkable': describeOu,
  'war-in-the-east': describeWite,
};

/** "stepLost" or "step-lost" → "Step lost". */
const humanise = (type: string) =>
  type
    .replace(/^@/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

/** Field names that hold internal identifiers: the generic wording leaves them out. */
const ID_FIELD = /(^id$|Id$|_id$|^ids?$|^units?$|^seat|^command|^token|^state$)/;

/**
 * The line a log entry reads as, or null for none. The generic wording names the event and its plain public
 * values (numbers, yes/no, short words), never internal identifiers or nested data.
 */
export function describeEvent(ruleset: string, e: ClientEvent): string | null {
  const custom = describers[ruleset]?.(e);
  if (custom || custom === null) return custom;
  if (e.type === '@undo') return `${e.data.by} undid the events from ${e.data.from} on${e.data.takeback ? ' (agreed take-back)' : ''}`;
  if (e.type === '@takeback-request') return `${e.data.by} asks to take back the events from ${e.data.from} on`;
  if (e.type === '@takeback-answer') return `${e.data.by} ${e.data.accept ? 'agreed to' : 'declined'} the take-back`;
  const data = (e.data ?? {}) as Record<string, unknown>;
  const fields = Object.entries(data)
    .filter(([k, v]) => !ID_FIELD.test(k) && (typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v.length <= 24)))
    .map(([k, v]) => `${humanise(k).toLowerCase()} ${v === true ? 'yes' : v === false ? 'no' : String(v)}`);
  return `${humanise(e.type)}${fields.length ? `: ${fields.slice(0, 4).join(', ')}` : ''}`;
}

void dynamic;
void Loading;
