// Request-wide protections of the HTTP layer: a per-address budget of writes (@fastify/rate-limit,
// counted in Redis when configured so that every process shares it; per process while Redis is away)
// and compression of answers (@fastify/compress) for sites without a proxy that compresses. The limits of particular acts
// (sign-ups, logins, mails, comments) are the domain's own and sit on top of this budget.
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';
import { redisHealth } from '../lib/redis-health.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ProtectionOptions {
  /** Writes (POST, PATCH, DELETE under /api/) per address per minute; 0 turns the budget off. */
  writesPerMinute: number;
  /** Counts shared by every process; null counts in this process. */
  redis: Redis | null;
  /** Compress JSON, HTML, CSS and JS answers (gzip, brotli) when the client accepts it. */
  compress: boolean;
}

/**
 * Not counted: reads, and the chunks of a resumable upload (a 10 GB file is hundreds of PATCHes; the
 * upload limits of issue 11 bound uploads instead).
 */
function exempt(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  if (!request.url.startsWith('/api/')) return true;
  return request.method === 'PATCH' && request.url.startsWith('/api/upload/');
}

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The in-process count of writes per address, a fixed window per address. @fastify/rate-limit's own
 * in-process store hands every caller the same mutable record, so parallel requests past the budget
 * all read the final count and all are refused (4 parallel writes against a budget of 3 got four 429s);
 * here each caller gets its own count.
 */
class MemoryWindowStore {
  private readonly windows = new LRUCache<string, { count: number; startedMs: number }>({ max: 100_000 });

  incr(key: string, counted: Counted, timeWindow: number): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.startedMs + timeWindow <= now) {
      window = { count: 0, startedMs: now };
      this.windows.set(key, window);
    }
    window.count += 1;
    counted(null, { current: window.count, ttl: window.startedMs + timeWindow - now });
  }

  child(): MemoryWindowStore {
    return new MemoryWindowStore();
  }
}

// KEYS: the address's counter. ARGV: the window (ms). A fixed window from the first write, as in process.
const WINDOW_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;

/**
 * The count shared by every process, in Redis under `limit:writes:`. While Redis is away
 * (lib/redis-health.ts) each process counts on its own instead (the budget becomes the budget × the
 * processes for that time): not an open door, and no request waits on a Redis that is not there.
 */
function sharedWindowStore(redis: Redis) {
  const health = redisHealth(redis);
  return class SharedWindowStore {
    private readonly local = new MemoryWindowStore();
    private readonly prefix: string;
    // The plugin passes its options first; a route's own budget (child) counts under a prefix of its own.
    constructor(_options?: unknown, prefix = 'limit:writes:') {
      this.prefix = prefix;
    }

    incr(key: string, counted: Counted, timeWindow: number): void {
      health
        .run(
          async () => {
            const [current, ttl] = (await redis.eval(WINDOW_SCRIPT, 1, this.prefix + key, timeWindow)) as [
              number,
              number,
            ];
            return { current, ttl };
          },
          () =>
            new Promise<{ current: number; ttl: number }>((resolve) =>
              this.local.incr(
                key,
                (_error, result) => resolve(result as { current: number; ttl: number }),
                timeWindow,
              ),
            ),
        )
        .then(
          (result) => counted(null, result),
          (error: Error) => counted(error),
        );
    }

    child(route: { method?: string | string[]; url?: string }): SharedWindowStore {
      return new SharedWindowStore(undefined, `${this.prefix}${String(route.method)}${route.url ?? ''}-`);
    }
  };
}

export async function registerProtection(app: FastifyInstance, options: ProtectionOptions): Promise<void> {
  if (options.compress) {
    await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  }
  if (options.redis) {
    // One line when Redis goes away and one when it is back, not one per failed request.
    const stopWatching = redisHealth(options.redis).onChange((up, error) => {
      if (up) app.log.info('redis back: shared counts, caches and sessions in Redis again');
      else app.log.warn({ err: error }, 'redis away: counting in process, sessions unavailable (503)');
    });
    app.addHook('onClose', async () => {
      stopWatching();
    });
  }
  if (options.writesPerMinute > 0) {
    await app.register(fastifyRateLimit, {
      global: true,
      max: options.writesPerMinute,
      timeWindow: 60_000,
      allowList: (request) => exempt(request),
      store: options.redis ? sharedWindowStore(options.redis) : MemoryWindowStore,
      // A failure other than Redis being away (which the shared store answers itself) must not close
      // the site to writes: they pass uncounted.
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new DomainError('too_many_requests', {
          status: 429,
          message: english('api.too_many_requests'),
          info: { retry_after: Math.ceil(context.ttl / 1000) },
        }),
    });
  }
}
