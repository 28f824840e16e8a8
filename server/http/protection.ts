// Request-wide protections of the HTTP layer: a per-address budget of writes (@fastify/rate-limit,
// counted in Redis when configured so that every process shares it) and compression of answers
// (@fastify/compress) for sites without a proxy that compresses. The limits of particular acts
// (sign-ups, logins, mails, comments) are the domain's own and sit on top of this budget.
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { DomainError } from '../errors.ts';
import { english } from '../lib/english.ts';

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

type Counted = (error: Error | null, result: { current: number; ttl: number }) => void;

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

export async function registerProtection(app: FastifyInstance, options: ProtectionOptions): Promise<void> {
  if (options.compress) {
    await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  }
  if (options.writesPerMinute > 0) {
    await app.register(fastifyRateLimit, {
      global: true,
      max: options.writesPerMinute,
      timeWindow: 60_000,
      allowList: (request) => exempt(request),
      ...(options.redis
        ? { redis: options.redis, nameSpace: 'limit:writes:' }
        : { store: MemoryWindowStore }),
      // A Redis outage must not close the site to writes: they pass uncounted meanwhile.
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
