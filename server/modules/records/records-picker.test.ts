// The records form's two ways in (issue 31) on both databases: the performer picker's call
// (GET /api/video_records_models.php: the catalogue's models by name, best first, of every orientation,
// members only) and the way back to the records step (the member's uploads list says where each upload's
// records stand; the records step's page is its owner's only, staff included, anyone else refused with
// 403 forbidden).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../contract/accounts.ts';
import { RECORDS_MODELS_PATH } from '../../../contract/records.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { databaseKinds } from '../../test/db.ts';
import { insertVideo } from '../../test/fixtures.ts';
import { createSignedInUser, type SignedInUser } from '../../test/roles.ts';

describe.each(databaseKinds())('the records form’s picker and way back on %s', (kind) => {
  let t: TestApp;
  let member: SignedInUser;
  let other: SignedInUser;
  let admin: SignedInUser;
  const models: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ssr: false,
      env: { UPLOAD_RECORDS: 'required', CATALOG_CACHE: 'off' },
    });
    member = await createSignedInUser(t, 'pick_member');
    other = await createSignedInUser(t, 'pick_other');
    admin = await createSignedInUser(t, 'pick_admin', 'administrator');
    const db = t.database.handle.db;
    for (const [title, gender] of [
      ['Ava Test', 'str'],
      ['Avalon Grey', 'gay'],
      ['Bella Avanti', 'str'],
      ['Zoe Stone', 'str'],
      ['100% Real', 'str'],
    ] as const) {
      const row = await db
        .insertInto('models')
        .values({ dir: title.toLowerCase().replace(/\W+/g, '-'), title, gender, added_date: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      models[title] = Number(row.id);
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const ask = (q: string, who: SignedInUser | null = member) =>
    t.app.inject({
      method: 'GET',
      url: `${RECORDS_MODELS_PATH}?q=${encodeURIComponent(q)}`,
      headers: who ? { cookie: who.cookie } : {},
    });
  const titles = async (q: string) =>
    ((await ask(q)).json() as { models: { title: string }[] }).models.map((m) => m.title);

  it('finds models by the start of their name, then of a word, in every orientation', async () => {
    const res = await ask('ava');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { models: { model_id: number; dir: string; title: string }[] };
    expect(
      body.models
        .slice(0, 2)
        .map((m) => m.title)
        .sort(),
    ).toEqual(['Ava Test', 'Avalon Grey']);
    expect(body.models[2]).toEqual({
      model_id: models['Bella Avanti'],
      dir: 'bella-avanti',
      title: 'Bella Avanti',
    });
    expect(body.models.map((m) => m.title)).not.toContain('Zoe Stone');
    // Any case; a typo is still close enough (pg_trgm).
    expect(await titles('AVA TEST')).toContain('Ava Test');
    expect(await titles('zoe stnoe')).toEqual(['Zoe Stone']);
    // LIKE's wildcards are the text itself.
    expect(await titles('%%')).toEqual([]);
    expect(await titles('100%')).toEqual(['100% Real']);
  });

  it('answers members only, with the field errors of its one field', async () => {
    expect((await ask('ava', null)).statusCode).toBe(401);
    expect((await ask('ava', admin)).statusCode).toBe(200);
    for (const [q, code] of [
      ['', 'required'],
      ['a', 'min_length'],
      ['x'.repeat(121), 'max_length'],
    ] as const) {
      const res = await ask(q);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ codes: [{ field: 'q', code }] });
    }
  });

  it('the uploads list says where each upload’s records stand; the step is its owner’s only', async () => {
    const db = t.database.handle.db;
    const { records, moderation, accounts } = t.services;
    const userOf = async (who: SignedInUser) => (await accounts.userForSession(who.sid))?.user as CurrentUser;
    const owner = await userOf(member);
    const stranger = await userOf(other);
    const administrator = await userOf(admin);
    const { id } = await insertVideo(db, { title: 'Waiting for its records', status: 3 });
    const videoId = Number(id);
    await db.updateTable('videos').set({ user_id: member.userId }).where('id', '=', videoId).execute();
    await db.insertInto('video_records').values({ video_id: videoId }).execute();
    const step = async (viewer: CurrentUser | null) =>
      (await moderation.uploads(viewer, member.userId, 1))?.videos.find((v) => v.video_id === videoId)
        ?.records;

    expect(await step(owner)).toBe('missing');
    // Others do not see the upload's records (a waiting upload is not in their list at all).
    expect(await step(stranger)).toBeUndefined();

    // The step's page: its owner; another member and staff are refused (the console is staff's way).
    expect(await records.own(owner, videoId, true)).toMatchObject({ required: true, submitted: false });
    await expect(records.own(stranger, videoId, true)).rejects.toMatchObject({
      code: 'forbidden',
      status: 403,
    });
    await expect(records.own(administrator, videoId, true)).rejects.toMatchObject({ code: 'forbidden' });
    // The API's own view still lets staff read where they stand.
    expect(await records.own(administrator, videoId)).toMatchObject({ required: true });

    const card = await sharp({ create: { width: 400, height: 260, channels: 3, background: '#6a8' } })
      .jpeg()
      .toBuffer();
    await records.submit(owner, {
      videoId,
      recordedOn: '2026-09-01',
      language: 'en',
      performers: [
        {
          model_id: String(models['Ava Test']),
          stage_name: '',
          legal_name: 'Ava Example',
          birth_date: '1994-06-15',
          consent: '1',
          signature: 'Ava Example',
          idImage: card,
        },
      ],
    });
    expect(await step(owner)).toBe('pending');
    const view = await records.view(administrator, videoId);
    expect(view.performers[0]?.model).toEqual({
      model_id: models['Ava Test'],
      title: 'Ava Test',
      dir: 'ava-test',
    });

    await records.decide(administrator, { act: 'reject', videoId, reason: 'The ID is unreadable' });
    expect(await step(owner)).toBe('rejected');
    expect(await records.own(owner, videoId, true)).toMatchObject({
      status: 'rejected',
      reason: 'The ID is unreadable',
    });

    // A video that needs no records has none to complete.
    const { id: plain } = await insertVideo(db, { title: 'Needs none', status: 3 });
    await db.updateTable('videos').set({ user_id: member.userId }).where('id', '=', plain).execute();
    expect(
      (await moderation.uploads(owner, member.userId, 1))?.videos.find((v) => v.video_id === Number(plain))
        ?.records,
    ).toBeNull();
  });
});
