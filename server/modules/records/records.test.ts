// Performer records (issue 31) end to end over real HTTP on both databases: a member's upload (tus +
// video_edit.php) with UPLOAD_RECORDS=required waits in moderation until its records are checked; the
// records' validation; encryption at rest; who reads the ID images (administrators and custodians, not
// moderators); check / reject with their audit rows; the inspection export. The tests are one story in
// order, on one video. The pipeline is not run: the upload moves the video to "waiting for moderation"
// (status 3) itself, as the moderation tests do. Staff uploads and UPLOAD_RECORDS=off are tested in
// records-exempt.test.ts; the set-up and calls are server/test/records-fixtures.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_IMAGE_MAX_BYTES } from '../../../contract/records.ts';
import type { TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import {
  ava,
  ben,
  ORIGIN,
  type RecordsApp,
  recordsCalls,
  setupRecordsApp,
} from '../../test/records-fixtures.ts';
import type { SignedInUser } from '../../test/roles.ts';
import { createPhotoCipher, resolveKey } from '../age-verification/photo-cipher.ts';

describe.each(databaseKinds())('performer records on %s', (kind) => {
  let app: RecordsApp<'member'>;
  let t: TestApp;
  let base: string;
  let modelId: number;
  let member: SignedInUser;
  let other: SignedInUser;
  let moderator: SignedInUser;
  let custodian: SignedInUser;
  let admin: SignedInUser;
  let clips: Record<'member', Buffer>;
  let idCard: Buffer;
  let idCard2: Buffer;
  let memberVideo = 0;

  beforeAll(async () => {
    app = await setupRecordsApp(kind, ['member']);
    ({ t, base, modelId, member, other, moderator, custodian, admin, clips, idCard, idCard2 } = app);
  }, 180_000);
  afterAll(() => app?.close());

  const { headers, uploadVideo, sendRecords, approve, decide, get } = recordsCalls(() => app);

  it('a member’s upload needs records: approval answers records_not_checked, also from the console', async () => {
    memberVideo = await uploadVideo(member, clips.member);
    const row = await t.database.handle.db
      .selectFrom('video_records')
      .selectAll()
      .where('video_id', '=', memberVideo)
      .executeTakeFirst();
    expect(row?.status).toBe('pending');
    expect(row?.submitted_at).toBeNull();
    const refused = await approve(moderator, memberVideo);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'records_not_checked',
      info: { records_status: 'pending' },
    });
    // The console's status change is the same gate.
    await expect(
      t.services.videosAdmin.act(
        { user_id: admin.userId, username: admin.username, avatar: null, role: 'administrator' },
        { act: 'status', videoId: memberVideo, status: 1, reason: null },
      ),
    ).rejects.toMatchObject({ code: 'records_not_checked', status: 409 });
    const own = await get(member, `/api/video_records.php?video_id=${memberVideo}`);
    expect(own.json()).toEqual({
      video_id: memberVideo,
      required: true,
      status: 'pending',
      submitted: false,
      reason: null,
    });
  });

  it('answers every problem of the records form in its field', async () => {
    const none = await sendRecords(member, memberVideo, []);
    expect(none.status).toBe(400);
    expect(none.body.codes).toContainEqual({ field: 'performers', code: 'required' });

    const bad = await sendRecords(member, memberVideo, [
      { ...ava, image: null },
      { ...ben, consent: '', signature: '', image: idCard },
      {
        ...ben,
        legal_name: 'Young Person',
        signature: 'Young Person',
        birth_date: '2009-01-01',
        image: Buffer.from('not an image at all'),
      },
      { ...ava, signature: 'Someone Else', image: idCard },
      { ...ava, stage_name: '', model_id: '99999999', image: idCard },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.codes).toEqual(
      expect.arrayContaining([
        { field: 'performers[0][id_image]', code: 'required' },
        { field: 'performers[1][consent]', code: 'not_signed' },
        { field: 'performers[1][signature]', code: 'not_signed' },
        { field: 'performers[2][birth_date]', code: 'under_18' },
        { field: 'performers[3][signature]', code: 'signature_mismatch' },
        { field: 'performers[4][model_id]', code: 'invalid' },
      ]),
    );
    // An image problem is found once the fields are right.
    const notImage = await sendRecords(member, memberVideo, [
      { ...ava, image: Buffer.from('plain text, no picture') },
    ]);
    expect(notImage.body.codes).toEqual([{ field: 'performers[0][id_image]', code: 'file_type' }]);

    const big = await sendRecords(member, memberVideo, [
      { ...ava, image: Buffer.alloc(ID_IMAGE_MAX_BYTES + 10, 1) },
    ]);
    expect(big.status).toBe(413);
    expect(big.body.codes).toEqual([{ field: 'performers[0][id_image]', code: 'file_too_large' }]);

    const future = await sendRecords(member, memberVideo, [{ ...ava, image: idCard }], '2999-01-01');
    expect(future.body.codes).toEqual([{ field: 'recorded_on', code: 'invalid' }]);

    // Someone else's video, and a guest.
    expect((await sendRecords(other, memberVideo, [{ ...ava, image: idCard }])).status).toBe(403);
    const guest = await fetch(`${base}/api/video_records.php`, {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: new FormData(),
    });
    expect(guest.status).toBe(401);
    // Nothing was stored by any refused sending.
    expect(await t.database.handle.db.selectFrom('video_performers').selectAll().execute()).toEqual([]);
  });

  it('stores the records sealed: the stored bytes are not the image or the consent', async () => {
    const sent = await sendRecords(member, memberVideo, [
      { ...ava, model_id: String(modelId), stage_name: '', image: idCard },
      { ...ben, image: idCard2 },
    ]);
    expect(sent).toMatchObject({
      status: 200,
      body: { status: 'success', records_status: 'pending', performers: 2 },
    });
    const rows = await t.database.handle.db
      .selectFrom('video_performers')
      .selectAll()
      .where('video_id', '=', memberVideo)
      .orderBy('position')
      .execute();
    expect(rows.map((r) => [r.stage_name, r.model_id])).toEqual([
      ['Ava Test', modelId],
      ['Ben Sample', null],
    ]);
    const cipher = createPhotoCipher(() => resolveKey(t.config.ageVerificationKey, t.config.dataDir));
    for (const r of rows) {
      const storedImage = readFileSync(path.join(t.config.mediaDir, r.id_image_key));
      // Not a JPEG (FF D8) nor a PNG, and no readable text in the consent.
      expect(storedImage.subarray(0, 2).toString('hex')).not.toBe('ffd8');
      await expect(sharp(storedImage).metadata()).rejects.toThrow();
      expect((await sharp(cipher.open(storedImage, r.id_image_key)).metadata()).format).toBe('jpeg');
      const storedConsent = readFileSync(path.join(t.config.mediaDir, r.consent_key));
      expect(storedConsent.toString('latin1')).not.toContain('Example');
      expect(storedConsent.toString('latin1')).not.toContain('Sample');
      // Sealed to its own key: moved to another record, it does not open.
      expect(() => cipher.open(storedImage, r.consent_key)).toThrow();
    }
    const media = await t.app.inject({
      method: 'GET',
      url: `/media/${rows[0]!.id_image_key}`,
      headers: { cookie: admin.cookie },
    });
    expect(media.statusCode).toBe(404);
  });

  it('moderators see the status and stage names only; administrators and custodians read the records', async () => {
    const modView = await get(moderator, `/api/admin/video_records.php?video_id=${memberVideo}`);
    expect(modView.statusCode).toBe(200);
    const mv = modView.json();
    expect(mv).toMatchObject({
      required: true,
      status: 'pending',
      may_read: false,
      uploader: { username: 'rec_member' },
    });
    expect(mv.performers.map((p: { stage_name: string }) => p.stage_name)).toEqual([
      'Ava Test',
      'Ben Sample',
    ]);
    expect(
      mv.performers.every(
        (p: { consent: unknown; id_image: unknown }) => p.consent === null && p.id_image === null,
      ),
    ).toBe(true);
    expect(JSON.stringify(mv)).not.toContain('Example');
    const performerId = mv.performers[0].performer_id as number;
    const imageUrl = `/api/admin/video_records_image.php?performer_id=${performerId}`;
    expect((await get(moderator, imageUrl)).statusCode).toBe(403);
    expect((await get(member, imageUrl)).statusCode).toBe(403);
    expect((await get(null, imageUrl)).statusCode).toBe(401);
    expect((await get(member, `/api/admin/video_records.php?video_id=${memberVideo}`)).statusCode).toBe(403);
    expect((await decide(moderator, memberVideo, 'check')).statusCode).toBe(403);
    expect(
      (await get(moderator, `/api/admin/video_records_export.php?video_id=${memberVideo}`)).statusCode,
    ).toBe(403);

    const adminView = (await get(admin, `/api/admin/video_records.php?video_id=${memberVideo}`)).json();
    expect(adminView.may_read).toBe(true);
    expect(adminView.performers[0].consent).toMatchObject({
      legal_name: 'Ava Example',
      stage_name: 'Ava Test',
      birth_date: '1995-04-02',
      recorded_on: '2026-10-01',
      age_at_recording: 31,
      signature: 'Ava Example',
      language: 'de',
      version: 1,
    });
    const image = await get(admin, imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('no-store');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(640);

    // A moderator named custodian by an administrator reads them; a moderator cannot name one.
    const name = (who: SignedInUser, userId: number, on: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/records_custodian.php',
        headers: { ...headers(who), 'content-type': 'application/x-www-form-urlencoded' },
        payload: `user_id=${userId}&custodian=${on}`,
      });
    expect((await name(moderator, moderator.userId, '1')).statusCode).toBe(403);
    expect((await name(admin, member.userId, '1')).json()).toMatchObject({
      codes: [{ field: 'user_id', code: 'invalid' }],
    });
    const named = await name(admin, custodian.userId, '1');
    expect(named.statusCode).toBe(200);
    expect(named.json().custodians).toEqual([
      { user_id: custodian.userId, username: 'rec_custodian', role: 'moderator' },
    ]);
    expect((await get(custodian, imageUrl)).statusCode).toBe(200);
    expect(
      (await get(custodian, `/api/admin/video_records.php?video_id=${memberVideo}`)).json().may_read,
    ).toBe(true);
  });

  it('rejected records go back to the uploader; checked records let the video be approved', async () => {
    expect((await decide(admin, memberVideo, 'reject')).json()).toMatchObject({
      codes: [{ field: 'reason', code: 'required' }],
    });
    const rejected = await decide(admin, memberVideo, 'reject', 'The ID image is unreadable');
    expect(rejected.json()).toEqual({ status: 'success', video_id: memberVideo, records_status: 'rejected' });
    expect((await get(member, `/api/video_records.php?video_id=${memberVideo}`)).json()).toMatchObject({
      status: 'rejected',
      reason: 'The ID image is unreadable',
    });
    expect((await approve(moderator, memberVideo)).json()).toMatchObject({
      code: 'records_not_checked',
      info: { records_status: 'rejected' },
    });
    const before = await t.database.handle.db.selectFrom('video_performers').select('id_image_key').execute();

    // Sent again: replaces the performers (the old sealed files go).
    expect((await sendRecords(member, memberVideo, [{ ...ben, image: idCard2 }])).status).toBe(200);
    expect(() => readFileSync(path.join(t.config.mediaDir, before[0]!.id_image_key))).toThrow();
    expect((await decide(custodian, memberVideo, 'check')).json()).toMatchObject({
      records_status: 'checked',
    });
    // Decided once: not again, and no more sendings.
    expect((await decide(admin, memberVideo, 'check')).json()).toMatchObject({ code: 'records_not_waiting' });
    expect((await sendRecords(member, memberVideo, [{ ...ava, image: idCard }])).body).toMatchObject({
      code: 'records_already_checked',
    });

    const approved = await approve(moderator, memberVideo);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'success', status_id: 1 });
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('target_type', '=', 'video')
      .where('target_id', '=', String(memberVideo))
      .where('action', 'in', ['records.reject', 'records.check', 'records.image', 'video.approve'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['records.reject', 'records.check', 'records.image', 'video.approve']),
    );
    expect(audit.find((a) => a.action === 'records.check')?.actor_name).toBe('rec_custodian');
  });

  it('exports one video’s records for an inspection, audited', async () => {
    const res = await get(admin, `/api/admin/video_records_export.php?video_id=${memberVideo}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="records-video-${memberVideo}.html"`,
    );
    const html = res.body;
    expect(html).toContain('Benjamin Sample');
    expect(html).toContain('data:image/jpeg;base64,');
    const json = JSON.parse(
      /<script type="application\/json" id="records">([\s\S]*?)<\/script>/.exec(html)![1]!,
    );
    expect(json).toMatchObject({
      video_id: memberVideo,
      records_status: 'checked',
      checked_by: 'rec_custodian',
      performers: [{ legal_name: 'Benjamin Sample', birth_date: '1990-11-30', signature: 'benjamin sample' }],
    });
    // The image inside is the decrypted ID document.
    const b64 = /data:image\/jpeg;base64,([A-Za-z0-9+/=]+)/.exec(html)![1]!;
    expect((await sharp(Buffer.from(b64, 'base64')).metadata()).format).toBe('jpeg');
    const exported = await t.database.handle.db
      .selectFrom('audit_log')
      .select('actor_name')
      .where('action', '=', 'records.export')
      .execute();
    expect(exported).toEqual([{ actor_name: 'rec_admin' }]);
  });
});
