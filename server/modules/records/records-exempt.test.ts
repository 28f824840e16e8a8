// Performer records (issue 31) over real HTTP on both databases: staff uploads and uploads made while
// UPLOAD_RECORDS=off need no records — no records row, approval goes through, and the records form
// answers records_not_required. A member's upload that needs them is tested in records.test.ts; the set-up
// and calls are server/test/records-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { ava, type RecordsApp, recordsCalls, setupRecordsApp } from '../../test/records-fixtures.ts';
import type { SignedInUser } from '../../test/roles.ts';

describe.each(databaseKinds())('performer records on %s', (kind) => {
  let app: RecordsApp<'staff' | 'off'>;
  let t: TestApp;
  let other: SignedInUser;
  let moderator: SignedInUser;
  let clips: Record<'staff' | 'off', Buffer>;
  let idCard: Buffer;

  beforeAll(async () => {
    app = await setupRecordsApp(kind, ['staff', 'off']);
    ({ t, other, moderator, clips, idCard } = app);
  }, 180_000);
  afterAll(() => app?.close());

  const { uploadVideo, sendRecords, approve } = recordsCalls(() => app);

  it('staff uploads and UPLOAD_RECORDS=off need no records', async () => {
    const staffVideo = await uploadVideo(moderator, clips.staff);
    t.config.upload.records = 'off';
    try {
      const offVideo = await uploadVideo(other, clips.off);
      for (const id of [staffVideo, offVideo]) {
        expect(
          await t.database.handle.db
            .selectFrom('video_records')
            .selectAll()
            .where('video_id', '=', id)
            .execute(),
        ).toEqual([]);
        expect((await approve(moderator, id)).statusCode).toBe(200);
      }
      expect((await sendRecords(other, offVideo, [{ ...ava, image: idCard }])).body).toMatchObject({
        code: 'records_not_required',
      });
    } finally {
      t.config.upload.records = 'required';
    }
  });
});
