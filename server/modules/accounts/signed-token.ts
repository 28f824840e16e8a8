// Signed, expiring links (email confirmation, password restore) and the known-device cookie:
// base64url(JSON payload).HMAC-SHA256. Nothing is stored per token; single use comes from what the
// payload binds to (see accounts.service).
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenPayload {
  /** Purpose: a confirmation token is no restore token, and neither is a known-device token. */
  p: 'confirm' | 'restore' | 'device';
  /** User id. */
  u: number;
  /** Expiry, Unix seconds. */
  e: number;
  /** Binding: a fingerprint of the state the link is valid for (e.g. the current password hash). */
  b: string;
}

function mac(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

export function signToken(key: Buffer, payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/** The payload when the signature is right and the link has not expired; null otherwise. */
export function verifyToken(
  key: Buffer,
  token: string | undefined,
  purpose: TokenPayload['p'],
  now = Date.now(),
): TokenPayload | null {
  if (!token || token.length > 1000) return null;
  const dot = token.indexOf('.');
  if (dot < 1) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = Buffer.from(mac(key, body), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
    if (payload.p !== purpose || !Number.isInteger(payload.u) || typeof payload.b !== 'string') return null;
    if (!(payload.e * 1000 > now)) return null;
    return payload;
  } catch {
    return null;
  }
}
