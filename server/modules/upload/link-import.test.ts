// Audit F12 on the link download itself: the host's own addresses are refused like private ones,
// and a link that trickles bytes, or never ends, is cut off (minimum rate, total deadline).
import dns from 'node:dns';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkLinkTarget, downloadLink, isBlockedAddress } from './link-import.ts';

describe('link download limits', () => {
  let dir: string;
  let server: http.Server;
  let base: string;
  const timers: NodeJS.Timeout[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'link-import-'));
    server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      if (req.url === '/trickle') {
        // A byte every 50 ms: never idle for long, but nowhere near a usable rate.
        timers.push(setInterval(() => res.write(Buffer.alloc(1)), 50));
      } else if (req.url === '/endless') {
        // 256 KB every 50 ms, for ever: fast enough, but it never ends.
        timers.push(setInterval(() => res.write(Buffer.alloc(256 * 1024)), 50));
      } else {
        res.end(Buffer.alloc(512 * 1024));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(() => {
    for (const timer of timers) clearInterval(timer);
    server.closeAllConnections();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const options = {
    maxBytes: 1024 ** 3,
    allowPrivate: true,
    rateWindowMs: 400,
    minBytesPerWindow: 64 * 1024,
  };

  it('cuts off a link that trickles under the minimum rate, and leaves no file', async () => {
    const file = path.join(dir, 'trickle');
    const started = Date.now();
    await expect(downloadLink(`${base}/trickle`, file, options)).rejects.toMatchObject({
      code: 'link_failed',
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(existsSync(file)).toBe(false);
  });

  it('ends a download at its deadline however fast it goes', async () => {
    const file = path.join(dir, 'endless');
    const started = Date.now();
    await expect(
      downloadLink(`${base}/endless`, file, { ...options, totalTimeoutMs: 1000 }),
    ).rejects.toMatchObject({ code: 'link_failed' });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(existsSync(file)).toBe(false);
  });

  it('still downloads a link that answers at a normal rate', async () => {
    const file = path.join(dir, 'fine');
    await downloadLink(`${base}/fine`, file, options);
    expect(existsSync(file)).toBe(true);
  });

  it("refuses the host's own interface addresses, public ones included", async () => {
    vi.spyOn(os, 'networkInterfaces').mockReturnValue({
      eth0: [
        {
          address: '93.184.216.34',
          netmask: '255.255.255.0',
          family: 'IPv4',
          mac: '00:00:00:00:00:00',
          internal: false,
          cidr: '93.184.216.34/24',
        },
        {
          address: '2001:db8::5',
          netmask: 'ffff:ffff:ffff:ffff::',
          family: 'IPv6',
          mac: '00:00:00:00:00:00',
          internal: false,
          cidr: '2001:db8::5/64',
          scopeid: 0,
        },
      ],
    });
    expect(isBlockedAddress('93.184.216.34')).toBe(true);
    expect(isBlockedAddress('::ffff:93.184.216.34')).toBe(true);
    expect(isBlockedAddress('2001:DB8::5')).toBe(true);
    expect(isBlockedAddress('93.184.216.35')).toBe(false);
    // A literal address is refused before any connection is tried.
    await expect(
      downloadLink('http://93.184.216.34:9/x.mp4', path.join(dir, 'own'), {
        ...options,
        allowPrivate: false,
      }),
    ).rejects.toMatchObject({ code: 'link_not_allowed' });
  });

  it('checks a link before accepting it: scheme, literal address, and where its name points now', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation(((host: string, _options: unknown, callback: unknown) => {
      const done = callback as (e: Error | null, a?: dns.LookupAddress[]) => void;
      if (host === 'inside.test') return done(null, [{ address: '10.1.2.3', family: 4 }]);
      if (host === 'outside.test') return done(null, [{ address: '93.184.216.34', family: 4 }]);
      done(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    }) as typeof dns.lookup);
    const strict = { allowPrivate: false };
    await expect(checkLinkTarget('http://outside.test/a.mp4', strict)).resolves.toBeUndefined();
    await expect(checkLinkTarget('http://inside.test/a.mp4', strict)).rejects.toMatchObject({
      code: 'link_not_allowed',
      codes: [{ field: 'link', code: 'link_not_allowed' }],
    });
    await expect(checkLinkTarget('http://[::1]:8080/a.mp4', strict)).rejects.toMatchObject({
      code: 'link_not_allowed',
    });
    await expect(checkLinkTarget('http://nowhere.test/a.mp4', strict)).rejects.toMatchObject({
      code: 'link_failed',
    });
    await expect(checkLinkTarget('file:///etc/passwd', strict)).rejects.toMatchObject({ code: 'invalid' });
    await expect(checkLinkTarget('http://u:p@outside.test/a.mp4', strict)).rejects.toMatchObject({
      code: 'invalid',
    });
    // UPLOAD_ALLOW_PRIVATE_LINKS (tests only): any address.
    await expect(
      checkLinkTarget('http://inside.test/a.mp4', { allowPrivate: true }),
    ).resolves.toBeUndefined();
  });
});
