/**
 * Who may open which collaborative document, decided once per websocket, before the upgrade completes.
 *
 *   side chat / notes   a seat on that side: read and write. Nobody else, with one exception: once the game has
 *                       finished, anyone who may watch the game (every game is public) may read the side's
 *                       chat, never write it. Side notes stay with their side.
 *   replay notes        the replay link token, which is part of the name; write only if the link allows
 *                       annotating. Unknown or revoked links are refused.
 *
 * Refusals: 404 for a name outside the scheme or a side the game does not have, 401 when a side document is
 * asked for with no token at all, 403 otherwise (wrong side, spectator seat, unknown game or link).
 */
import type { IncomingMessage } from 'node:http';
import type { GameService } from '../games';
import { AppError } from '../errors';
import { docNameFromPath, parseDocName, seatIdentity } from './names';

import type { Identity } from './presence';

/**
 * `write`: the connection may change the document (and publish presence). Side chat is written by the server
 * alone (chat.post stamps sender and time), so its connections' document updates are dropped even when `write`
 * is true; `who` is the server's identity for a side seat (presence is stamped with it).
 */
export type Access =
  | { ok: true; doc: string; write: boolean; who?: Identity; serverWritten?: boolean }
  | { ok: false; status: 401 | 403 | 404; message: string };

const refused = (status: 401 | 403 | 404, message: string): Access => ({ ok: false, status, message });

export async function authorize(games: GameService, req: Pick<IncomingMessage, 'url' | 'headers'>, tokens: string[]): Promise<Access> {
  if (!sameOrigin(req)) return refused(403, 'Cross-site websocket refused');
  const name = docNameFromPath(req.url);
  const ref = name ? parseDocName(name) : null;
  if (!name || !ref) return refused(404, 'No such document');

  if (ref.kind === 'replay') {
    const link = await games.replayLink(ref.token);
    if (!link) return refused(403, 'Unknown or revoked replay link');
    return { ok: true, doc: name, write: link.canAnnotate };
  }

  let row: Awaited<ReturnType<GameService['game']>>;
  try {
    row = await games.game(ref.gameId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return refused(403, 'No such game');
    throw err;
  }
  const rs = games.rulesetOf(row);
  if (!rs.roles(row.scenario).sides.some((s) => s.id === ref.side)) return refused(404, `This game has no side ${ref.side}`);

  const principal = await games.principal(ref.gameId, tokens);
  const mine = principal.seats.filter((s) => s.side === ref.side);
  if (mine.length) {
    const sideName = rs.roles(row.scenario).sides.find((s) => s.id === ref.side)?.name ?? ref.side;
    const label = seatIdentity(mine, sideName);
    return { ok: true, doc: name, write: true, who: { side: ref.side, label }, serverWritten: ref.room === 'chat' };
  }

  if (ref.room === 'chat') {
    const { state } = await games.stateAt(ref.gameId);
    if (rs.status(state).finished) return { ok: true, doc: name, write: false, serverWritten: true };
  }
  return tokens.length
    ? refused(403, `You hold no seat on side ${ref.side} in this game`)
    : refused(401, 'A seat token is needed for this document');
}

/** A browser's cross-site websocket (Origin naming another host) is refused: cookies would ride along. */
function sameOrigin(req: Pick<IncomingMessage, 'headers'>): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}
