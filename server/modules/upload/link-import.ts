// "Link" uploads (content.md §3): a direct http(s) URL of a video file, downloaded into the upload
// directory by the `link.import` job (link-import.job.ts), then checked like a tus upload. The
// request checks the link first (checkLinkTarget: its form and where its name points now); the
// download checks again in the socket's DNS lookup, so the address that is checked is the address
// that is connected to (no DNS rebinding), and again on every redirect hop.

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

export interface LinkPolicy {
  /** Private, reserved and own addresses too (tests only: UPLOAD_ALLOW_PRIVATE_LINKS). */
  allowPrivate: boolean;
  /** Which addresses are refused; default isBlockedAddress (tests narrow it to reach their server). */
  isBlocked?: (address: string) => boolean;
}

export interface DownloadOptions extends LinkPolicy {
  maxBytes: number;
  /** Ends the download (a job's timeout or stop): the error is then not the link's fault. */
  signal?: AbortSignal;
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

/** The policy's test of one address: false for every address when private ones are allowed. */
function blockedBy(policy: LinkPolicy): (address: string) => boolean {
  if (policy.allowPrivate) return () => false;
  return policy.isBlocked ?? isBlockedAddress;
}

function guardedLookup(policy: LinkPolicy): LookupFunction {
  const isBlocked = blockedBy(policy);
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (list.some((a) => isBlocked(a.address))) {
        return callback(new BlockedAddressError(hostname), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * The request's check of a link before it is accepted: http(s) without credentials, and every
 * address its host has now is allowed (the download checks again, per connection and redirect).
 * Throws DomainError invalid / link_not_allowed, or link_failed for a host that does not resolve.
 */
export async function checkLinkTarget(link: string, policy: LinkPolicy): Promise<void> {
  const url = parseLink(link);
  const isBlocked = blockedBy(policy);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isBlocked(host)) throw linkError('link_not_allowed');
    return;
  }
  const addresses = await new Promise<dns.LookupAddress[] | null>((resolve) => {
    dns.lookup(host, { all: true }, (error, list) => resolve(error ? null : list));
  });
  if (!addresses || addresses.length === 0) throw linkError('link_failed');
  if (addresses.some((a) => isBlocked(a.address))) throw linkError('link_not_allowed');
}

/** Downloads `link` to `file`. Throws DomainError link_not_allowed / link_failed / file_too_large. */
export async function downloadLink(link: string, file: string, options: DownloadOptions): Promise<void> {
  let url = parseLink(link);
  const maxRedirects = options.maxRedirects ?? 5;
  const isBlocked = blockedBy(options);
  const deadline = AbortSignal.any([
    AbortSignal.timeout(options.totalTimeoutMs ?? 30 * 60_000),
    ...(options.signal ? [options.signal] : []),
  ]);
  try {
    for (let hop = 0; ; hop++) {
      // A literal IP never goes through the lookup: check it here.
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && isBlocked(host)) throw linkError('link_not_allowed');
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
    // Stopped from outside: not the link's fault, the caller retries.
    if (options.signal?.aborted) throw options.signal.reason ?? error;
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
      { lookup: guardedLookup(options), signal, headers: { 'user-agent': 'TubeSite-Import/1' } },
      resolve,
    );
    req.setTimeout(options.idleTimeoutMs ?? 30_000, () => req.destroy(new Error('idle timeout')));
    req.on('error', reject);
  });
}
