// The pipeline's fingerprint step end to end (real ffmpeg, storage, database, HTTP): an upload gets a
// fingerprint right after the probe; a second upload of the same clip (trimmed, cropped, re-encoded,
// watermarked) shows the first in GET /api/admin/video.php `matches` and on the moderation queue's card,
// and the reverse; an unrelated upload matches nothing; a repeated run does not decode again.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINGERPRINT_INTERVAL_MS } from '../media/fingerprint.ts';
import { alteredCopyArgs, syntheticClip, syntheticClipArgs } from '../media/fingerprint-clips.ts';
import { runFfmpeg } from '../media/runner.ts';
import { DRAWTEXT_FONT_FILE } from '../media/tools.ts';
import { fingerprintOf } from '../modules/integrity/fingerprints.service.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { createRoles, type RoleFixture } from '../test/roles.ts';
import { insertProcessingVideo, makeSource } from '../test/test-media.ts';
import { type PipelineDeps, type PipelineStep, processVideo } from './process-video.ts';

let dir: string;
let clip: string;
let copy: string;
let unrelated: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fingerprint-step-'));
  clip = await makeSource(path.join(dir, 'clip.mp4'), { width: 320, height: 180, fps: 10, seconds: 14 });
  copy = path.join(dir, 'copy.mp4');
  await runFfmpeg(
    alteredCopyArgs(clip, copy, 'all', { width: 320, height: 180, fontFile: DRAWTEXT_FONT_FILE }),
  );
  unrelated = path.join(dir, 'unrelated.mp4');
  await runFfmpeg(syntheticClipArgs(syntheticClip(10, { width: 320, height: 180, seconds: 14 }), unrelated));
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(databaseKinds())('the fingerprint step on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;
  let deps: PipelineDeps;
  let steps: Array<{ videoId: number; step: PipelineStep; skipped: boolean }>;
  const ids: Record<'first' | 'second' | 'other', number> = { first: 0, second: 0, other: 0 };

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    roles = await createRoles(t, 'fps');
    steps = [];
    deps = {
      db: t.database.handle.db,
      storage: t.services.storage,
      log: { info: () => {}, error: () => {} },
      workDir: path.join(dir, `work-${kind}`),
      onStep: (e) => steps.push(e),
    };
    ids.first = await insertProcessingVideo(deps.db, deps.storage, clip);
    ids.second = await insertProcessingVideo(deps.db, deps.storage, copy);
    ids.other = await insertProcessingVideo(deps.db, deps.storage, unrelated);
    for (const id of [ids.first, ids.second, ids.other]) expect(await processVideo(deps, id)).toBe('done');
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const adminVideo = (id: number) =>
    t.app.inject({ url: `/api/admin/video.php?video_id=${id}`, headers: roles.headers('moderator') });

  it('stores a fingerprint right after the probe', async () => {
    const order = steps.filter((s) => s.videoId === ids.first).map((s) => s.step);
    expect(order.slice(0, 3)).toEqual(['probe', 'fingerprint', 'mp4']);
    const fingerprint = await fingerprintOf(deps.db, ids.first);
    expect(fingerprint?.intervalMs).toBe(FINGERPRINT_INTERVAL_MS);
    expect(fingerprint?.frames).toHaveLength(14);
  });

  it('shows the earlier upload in the second one’s matches, and the reverse; none for an unrelated one', async () => {
    const second = await adminVideo(ids.second);
    expect(second.statusCode).toBe(200);
    const { matches } = second.json() as { matches: Array<{ video_id: number; similarity: number }> };
    expect(matches.map((m) => m.video_id)).toEqual([ids.first]);
    expect(matches[0]!.similarity).toBeGreaterThanOrEqual(0.5);
    expect(matches[0]!.similarity).toBeLessThanOrEqual(1);
    expect((await adminVideo(ids.first)).json().matches.map((m: { video_id: number }) => m.video_id)).toEqual(
      [ids.second],
    );
    expect((await adminVideo(ids.other)).json().matches).toEqual([]);
    // Staff only, like the rest of the call.
    const member = await t.app.inject({
      url: `/api/admin/video.php?video_id=${ids.second}`,
      headers: roles.headers('member'),
    });
    expect(member.statusCode).toBe(403);
  });

  it('puts the possible duplicate beside the upload on the moderation queue', async () => {
    const queue = await t.app.inject({
      url: '/api/admin/moderation.php',
      headers: roles.headers('moderator'),
    });
    expect(queue.statusCode).toBe(200);
    const items = queue.json().videos as Array<{ video_id: number; match: Record<string, unknown> | null }>;
    const second = items.find((i) => i.video_id === ids.second)!;
    expect(second.match).toMatchObject({
      video_id: ids.first,
      title: expect.stringMatching(/^Pipeline clip/),
      status_id: 3,
      duration: 14,
    });
    expect(second.match?.poster).toEqual(expect.any(String));
    expect(items.find((i) => i.video_id === ids.other)!.match).toBeNull();
  });

  it('does not decode again on a repeated run, and keeps one match row', async () => {
    await deps.db.updateTable('videos').set({ status: 2 }).where('id', '=', ids.second).execute();
    steps.length = 0;
    expect(await processVideo(deps, ids.second)).toBe('done');
    expect(steps.find((s) => s.step === 'fingerprint')).toMatchObject({ skipped: true });
    const rows = await deps.db
      .selectFrom('video_matches')
      .selectAll()
      .where('video_id', '=', ids.second)
      .execute();
    expect(rows.map((r) => Number(r.other_id))).toEqual([ids.first]);
  });
});
