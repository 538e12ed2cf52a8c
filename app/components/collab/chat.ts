/** Team chat content: `doc.getArray('messages')` of ChatMessage (see docs/collaboration.md). */
import type * as Y from 'yjs';

export interface ChatMessage {
  id: string;
  name: string;
  side: string;
  /** ISO time, stamped by the server (chat.post), as are `name` and `side`. */
  at: string;
  text: string;
}

export const MAX_CHAT_CHARS = 2000;

export const messagesOf = (doc: Y.Doc) => doc.getArray<ChatMessage>('messages');

/** Unread is per browser: the id of the last message seen in each room, in localStorage. */
const seenKey = (room: string) => `hexfront.chat-seen.${room}`;

export function lastSeen(room: string): string | null {
  try {
    return localStorage.getItem(seenKey(room));
  } catch {
    return null;
  }
}

export function markSeen(room: string, id: string) {
  try {
    localStorage.setItem(seenKey(room), id);
  } catch {
    /* storage disabled: everything stays unread-free after a reload */
  }
}

/** The player's display name for chat and presence, remembered per browser. */
export function savedName(): string {
  try {
    return localStorage.getItem('hexfront.name') ?? '';
  } catch {
    return '';
  }
}

export function saveName(name: string) {
  try {
    localStorage.setItem('hexfront.name', name);
  } catch {
    /* ignore */
  }
}
