// What one client may hold of the server (issue 28): a cap of connections per client address, and a
// minimum body rate, so that one address trickling bytes into many sockets cannot fill the global cap
// (1,000 sockets each sending a byte every 10 s used to leave /healthz unanswered for 300 s).
// Modelled on Apache's mod_reqtimeout (`body=20,MinRate=500`) and nginx's `limit_conn`.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { english } from '../lib/english.ts';
import { clientAddress, compileTrust, plainAddress, type TrustProxy } from '../modules/geo/client-address.ts';

export interface GuardLimits {
  /** Connections (or, behind a trusted proxy, requests in flight) at once from one client address. */
  maxConnectionsPerAddress: number;
  /** A body may take this long before its rate is checked (mod_reqtimeout's `body=20`). */
  bodyGraceMs: number;
  /** The grace of a resumable upload's body (`/api/upload/`): a slow line starts slowly. */
  uploadBodyGraceMs: number;
  /** After the grace, a body must have arrived at this rate since it began (mod_reqtimeout's MinRate). */
  minBodyBytesPerSecond: number;
}

export const DEFAULT_GUARD_LIMITS: GuardLimits = {
  maxConnectionsPerAddress: 100,
  bodyGraceMs: 20_000,
  uploadBodyGraceMs: 60_000,
  minBodyBytesPerSecond: 500,
};

const UPLOAD_PREFIX = '/api/upload/';

/** One warning per address and minute, whatever the number of sockets refused or cut. */
const WARN_EVERY_MS = 60_000;

export type GuardWarn = (fields: Record<string, unknown>, message: string) => void;

export interface GuardOptions {
  limits: GuardLimits;
  /** TRUST_PROXY: a trusted peer is a proxy, never capped as one client; its forwarded address is. */
  trustProxy?: TrustProxy;
  warn?: GuardWarn;
  /** The answer written to a body cut for its rate, when nothing was answered yet. */
  timeoutResponse: Buffer;
}

export interface ConnectionGuard {
  /**
   * Called first for each request: false when the guard has answered it (too many requests in flight
   * from the forwarded address behind a proxy). Starts the body-rate watch of a request with a body.
   */
  admit(req: IncomingMessage, res: ServerResponse): boolean;
  /** Stops the sweep timer (the server closed). */
  stop(): void;
}

/**
 * The key an address is counted under: IPv4 as is, IPv6 by its /64 (one subscriber's usual prefix, so
 * that an attacker cannot spread over the addresses of one line).
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const plain = plainAddress(address);
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

interface Watched {
  req: IncomingMessage;
  res: ServerResponse;
  socket: Socket;
  /** The socket's bytesRead and the time when the window began. */
  fromBytes: number;
  fromMs: number;
  graceMs: number;
  key: string;
}

/** Attaches the guard to a node:http server (its 'connection' event) and returns the per-request part. */
export function guardConnections(server: Server, options: GuardOptions): ConnectionGuard {
  const { limits } = options;
  const trust = compileTrust(options.trustProxy ?? false);
  const open = new Map<string, number>();
  const lastWarned = new Map<string, number>();
  const watched = new Set<Watched>();

  const warn = (key: string, message: string, fields: Record<string, unknown> = {}) => {
    const now = Date.now();
    const last = lastWarned.get(key);
    if (last !== undefined && now - last < WARN_EVERY_MS) return;
    lastWarned.set(key, now);
    options.warn?.({ clientAddress: key, ...fields }, message);
  };
  const take = (key: string): boolean => {
    const count = (open.get(key) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) return false;
    open.set(key, count);
    return true;
  };
  const release = (key: string) => {
    const count = (open.get(key) ?? 1) - 1;
    if (count <= 0) open.delete(key);
    else open.set(key, count);
  };

  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    // A proxy's connections carry many clients: its requests are counted by forwarded address instead.
    if (limits.maxConnectionsPerAddress <= 0 || peer === undefined || trust(peer, 0)) return;
    const key = addressKey(peer);
    if (!take(key)) {
      warn(key, 'too many connections from one address: refusing its new ones', {
        limit: limits.maxConnectionsPerAddress,
      });
      socket.destroy();
      return;
    }
    socket.once('close', () => release(key));
  });

  // One timer checks every body in flight; a request without a body is never watched.
  const sweepMs = Math.max(10, Math.min(1_000, Math.floor(limits.bodyGraceMs / 4)));
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const entry of watched) {
      const { req, socket } = entry;
      if (req.complete || socket.destroyed) {
        watched.delete(entry);
        continue;
      }
      // Bytes the application has not read yet: the wait is ours, not the client's. The window starts
      // again once it reads on (TCP's flow control holds the client meanwhile).
      if (req.readableLength > 0 || socket.readableLength > 0 || req.isPaused()) {
        entry.fromBytes = socket.bytesRead;
        entry.fromMs = now;
        continue;
      }
      const elapsed = now - entry.fromMs;
      if (elapsed <= entry.graceMs) continue;
      const received = socket.bytesRead - entry.fromBytes;
      if (received >= ((elapsed - entry.graceMs) / 1000) * limits.minBodyBytesPerSecond) continue;
      watched.delete(entry);
      warn(entry.key, 'request body below the minimum rate: connection closed', {
        minBytesPerSecond: limits.minBodyBytesPerSecond,
        received,
        elapsedMs: elapsed,
      });
      if (socket.writable && !entry.res.headersSent) socket.write(options.timeoutResponse);
      socket.destroy();
    }
    if (lastWarned.size > 10_000) {
      for (const [key, at] of lastWarned) if (now - at >= WARN_EVERY_MS) lastWarned.delete(key);
    }
  }, sweepMs);
  sweep.unref();

  return {
    admit(req, res) {
      const socket = req.socket;
      const peer = socket.remoteAddress;
      let key: string | undefined;
      if (peer !== undefined && trust(peer, 0)) {
        key = addressKey(clientAddress(peer, req.headers['x-forwarded-for'], trust));
        if (limits.maxConnectionsPerAddress > 0) {
          if (!take(key)) {
            warn(key, 'too many requests in flight from one forwarded address: refusing', {
              limit: limits.maxConnectionsPerAddress,
            });
            res.writeHead(429, {
              'content-type': 'application/json; charset=utf-8',
              'retry-after': '10',
              connection: 'close',
            });
            res.end(TOO_MANY_BODY);
            return false;
          }
          const counted = key;
          res.once('close', () => release(counted));
        }
      }
      if (hasBody(req) && limits.minBodyBytesPerSecond > 0) {
        watched.add({
          req,
          res,
          socket,
          fromBytes: socket.bytesRead,
          fromMs: Date.now(),
          graceMs: req.url?.startsWith(UPLOAD_PREFIX) ? limits.uploadBodyGraceMs : limits.bodyGraceMs,
          key: key ?? addressKey(peer),
        });
      }
      return true;
    },
    stop() {
      clearInterval(sweep);
    },
  };
}

/** Whether a request announces a body (RFC 9112 §6.3: Transfer-Encoding, or Content-Length above 0). */
export function hasBody(req: Pick<IncomingMessage, 'headers'>): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

const TOO_MANY_BODY = JSON.stringify({
  error: english('api.too_many_connections'),
  code: 'too_many_connections',
  codes: [],
});
