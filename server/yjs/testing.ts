/**
 * Helpers for websocket-level tests of the Yjs server: Node y-websocket clients carrying seat tokens, raw
 * sockets that record every byte the server sends, and polling with a deadline.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import type { Database } from '../../db/client';
import type { GameService } from '../games';
import { tokensFrom } from '../session';
import { YjsServer } from './server';

/** ws (Node 20 has no global WebSocket) with the seat tokens sent as the x-hexfront-token header. */
export function socketWithTokens(tokens: string[]): typeof WebSocket {
  const headers = tokens.length ? { 'x-hexfront-token': tokens.join(',') } : undefined;
  class TokenSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  }
  return TokenSocket as unknown as typeof WebSocket;
}

export const wsBase = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/yjs`;

export interface Client {
  doc: Y.Doc;
  provider: WebsocketProvider;
  /** Resolves once the first sync with the server completed. */
  synced: Promise<void>;
  close(): void;
}

const clients = new Set<Client>();

/** A y-websocket client of one document. */
export function yClient(httpUrl: string, name: string, tokens: string[] = []): Client {
  // Each Node provider adds a process 'exit' listener while it lives; tests hold a dozen at once.
  if (process.getMaxListeners() < 64) process.setMaxListeners(64);
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(wsBase(httpUrl), name, doc, {
    WebSocketPolyfill: socketWithTokens(tokens) as never,
    disableBc: true,
    maxBackoffTime: 300,
  });
  const synced = new Promise<void>((resolve) => {
    if (provider.synced) resolve();
    provider.on('sync', (s: boolean) => s && resolve());
  });
  const c: Client = {
    doc,
    provider,
    synced,
    close() {
      provider.destroy();
      doc.destroy();
      clients.delete(c);
    },
  };
  clients.add(c);
  return c;
}

/** Destroy every client still open (afterAll). */
export function closeAllClients() {
  for (const c of [...clients]) c.close();
}

export type OpenResult = { open: false; status: number } | { open: true; status: 101; ws: WebSocket; received: Buffer[] };

/**
 * Open a raw websocket to a document: resolves with the HTTP status of a refusal, or with the open socket and
 * the list it appends every message to.
 */
export function rawOpen(httpUrl: string, name: string, tokens: string[] = [], headers: Record<string, string> = {}): Promise<OpenResult> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsBase(httpUrl)}/${name}`, {
      headers: { ...(tokens.length ? { 'x-hexfront-token': tokens.join(',') } : {}), ...headers },
    });
    const received: Buffer[] = [];
    ws.on('message', (m: Buffer) => received.push(Buffer.from(m)));
    ws.once('open', () => resolve({ open: true, status: 101, ws, received }));
    ws.once('unexpected-response', (req, res) => {
      resolve({ open: false, status: res.statusCode ?? 0 });
      req.destroy();
    });
    ws.once('error', (err) => reject(err));
  });
}

/** Poll until `check` returns a truthy value, or throw after `ms`. */
export async function waitFor<T>(check: () => T | Promise<T>, ms = 5000, what: string | (() => string) = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

// The shapes the pages use (see docs/collaboration.md); the server itself stores whatever Yjs sends.
export type { ChatMessage } from '../../app/components/collab/chat';
import type { ChatMessage } from '../../app/components/collab/chat';

export const chatOf = (doc: Y.Doc) => doc.getArray<ChatMessage>('messages');
export const notesOf = (doc: Y.Doc) => doc.getMap<Record<string, unknown>>('annotations');

/**
 * A Yjs server alone on its own HTTP port, over an existing database and game service: lets a test stop and
 * start the collaboration layer (all in-memory documents gone) without reopening the database.
 */
export async function startStandaloneYjs(database: Database, games: GameService, secret: string) {
  const yjs = await new YjsServer({ database, games, instance: randomUUID(), tokensOf: (req) => tokensFrom(req, secret) }).start();
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket, head) => yjs.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    yjs,
    async close() {
      await yjs.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

// ------------------------------------------------------------------ raw y-websocket messages

function varUint(n: number): number[] {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return out;
}

/** A sync message: type 0, then the sync subtype (0 step 1, 1 step 2, 2 update) and a length-prefixed payload. */
export function syncMessage(subtype: 0 | 1 | 2, payload: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([0, subtype, ...varUint(payload.length)]), Buffer.from(payload)]);
}

/**
 * Send an update on a raw connection, then a sync step 1, and wait for the server's step 2 answering it: the
 * server handles one socket's messages in order, so by then it has processed (or dropped) the update.
 */
export async function sendUpdateAndSettle(r: Extract<OpenResult, { open: true }>, update: Uint8Array): Promise<void> {
  const seen = r.received.length;
  r.ws.send(syncMessage(2, update));
  r.ws.send(syncMessage(0, Y.encodeStateVector(new Y.Doc())));
  await waitFor(() => r.received.slice(seen).some((m) => m[0] === 0 && m[1] === 1), 2000, 'the answer to sync step 1');
}
