/**
 * The Yjs collaboration server: team chat and map annotations, served over the y-websocket protocol at
 * /yjs/<document name> on the app's own port (names and who may open what: ./names.ts, ./access.ts,
 * docs/collaboration.md).
 *
 * The protocol itself is @y/websocket-server's setupWSConnection. Around it this module adds:
 *   - authorization before the upgrade completes (refused upgrades get a plain HTTP 401/403/404 and are closed);
 *   - read-only connections, whose document-changing messages are dropped here, before Yjs sees them;
 *   - persistence in yjs_updates: every update appended, loaded on first open, compacted into one row when a
 *     document has more than `compactAfter` rows;
 *   - fan-out across instances: each stored row is announced with NOTIFY (row id and document name) and
 *     instances holding that document open read the row and apply it, skipping rows they wrote themselves.
 *
 * @y/websocket-server keeps its documents and its persistence hook in module state. Several servers may live in
 * one process (tests start two instances side by side), so each YjsServer prefixes its document keys with its
 * own key and one persistence dispatcher, kept on globalThis, routes bindState/writeState to the owner.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { WebSocketServer, type WebSocket } from 'ws';
import * as Y from 'yjs';
import { docs, getPersistence, getYDoc, setPersistence, setupWSConnection } from '@y/websocket-server/utils';
import type { Database } from '../../db/client';
import { yjsUpdates } from '../../db/schema';
import type { GameService } from '../games';
import { QuotaError } from '../limits';
import { SEATS_CHANNEL } from '../seats';
import { authorize, type Access } from './access';
import { MAX_DOC_BYTES } from './names';
import {
  applyRemote,
  awarenessMessage,
  awarenessOfMessage,
  decodeAwareness,
  encodeAwareness,
  encodeCurrent,
  MAX_PRESENCE_NOTIFY,
  PRESENCE_CHANNEL,
  stampIdentity,
  type AwarenessLike,
  type Identity,
} from './presence';

/** NOTIFY channel announcing stored rows: payload `<row id> <document name>`. */
export const YJS_CHANNEL = 'hexfront_yjs';

/** Transaction origin of updates that came from the database (load, fan-out, compaction): never stored again. */
const FROM_DB = Symbol('hexfront.yjs.fromDatabase');
/** Origin of presence applied from another instance: never announced again. */
const FROM_PEER = Symbol('hexfront.yjs.fromPeer');

export interface YjsOptions {
  database: Database;
  games: GameService;
  /** This process's id: written to yjs_updates.origin so fan-out can skip own rows. */
  instance: string;
  /** The seat tokens a request carries (session cookie, x-hexfront-token header). */
  tokensOf: (req: IncomingMessage) => string[] | Promise<string[]>;
  /** Count a websocket against its client's quota: returns its release, throws a QuotaError when refused. */
  openSocket?: (req: IncomingMessage) => () => void;
  /** Compact a document once it has more than this many stored rows (default 200). */
  compactAfter?: number;
  /** Largest websocket message accepted, in bytes (default 1 MiB); larger ones close the connection. */
  maxMessageBytes?: number;
  /**
   * A document whose updates add up to this many bytes (default MAX_DOC_BYTES) takes no more writes: changes are
   * dropped and counted, reads and presence still pass. Compaction shrinks the count to the merged size.
   */
  maxDocBytes?: number;
  /**
   * Re-check every open connection's access this often (default 30 s; 0 = never), closing those that lost it
   * (a revoked seat or link) and those that lost write access (they reconnect read-only).
   */
  recheckEveryMs?: number;
  log?: (...a: unknown[]) => void;
}

export interface YjsStats {
  /** Documents open (loaded) on this instance. */
  openDocs: number;
  connections: number;
  storedRows: number;
  appliedFromOtherInstances: number;
  compactions: number;
  /** Messages dropped because they came from a read-only connection and would have changed the document. */
  ignoredWrites: number;
  /** Presence messages refused (another client's id, malformed) or stripped of entries that were not the sender's. */
  refusedPresence: number;
  /** Presence changes announced to, and applied from, other instances. */
  presenceSent: number;
  presenceApplied: number;
  /** Changes dropped because their document had reached maxDocBytes. */
  droppedOverCap: number;
}

interface Bound {
  name: string;
  doc: Y.Doc;
  loaded: Promise<void>;
  /** Row ids already in the document (loaded, written here, or pulled). */
  seen: Set<number>;
  /** Rows this instance believes the document has in the table (compaction trigger). */
  rows: number;
  /** Bytes of the updates the document has taken (the size cap's measure). */
  bytes: number;
  pending: Uint8Array[];
  writing: Promise<void> | null;
  /** A write failed: the next write stores the whole document instead of the pending updates. */
  dirty: boolean;
  pulls: Promise<void>;
  released: boolean;
  /** Awareness client ids that speak through another instance (no connection here may take them). */
  remoteIds: Set<number>;
}

/** One open websocket: what it was authorized on and the presence client id it speaks for. */
interface Conn {
  req: IncomingMessage;
  write: boolean;
  doc: string;
  who?: Identity;
  serverWritten: boolean;
  clientId?: number;
}

// ------------------------------------------------------------------ process-wide dispatch

const REGISTRY_KEY = Symbol.for('hexfront.yjs.registry');
const DISPATCH_MARK = 'hexfront-yjs-dispatch';
type Registry = Map<string, YjsServer>;

function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (g[REGISTRY_KEY] ??= new Map());
}

function splitKey(key: string): { owner: YjsServer | undefined; name: string } {
  const i = key.indexOf('|');
  return { owner: registry().get(key.slice(0, i)), name: key.slice(i + 1) };
}

function installDispatcher() {
  if (getPersistence() && (getPersistence() as { provider?: unknown }).provider === DISPATCH_MARK) return;
  setPersistence({
    provider: DISPATCH_MARK,
    bindState(key, doc) {
      const { owner, name } = splitKey(key);
      owner?.bind(name, doc);
    },
    async writeState(key, doc) {
      const { owner, name } = splitKey(key);
      await owner?.release(name, doc);
    },
  });
}

/** The Yjs server started over a database (tests reach it through RunningServer.database). */
const byDatabase = new WeakMap<Database, YjsServer>();
export const yjsServerFor = (database: Database): YjsServer | undefined => byDatabase.get(database);

const toBytes = (v: unknown): Uint8Array => (v instanceof Uint8Array ? v : new Uint8Array(v as ArrayBuffer));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------ the server

export class YjsServer {
  /** Prefix of this server's keys in @y/websocket-server's document map. */
  readonly key = randomUUID().slice(0, 8);
  private readonly wss: WebSocketServer;
  private readonly open = new Map<string, Bound>();
  private readonly byDoc = new WeakMap<Y.Doc, Bound>();
  private readonly releasing = new Map<string, Promise<void>>();
  /** Open connections, with the request they were authorized on and whether they may write. */
  private readonly conns = new Map<WebSocket, Conn>();
  private recheckTimer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;
  private readonly counters = {
    storedRows: 0,
    appliedFromOtherInstances: 0,
    compactions: 0,
    ignoredWrites: 0,
    droppedOverCap: 0,
    refusedPresence: 0,
    presenceSent: 0,
    presenceApplied: 0,
  };
  compactAfter: number;
  maxDocBytes: number;
  private readonly log: (...a: unknown[]) => void;

  constructor(private readonly opts: YjsOptions) {
    this.compactAfter = opts.compactAfter ?? 200;
    this.maxDocBytes = opts.maxDocBytes ?? MAX_DOC_BYTES;
    this.log = opts.log ?? ((...a) => console.error('[yjs]', ...a));
    this.wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxMessageBytes ?? 1024 * 1024 });
  }

  /** Register with the process-wide dispatcher and LISTEN for other instances' rows. */
  async start(): Promise<this> {
    installDispatcher();
    registry().set(this.key, this);
    byDatabase.set(this.opts.database, this);
    const unYjs = await this.opts.database.listen(YJS_CHANNEL, (payload) => this.onNotify(payload));
    // A game's seats changed (revoked, reissued, commands moved): its rooms' connections are checked at once.
    const unSeats = await this.opts.database.listen(SEATS_CHANNEL, (gameId) => {
      void this.recheck((doc) => doc.startsWith(`game/${gameId}/`)).catch((err) => this.log('re-check failed:', err));
    });
    const unPresence = await this.opts.database.listen(PRESENCE_CHANNEL, (payload) => this.onPresence(payload));
    this.unlisten = async () => {
      await unYjs();
      await unSeats();
      await unPresence();
    };
    const every = this.opts.recheckEveryMs ?? 30_000;
    if (every > 0) {
      this.recheckTimer = setInterval(() => {
        void this.recheck().catch((err) => this.log('re-check failed:', err));
        void this.catchUp().catch((err) => this.log('catch-up failed:', err));
      }, every);
      this.recheckTimer.unref();
    }
    return this;
  }

  stats(): YjsStats {
    return { openDocs: this.open.size, connections: this.conns.size, ...this.counters };
  }

  /** Who may open the document a request addresses (exported for tests and for the pages' own checks). */
  async authorize(req: IncomingMessage): Promise<Access> {
    return authorize(this.opts.games, req, await this.opts.tokensOf(req));
  }

  /** The 'upgrade' handler for /yjs/... requests. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => {}); // a client vanishing mid-handshake is not our error
    this.upgrade(req, socket, head).catch((err) => {
      this.log('upgrade failed:', err);
      refuse(socket, 500, 'Internal error');
    });
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (this.closed) return refuse(socket, 503, 'Shutting down');
    let release: (() => void) | undefined;
    try {
      release = this.opts.openSocket?.(req);
    } catch (err) {
      if (err instanceof QuotaError) return refuse(socket, 429, err.message, err.retryAfter);
      throw err;
    }
    // Held until the socket closes, whether it becomes a websocket or is refused below.
    if (release) {
      if (socket.destroyed) release();
      else socket.once('close', release);
    }
    const access = await this.authorize(req);
    if (!access.ok) return refuse(socket, access.status, access.message);
    const key = `${this.key}|${access.doc}`;
    const doc = getYDoc(key);
    const bound = this.byDoc.get(doc);
    try {
      await bound?.loaded;
    } catch {
      this.dropIfIdle(key, doc);
      return refuse(socket, 503, 'Document unavailable, try again');
    }
    if (socket.destroyed || this.closed) {
      this.dropIfIdle(key, doc);
      return socket.destroy();
    }
    let attached = false;
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      attached = true;
      this.attach(ws, req, key, access);
    });
    // ws answers a malformed handshake itself, without calling back.
    if (!attached) this.dropIfIdle(key, doc);
  }

  private attach(ws: WebSocket, req: IncomingMessage, key: string, access: Extract<Access, { ok: true }>) {
    this.conns.set(ws, {
      req,
      write: access.write,
      doc: splitKey(key).name,
      who: access.who,
      serverWritten: access.serverWritten ?? false,
    });
    ws.once('close', () => this.conns.delete(ws));
    ws.on('error', () => {});
    // setupWSConnection subscribes to 'message' with ws.on: hand it a filtered stream instead, so a read-only
    // client's updates never reach the document (whatever its UI does), a connection whose access was withdrawn
    // is not heard at all while it closes, and presence is the sender's own, under the server's identity.
    const on = ws.on.bind(ws) as (event: string, fn: (...a: unknown[]) => void) => WebSocket;
    (ws as unknown as { on: typeof on }).on = (event, fn) =>
      event === 'message'
        ? on('message', (data: unknown, isBinary: unknown) => {
            const c = this.conns.get(ws);
            const m = toMessageBytes(data);
            if (!c) return void this.counters.ignoredWrites++;
            if (m[0] === MESSAGE_AWARENESS) {
              if (!c.write) return void this.counters.ignoredWrites++;
              const own = this.ownPresence(ws, c, key, m);
              if (!own) return void this.counters.refusedPresence++;
              return fn(Buffer.from(own), isBinary);
            }
            if (!((c.write && !c.serverWritten) || readOnlyMayPass(m))) return void this.counters.ignoredWrites++;
            if (this.isFull(key) && !readOnlyMayPass(m)) return void this.counters.droppedOverCap++;
            fn(data, isBinary);
          })
        : on(event, fn);
    setupWSConnection(ws, req, { docName: key, gc: true });
  }

  /**
   * The part of an awareness message its sender may say: entries for the one client id it speaks for (the first
   * it announced, unless another connection here or elsewhere already speaks for that id), with the identity
   * fields stamped by the server. Null when nothing is left.
   */
  private ownPresence(ws: WebSocket, c: Conn, key: string, m: Uint8Array): Uint8Array | null {
    const update = awarenessOfMessage(m);
    if (!update) return null;
    let entries: ReturnType<typeof decodeAwareness>;
    try {
      entries = decodeAwareness(update);
    } catch {
      return null;
    }
    if (c.clientId === undefined) {
      const first = entries.find((e) => e.state !== null);
      if (!first) return null;
      const doc = docs.get(key);
      const b = doc && this.byDoc.get(doc);
      if (b?.remoteIds.has(first.clientId)) return null;
      for (const [other, oc] of this.conns) if (other !== ws && oc.doc === c.doc && oc.clientId === first.clientId) return null;
      c.clientId = first.clientId;
    }
    const mine = entries
      .filter((e) => e.clientId === c.clientId)
      .map((e) => ({ ...e, state: c.who ? stampIdentity(e.state, c.who) : e.state }));
    if (mine.length !== entries.length) this.counters.refusedPresence++;
    return mine.length ? awarenessMessage(encodeAwareness(mine)) : null;
  }

  /** Announce an awareness change this instance accepted, so other instances show it too. */
  private announcePresence(b: Bound, aw: AwarenessLike, changes: { added: number[]; updated: number[]; removed: number[] }) {
    if (this.closed || b.released) return;
    const ids = [...changes.added, ...changes.updated, ...changes.removed].filter((id) => !b.remoteIds.has(id));
    if (!ids.length) return;
    const payload = `${this.opts.instance} ${b.name} ${Buffer.from(encodeCurrent(aw, ids)).toString('base64')}`;
    if (payload.length > MAX_PRESENCE_NOTIFY) return;
    this.counters.presenceSent++;
    this.opts.database.notify(PRESENCE_CHANNEL, payload).catch((err) => this.log('presence fan-out failed:', (err as Error).message));
  }

  /** Presence announced by an instance: applied to the document here, if open, except ids spoken for here. */
  private onPresence(payload: string) {
    const [origin, name, data] = payload.split(' ');
    if (!data || origin === this.opts.instance) return;
    const b = this.open.get(name);
    const aw = b && awarenessOf(b.doc);
    if (!b || !aw || b.released) return;
    let entries: ReturnType<typeof decodeAwareness>;
    try {
      entries = decodeAwareness(new Uint8Array(Buffer.from(data, 'base64')));
    } catch {
      return;
    }
    const local = new Set([...this.conns.values()].filter((c) => c.doc === name && c.clientId !== undefined).map((c) => c.clientId));
    const theirs = entries.filter((e) => !local.has(e.clientId));
    for (const e of theirs) {
      if (e.state === null) b.remoteIds.delete(e.clientId);
      else b.remoteIds.add(e.clientId);
    }
    if (!theirs.length) return;
    this.counters.presenceApplied++;
    applyRemote(aw, theirs, FROM_PEER);
  }

  /**
   * Change a document as the server (e.g. a chat message it stamped). If the document is open here, the change
   * goes through it (stored, sent to its connections, announced); otherwise it is applied to a copy loaded from
   * the table and the difference stored and announced. Refused when the document is full.
   */
  async serverWrite(name: string, change: (doc: Y.Doc) => void): Promise<void> {
    if (this.closed) throw new Error('collaboration server closed');
    const b = this.open.get(name);
    if (b && !b.released) {
      await b.loaded;
      if (b.bytes >= this.maxDocBytes) throw new DocumentFullError();
      b.doc.transact(() => change(b.doc));
      while (b.writing) await b.writing;
      return;
    }
    const rows = await this.opts.database.query<{ update: unknown }>('SELECT update FROM yjs_updates WHERE doc = $1 ORDER BY id', [name]);
    const updates = rows.map((r) => toBytes(r.update));
    if (updates.reduce((n, u) => n + u.byteLength, 0) >= this.maxDocBytes) throw new DocumentFullError();
    const scratch = new Y.Doc();
    try {
      if (updates.length) Y.applyUpdate(scratch, Y.mergeUpdates(updates));
      const before = Y.encodeStateVector(scratch);
      scratch.transact(() => change(scratch));
      await this.insert(name, Y.encodeStateAsUpdate(scratch, before));
      this.counters.storedRows++;
    } finally {
      scratch.destroy();
    }
  }

  /** True when the document has taken maxDocBytes of updates. */
  private isFull(key: string): boolean {
    const doc = docs.get(key);
    const b = doc && this.byDoc.get(doc);
    return !!b && b.bytes >= this.maxDocBytes;
  }

  /** A document this server created but no connection took (refused or failed handshake): forget it. */
  private dropIfIdle(key: string, doc: Y.Doc & { conns?: Map<unknown, unknown> }) {
    if (docs.get(key) !== doc || (doc.conns?.size ?? 0) > 0) return;
    docs.delete(key);
    const { name } = splitKey(key);
    void this.release(name, doc).then(() => doc.destroy());
  }

  /**
   * Authorize every open connection again (or those whose document name passes `only`); close (code 4403) those
   * no longer allowed in, or no longer allowed to write. Returns how many were closed.
   */
  async recheck(only?: (doc: string) => boolean): Promise<number> {
    let closed = 0;
    for (const [ws, c] of [...this.conns]) {
      if (this.closed) break;
      if (!this.conns.has(ws) || (only && !only(c.doc))) continue;
      let now: Access;
      try {
        now = await this.authorize(c.req);
      } catch (err) {
        // The database is unavailable: keep the connection, try again next time.
        this.log('re-check of a connection failed:', (err as Error).message);
        continue;
      }
      if (now.ok && (now.write || !c.write)) continue;
      closed++;
      this.conns.delete(ws);
      ws.close(4403, now.ok ? 'Write access withdrawn' : 'Access withdrawn');
      setTimeout(() => ws.terminate(), 1000).unref();
    }
    return closed;
  }

  // ---------------------------------------------------------------- persistence hooks

  /** bindState: a document was created in memory; load its rows and store its future updates. */
  bind(name: string, doc: Y.Doc) {
    const previous = this.releasing.get(name);
    const b: Bound = {
      name,
      doc,
      seen: new Set(),
      rows: 0,
      bytes: 0,
      pending: [],
      writing: null,
      dirty: false,
      released: false,
      remoteIds: new Set(),
      loaded: Promise.resolve(),
      pulls: Promise.resolve(),
    };
    // Registered before loading, so a row announced while the load runs is pulled afterwards, not missed.
    this.open.set(name, b);
    this.byDoc.set(doc, b);
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      b.bytes += update.byteLength;
      if (origin !== FROM_DB) this.enqueue(b, update);
    });
    // Presence accepted here (from a connection, or a connection's departure) is announced to other instances;
    // presence from other instances and the local expiry of entries are not.
    awarenessOf(doc)?.on('update', (changes, origin) => {
      if (origin === 'timeout') for (const id of changes.removed) b.remoteIds.delete(id);
      if (origin === FROM_PEER || origin === 'timeout' || origin === 'local') return;
      const aw = awarenessOf(doc);
      if (aw) this.announcePresence(b, aw, changes);
    });
    b.loaded = (async () => {
      // The last session of this document on this instance may still be writing: its rows must be in the load.
      await previous;
      const rows = await this.opts.database.query<{ id: string | number; update: unknown }>(
        'SELECT id, update FROM yjs_updates WHERE doc = $1 ORDER BY id',
        [name],
      );
      for (const r of rows) b.seen.add(Number(r.id));
      b.rows += rows.length;
      if (rows.length) Y.applyUpdate(doc, Y.mergeUpdates(rows.map((r) => toBytes(r.update))), FROM_DB);
      if (b.rows > this.compactAfter) this.enqueue(b, null);
    })();
    b.loaded.catch((err) => this.log(`loading ${name} failed:`, err));
  }

  /** writeState: the last connection of a document closed; finish its writes and stop following it. */
  async release(name: string, doc: Y.Doc): Promise<void> {
    const b = this.byDoc.get(doc);
    if (!b || b.released) return;
    b.released = true;
    if (this.open.get(name) === b) this.open.delete(name);
    const done = (async () => {
      await b.loaded.catch(() => {});
      while (b.writing) await b.writing;
    })();
    this.releasing.set(name, done);
    await done;
    if (this.releasing.get(name) === done) this.releasing.delete(name);
  }

  /** Queue an update for storing (null: nothing new, just check whether to compact). */
  private enqueue(b: Bound, update: Uint8Array | null) {
    if (update) b.pending.push(update);
    if (b.writing) return;
    b.writing = this.flush(b).finally(() => {
      b.writing = null;
      // Updates that arrived while the flush was compacting (or giving up) start the next one.
      if (b.pending.length && !this.closed) this.enqueue(b, null);
    });
  }

  private async flush(b: Bound) {
    let failures = 0;
    while (b.pending.length || b.dirty) {
      const batch = b.pending.splice(0);
      // After a failed write, store the whole document: it holds every update the failed writes carried.
      const update = b.dirty ? Y.encodeStateAsUpdate(b.doc) : batch.length === 1 ? batch[0] : Y.mergeUpdates(batch);
      try {
        const id = await this.insert(b.name, update);
        b.seen.add(id);
        b.rows++;
        b.dirty = false;
        failures = 0;
        this.counters.storedRows++;
      } catch (err) {
        b.dirty = true;
        failures++;
        this.log(`storing an update of ${b.name} failed (attempt ${failures}):`, (err as Error).message);
        // Give up for now after a few tries; the next update retries with the whole document.
        if (this.closed || failures >= 5) return;
        await sleep(100 * 2 ** failures);
      }
    }
    if (b.rows > this.compactAfter && !this.closed) {
      try {
        await this.compact(b);
      } catch (err) {
        this.log(`compacting ${b.name} failed:`, (err as Error).message);
      }
    }
  }

  /** Append one row and announce it, in one statement (the NOTIFY goes out when the row commits). */
  private async insert(name: string, update: Uint8Array): Promise<number> {
    const [row] = await this.opts.database.query<{ id: string | number }>(
      `WITH ins AS (INSERT INTO yjs_updates (doc, update, origin) VALUES ($1::text, $2, $3) RETURNING id)
       SELECT id, pg_notify($4, id::text || ' ' || $1::text) FROM ins`,
      [name, Buffer.from(update.buffer, update.byteOffset, update.byteLength), this.opts.instance, YJS_CHANNEL],
    );
    return Number(row.id);
  }

  /**
   * Replace a document's rows by one merged row, in a transaction (serialised per document with an advisory
   * lock, so two instances compacting at once do not both merge the same rows). Only the rows read are deleted:
   * a row committed meanwhile survives and is merged next time.
   */
  async compact(b: Bound | string): Promise<boolean> {
    const bound = typeof b === 'string' ? this.open.get(b) : b;
    const name = typeof b === 'string' ? b : b.name;
    const res = await this.opts.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`);
      const rows = await tx
        .select({ id: yjsUpdates.id, update: yjsUpdates.update })
        .from(yjsUpdates)
        .where(eq(yjsUpdates.doc, name))
        .orderBy(yjsUpdates.id)
        .limit(10_000);
      if (rows.length < 2) return null;
      const merged = Y.mergeUpdates(rows.map((r) => toBytes(r.update)));
      await tx.delete(yjsUpdates).where(
        and(
          eq(yjsUpdates.doc, name),
          inArray(
            yjsUpdates.id,
            rows.map((r) => r.id),
          ),
        ),
      );
      const [ins] = await tx
        .insert(yjsUpdates)
        .values({ doc: name, update: merged, origin: this.opts.instance })
        .returning({ id: yjsUpdates.id });
      await tx.execute(sql`SELECT pg_notify(${YJS_CHANNEL}, ${`${ins.id} ${name}`})`);
      return { id: Number(ins.id), merged };
    });
    if (!res) return false;
    this.counters.compactions++;
    if (bound) {
      bound.seen.add(res.id);
      bound.rows = 1;
      bound.bytes = res.merged.byteLength;
      // The merged row may hold rows another instance wrote that this one has not pulled yet (they are gone
      // from the table now): apply it here too.
      if (!bound.released) Y.applyUpdate(bound.doc, res.merged, FROM_DB);
    }
    return true;
  }

  // ---------------------------------------------------------------- fan-out

  private onNotify(payload: string) {
    const sp = payload.indexOf(' ');
    const id = Number(payload.slice(0, sp));
    const b = this.open.get(payload.slice(sp + 1));
    if (!b || !Number.isFinite(id) || b.seen.has(id)) return;
    b.pulls = b.pulls
      .then(() => this.pull(b, id))
      .catch((err) => {
        if (!this.closed) this.log(`fan-out of ${b.name} failed:`, (err as Error).message);
      });
  }

  private async pull(b: Bound, id: number) {
    await b.loaded;
    if (b.released || this.closed || b.seen.has(id)) return;
    const [row] = await this.opts.database.query<{ update: unknown; origin: string }>(
      'SELECT update, origin FROM yjs_updates WHERE id = $1 AND doc = $2',
      [id, b.name],
    );
    b.seen.add(id);
    // Gone: compacted meanwhile, and the merged row is announced in its turn.
    if (!row) return;
    b.rows++;
    // Own rows are in the document already (written from it, or loaded).
    if (row.origin === this.opts.instance || b.released) return;
    Y.applyUpdate(b.doc, toBytes(row.update), FROM_DB);
    this.counters.appliedFromOtherInstances++;
  }

  /**
   * Safety net for lost notifications (a dropped LISTEN connection): compare each open document's row ids with
   * those it has and pull the missing ones. Also trims the seen-id sets to rows that still exist.
   */
  async catchUp(): Promise<number> {
    let missing = 0;
    for (const b of [...this.open.values()]) {
      if (this.closed || b.released) continue;
      try {
        await b.loaded;
      } catch {
        continue;
      }
      const rows = await this.opts.database.query<{ id: string | number }>('SELECT id FROM yjs_updates WHERE doc = $1', [b.name]);
      const ids = new Set(rows.map((r) => Number(r.id)));
      for (const id of ids) {
        if (b.seen.has(id)) continue;
        missing++;
        b.pulls = b.pulls
          .then(() => this.pull(b, id))
          .catch((err) => {
            if (!this.closed) this.log(`catch-up of ${b.name} failed:`, (err as Error).message);
          });
      }
      // An id seen but no longer in the table was compacted away; if it is announced late, pulling it finds
      // nothing, so forgetting it is safe.
      for (const id of [...b.seen]) if (!ids.has(id)) b.seen.delete(id);
      b.rows = ids.size;
    }
    return missing;
  }

  // ---------------------------------------------------------------- shutdown

  /** Close every connection, finish pending writes, stop listening. Call before closing the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    const gone = [...this.conns.keys()].map(
      (ws) =>
        new Promise<void>((r) => {
          if (ws.readyState === ws.CLOSED) return r();
          ws.once('close', () => r());
          ws.terminate();
        }),
    );
    await Promise.race([Promise.all(gone), sleep(2000)]);
    // Closing the last connection of a document releases it (writeState); wait for those and any stragglers.
    for (const b of [...this.open.values()]) await this.release(b.name, b.doc);
    await Promise.all([...this.releasing.values()]);
    for (const [key, doc] of [...docs]) {
      if (key.startsWith(`${this.key}|`)) {
        docs.delete(key);
        doc.destroy();
      }
    }
    await this.unlisten?.().catch(() => {});
    registry().delete(this.key);
    this.wss.close();
  }
}

/** A side room is full (MAX_DOC_BYTES): the server takes no more changes to it. */
export class DocumentFullError extends Error {
  constructor() {
    super('This room is full: it takes no more messages');
  }
}

/** The awareness of a document @y/websocket-server created (WSSharedDoc), if it has one. */
function awarenessOf(doc: Y.Doc): AwarenessLike | undefined {
  return (doc as unknown as { awareness?: AwarenessLike }).awareness;
}

/** Read-only connections may only ask for the document (sync step 1): no updates, no awareness. */
/** y-protocols message types: 0 sync, 1 awareness (presence). */
const MESSAGE_AWARENESS = 1;

function readOnlyMayPass(m: Uint8Array): boolean {
  return m.length >= 2 && m[0] === 0 && m[1] === 0;
}

function toMessageBytes(data: unknown): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]);
  return new Uint8Array(0);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Answer an upgrade request with a plain HTTP error and close the socket. */
function refuse(socket: Duplex, status: number, message: string, retryAfter?: number) {
  if (socket.destroyed) return;
  const body = `${message}\n`;
  const wait = retryAfter === undefined ? '' : `Retry-After: ${retryAfter}\r\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nConnection: close\r\n${wait}Content-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 1000).unref();
}
