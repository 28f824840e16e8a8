// Hotlink protection (issue 32 part 4) in Chromium against a real server with MEDIA_SIGNING on: a page
// served from another origin (a tiny server on another port) frames the site's /embed/ player, which
// plays (an MP4 video, and an HLS one whose segments ride the signed folder); the direct file URL the
// embed used, copied into that other site past its expiry, answers 403 and does not play there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { createMediaSigner } from '../server/lib/media-signing.ts';
import { runFfmpeg } from '../server/media/runner.ts';
import { insertVideo } from '../server/test/fixtures.ts';
import { launchChromium } from './browser.ts';
import { freePort, type RunningServer, startServer } from './server.ts';

const SECRET = 'e2e-hotlink-signing-secret-0123456789abcdef';
const LIFETIME = 6 * 3600;
const FFMPEG = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];

interface Clip {
  id: number;
  dir: string;
}

/** A 12 s test pattern as one MP4 video, and cut into HLS for a second video the player plays by HLS. */
async function makeFixtures(dataDir: string): Promise<{ mp4: Clip; hls: Clip }> {
  const media = path.join(dataDir, 'media');
  const handle = await openDatabase({ dataDir });
  try {
    await migrate(handle);
    const db = handle.db;
    const mp4 = await insertVideo(db, { title: 'Hotlink Test Pattern', duration: 12, height: 240 });
    await db.deleteFrom('video_files').where('video_id', '=', mp4.id).execute();
    const mp4Key = `videos/${mp4.id}/240p.mp4`;
    mkdirSync(path.join(media, `videos/${mp4.id}`), { recursive: true });
    await runFfmpeg([
      ...FFMPEG,
      ...['-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-g', '20', '-c:a', 'aac', '-b:a', '32k', '-ac', '1', '-t', '12', '-movflags', '+faststart'],
      path.join(media, mp4Key),
    ]);
    await db
      .insertInto('video_files')
      .values({
        video_id: mp4.id,
        kind: 'mp4',
        format: '240p',
        storage_key: mp4Key,
        mime: 'video/mp4',
        width: 426,
        height: 240,
        size_bytes: 1000,
      })
      .execute();
    // Over 1800 s in the database: the player takes HLS.
    const hls = await insertVideo(db, { title: 'Hotlink Long Pattern', duration: 2400, height: 240 });
    await db.deleteFrom('video_files').where('video_id', '=', hls.id).execute();
    const hlsDir = path.join(media, `videos/${hls.id}/hls`);
    mkdirSync(path.join(hlsDir, '240p'), { recursive: true });
    await runFfmpeg([
      ...FFMPEG,
      ...['-i', path.join(media, mp4Key), '-c', 'copy', '-f', 'hls', '-hls_time', '2'],
      ...['-hls_playlist_type', 'vod', '-hls_segment_filename', path.join(hlsDir, '240p', 'seg_%03d.ts')],
      path.join(hlsDir, '240p', 'index.m3u8'),
    ]);
    writeFileSync(
      path.join(hlsDir, 'master.m3u8'),
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=426x240,CODECS="avc1.42c015,mp4a.40.2"\n240p/index.m3u8\n',
    );
    await db
      .insertInto('video_files')
      .values({
        video_id: hls.id,
        kind: 'hls',
        format: 'master',
        storage_key: `videos/${hls.id}/hls/master.m3u8`,
        mime: 'application/vnd.apple.mpegurl',
      })
      .execute();
    return { mp4: { id: mp4.id, dir: mp4.dir }, hls: { id: hls.id, dir: hls.dir } };
  } finally {
    await handle.close();
  }
}

describe('hotlink protection in Chromium', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-e2e-hotlink-'));
  let server: RunningServer;
  let browser: Browser;
  let clips: Awaited<ReturnType<typeof makeFixtures>>;
  let other: Server | null = null;
  let otherOrigin = '';
  /** What the other site's page holds: an iframe of the embed, or a <video> of a copied file URL. */
  let otherPage = '';

  beforeAll(async () => {
    clips = await makeFixtures(dataDir);
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SITE_NAME: 'Hotlink Tube',
      MEDIA_SIGNING: 'true',
      MEDIA_SIGNING_SECRET: SECRET,
      MEDIA_SIGNING_LIFETIME: String(LIFETIME),
    });
    const port = await freePort();
    other = createServer((_req, reply) => {
      reply.writeHead(200, { 'content-type': 'text/html' });
      reply.end(`<!doctype html><title>Another site</title><h1>Another site</h1>${otherPage}`);
    });
    await new Promise<void>((resolve) => other?.listen(port, '127.0.0.1', resolve));
    // localhost against 127.0.0.1, and another port: another origin, with a Referer of its own.
    otherOrigin = `http://localhost:${port}`;
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    other?.close();
    await browser?.close();
    if (server?.process.exitCode === null) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Frames the embed on the other origin, starts it, and waits until it plays; the <video>'s source. */
  async function playFramed(page: Page, clip: Clip): Promise<{ frame: Frame; src: string }> {
    otherPage = `<iframe src="${server.url}/embed/${clip.id}/${clip.dir}/" width="640" height="360" allow="autoplay; fullscreen"></iframe>`;
    await page.goto(`${otherOrigin}/`);
    await page.frameLocator('iframe').locator('[data-testid="player-play"]').click();
    const frame = page.frames().find((f) => f.url().includes('/embed/'));
    if (!frame) throw new Error('embed frame missing');
    await frame.waitForFunction(
      () => {
        const v = document.querySelector('video');
        return v !== null && v.readyState >= 2 && v.currentTime > 1;
      },
      undefined,
      { timeout: 30_000 },
    );
    const src = await frame.evaluate(() => document.querySelector('video')?.currentSrc ?? '');
    return { frame, src };
  }

  it('plays the MP4 in the embed on another origin; the copied direct URL answers 403 after its expiry', async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 600 } });
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/media/')) requested.push(r.url());
    });
    try {
      const { src } = await playFramed(page, clips.mp4);
      const key = `videos/${clips.mp4.id}/240p.mp4`;
      expect(src).toMatch(new RegExp(`^${server.url}/media/s/\\d+/[A-Za-z0-9_-]{22}/${key}$`));
      expect(requested.filter((u) => u.endsWith('.mp4')).every((u) => u.includes('/media/s/'))).toBe(true);
      await page.screenshot({ path: '/tmp/signing/hotlink-embed.png' });

      // The same URL fetched straight (no Referer, no cookie) works until its expiry…
      expect((await fetch(src, { headers: { range: 'bytes=0-99' } })).status).toBe(206);
      // …and the one a page issued seven hours ago (past its lifetime) is refused, as the plain and a
      // tampered one are.
      const issuedEarlier = createMediaSigner({
        enabled: true,
        secret: SECRET,
        lifetimeSeconds: LIFETIME,
        now: () => Date.now() - 7 * 3600_000,
      });
      const expired = `${server.url}${await issuedEarlier.signedPath(key)}`;
      const late = await fetch(expired);
      expect(late.status).toBe(403);
      expect(((await late.json()) as { code: string }).code).toBe('media_link_expired');
      expect((await fetch(`${server.url}/media/${key}`)).status).toBe(403);
      const tampered = src.replace(/\/(\d+)\//, (_m, e: string) => `/${Number(e) + 3600}/`);
      expect((await fetch(tampered)).status).toBe(403);

      // Copied into the other site's own page: the expired URL does not play there.
      otherPage = `<video src="${expired}" muted preload="auto"></video>`;
      await page.goto(`${otherOrigin}/hotlinked`);
      await page.waitForFunction(() => document.querySelector('video')?.error !== null, undefined, {
        timeout: 15_000,
      });
      expect(await page.evaluate(() => document.querySelector('video')?.readyState)).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('plays HLS in the embed on another origin: playlists and segments under the signed folder', async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 600 } });
    const media: { url: string; status: number }[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/media/')) media.push({ url: r.url(), status: r.status() });
    });
    try {
      await playFramed(page, clips.hls);
      const hls = media.filter((m) => /\.(m3u8|ts)$/.test(m.url));
      expect(hls.some((m) => m.url.endsWith('.ts'))).toBe(true);
      for (const m of hls) {
        expect(m.url).toContain('/media/s/');
        expect(m.status).toBe(200);
      }
    } finally {
      await page.close();
    }
  });
});
