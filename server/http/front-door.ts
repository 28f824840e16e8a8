// The front door: a cached public answer is written straight onto the socket, before Fastify parses,
// routes or runs a hook (docs/decisions.md "Front door"). Only what a route stored is ever answered
// here, and a route stores only valid, public, cacheable answers, so a hit needs no validation, no
// session and no logging beyond what a CDN in front would give. Everything else goes to Fastify.
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { english } from '../lib/english.ts';
import type { TrustProxy } from '../modules/geo/client-address.ts';
import { pickEncoding, type Variants } from './compression.ts';
import {
  DEFAULT_GUARD_LIMITS,
  type GuardLimits,
  type GuardWarn,
  guardConnections,
  hasBody,
} from './connection-guard.ts';
import { REQUEST_ID_HEADER, requestIdFor } from './observability.ts';
import { STRICT_TRANSPORT_SECURITY, securityHeaders, strictTransportFor } from './security-headers.ts';

/**
 * How long a client may take (audit F6: slow bodies held sockets open forever). A socket that sends
 * or receives no byte for `idleTimeoutMs` is closed, uploads included; a request must have arrived
 * whole within `requestTimeoutMs`, except a tus upload (`/api/upload/`), which may stream for hours
 * as long as bytes keep coming.
 */
export interface ConnectionLimits extends GuardLimits {
  /** Time to receive a request's headers (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** No byte either way for this long closes the socket (Node's socket timeout). */
  idleTimeoutMs: number;
  /** Time to receive a whole request, body included, outside the upload path; 0 disables it. */
  requestTimeoutMs: number;
  /** Sockets open at once; the next ones are closed at accept. */
  maxConnections: number;
}

// Node's own default request timeout (300 s) fits the largest ordinary body (a 25 MiB upload form
// with its preview image) on a slow line; slow-body attacks are bounded by the minimum body rate and the
// per-address cap (connection-guard.ts), the idle timeout and the global cap.
export const DEFAULT_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 20_000,
  idleTimeoutMs: 60_000,
  requestTimeoutMs: 300_000,
  maxConnections: 1000,
  // One address holds at most a tenth of that; a body must keep ≥ 500 bytes/s after 20 s (60 s for an
  // upload): connection-guard.ts.
  ...DEFAULT_GUARD_LIMITS,
};

/** Resumable uploads stream up to the upload size limit: only idleness ends them. */
const LONG_BODY_PREFIX = '/api/upload/';

const TIMEOUT_BODY = JSON.stringify({
  error: english('api.request_timeout'),
  code: 'request_timeout',
  codes: [],
});
const TIMEOUT_RESPONSE = Buffer.from(
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n' +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(TIMEOUT_BODY)}\r\n\r\n${TIMEOUT_BODY}`,
);

export interface FrontDoorHit {
  body: Buffer;
  /** Raw header pairs, content-length excluded. */
  headers: string[];
  /** Work a hit must still do (a search is counted, by its client, even when its answer is cached). */
  onHit?: (req: IncomingMessage) => void;
  /** The body compressed (compression.ts), once ready; `headers` then carry `Vary: Accept-Encoding`. */
  variants?: Variants;
}

/** Looks a raw GET request up; undefined falls through to Fastify. */
export type FrontDoorLookup = (req: IncomingMessage) => FrontDoorHit | undefined;

export interface FrontDoor {
  /** Adds a source of hits (the catalogue's response cache, the guest page cache). */
  use(lookup: FrontDoorLookup): void;
  /** Answers the request if a source has it; false leaves it to the application. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Fastify's `serverFactory`: a node:http server that asks the front door first. `site` adds what the
   * server needs of the configuration: its public address (HSTS when https) and its limits.
   */
  serverFactory(
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    fastifyOptions: Record<string, unknown>,
    site?: ServerSite,
  ): Server;
}

export interface ServerSite {
  /** PUBLIC_URL: an https site sends Strict-Transport-Security on every answer. */
  publicUrl?: string;
  limits?: Partial<ConnectionLimits>;
  /** TRUST_PROXY: whose X-Forwarded-For names the client the per-address cap counts. */
  trustProxy?: TrustProxy;
  /** Where the guard's warnings go (one per address and minute). */
  warn?: GuardWarn;
}

export function createFrontDoor(options: {
  ready: () => boolean;
  limits?: Partial<ConnectionLimits>;
  /** Counts a hit by source: `api` (the catalogue's response cache) or `page` (the guest page cache). */
  countHit?: (source: 'api' | 'page') => void;
  /** COMPRESSION: send a hit's stored variant the client accepts (false: a proxy compresses). */
  compress?: boolean;
}): FrontDoor {
  const lookups: FrontDoorLookup[] = [];
  const door: FrontDoor = {
    use(lookup) {
      lookups.push(lookup);
    },
    serve(req, res) {
      if (req.method !== 'GET' || !options.ready()) return false;
      for (const lookup of lookups) {
        // A lookup that cannot read a request (a target no URL parser accepts) leaves it to Fastify:
        // nothing thrown here may reach the socket's 'request' listener, where it would end the process.
        let hit: FrontDoorHit | undefined;
        try {
          hit = lookup(req);
        } catch {
          return false;
        }
        if (!hit) continue;
        hit.onHit?.(req);
        options.countHit?.(req.url?.startsWith('/api/') ? 'api' : 'page');
        const id = requestIdFor(req);
        const encoding =
          options.compress && hit.variants ? pickEncoding(req.headers['accept-encoding']) : null;
        const encoded = encoding ? hit.variants?.[encoding] : undefined;
        const body = encoded ?? hit.body;
        res.writeHead(200, [
          ...hit.headers,
          ...(encoded ? ['content-encoding', encoding as string] : []),
          REQUEST_ID_HEADER,
          id,
          'content-length',
          String(body.length),
        ]);
        res.end(body);
        return true;
      }
      return false;
    },
    serverFactory(handler, fastifyOptions, site = {}) {
      const limits: ConnectionLimits = { ...DEFAULT_LIMITS, ...options.limits, ...site.limits };
      // Set before anyone answers: Fastify, React Router and the door's own hits all keep it.
      const hsts = site.publicUrl !== undefined && strictTransportFor(site.publicUrl);
      // What Fastify sets on the server it would have made itself (its keep-alive is 72 s, Node's 5 s).
      const number = (key: string, fallback: number) => {
        const value = fastifyOptions[key];
        return typeof value === 'number' ? value : fallback;
      };
      const httpOptions: ServerOptions = {
        ...((fastifyOptions.http as ServerOptions | undefined) ?? {}),
        headersTimeout: limits.headersTimeoutMs,
        // Node's requestTimeout would also end uploads: the whole-request limit is a timer per request.
        requestTimeout: 0,
        // Headers timeouts are checked on this interval (Node's default, 30 s, would double them).
        connectionsCheckingInterval: Math.max(10, Math.min(5_000, Math.floor(limits.headersTimeoutMs / 4))),
      };
      const server = createServer(httpOptions, (req, res) => {
        if (!guard.admit(req, res)) return;
        limitRequestTime(req, res, limits.requestTimeoutMs);
        if (hsts) res.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
        if (!door.serve(req, res)) handler(req, res);
      });
      const guard = guardConnections(server, {
        limits,
        trustProxy: site.trustProxy,
        warn: site.warn,
        timeoutResponse: TIMEOUT_RESPONSE,
      });
      server.once('close', () => guard.stop());
      server.keepAliveTimeout = number('keepAliveTimeout', 72_000);
      server.setTimeout(limits.idleTimeoutMs);
      // An idle socket is closed even when a request or response listens for 'timeout' (Node would
      // then leave it open).
      server.on('timeout', (socket: Socket) => socket.destroy());
      server.maxConnections = limits.maxConnections;
      const maxRequests = number('maxRequestsPerSocket', 0);
      if (maxRequests > 0) server.maxRequestsPerSocket = maxRequests;
      return server;
    },
  };
  return door;
}

/** Closes a connection whose request has not arrived whole in time (408 when nothing was answered yet). */
function limitRequestTime(req: IncomingMessage, res: ServerResponse, timeoutMs: number) {
  if (timeoutMs <= 0 || req.url?.startsWith(LONG_BODY_PREFIX)) return;
  // A request without a body is whole once its headers are (headersTimeout bounds those): no timer,
  // which keeps a timer and a listener off every GET the front door answers (issue 30).
  if (!hasBody(req)) return;
  const timer = setTimeout(() => {
    if (req.complete) return;
    const socket = req.socket;
    if (socket.writable && !res.headersSent) {
      socket.write(TIMEOUT_RESPONSE);
    }
    socket.destroy();
  }, timeoutMs);
  timer.unref();
  // 'close' comes once the body is read (or dumped after the answer) or the socket is gone.
  req.once('close', () => clearTimeout(timer));
}

/** The headers of a public JSON answer under /api/, as Fastify would have sent them. */
export function publicJsonHeaders(url: string, cacheControl: string, compress = false): string[] {
  const pairs = Object.entries({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': cacheControl,
    ...(compress ? { vary: 'Accept-Encoding' } : {}),
    ...securityHeaders(url),
  });
  return pairs.flat();
}
