import { hashToken } from '../games';

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * The token a join put in a fresh session: joins through apiClient keep it in a session row only, so read it
 * back from there (the newest session holding a token for this seat).
 */
export async function claimedToken(db: Queryable, gameId: string, seatId: string): Promise<string> {
  const rows = await db.query<{ token: string }>('SELECT token FROM session_tokens ORDER BY added_at DESC');
  const [seat] = await db.query<{ token_hash: string }>('SELECT token_hash FROM seats WHERE id = $1 AND game_id = $2', [seatId, gameId]);
  const hit = rows.find((r) => hashToken(r.token) === seat.token_hash);
  if (!hit) throw new Error('no session holds the claimed seat');
  return hit.token;
}
