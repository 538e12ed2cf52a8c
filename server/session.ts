/**
 * The browser's session: a signed, httpOnly cookie listing the seat (and owner) tokens this browser holds.
 * API clients may send the same tokens in the x-hexfront-token header instead.
 *
 * The signature (HMAC-SHA256 with a secret shared by all instances through the database, or HEXFRONT_SECRET)
 * means a cookie is only ever one this server wrote; the tokens inside are unguessable bearer secrets whose
 * SHA-256 is all the database keeps.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSettings } from '../db/schema';

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

export function sessionCookie(secret: string, tokens: string[], secure = false): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(encodeSession(secret, tokens))}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure ? '; Secure' : ''}`;
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
