/**
 * Presence (Yjs awareness) as the server lets it through, and its fan-out across instances.
 *
 * An awareness update is a list of (client id, clock, JSON state). A connection may speak only for the one
 * client id it announced first (and not for an id another open connection, here or on another instance,
 * already speaks for), so it can never overwrite or remove someone else's entry. The identity fields of its
 * state (`user.name`, `user.side`) are replaced by the server's: the seat label and side its tokens hold.
 *
 * Instances share presence through PostgreSQL: every awareness change an instance accepts is announced on
 * PRESENCE_CHANNEL (`<instance> <document> <base64 update>`) and applied by the other instances that have the
 * document open, so teammates connected to different instances see each other. Works on PGlite too (one
 * instance, nothing to share).
 */

export const PRESENCE_CHANNEL = 'hexfront_presence';

/** NOTIFY payloads are limited to 8000 bytes: bigger presence states are not shared across instances. */
export const MAX_PRESENCE_NOTIFY = 7000;

export interface AwarenessEntry {
  clientId: number;
  clock: number;
  /** The parsed JSON state; null removes the entry. */
  state: unknown;
}

// ---------------------------------------------------------------- lib0 varint/varstring encoding

function readVarUint(b: Uint8Array, pos: { i: number }): number {
  let n = 0;
  let mult = 1;
  for (let k = 0; k < 8; k++) {
    if (pos.i >= b.length) throw new Error('truncated varint');
    const byte = b[pos.i++];
    n += (byte & 0x7f) * mult;
    if (byte < 0x80) return n;
    mult *= 128;
  }
  throw new Error('varint too long');
}

function writeVarUint(out: number[], n: number) {
  while (n > 0x7f) {
    out.push((n % 128) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
}

/** Decode an awareness update (throws on malformed input). */
export function decodeAwareness(update: Uint8Array): AwarenessEntry[] {
  const pos = { i: 0 };
  const count = readVarUint(update, pos);
  if (count > 1000) throw new Error('too many awareness entries');
  const out: AwarenessEntry[] = [];
  for (let k = 0; k < count; k++) {
    const clientId = readVarUint(update, pos);
    const clock = readVarUint(update, pos);
    const len = readVarUint(update, pos);
    if (pos.i + len > update.length) throw new Error('truncated awareness state');
    const json = Buffer.from(update.buffer, update.byteOffset + pos.i, len).toString('utf8');
    pos.i += len;
    out.push({ clientId, clock, state: JSON.parse(json) });
  }
  return out;
}

export function encodeAwareness(entries: AwarenessEntry[]): Uint8Array {
  const out: number[] = [];
  writeVarUint(out, entries.length);
  const parts: Buffer[] = [];
  for (const e of entries) {
    writeVarUint(out, e.clientId);
    writeVarUint(out, e.clock);
    const json = Buffer.from(JSON.stringify(e.state ?? null), 'utf8');
    writeVarUint(out, json.length);
    parts.push(Buffer.from(out.splice(0)), json);
  }
  parts.push(Buffer.from(out));
  return new Uint8Array(Buffer.concat(parts));
}

/** A y-websocket awareness message: type 1, then the update as a length-prefixed byte array. */
export function awarenessMessage(update: Uint8Array): Uint8Array {
  const head: number[] = [1];
  writeVarUint(head, update.length);
  return new Uint8Array(Buffer.concat([Buffer.from(head), Buffer.from(update)]));
}

/** The update inside an awareness message (type 1), or null when the message is not one or is malformed. */
export function awarenessOfMessage(m: Uint8Array): Uint8Array | null {
  if (m[0] !== 1) return null;
  const pos = { i: 1 };
  try {
    const len = readVarUint(m, pos);
    if (pos.i + len > m.length) return null;
    return m.subarray(pos.i, pos.i + len);
  } catch {
    return null;
  }
}

/** Who a connection is, as the server knows it (from the seats its tokens hold). */
export interface Identity {
  side: string;
  label: string;
}

/** The state with its identity fields set by the server (a `user` object, as the pages publish it). */
export function stampIdentity(state: unknown, who: Identity): unknown {
  if (state === null || typeof state !== 'object' || Array.isArray(state)) return state;
  const s = state as Record<string, unknown>;
  const user = s.user && typeof s.user === 'object' && !Array.isArray(s.user) ? (s.user as Record<string, unknown>) : null;
  if (!user) return state;
  return { ...s, user: { ...user, name: who.label, side: who.side } };
}

// ---------------------------------------------------------------- the document's awareness, structurally

/** The parts of y-protocols' Awareness the server uses (WSSharedDoc.awareness). */
export interface AwarenessLike {
  clientID: number;
  states: Map<number, unknown>;
  meta: Map<number, { clock: number; lastUpdated: number }>;
  on(event: 'update', fn: (changes: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => void): void;
  emit(event: string, args: unknown[]): void;
}

/** Encode the current entries of some client ids (for announcing a change). */
export function encodeCurrent(aw: AwarenessLike, ids: number[]): Uint8Array {
  return encodeAwareness(ids.map((id) => ({ clientId: id, clock: aw.meta.get(id)?.clock ?? 0, state: aw.states.get(id) ?? null })));
}

/**
 * Apply entries announced by another instance, with y-protocols' rules (a higher clock wins; a removal needs
 * the same clock), emitting the same events so the document's connections are told.
 */
export function applyRemote(aw: AwarenessLike, entries: AwarenessEntry[], origin: unknown) {
  const now = Date.now();
  const added: number[] = [];
  const updated: number[] = [];
  const removed: number[] = [];
  for (const e of entries) {
    if (e.clientId === aw.clientID) continue;
    const meta = aw.meta.get(e.clientId);
    const clock = meta?.clock ?? 0;
    if (!(clock < e.clock || (clock === e.clock && e.state === null && aw.states.has(e.clientId)))) continue;
    if (e.state === null) aw.states.delete(e.clientId);
    else aw.states.set(e.clientId, e.state);
    aw.meta.set(e.clientId, { clock: e.clock, lastUpdated: now });
    if (!meta && e.state !== null) added.push(e.clientId);
    else if (meta && e.state === null) removed.push(e.clientId);
    else if (e.state !== null) updated.push(e.clientId);
  }
  if (added.length || updated.length || removed.length) {
    aw.emit('change', [{ added, updated, removed }, origin]);
    aw.emit('update', [{ added, updated, removed }, origin]);
  }
}
