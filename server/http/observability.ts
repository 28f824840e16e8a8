// Observability (issue 12): request ids on every answer and log line, liveness/readiness probes, and
// Prometheus metrics. The metrics live in a registry per app (never prom-client's global one), so that
// several apps in one process (tests) count apart.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/errors.ts';
import type { DB } from '../db/database.ts';
import { pingDatabase } from '../db/ping.ts';
import { jobMetricsRegistry } from '../jobs/job-metrics.ts';
import { contractRoutes, errors } from './contract.ts';
import type { Readiness } from './health.routes.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A proxy's or client's id is kept when it is a plain token (it ends up in logs and a header: no
 * spaces, no control characters, bounded); anything else gets a fresh one.
 */
export function requestIdFor(req: Pick<IncomingMessage, 'headers'>): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Fastify's options for it. `requestIdHeader` is false on purpose: with a header name Fastify would
 * take the header's value as is, before genReqId could check it; genReqId reads the header itself.
 * The log label is the log controller's (Fastify 5.12 deprecates the top-level `requestIdLogLabel`,
 * FSTDEP024).
 */
export const requestIdOptions = {
  genReqId: requestIdFor,
  requestIdHeader: false,
  logController: new LogController({ requestIdLogLabel: 'requestId' }),
} as const;

/** How long /readyz waits for the database before calling it unavailable. */
export const READY_PING_TIMEOUT_MS = 2_000;

export interface Metrics {
  registry: Registry;
  /** Counts an answer written by the front door (it bypasses Fastify's hooks). */
  frontDoorHit(source: string): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const hits = new Counter({
    name: 'front_door_hits_total',
    help: 'Answers served from the front door caches, before Fastify',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  return { registry, frontDoorHit: (source) => hits.inc({ source }) };
}

export interface ObservabilityOptions {
  readiness: Readiness;
  metrics: Metrics;
  /** The database /readyz pings; without one, readiness alone decides. */
  db?: DB;
  /** METRICS_TOKEN: a bearer token that opens /metrics to non-loopback clients. */
  metricsToken?: string;
}

/** Registers the hooks (call before other onRequest hooks, so early answers carry the id) and the routes. */
export function registerObservability(app: FastifyInstance, options: ObservabilityOptions) {
  const { registry } = options.metrics;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered by the application',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // The route pattern, never the URL: ids in paths would make a series per video.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  const api = contractRoutes(app);
  api.get('/livez', { schema: LIVEZ_SCHEMA }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  api.get('/readyz', { schema: READYZ_SCHEMA }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!options.readiness.ready) return reply.status(503).send({ status: 'starting' as const });
    if (options.db) {
      try {
        await withTimeout(pingDatabase(options.db), READY_PING_TIMEOUT_MS);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database ping failed');
        return reply.status(503).send({ status: 'unavailable' as const, code: 'database' as const });
      }
    }
    return { status: 'ok' as const };
  });

  // Process metrics start with the first scrape: their event-loop and GC observers never stop, and
  // most apps (tests) are never scraped.
  let collecting = false;
  api.get('/metrics', { schema: METRICS_SCHEMA }, async (request, reply) => {
    if (!metricsAllowed(request, options.metricsToken)) return reply.callNotFound();
    if (!collecting) {
      collecting = true;
      collectDefaultMetrics({ register: registry });
    }
    // The app's own metrics and the process-wide ones (jobs: server/jobs/job-metrics.ts).
    const all = Registry.merge([registry, jobMetricsRegistry]);
    reply.header('cache-control', 'no-store').type(all.contentType);
    return all.metrics();
  });
}

// The probes and the scrape are for machines, not the site's API; documented with it all the same.
const ok = z.object({ status: z.literal('ok') });

const LIVEZ_SCHEMA = {
  tags: ['probes'],
  summary: 'Liveness: 200 whenever the process answers (also while starting).',
  response: { 200: ok, ...errors() },
};

const READYZ_SCHEMA = {
  tags: ['probes'],
  summary: `Readiness: 503 until started, then a database ping (${READY_PING_TIMEOUT_MS / 1000} s at most).`,
  response: {
    200: ok,
    ...errors(),
    503: z.union([
      z.object({ status: z.literal('starting') }).describe('Migrations or the first-start seed are running.'),
      z
        .object({ status: z.literal('unavailable'), code: z.literal('database') })
        .describe('The database did not answer the ping in time.'),
      errorBodySchema,
    ]),
  },
};

const METRICS_SCHEMA = {
  tags: ['probes'],
  summary: 'Prometheus metrics: requests and latency by route pattern, front-door hits, the process.',
  description:
    'Answered to loopback clients (a request with X-Forwarded-For, Forwarded or X-Real-IP is never one) or to `Authorization: Bearer $METRICS_TOKEN`; to anyone else it does not exist (404).',
  response: {
    200: {
      description: 'The text exposition format.',
      content: { 'text/plain; version=0.0.4; charset=utf-8': { schema: z.string() } },
    },
    ...errors(404),
  },
};

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
// A proxy on the same host makes every visitor look local: a forwarded request is never "loopback".
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token !== undefined) {
    const given = request.headers.authorization;
    if (typeof given === 'string' && given.startsWith('Bearer ') && sameSecret(given.slice(7), token)) {
      return true;
    }
  }
  const address = request.raw.socket?.remoteAddress;
  return (
    address !== undefined &&
    LOOPBACK.has(address) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

/** Compares digests so that neither the length nor a prefix of the token leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
