/**
 * Hexfront's tables. The event log is the source of truth; games.version is the last seq appended and is the
 * row writers lock to serialise appends to one game (see server/store.ts).
 */
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    ruleset: text('ruleset').notNull(),
    rulesetVersion: text('ruleset_version').notNull(),
    scenario: text('scenario').notNull(),
    options: jsonb('options').$type<Record<string, boolean>>().notNull().default({}),
    name: text('name').notNull(),
    /** Last seq appended (0 = empty log). */
    version: integer('version').notNull().default(0),
    /** Public status line (turn, phase, waiting for), refreshed on every append. */
    status: jsonb('status').$type<Record<string, unknown>>().notNull().default({}),
    parentId: text('parent_id'),
    branchSeq: integer('branch_seq'),
    demo: boolean('demo').notNull().default(false),
    /** SHA-256 of the creator's owner token: who may assign, reassign and revoke seats. */
    ownerTokenHash: text('owner_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('games_updated_idx').on(t.updatedAt)],
);

/** Process-wide settings shared by every instance (e.g. the cookie signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const seats = pgTable(
  'seats',
  {
    id: text('id').primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** Side id from the ruleset's roles, or 'spectator'. */
    side: text('side').notNull(),
    commands: jsonb('commands').$type<string[]>().notNull().default([]),
    label: text('label').notNull().default(''),
    /** Display name of whoever holds the seat. */
    holder: text('holder'),
    /** SHA-256 of the invite token; the token itself is only ever shown to the creator. */
    tokenHash: text('token_hash').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When an invite link was first used to take the seat: from then on only its side manages the side's seats. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A branch carries its parent's seats over, so a token is unique within a game, not across games.
  (t) => [index('seats_game_idx').on(t.gameId), uniqueIndex('seats_game_token_idx').on(t.gameId, t.tokenHash)],
);

/** Every change to a game's seats (who did what, never a token): shown to both sides. */
export const seatChanges = pgTable(
  'seat_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** 'add' | 'assign' | 'reissue' | 'remove' | 'join' */
    kind: text('kind').notNull(),
    /** Who made the change: 'creator', or the side and label of the acting seat. */
    by: text('by').notNull(),
    seatId: text('seat_id').notNull(),
    side: text('side').notNull(),
    label: text('label').notNull(),
    /** The seat's commands after the change. */
    commands: jsonb('commands').$type<string[]>().notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seat_changes_game_idx').on(t.gameId, t.id)],
);

/**
 * Browser sessions: the cookie carries one random session id; the seat and owner tokens the browser holds are
 * rows here, so a browser may hold any number of seats. The id is stored as its SHA-256.
 */
export const browserSessions = pgTable('browser_sessions', {
  idHash: text('id_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessionTokens = pgTable(
  'session_tokens',
  {
    sessionHash: text('session_hash')
      .notNull()
      .references(() => browserSessions.idHash, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionHash, t.token] })],
);

export const events = pgTable(
  'events',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** {side, commands, seat} of whoever issued the command, null for set-up. */
    actor: jsonb('actor').$type<Record<string, unknown> | null>(),
    engineVersion: text('engine_version').notNull(),
    /** Set on the first event of each command's batch: a retried command id is found here and applied once. */
    commandId: text('command_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq] }), uniqueIndex('events_command_idx').on(t.gameId, t.commandId)],
);

export const snapshots = pgTable(
  'snapshots',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    state: jsonb('state').notNull(),
    engineVersion: text('engine_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq] })],
);

export const replayLinks = pgTable(
  'replay_links',
  {
    token: text('token').primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** 'spectator' or a side id. */
    view: text('view').notNull(),
    atSeq: integer('at_seq'),
    canAnnotate: boolean('can_annotate').notNull().default(false),
    /** The side whose seat made the link (only that side may revoke it); null: made by a spectator. */
    createdBy: text('created_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('replay_links_game_idx').on(t.gameId)],
);

export const yjsUpdates = pgTable(
  'yjs_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    doc: text('doc').notNull(),
    update: bytea('update').notNull(),
    /** Process that wrote it, so an instance can skip its own updates when fanning out. */
    origin: text('origin').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('yjs_updates_doc_idx').on(t.doc, t.id)],
);

export type GameRow = typeof games.$inferSelect;
export type SeatRow = typeof seats.$inferSelect;
export type EventRow = typeof events.$inferSelect;
