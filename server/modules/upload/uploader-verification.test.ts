// Uploaders verified once (issue 31) over real HTTP on both databases: with UPLOAD_RECORDS=required and
// UPLOADER_VERIFICATION=required, a member's tus upload and video_edit.php (file or link) are refused
// 403 `uploader_not_verified` until a moderator approves the member's age-verification photo; then the
// same member's upload goes through to a video. A rejection keeps the refusal; staff are never asked;
// UPLOADER_VERIFICATION=off asks nobody (the service with each setting). The pipeline is not run (server/test/enqueue-only.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../../jobs/queue.ts';
import { binaryPath } from '../../media/runner.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { listenWithIdleJobs } from '../../test/enqueue-only.ts';
import { insertCategories } from '../../test/fixtures.ts';
import { createSignedInUser, type SignedInUser } from '../../test/roles.ts';
import { createUploadService } from './upload.service.ts';

const ORIGIN = 'http://tube.test';

describe.each(databaseKinds())('uploaders verified once on %s', (kind) => {
  let t: TestApp;
  let queue: JobQueue;
  let base: string;
  let media = '';
  let clip: Buffer;
  let photo: Buffer;
  let categoryId: number;
  let member: SignedInUser;
  let rejected: SignedInUser;
  let moderator: SignedInUser;

  beforeAll(async () => {
    media = mkdtempSync(path.join(os.tmpdir(), 'uploader-verification-'));
    const file = path.join(media, 'clip.mp4');
    // A tiny 10-minute clip (the upload's minimum length).
    execFileSync(binaryPath('ffmpeg'), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc=size=64x36:rate=1:duration=610', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', file],
    ]);
    clip = readFileSync(file);
    photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#579' } })
      .png()
      .toBuffer();
    t = await createTestApp(kind, {
      ssr: false,
      env: { UPLOAD_RECORDS: 'required', UPLOADER_VERIFICATION: 'required', CATALOG_CACHE: 'off' },
    });
    ({ queue, base } = await listenWithIdleJobs(t));
    member = await createSignedInUser(t, 'uv_member');
    rejected = await createSignedInUser(t, 'uv_rejected');
    moderator = await createSignedInUser(t, 'uv_moderator', 'moderator');
    categoryId = (await insertCategories(t.database.handle.db, ['uv-test'])).get('uv-test')!;
  }, 180_000);

  afterAll(async () => {
    await queue?.stop({ timeoutMs: 1000 });
    await t?.close();
    rmSync(media, { recursive: true, force: true });
  });

  const headers = (who: SignedInUser) => ({ origin: ORIGIN, cookie: who.cookie });

  const startTus = (who: SignedInUser) =>
    fetch(`${base}/api/upload/`, {
      method: 'POST',
      headers: {
        ...headers(who),
        'tus-resumable': '1.0.0',
        'upload-length': String(clip.length),
        'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}`,
      },
    });

  const videoEdit = (who: SignedInUser, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('title', `Verified upload by ${who.username}`);
    form.append('categories[]', String(categoryId));
    form.append('preview', 'auto');
    return fetch(`${base}/api/video_edit.php`, { method: 'POST', headers: headers(who), body: form });
  };

  const sendPhoto = (who: SignedInUser) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
    return fetch(`${base}/api/age_verification.php`, { method: 'POST', headers: headers(who), body: form });
  };

  const decide = async (who: SignedInUser, act: 'approve' | 'reject') => {
    const queued = await t.app.inject({
      method: 'GET',
      url: '/api/admin/age_verification.php',
      headers: { cookie: moderator.cookie },
    });
    const item = queued
      .json()
      .items.find((i: { user: { user_id: number } }) => i.user.user_id === who.userId);
    expect(item).toBeDefined();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/age_verification.php',
      headers: { ...headers(moderator), 'content-type': 'application/json' },
      payload: { act, verification_id: String(item.verification_id), reason: 'The face is not visible' },
    });
    expect(res.statusCode).toBe(200);
  };

  const expectRefused = async (res: Response) => {
    expect(res.status).toBe(403);
    const body = (await res.json()) as { code: string; codes: unknown[]; info: Record<string, unknown> };
    expect(body.code).toBe('uploader_not_verified');
    expect(body.codes).toEqual([{ field: 'file', code: 'uploader_not_verified' }]);
    expect(body.info).toEqual({ verify: '/upload-video/verify/' });
  };

  it('refuses an unverified member on the tus call and on video_edit.php (file and link)', async () => {
    await expectRefused(await startTus(member));
    await expectRefused(await videoEdit(member, { upload_id: 'a'.repeat(32) }));
    await expectRefused(await videoEdit(member, { link: 'https://example.com/clip.mp4' }));
    // Nothing was taken in.
    const uploads = await t.database.handle.db.selectFrom('uploads').select('id').execute();
    expect(uploads).toEqual([]);
    // A photo waiting for review does not open it either.
    expect((await sendPhoto(member)).status).toBe(200);
    await expectRefused(await startTus(member));
  });

  it('accepts the same member’s upload once a moderator approved the photo', async () => {
    await decide(member, 'approve');
    const created = await startTus(member);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const sent = await fetch(base + location, {
      method: 'PATCH',
      headers: {
        ...headers(member),
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(clip),
    });
    expect(sent.status).toBe(204);
    const res = await videoEdit(member, { upload_id: location.split('/').pop()! });
    expect(res.status).toBe(200);
    const { video_id } = (await res.json()) as { video_id: number };
    const video = await t.database.handle.db
      .selectFrom('videos')
      .select('user_id')
      .where('id', '=', video_id)
      .executeTakeFirstOrThrow();
    expect(Number(video.user_id)).toBe(member.userId);
  });

  it('keeps refusing after a rejection; staff are never asked', async () => {
    expect((await sendPhoto(rejected)).status).toBe(200);
    await decide(rejected, 'reject');
    await expectRefused(await startTus(rejected));
    const staff = await startTus(moderator);
    expect(staff.status).toBe(201);
  });

  it('asks nobody with UPLOADER_VERIFICATION=off, and nobody whose uploads need no records', async () => {
    const user = { user_id: rejected.userId, role: 'member' };
    const service = (verification: 'required' | 'off', records: boolean) =>
      createUploadService(t.database.handle.db, t.services.storage, t.services.jobs, {
        dataDir: media,
        maxBytes: 1024,
        allowPrivateLinks: false,
        recordsRequired: () => records,
        uploaderVerification: () => verification,
      });
    await expect(service('required', true).assertMayUpload(user)).rejects.toMatchObject({
      code: 'uploader_not_verified',
      status: 403,
    });
    await expect(service('off', true).assertMayUpload(user)).resolves.toBeUndefined();
    await expect(service('required', false).assertMayUpload(user)).resolves.toBeUndefined();
    expect(service('off', true).verificationRequired(user)).toBe(false);
    expect(service('required', true).verificationRequired(user)).toBe(true);
  });
});
