// Whether the process's Redis answers (issue 28, "When things fail"). A Redis restart, failover or network
// cut makes its commands fail or wait; each Redis-backed part has a way to do without it (an in-process
// fallback, or a 503 where nothing can stand in: sessions), and takes it at once while Redis is known to
// be away instead of each request waiting for its own command to time out. Away: the connection closed,
// or a command failed for a reason of availability (refused, timed out, LOADING, READONLY…). Back: the
// client is ready again (ioredis reconnects by itself), or a PING answers when the connection stayed open
// (a Redis that stalled). One tracker per connection, found from the connection itself, so every part
// built on it agrees and the composition root needs nothing more than the client's options below.
import type { Redis, RedisOptions } from 'ioredis';
import { DomainError } from '../errors.ts';
import { english } from './english.ts';

/** Seconds a client is asked to wait (Retry-After) when its request cannot be served without Redis. */
export const REDIS_RETRY_AFTER_S = 5;

/**
 * The process's connection (server/app-services.ts). No command waits more than `commandTimeout`, queued
 * while connecting or sent to a Redis that stopped answering; a lost connection is retried at least every
 * second, so a Redis that is back is used again within about a second.
 */
export const REDIS_CLIENT_OPTIONS = {
  lazyConnect: true,
  maxRetriesPerRequest: 2,
  commandTimeout: 1_000,
  connectTimeout: 2_000,
  retryStrategy: (times: number) => Math.min(times * 50, 1_000),
} satisfies RedisOptions;

export interface RedisHealth {
  /** False while Redis is known to be away: use the fallback at once. */
  up(): boolean;
  /** Notes a failed command; true when it failed because Redis is unavailable (it is then marked away). */
  failed(error: unknown): boolean;
  /** `op` on Redis; `fallback` while Redis is away, or when `op` failed because it is unavailable. */
  run<T>(op: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
  /** Called on each change (away with the error that showed it, or back); returns the unsubscribe. */
  onChange(listener: (up: boolean, error?: unknown) => void): () => void;
}

// Replies of a Redis that is there but cannot serve now (starting, a replica after a failover, busy, full).
const UNAVAILABLE_REPLY = /^(LOADING|READONLY|MASTERDOWN|BUSY|TRYAGAIN|CLUSTERDOWN|OOM|MISCONF|NOREPLICAS)\b/;
const UNAVAILABLE_NAMES = new Set(['MaxRetriesPerRequestError', 'AbortError', 'InterruptError']);
const UNAVAILABLE_MESSAGES = ['Connection is closed', 'Command timed out', "Stream isn't writeable"];
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** A failure of availability, not a bad command (a script error or a wrong type is a bug: thrown on). */
export function isRedisUnavailableError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message, code } = error as { name?: unknown; message?: unknown; code?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (name === 'ReplyError') return UNAVAILABLE_REPLY.test(text);
  if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  return UNAVAILABLE_MESSAGES.some((m) => text.startsWith(m));
}

/** What a request gets when it needs Redis and there is no standing in for it (a session to check). */
export const redisUnavailable = () =>
  new DomainError('service_unavailable', {
    status: 503,
    message: english('api.database_unavailable'),
    info: { retry_after: REDIS_RETRY_AFTER_S },
  });

const PROBE_EVERY_MS = 500;
const trackers = new WeakMap<Redis, RedisHealth>();

/** The tracker of this connection (made on first ask; it listens to the connection's events). */
export function redisHealth(redis: Redis): RedisHealth {
  let tracker = trackers.get(redis);
  if (!tracker) {
    tracker = track(redis);
    trackers.set(redis, tracker);
  }
  return tracker;
}

function track(redis: Redis): RedisHealth {
  let away = false;
  let probe: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<(up: boolean, error?: unknown) => void>();
  const change = (up: boolean, error?: unknown) => {
    for (const listener of listeners) listener(up, error);
  };
  const markBack = () => {
    if (probe) clearTimeout(probe);
    probe = undefined;
    if (!away) return;
    away = false;
    change(true);
  };
  // A connection that stayed open (a stalled Redis, LOADING after a restart): asked until it answers.
  // A closed one needs no asking: the client's `ready` says when it is back.
  const scheduleProbe = () => {
    if (probe || !away) return;
    probe = setTimeout(() => {
      probe = undefined;
      if (!away || redis.status === 'end') return;
      if (redis.status !== 'ready') return scheduleProbe();
      redis.ping().then(markBack, () => scheduleProbe());
    }, PROBE_EVERY_MS);
    probe.unref();
  };
  const markAway = (error?: unknown) => {
    if (!away) {
      away = true;
      change(false, error);
    }
    if (redis.status !== 'end') scheduleProbe();
  };
  let lastError: unknown;
  // A listener also keeps ioredis from printing every failed reconnection on stderr.
  redis.on('error', (error: unknown) => {
    lastError = error;
  });
  redis.on('close', () => markAway(lastError));
  redis.on('ready', markBack);
  // Closed for good (the process is stopping): nothing to wait for.
  redis.on('end', () => {
    if (probe) clearTimeout(probe);
    probe = undefined;
  });

  const failed = (error: unknown) => {
    if (!isRedisUnavailableError(error)) return false;
    markAway(error);
    return true;
  };
  return {
    up: () => !away,
    failed,
    async run(op, fallback) {
      if (away) return fallback();
      try {
        return await op();
      } catch (error) {
        if (failed(error)) return fallback();
        throw error;
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
