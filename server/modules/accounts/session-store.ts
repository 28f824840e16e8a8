// Server-side sessions: the cookie holds an opaque random token (32 bytes, base64url); only its
// SHA-256 is stored, so a leaked table or Redis dump cannot be replayed. Sliding expiry: each use
// pushes the expiry to now + SESSION_DAYS, written at most once a minute per session.
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisHealth, redisUnavailable } from '../../lib/redis-health.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';

export interface SessionMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface ResolvedSession {
  userId: number;
  refreshed: boolean;
}

export interface ResolvedSessionUser extends ResolvedSession {
  user: UserRow;
}

export interface SessionStore {
  /** Creates a session and returns the token for the cookie. */
  create(userId: number, meta: SessionMeta): Promise<string>;
  /** The user id of a live session, or null; `refreshed` when its expiry was just pushed back. */
  resolve(token: string): Promise<ResolvedSession | null>;
  /**
   * As resolve, with the member's row read in the same statement (a store in the users' database):
   * a member's page then starts with one statement, not two. Absent (Redis): the caller reads the row.
   */
  resolveUser?(token: string): Promise<ResolvedSessionUser | null>;
  revoke(token: string): Promise<void>;
  revokeAll(userId: number): Promise<void>;
  /**
   * False while the store cannot be reached (Redis away): nothing can be signed in or checked, so the
   * callers refuse at once (503) rather than do work whose session could not be kept. Absent: always.
   */
  available?(): boolean;
  /**
   * Removes expired sessions; resolves how many. A lookup already drops the one it finds expired;
   * this sweeps those never looked up again (a browser that simply stopped coming).
   */
  purgeExpired(): Promise<number>;
}

const REFRESH_AFTER_MS = 60_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Anything that is not the shape of our tokens is not looked up at all. */
export const isSessionTokenShape = (token: string | undefined): token is string =>
  token !== undefined && TOKEN_PATTERN.test(token);

export function createDatabaseSessionStore(
  repo: AccountsRepository,
  days: number,
  now: () => number = Date.now,
): SessionStore {
  const lifetime = days * 86_400_000;
  // The session of `token` if it is live, whichever read finds it: an expired one is deleted; a live one
  // has its expiry pushed back when it was last seen a minute ago or more.
  const live = async <R extends { expiresAt: Date; lastSeenAt: Date }>(
    token: string,
    find: (hash: string) => Promise<R | undefined>,
  ): Promise<{ row: R; refreshed: boolean } | null> => {
    if (!isSessionTokenShape(token)) return null;
    const hash = hashSessionToken(token);
    const row = await find(hash);
    if (!row) return null;
    const t = now();
    if (row.expiresAt.getTime() <= t) {
      await repo.deleteSession(hash);
      return null;
    }
    const refreshed = t - row.lastSeenAt.getTime() >= REFRESH_AFTER_MS;
    if (refreshed) await repo.touchSession(hash, new Date(t), new Date(t + lifetime));
    return { row, refreshed };
  };
  return {
    async create(userId, meta) {
      const token = newSessionToken();
      await repo.insertSession({
        tokenHash: hashSessionToken(token),
        userId,
        expiresAt: new Date(now() + lifetime),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      });
      return token;
    },
    async resolve(token) {
      const session = await live(token, (hash) => repo.findSession(hash));
      return session && { userId: session.row.userId, refreshed: session.refreshed };
    },
    async resolveUser(token) {
      const session = await live(token, (hash) => repo.findSessionUser(hash));
      return session && { userId: session.row.user.id, refreshed: session.refreshed, user: session.row.user };
    },
    async revoke(token) {
      if (isSessionTokenShape(token)) await repo.deleteSession(hashSessionToken(token));
    },
    async revokeAll(userId) {
      await repo.deleteSessionsOfUser(userId);
    },
    purgeExpired: () => repo.deleteExpiredSessions(new Date(now())),
  };
}

/**
 * Keys: sess:{hash} → {u, s} with a TTL of SESSION_DAYS; usess:{user} → set of that user's hashes.
 * While Redis is away (lib/redis-health.ts) every call fails with a 503 at once: a session is only
 * here, and nothing can stand in for it (docs/decisions.md, 2026-11-29 issue 28).
 */
export function createRedisSessionStore(
  redis: Redis,
  days: number,
  now: () => number = Date.now,
): SessionStore {
  const ttl = days * 86_400;
  const health = redisHealth(redis);
  const guarded = async <T>(op: () => Promise<T>): Promise<T> => {
    if (!health.up()) throw redisUnavailable();
    try {
      return await op();
    } catch (error) {
      if (health.failed(error)) throw redisUnavailable();
      throw error;
    }
  };
  const write = (hash: string, userId: number, seen: number) =>
    redis
      .multi()
      .set(`sess:${hash}`, JSON.stringify({ u: userId, s: seen }), 'EX', ttl)
      .sadd(`usess:${userId}`, hash)
      .expire(`usess:${userId}`, ttl)
      .exec();
  return {
    available: () => health.up(),
    create: (userId) =>
      guarded(async () => {
        const token = newSessionToken();
        await write(hashSessionToken(token), userId, now());
        return token;
      }),
    async resolve(token) {
      if (!isSessionTokenShape(token)) return null;
      const hash = hashSessionToken(token);
      const raw = await guarded(() => redis.get(`sess:${hash}`));
      if (!raw) return null;
      const { u, s } = JSON.parse(raw) as { u: number; s: number };
      const refreshed = now() - s >= REFRESH_AFTER_MS;
      if (refreshed) await guarded(() => write(hash, u, now()));
      return { userId: u, refreshed };
    },
    async revoke(token) {
      if (!isSessionTokenShape(token)) return;
      const hash = hashSessionToken(token);
      await guarded(async () => {
        const raw = await redis.get(`sess:${hash}`);
        const multi = redis.multi().del(`sess:${hash}`);
        if (raw) multi.srem(`usess:${(JSON.parse(raw) as { u: number }).u}`, hash);
        await multi.exec();
      });
    },
    revokeAll: (userId) =>
      guarded(async () => {
        const hashes = await redis.smembers(`usess:${userId}`);
        await redis
          .multi()
          .del(...hashes.map((h) => `sess:${h}`), `usess:${userId}`)
          .exec();
      }),
    // Redis expires each sess:{hash} key itself (its TTL is the session's lifetime).
    purgeExpired: async () => 0,
  };
}
