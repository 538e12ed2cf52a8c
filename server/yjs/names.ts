/**
 * Names of the collaborative (Yjs) documents. Pure functions with no Node dependencies, so pages can build the
 * same names the server parses.
 *
 *   game/<gameId>/side/<side>/chat    team chat of one side
 *   game/<gameId>/side/<side>/notes   map annotations of one side (notes, arrows, highlights)
 *   replay/<token>/notes              annotations of one replay link (the link token is the secret)
 *
 * A client connects to `/yjs/<name>` on the app's own port.
 */

export type SideRoom = 'chat' | 'notes';

export type DocRef = { kind: 'side'; gameId: string; side: string; room: SideRoom } | { kind: 'replay'; token: string; room: 'notes' };

/** Size cap of one document's updates; the server drops changes past it and the pages say so (docs/collaboration.md). */
export const MAX_DOC_BYTES = 2 * 1024 * 1024;

/** The path prefix the websocket endpoint listens on. */
export const YJS_PATH = '/yjs';

const GAME_ID = /^[A-Za-z0-9-]{1,64}$/;
const SIDE = /^[A-Za-z0-9_-]{1,32}$/;
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export function sideDocName(gameId: string, side: string, room: SideRoom): string {
  return `game/${gameId}/side/${side}/${room}`;
}

export function replayDocName(token: string): string {
  return `replay/${token}/notes`;
}

export function docName(ref: DocRef): string {
  return ref.kind === 'side' ? sideDocName(ref.gameId, ref.side, ref.room) : replayDocName(ref.token);
}

/** Parse a document name; null for anything outside the scheme above. */
export function parseDocName(name: string): DocRef | null {
  const p = name.split('/');
  if (p.length === 5 && p[0] === 'game' && p[2] === 'side' && (p[4] === 'chat' || p[4] === 'notes')) {
    if (!GAME_ID.test(p[1]) || !SIDE.test(p[3])) return null;
    return { kind: 'side', gameId: p[1], side: p[3], room: p[4] };
  }
  if (p.length === 3 && p[0] === 'replay' && p[2] === 'notes' && TOKEN.test(p[1])) {
    return { kind: 'replay', token: p[1], room: 'notes' };
  }
  return null;
}

/** The document name a request path like `/yjs/game/<id>/side/red/chat?x=1` addresses, or null. */
export function docNameFromPath(url: string | undefined): string | null {
  const path = (url ?? '').split('?')[0];
  if (!path.startsWith(`${YJS_PATH}/`)) return null;
  let name: string;
  try {
    name = decodeURIComponent(path.slice(YJS_PATH.length + 1));
  } catch {
    return null;
  }
  return parseDocName(name) ? name : null;
}

/**
 * How the server names the holder of some seats of one side, in chat and presence: the name recorded when
 * the seat was taken (if any) and the seat's label, e.g. "Bea (Red commander 2)".
 */
export function seatIdentity(seats: { label: string; holder: string | null }[], sideName: string): string {
  return seats.map((s) => (s.holder ? `${s.holder} (${s.label || sideName})` : s.label || sideName)).join(' / ');
}
