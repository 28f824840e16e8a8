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
import { securityHeaders } from './security-headers.ts';

export interface FrontDoorHit {
  body: Buffer;
  /** Raw header pairs, content-length excluded. */
  headers: string[];
  /** Work a hit must still do (a search is counted even when its answer comes from the cache). */
  onHit?: () => void;
}

/** Looks a raw GET request up; undefined falls through to Fastify. */
export type FrontDoorLookup = (req: IncomingMessage) => FrontDoorHit | undefined;

export interface FrontDoor {
  /** Adds a source of hits (the catalogue's response cache, the guest page cache). */
  use(lookup: FrontDoorLookup): void;
  /** Answers the request if a source has it; false leaves it to the application. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Fastify's `serverFactory`: a node:http server that asks the front door first. */
  serverFactory(
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    fastifyOptions: Record<string, unknown>,
  ): Server;
}

export function createFrontDoor(options: { ready: () => boolean }): FrontDoor {
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
        hit.onHit?.();
        res.writeHead(200, [...hit.headers, 'content-length', String(hit.body.length)]);
        res.end(hit.body);
        return true;
      }
      return false;
    },
    serverFactory(handler, fastifyOptions) {
      // What Fastify sets on the server it would have made itself (its keep-alive is 72 s, Node's 5 s).
      const number = (key: string, fallback: number) => {
        const value = fastifyOptions[key];
        return typeof value === 'number' ? value : fallback;
      };
      const server = createServer((fastifyOptions.http as ServerOptions | undefined) ?? {}, (req, res) => {
        if (!door.serve(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = number('keepAliveTimeout', 72_000);
      server.requestTimeout = number('requestTimeout', 0);
      server.setTimeout(number('connectionTimeout', 0));
      const maxRequests = number('maxRequestsPerSocket', 0);
      if (maxRequests > 0) server.maxRequestsPerSocket = maxRequests;
      return server;
    },
  };
  return door;
}

/** The headers of a public JSON answer under /api/, as Fastify would have sent them. */
export function publicJsonHeaders(url: string, cacheControl: string): string[] {
  const pairs = Object.entries({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': cacheControl,
    ...securityHeaders(url),
  });
  return pairs.flat();
}
