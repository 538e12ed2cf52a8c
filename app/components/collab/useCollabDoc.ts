'use client';
/**
 * One Yjs document per name, synced with the app's y-websocket endpoint (/yjs/<name>). Several components may
 * ask for the same document (chat and presence share the side's chat document): they share one Y.Doc and one
 * provider, which is closed shortly after the last user lets go.
 *
 * The server decides read or write access per connection (seat cookie or replay token); a read-only
 * connection's edits are dropped there, so callers also hide their editing controls when `readOnly` is known.
 */
import { useEffect, useState } from 'react';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';

export type CollabStatus = 'connecting' | 'connected' | 'disconnected';

interface Entry {
  doc: Y.Doc;
  provider: WebsocketProvider;
  users: number;
  closeTimer: ReturnType<typeof setTimeout> | null;
}

const open = new Map<string, Entry>();

function wsBase(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/yjs`;
}

function acquire(name: string): Entry {
  let e = open.get(name);
  if (!e) {
    const doc = new Y.Doc();
    // No BroadcastChannel: every tab goes through the server, which enforces who may write.
    const provider = new WebsocketProvider(wsBase(), name, doc, { disableBc: true, maxBackoffTime: 4000 });
    e = { doc, provider, users: 0, closeTimer: null };
    open.set(name, e);
  }
  if (e.closeTimer) clearTimeout(e.closeTimer);
  e.closeTimer = null;
  e.users++;
  return e;
}

function release(name: string, e: Entry) {
  e.users--;
  if (e.users > 0) return;
  e.closeTimer = setTimeout(() => {
    if (e.users > 0) return;
    open.delete(name);
    e.provider.awareness.setLocalState(null);
    e.provider.destroy();
    e.doc.destroy();
  }, 1500);
}

export interface CollabDoc {
  doc: Y.Doc | null;
  provider: WebsocketProvider | null;
  status: CollabStatus;
  /** The first sync with the server finished (the document holds what was stored). */
  synced: boolean;
}

/** The shared document `name` (null: none, e.g. while the side is unknown). */
export function useCollabDoc(name: string | null): CollabDoc {
  const [state, setState] = useState<CollabDoc>({ doc: null, provider: null, status: 'connecting', synced: false });
  useEffect(() => {
    if (!name) {
      setState({ doc: null, provider: null, status: 'disconnected', synced: false });
      return;
    }
    const e = acquire(name);
    const { doc, provider } = e;
    const update = () =>
      setState({
        doc,
        provider,
        status: provider.wsconnected ? 'connected' : provider.wsconnecting ? 'connecting' : 'disconnected',
        synced: provider.synced,
      });
    update();
    provider.on('status', update);
    provider.on('sync', update);
    return () => {
      provider.off('status', update);
      provider.off('sync', update);
      release(name, e);
    };
  }, [name]);
  return state;
}

/** Re-render on every change of a Y type and return `read()` of it. */
/** What useYValue needs of a Y type: deep observation. */
type Observable = Pick<Y.AbstractType<unknown>, 'observeDeep' | 'unobserveDeep'>;

export function useYValue<T>(type: Observable | null, read: () => T): T {
  const [, bump] = useState(0);
  useEffect(() => {
    if (!type) return;
    const on = () => bump((n) => n + 1);
    type.observeDeep(on);
    bump((n) => n + 1);
    return () => type.unobserveDeep(on);
  }, [type]);
  return read();
}
