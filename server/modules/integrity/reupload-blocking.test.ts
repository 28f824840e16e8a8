// Issue 31's "Done when", re-upload blocking: member A uploads a generated clip, it is published, the
// staff take it down through a DMCA case; member B's re-encoded (other bitrate and resolution), 5 %
// cropped and 3 s trimmed copy is rejected after processing with matches_removed_content, its files
// removed, the code on B's uploads page and in the console's video call with the case; an unrelated
// upload by B passes; after a counter-notice restore the same copy passes. Plus the operator's block
// act. Real uploads (tus + video_edit.php over a socket), the real pipeline handler and ffmpeg.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../contract/accounts.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { syntheticClip, syntheticClipArgs } from '../../media/fingerprint-clips.ts';
import { binaryPath } from '../../media/runner.ts';
import { processVideoJob, processVideoKey } from '../../pipeline/definitions.ts';
import { processVideoHandler } from '../../pipeline/pipeline-jobs.ts';
import type { LocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { listenWithIdleJobs } from '../../test/enqueue-only.ts';
import { insertCategories } from '../../test/fixtures.ts';
import { createRoles, type RoleFixture, type RoleName } from '../../test/roles.ts';
import { filesUnder } from '../../test/test-media.ts';

const ORIGIN = 'http://tube.test';
const DMCA = 'DMCA / Copyright Infringement';

let media = '';
const ff = (...args: string[]) =>
  execFileSync(binaryPath('ffmpeg'), ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/**
 * A generated clip (server/media/fingerprint-clips.ts) of `seed`: 20 s of picture looped to 610 s, as
 * members' uploads must last 10 minutes (contract/upload.ts), at a small size so the pipeline is quick.
 */
function generated(name: string, seed: number): string {
  const piece = path.join(media, `piece-${name}`);
  const clip = syntheticClip(seed, { width: 160, height: 90, seconds: 20 });
  execFileSync(binaryPath('ffmpeg'), syntheticClipArgs(clip, piece));
  const file = path.join(media, name);
  ff('-stream_loop', '-1', '-i', piece, '-t', '610', '-c', 'copy', file);
  return file;
}

/** Re-encoded at another bitrate and resolution, 5 % cropped, the first 3 s trimmed. */
function alteredCopy(input: string, name: string): string {
  const file = path.join(media, name);
  ff(
    '-ss',
    '3',
    '-i',
    input,
    '-vf',
    'crop=trunc(iw*0.95/2)*2:trunc(ih*0.95/2)*2,scale=240:136',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    '60k',
    '-pix_fmt',
    'yuv420p',
    file,
  );
  return file;
}

describe.each(databaseKinds())('re-upload blocking on %s', (kind) => {
  let t: TestApp;
  let queue: JobQueue;
  let base: string;
  let roles: RoleFixture;
  let categoryId: number;
  const files = {} as Record<'original' | 'copy' | 'unrelated' | 'other' | 'otherCopy', string>;

  beforeAll(async () => {
    media = mkdtempSync(path.join(os.tmpdir(), 'h1b-blocking-'));
    files.original = generated('original.mp4', 3);
    files.copy = alteredCopy(files.original, 'copy.mp4');
    files.unrelated = generated('unrelated.mp4', 11);
    files.other = generated('other.mp4', 7);
    files.otherCopy = alteredCopy(files.other, 'other-copy.mp4');
    t = await createTestApp(kind, { ssr: false, env: { UPLOAD_RECORDS: 'off' } });
    // Jobs are enqueued but not worked (server/test/enqueue-only.ts).
    ({ queue, base } = await listenWithIdleJobs(t));
    roles = await createRoles(t, 'blk');
    categoryId = (await insertCategories(t.database.handle.db, ['generated'])).get('generated')!;
  }, 240_000);

  afterAll(async () => {
    await queue?.stop({ timeoutMs: 1000 });
    await t?.close();
    rmSync(media, { recursive: true, force: true });
  });

  const db = () => t.database.handle.db;
  const storageRoot = () => (t.services.storage as LocalStorage).root;

  /** A whole upload through tus and video_edit.php as `who`; answers the new video's id (status 2). */
  async function upload(who: RoleName, file: string, title: string): Promise<number> {
    const cookie = roles.headers(who).cookie as string;
    const body = readFileSync(file);
    const headers = { 'tus-resumable': '1.0.0', origin: ORIGIN, cookie };
    const created = await fetch(`${base}/api/upload/`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': String(body.length),
        'upload-metadata': `filename ${Buffer.from(path.basename(file)).toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const patched = await fetch(base + location, {
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(body),
    });
    expect(patched.status).toBe(204);
    const form = new FormData();
    for (const [key, value] of Object.entries({
      upload_id: location.split('/').pop()!,
      title,
      description: 'A generated test clip.',
      gender: 'str',
      'categories[]': String(categoryId),
      visibility: '0',
      preview: 'auto',
    }))
      form.append(key, value);
    const res = await fetch(`${base}/api/video_edit.php`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie },
      body: form,
    });
    const json = (await res.json()) as { video_id: number };
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json.video_id;
  }

  /** Runs the pipeline's job handler on the video, as a worker would. */
  async function processed(videoId: number) {
    await processVideoHandler({
      db: db(),
      storage: t.services.storage,
      workDir: path.join(media, 'work'),
      preset: 'ultrafast',
    })(
      { videoId },
      {
        id: `job-${videoId}`,
        name: processVideoJob.name,
        retryCount: 0,
        singletonKey: processVideoKey(videoId),
        signal: new AbortController().signal,
        progress: async () => {},
      },
    );
    return db()
      .selectFrom('videos')
      .select(['status', 'reject_code', 'reject_reason', 'blocked_by', 'content_hash'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
  }

  const post = (who: RoleName, url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...roles.headers(who), 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: new URLSearchParams(fields).toString(),
    });
  const dmca = async (fields: Record<string, string>) => {
    const res = await post('moderator', '/api/admin/dmca.php', fields);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().case as { case_id: number; state: string };
  };
  const adminVideo = async (videoId: number) => {
    const res = await t.app.inject({
      url: `/api/admin/video.php?video_id=${videoId}`,
      headers: roles.headers('moderator'),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().video;
  };
  const uploadsOf = async (who: RoleName) => {
    const user = roles.users[who as 'member'];
    const viewer = { user_id: user.userId, username: user.username, role: user.role } as CurrentUser;
    return (await t.services.moderation.uploads(viewer, user.userId, 1))!.videos;
  };

  it('rejects a re-encoded, cropped, trimmed copy of a DMCA-removed video until the case is restored', async () => {
    // Member A's clip, processed and published.
    const original = await upload('member', files.original, 'Harbour lights at dusk');
    expect((await processed(original)).status).toBe(3);
    const approve = await post('moderator', '/api/admin/moderation.php', {
      act: 'approve',
      video_id: String(original),
    });
    expect(approve.statusCode, approve.body).toBe(200);

    // A DMCA complaint about it becomes a case; the staff take the video down.
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/report.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      remoteAddress: '198.51.100.31',
      payload: new URLSearchParams({
        email: 'agent@example.com',
        subject: DMCA,
        message: 'This copies our film.',
        referrer: `http://tube.test/video/${original}/harbour-lights-at-dusk/`,
      }).toString(),
    });
    expect(report.statusCode, report.body).toBe(200);
    const opened = await dmca({ act: 'open', report_id: String(report.json().report_id) });
    const down = await dmca({ act: 'take_down', case_id: String(opened.case_id) });
    expect(down.state).toBe('taken_down');
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_type', '=', 'dmca_case')
      .where('target_id', '=', String(opened.case_id))
      .where('action', '=', 'dmca.takedown')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ blocked: true });

    // Member B's altered copy: rejected after processing, its files gone.
    const copy = await upload('other', files.copy, 'My holiday clip');
    const rejected = await processed(copy);
    expect(rejected).toMatchObject({
      status: 4,
      reject_code: 'matches_removed_content',
      reject_reason: 'matches_removed_content',
      content_hash: null,
    });
    expect(await filesUnder(storageRoot(), `videos/${copy}/`)).toEqual([]);
    expect(await db().selectFrom('video_files').select('id').where('video_id', '=', copy).execute()).toEqual(
      [],
    );
    // B reads the code on their uploads page (translated there, member-uploads.tsx).
    expect((await uploadsOf('other')).find((v) => v.video_id === copy)).toMatchObject({
      status_id: 4,
      reject_reason: 'matches_removed_content',
      reject_code: 'matches_removed_content',
    });
    // The staff's video call names the code and the case of the original.
    expect(await adminVideo(copy)).toMatchObject({
      reject_code: 'matches_removed_content',
      blocked_by: { source: 'dmca', case_id: opened.case_id, video_id: original, lifted: false },
    });
    expect((await adminVideo(original)).block).toMatchObject({ source: 'dmca', case_id: opened.case_id });

    // An unrelated upload by B passes.
    const unrelated = await upload('other', files.unrelated, 'Garden at noon');
    expect(await processed(unrelated)).toMatchObject({ status: 3, reject_code: null });

    // A counter-notice restore lifts the block: the same copy now passes.
    await dmca({ act: 'counter_notice', case_id: String(opened.case_id), message: 'We hold the licence.' });
    expect((await dmca({ act: 'restore', case_id: String(opened.case_id) })).state).toBe('restored');
    expect((await adminVideo(copy)).blocked_by).toMatchObject({ case_id: opened.case_id, lifted: true });
    const again = await upload('other', files.copy, 'My holiday clip again');
    expect(await processed(again)).toMatchObject({ status: 3, reject_code: null });
  }, 300_000);

  it("blocks a video by the operator's act (taken down, copies rejected) and lifts it by unblock", async () => {
    const video = await upload('member', files.other, 'Lanterns over water');
    expect((await processed(video)).status).toBe(3);
    // Members may not; a video without a fingerprint cannot be blocked.
    expect(
      (await post('member', '/api/admin/video.php', { act: 'block', video_id: String(video) })).statusCode,
    ).toBe(403);
    const blocked = await post('moderator', '/api/admin/video.php', {
      act: 'block',
      video_id: String(video),
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ act: 'block', status_id: 5 });
    // Twice is still one block.
    expect(
      (await post('moderator', '/api/admin/video.php', { act: 'block', video_id: String(video) })).statusCode,
    ).toBe(200);
    expect((await adminVideo(video)).block).toMatchObject({
      source: 'operator',
      case_id: null,
      video_id: video,
    });
    const copy = await upload('other', files.otherCopy, 'Lanterns, my copy');
    expect(await processed(copy)).toMatchObject({ status: 4, reject_code: 'matches_removed_content' });
    expect((await adminVideo(copy)).blocked_by).toMatchObject({ source: 'operator', video_id: video });

    const lifted = await post('moderator', '/api/admin/video.php', {
      act: 'unblock',
      video_id: String(video),
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await adminVideo(video)).block).toBeNull();
    const actions = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'video')
      .where('target_id', 'in', [String(video), String(copy)])
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['video.block', 'video.status', 'upload.blocked_content', 'video.unblock']),
    );
    const again = await upload('other', files.otherCopy, 'Lanterns, my copy again');
    expect(await processed(again)).toMatchObject({ status: 3, reject_code: null });
    expect(
      (await post('moderator', '/api/admin/video.php', { act: 'block', video_id: '99999999' })).statusCode,
    ).toBe(404);
  }, 300_000);
});
