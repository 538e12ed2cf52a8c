/**
 * The browser's session: a signed, httpOnly cookie holding one random session id; the seat (and owner) tokens
 * the browser holds are rows of session_tokens under that id's SHA-256, so a browser keeps any number of seats
 * (a cookie listing tokens overflowed after a few dozen games). API clients may send tokens in the
 * x-hexfront-token header instead.
 *
 * The signature (HMAC-SHA256 with a secret shared by all instances through the database, or HEXFRONT_SECRET)
 * means a cookie is only ever one this server wrote. Cookies of the earlier format (a signed list of tokens) are
 * still read, and their tokens move into a session row the next time the browser gains a seat.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSettings, browserSessions, sessionTokens } from '../db/schema';

export const SESSION_COOKIE = 'hf_session';
const TOKEN_RE = /^[A-Za-z0-9_-]{16,64}$/;
const MAX_TOKENS = 60;

export async function loadSecret(database: Database): Promise<string> {
  if (process.env.HEXFRONT_SECRET) return process.env.HEXFRONT_SECRET;
  await database.db
    .insert(appSettings)
    .values({ key: 'session_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await database.db.select().from(appSettings).where(eq(appSettings.key, 'session_secret'));
  return row.value;
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    try {
      out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      /* a malformed cookie is ignored */
    }
  }
  return out;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function encodeSession(secret: string, tokens: string[]): string {
  const payload = Buffer.from(JSON.stringify(tokens.slice(0, MAX_TOKENS))).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function decodeSession(secret: string, value: string | undefined): string[] {
  if (!value) return [];
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return [];
  const payload = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const want = Buffer.from(sign(secret, payload));
  if (given.length !== want.length || !timingSafeEqual(given, want)) return [];
  try {
    const tokens = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return Array.isArray(tokens) ? tokens.filter((t) => typeof t === 'string' && TOKEN_RE.test(t)) : [];
  } catch {
    return [];
  }
}

/** Tokens a request carries: the signed session cookie plus the x-hexfront-token header (comma-separated). */
export function tokensFrom(req: Pick<IncomingMessage, 'headers'>, secret: string): string[] {
  const header = req.headers['x-hexfront-token'];
  const fromHeader = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((t) => t.trim());
  const fromCookie = decodeSession(secret, parseCookies(req.headers.cookie)[SESSION_COOKIE]);
  return [...new Set([...fromCookie, ...fromHeader].filter((t) => TOKEN_RE.test(t)))].slice(0, MAX_TOKENS);
}

/** The Set-Cookie value binding a browser to session `sessionId`. */
export function sessionCookie(secret: string, sessionId: string, secure = false): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(encodeSessionId(secret, sessionId))}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure ? '; Secure' : ''}`;
}

const SESSION_ID_RE = /^[A-Za-z0-9_-]{32,64}$/;
/** Most tokens one browser session keeps (about two per game: far beyond any one player's games). */
export const MAX_SESSION_TOKENS = 5000;

/** Cookie value of a session id: `s.<id>.<signature>`. */
export function encodeSessionId(secret: string, id: string): string {
  return `s.${id}.${sign(secret, `s.${id}`)}`;
}

/** The session id a cookie value carries, or null (absent, legacy format, or not signed by this server). */
export function decodeSessionId(secret: string, value: string | undefined): string | null {
  if (!value?.startsWith('s.')) return null;
  const dot = value.lastIndexOf('.');
  const id = value.slice(2, dot);
  if (dot <= 2 || !SESSION_ID_RE.test(id)) return null;
  const given = Buffer.from(value.slice(dot + 1));
  const want = Buffer.from(sign(secret, `s.${id}`));
  return given.length === want.length && timingSafeEqual(given, want) ? id : null;
}

const hashId = (id: string) => createHash('sha256').update(id).digest('hex');

/** What a request carries: its session (if any), the tokens it holds, and tokens of a legacy cookie to move. */
export interface RequestSession {
  sessionId: string | null;
  tokens: string[];
  legacy: string[];
}

/** Session rows in the database: one id per browser, any number of tokens under it. */
export class SessionStore {
  constructor(
    private readonly database: Database,
    private readonly secret: string,
  ) {}

  /** The tokens a request holds: its session's rows, a legacy cookie's list, and the x-hexfront-token header. */
  async read(req: Pick<IncomingMessage, 'headers'>): Promise<RequestSession> {
    const header = req.headers['x-hexfront-token'];
    const fromHeader = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((t) => t.trim())
      .filter((t) => TOKEN_RE.test(t))
      .slice(0, MAX_TOKENS);
    const raw = parseCookies(req.headers.cookie)[SESSION_COOKIE];
    const sessionId = decodeSessionId(this.secret, raw);
    const legacy = sessionId ? [] : decodeSession(this.secret, raw);
    const stored = sessionId ? await this.tokensOf(sessionId) : [];
    return { sessionId, tokens: [...new Set([...stored, ...legacy, ...fromHeader])], legacy };
  }

  async tokensOf(sessionId: string): Promise<string[]> {
    const rows = await this.database.db
      .select({ token: sessionTokens.token })
      .from(sessionTokens)
      .where(eq(sessionTokens.sessionHash, hashId(sessionId)))
      .orderBy(asc(sessionTokens.addedAt))
      .limit(MAX_SESSION_TOKENS);
    return rows.map((r) => r.token);
  }

  /**
   * Add tokens to a session, creating one when `sessionId` is null (or unknown). Returns the session id, which
   * the caller sets as the cookie when it is new.
   */
  async add(sessionId: string | null, tokens: string[]): Promise<string> {
    const valid = [...new Set(tokens.filter((t) => TOKEN_RE.test(t)))];
    const id = sessionId ?? randomBytes(24).toString('base64url');
    const idHash = hashId(id);
    await this.database.db.transaction(async (tx) => {
      await tx.insert(browserSessions).values({ idHash }).onConflictDoNothing();
      if (valid.length)
        await tx
          .insert(sessionTokens)
          .values(valid.map((token) => ({ sessionHash: idHash, token })))
          .onConflictDoNothing();
    });
    return id;
  }
}

/** A small fixed-window rate limiter keyed by client address (joins, token guesses). */
export class RateLimiter {
  private hits = new Map<string, { start: number; n: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}
  allow(key: string, now = Date.now()): boolean {
    const h = this.hits.get(key);
    if (!h || now - h.start >= this.windowMs) {
      this.hits.set(key, { start: now, n: 1 });
      if (this.hits.size > 10_000) this.hits.delete(this.hits.keys().next().value!);
      return true;
    }
    h.n++;
    return h.n <= this.limit;
  }
}
