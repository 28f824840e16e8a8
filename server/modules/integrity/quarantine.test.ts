// The quarantine console (issue 31) through the real SSR build: /admin/quarantine/ lists the files that
// matched a hash list (newest first) and ?quarantine_id=N shows one — who uploaded it and when, which
// list and hash matched, its digests and storage key — for administrators only (moderators, members
// and guests 403; the service refuses them too), and never carries the file's content: no image, player
// or media link, not the bytes. An unknown id is the 404 page.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertVideo } from '../../test/fixtures.ts';
import { createRoles, type RoleFixture, type RoleName } from '../../test/roles.ts';

const SECRET_BYTES = 'QUARANTINED-CONTENT-NEVER-SHOWN';

describe('the quarantine console', () => {
  let t: TestApp;
  let roles: RoleFixture;
  let first: number;
  let second: number;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    roles = await createRoles(t, 'quar');
    const db = t.database.handle.db;
    const video = Number((await insertVideo(db, { title: 'Rejected upload', status: 4 })).id);
    const key = `quarantine/${video}/source.mp4`;
    await t.services.storage.putStream(key, Readable.from([Buffer.from(SECRET_BYTES)]), {
      contentType: 'application/octet-stream',
    });
    const insert = (values: { video_id: number | null; list_name: string; md5: string }) =>
      db
        .insertInto('quarantined_files')
        .values({
          ...values,
          uploader_id: roles.users.member.userId,
          kind: 'md5',
          value: values.md5,
          storage_key: key,
          size_bytes: SECRET_BYTES.length,
          sha256: 'f'.repeat(64),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    first = Number((await insert({ video_id: video, list_name: 'local-test-list', md5: 'a'.repeat(32) })).id);
    second = Number((await insert({ video_id: null, list_name: 'second-list', md5: 'b'.repeat(32) })).id);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, who: RoleName) =>
    t.app.inject({ method: 'GET', url, headers: { ...roles.headers(who), host: 'tube.test' } });

  it('is for administrators only', async () => {
    for (const who of ['guest', 'member', 'moderator'] as const) {
      expect((await get('/admin/quarantine/', who)).statusCode).toBe(403);
      expect((await get(`/admin/quarantine/?quarantine_id=${first}`, who)).statusCode).toBe(403);
    }
    const moderator = { ...roles.users.moderator, user_id: roles.users.moderator.userId, avatar: null };
    await expect(t.services.quarantine.list(moderator, 1)).rejects.toMatchObject({ status: 403 });
    await expect(t.services.quarantine.get(null, first)).rejects.toMatchObject({ status: 401 });
  });

  it('lists the files, newest first, and shows one without its content', async () => {
    const list = await get('/admin/quarantine/', 'administrator');
    expect(list.statusCode).toBe(200);
    expect(list.body.indexOf(`data-quarantine="${second}"`)).toBeLessThan(
      list.body.indexOf(`data-quarantine="${first}"`),
    );
    expect(list.body).toContain('local-test-list');
    expect(list.body).toContain(roles.users.member.username);

    const one = await get(`/admin/quarantine/?quarantine_id=${first}`, 'administrator');
    expect(one.statusCode).toBe(200);
    for (const fact of ['local-test-list', 'a'.repeat(32), 'f'.repeat(64), roles.users.member.username])
      expect(one.body).toContain(fact);
    expect(one.body).toContain('Rejected upload');
    // Never the file: not its bytes, no media URL, no image or player.
    for (const body of [list.body, one.body]) {
      expect(body).not.toContain(SECRET_BYTES);
      expect(body).not.toMatch(/\/media\/quarantine/);
      expect(body).not.toMatch(/<(img|video|source)\b[^>]*quarantine/);
    }
    const media = await get(`/media/quarantine/${first}/source.mp4`, 'administrator');
    expect(media.statusCode).toBe(404);
  });

  it('answers an unknown or malformed id with the 404 page', async () => {
    expect((await get('/admin/quarantine/?quarantine_id=999999', 'administrator')).statusCode).toBe(404);
    expect((await get('/admin/quarantine/?quarantine_id=abc', 'administrator')).statusCode).toBe(404);
  });
});
