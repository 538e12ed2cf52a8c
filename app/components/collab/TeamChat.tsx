'use client';
/**
 * A side's chat room. Messages show who wrote them and when; messages that arrived since this browser last
 * looked are marked. Read-only for viewers who may only read (e.g. anyone, after the game has ended).
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { sideDocName } from '../../../server/yjs/names';
import { useTRPC } from '../../lib/trpc';
import { DOC_FULL_MESSAGE, docIsFull } from './docSize';
import { lastSeen, markSeen, messagesOf, MAX_CHAT_CHARS, type ChatMessage } from './chat';
import { useCollabDoc, useYValue } from './useCollabDoc';

const time = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
};

export function TeamChat({
  gameId,
  side,
  sideName,
  name,
  readOnly,
}: {
  gameId: string;
  side: string;
  sideName?: string;
  /** The writer's display name (ignored when read-only). */
  name: string;
  readOnly: boolean;
}) {
  const room = sideDocName(gameId, side, 'chat');
  const { doc, status, synced } = useCollabDoc(room);
  const arr = doc ? messagesOf(doc) : null;
  const messages = useYValue(arr, () => (arr ? arr.toArray() : []) as ChatMessage[]);
  const [text, setText] = useState('');
  const [full, setFull] = useState(false);
  // The server writes the message, stamping who sent it and when (the page's name is only for "mine").
  const trpc = useTRPC();
  const post = useMutation(trpc.chat.post.mutationOptions());
  // Unread: the last id seen when the panel opened; everything after it is new until the reader looks.
  const [seenAtOpen, setSeenAtOpen] = useState<string | null | undefined>(undefined);
  useEffect(() => setSeenAtOpen(lastSeen(room)), [room]);
  // One's own messages never count as unread: those this page posted (the server's answer names the id), and
  // those under this browser's server-given name.
  const [posted, setPosted] = useState<ReadonlySet<string>>(new Set());
  const mine = (m: ChatMessage) => !readOnly && (posted.has(m.id) || m.name === name);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `mine` reads name, readOnly and posted, listed instead of the function
  const firstUnread = useMemo(() => {
    if (seenAtOpen === undefined || !messages.length) return -1;
    const seen = seenAtOpen ? messages.findIndex((m) => m.id === seenAtOpen) : -1;
    return messages.findIndex((m, i) => i > seen && !mine(m));
  }, [messages, seenAtOpen, name, readOnly, posted]);
  const unread = firstUnread < 0 ? 0 : messages.slice(firstUnread).filter((m) => !mine(m)).length;
  const list = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the bottom whenever a message arrives
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages.length]);

  const markRead = () => {
    const last = messages[messages.length - 1];
    if (last) {
      markSeen(room, last.id);
      setSeenAtOpen(last.id);
    }
  };

  return (
    <section
      className="card"
      aria-label={`Team chat ${sideName ?? side}`}
      data-testid={`chat-${side}`}
      style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '0.4rem' }}
    >
      <div style={{ display: 'flex', gap: '0.6rem', alignItems: 'baseline', flexWrap: 'wrap' }}>
        <h3 style={{ margin: 0 }}>Team chat · {sideName ?? side}</h3>
        {unread > 0 && (
          <button
            type="button"
            className="secondary"
            data-testid="chat-unread"
            onClick={markRead}
            title="Mark as read"
            style={{ padding: '0 0.5rem' }}
          >
            {unread} new
          </button>
        )}
        <span className="muted" style={{ fontSize: '0.8rem' }}>
          {status === 'connected' ? (synced ? (readOnly ? 'read-only' : 'only your side sees this') : 'loading…') : status}
        </span>
      </div>
      <ol
        ref={list}
        data-testid="chat-messages"
        onMouseEnter={markRead}
        style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 240, overflow: 'auto', fontSize: '0.92rem' }}
      >
        {messages.length === 0 && <li className="muted">{synced ? 'No messages yet.' : ''}</li>}
        {messages.map((m, i) => (
          <li
            key={m.id}
            style={{ padding: '0.2rem 0', borderTop: i === firstUnread ? '2px solid var(--accent)' : '1px solid var(--line)' }}
          >
            {i === firstUnread && <div style={{ color: 'var(--accent)', fontSize: '0.75rem' }}>new</div>}
            <b>{m.name || 'someone'}</b>{' '}
            <span className="muted" style={{ fontSize: '0.75rem' }}>
              {time(m.at)}
            </span>
            <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.text}</div>
          </li>
        ))}
      </ol>
      {!readOnly && (
        <form
          style={{ display: 'flex', gap: '0.4rem', alignItems: 'center' }}
          onSubmit={(e) => {
            e.preventDefault();
            if (!doc || !text.trim()) return;
            if (docIsFull(doc)) return setFull(true);
            post.mutate(
              { gameId, side, text },
              {
                onSuccess: (m) => {
                  setPosted((p) => new Set([...p, m.id]));
                  setText('');
                  requestAnimationFrame(markRead);
                },
                onError: (err) => {
                  if (err.data?.code === 'PAYLOAD_TOO_LARGE') setFull(true);
                },
              },
            );
          }}
        >
          <input
            type="text"
            aria-label="Message"
            value={text}
            maxLength={MAX_CHAT_CHARS}
            placeholder="Message your side"
            onChange={(e) => setText(e.target.value)}
            onFocus={markRead}
            style={{ flex: 1, minWidth: 0 }}
          />
          <button type="submit" disabled={!doc || !text.trim() || full || post.isPending}>
            Send
          </button>
        </form>
      )}
      {post.error && post.error.data?.code !== 'PAYLOAD_TOO_LARGE' && (
        <p role="alert" className="error">
          {post.error.message}
        </p>
      )}
      {full && (
        <p role="alert" className="muted">
          {DOC_FULL_MESSAGE}
        </p>
      )}
    </section>
  );
}
