'use client';
/**
 * Per-game boards. The generic game screen hands a board the viewer's view and the legal actions; a game
 * without a board of its own gets the generic action list. Boards load on the client only (OpenLayers).
 */
import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { Choice } from '../../engine/core/actions';
import type { ClientEvent } from '../../server/games';
import { describeEastfront } from './eastfront/describe';
import { describeOu } from './ou/describe';

export interface LegalActionData {
  command: { type: string } & Record<string, unknown>;
  label: string;
  rule?: string;
  /** Open choices (engine/core/actions.ts): the command is complete once each is filled. */
  choices?: Choice[];
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
};

/** Per-game wording of log entries; the default names the event and its public fields. */
export const describers: Record<string, (e: ClientEvent) => string> = {
  eastfront: describeEastfront,
  'eastfront-drill': describeEastfront,
  'operation-unthinkable': describeOu,
};

export function describeEvent(ruleset: string, e: ClientEvent): string {
  const custom = describers[ruleset]?.(e);
  if (custom) return custom;
  if (e.type === '@undo') return `${e.data.by} undid the events from ${e.data.from} on${e.data.takeback ? ' (agreed take-back)' : ''}`;
  if (e.type === '@takeback-request') return `${e.data.by} asks to take back the events from ${e.data.from} on`;
  if (e.type === '@takeback-answer') return `${e.data.by} ${e.data.accept ? 'agreed to' : 'declined'} the take-back`;
  const fields = JSON.stringify(e.data);
  return `${e.type} ${fields.length > 140 ? `${fields.slice(0, 137)}…` : fields}`;
}

void dynamic;
void Loading;
