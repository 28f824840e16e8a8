// "Link" uploads (content.md §3): a direct http(s) URL of a video file, downloaded into the upload
// directory, then checked like a tus upload. The address check happens in the socket's DNS lookup,
// so the address that is checked is the address that is connected to (no DNS rebinding), and again
// on every redirect hop.

import dns from 'node:dns';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import os from 'node:os';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '../../errors.ts';
import { uploadMessage } from './upload.rules.ts';

// Addresses a link must never reach: loopback, private, link-local, CGNAT, multicast, reserved.
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/**
 * The host's own addresses, public ones included: a link to them would reach services that listen
 * on every interface, and answer "open or closed" for any port (audit F12). Read on each check, so
 * an address added while the server runs counts too.
 */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) own.add(entry.address.replace(/%.*$/, '').toLowerCase());
  }
  return own;
}

/**
 * True when an address may not be fetched: a private or reserved range, or one of this host's
 * interfaces (IPv4-mapped IPv6 is judged as the IPv4 address).
 */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = (mapped ? mapped[1]! : address).toLowerCase();
  const family = isIP(plain);
  if (family === 0) return true;
  if (blocked.check(plain, family === 4 ? 'ipv4' : 'ipv6')) return true;
  return ownAddresses().has(plain);
}

const linkError = (code: 'link_not_allowed' | 'link_failed' | 'file_too_large') =>
  new DomainError(code, { message: uploadMessage(code), codes: [{ field: 'link', code }] });

/** Parses the link: http(s) only, no credentials in it. */
export function parseLink(link: string): URL {
  if (!URL.canParse(link)) throw new DomainError('invalid', { codes: [{ field: 'link', code: 'invalid' }] });
  const url = new URL(link);
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    throw new DomainError('invalid', { codes: [{ field: 'link', code: 'invalid' }] });
  }
  return url;
}

export interface DownloadOptions {
  maxBytes: number;
  allowPrivate: boolean;
  /** No byte for this long ends the download. */
  idleTimeoutMs?: number;
  /** The whole download, at most (default 30 minutes). */
  totalTimeoutMs?: number;
  /**
   * Fewer than `minBytesPerWindow` bytes (default 64 KiB) in any `rateWindowMs` (default 30 s) end
   * the download: a link trickling a byte now and then never trips the idle timeout.
   */
  minBytesPerWindow?: number;
  rateWindowMs?: number;
  maxRedirects?: number;
}

class BlockedAddressError extends Error {}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (!allowPrivate && list.some((a) => isBlockedAddress(a.address))) {
        return callback(new BlockedAddressError(hostname), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** Downloads `link` to `file`. Throws DomainError link_not_allowed / link_failed / file_too_large. */
export async function downloadLink(link: string, file: string, options: DownloadOptions): Promise<void> {
  let url = parseLink(link);
  const maxRedirects = options.maxRedirects ?? 5;
  const deadline = AbortSignal.timeout(options.totalTimeoutMs ?? 30 * 60_000);
  try {
    for (let hop = 0; ; hop++) {
      // A literal IP never goes through the lookup: check it here.
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !options.allowPrivate && isBlockedAddress(host)) throw linkError('link_not_allowed');
      const response = await request(url, options, deadline);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= maxRedirects) throw linkError('link_failed');
        url = parseLink(new URL(response.headers.location, url).toString());
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw linkError('link_failed');
      }
      const declared = Number(response.headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        response.destroy();
        throw linkError('file_too_large');
      }
      let received = 0;
      const cap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          received += chunk.length;
          if (received > options.maxBytes) done(linkError('file_too_large'));
          else done(null, chunk);
        },
      });
      const slow = new AbortController();
      const minimum = options.minBytesPerWindow ?? 64 * 1024;
      let windowStart = 0;
      const rate = setInterval(() => {
        if (received - windowStart < minimum) slow.abort(new Error('link too slow'));
        windowStart = received;
      }, options.rateWindowMs ?? 30_000);
      try {
        await pipeline(response, cap, createWriteStream(file, { flags: 'wx' }), {
          signal: AbortSignal.any([deadline, slow.signal]),
        });
      } finally {
        clearInterval(rate);
      }
      return;
    }
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof DomainError) throw error;
    if (
      error instanceof BlockedAddressError ||
      (error as { cause?: unknown }).cause instanceof BlockedAddressError
    ) {
      throw linkError('link_not_allowed');
    }
    throw linkError('link_failed');
  }
}

function request(url: URL, options: DownloadOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(
      url,
      { lookup: guardedLookup(options.allowPrivate), signal, headers: { 'user-agent': 'TubeSite-Import/1' } },
      resolve,
    );
    req.setTimeout(options.idleTimeoutMs ?? 30_000, () => req.destroy(new Error('idle timeout')));
    req.on('error', reject);
  });
}
