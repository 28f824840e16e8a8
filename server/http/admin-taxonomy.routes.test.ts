// The console's categories, tags, models and channels over HTTP (issue 17): staff only (guests 401,
// members 403, whatever they send), field checks (400 with codes), unique dirs (409, also under
// parallel creates), 404 for unknown objects, deletes that fix the counts, an edited mvp block served
// by the public read call at once (its caches warmed first), a model's photo stored and shown, a file
// that is not an image refused, and the audit entries.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAXONOMY_IMAGE_PATH, TAXONOMY_PATHS } from '../../contract/admin-taxonomy.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertCategories, insertVideo } from '../test/fixtures.ts';
import { createRoles, type RoleFixture, type RoleName } from '../test/roles.ts';

const ORIGIN = 'http://tube.test';
const tagList = (dir: string) =>
  `/api/json/videos2/43200/str/latest-updates/60/tags.${dir}.1.all.all.all.json`;

describe.each(databaseKinds())('console taxonomy on %s', (kind) => {
  let t: TestApp;
  let roles: RoleFixture;

  beforeAll(async () => {
    t = await createTestApp(kind, { ssr: false });
    roles = await createRoles(t, 'tax');
  });
  afterAll(() => t.close());

  const post = (who: RoleName, path: string, json: unknown) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { ...roles.headers(who), 'content-type': 'application/json', origin: ORIGIN },
      payload: JSON.stringify(json),
    });
  const get = (who: RoleName, url: string) => t.app.inject({ url, headers: roles.headers(who) });
  const multipart = (
    who: RoleName,
    fields: Record<string, string>,
    file?: { data: Buffer; name: string },
  ) => {
    const boundary = '----taxonomy-test';
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      parts.push(
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    }
    if (file) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
        ),
        file.data,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return t.app.inject({
      method: 'POST',
      url: TAXONOMY_IMAGE_PATH,
      headers: {
        ...roles.headers(who),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        origin: ORIGIN,
      },
      payload: Buffer.concat(parts),
    });
  };
  const auditActions = async (type: string, id: number) =>
    (
      await t.database.handle.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_type', '=', type)
        .where('target_id', '=', String(id))
        .orderBy('id')
        .execute()
    ).map((r) => r.action);

  it('refuses guests (401) and members (403) on every call, before reading the input', async () => {
    for (const path of [...Object.values(TAXONOMY_PATHS)]) {
      const guest = await get('guest', `${path}?page=0`);
      expect(guest.statusCode).toBe(401);
      expect(guest.json().code).toBe('login_required');
      const member = await get('member', `${path}?page=0`);
      expect(member.statusCode).toBe(403);
      expect(member.json().code).toBe('forbidden');
      expect((await post('guest', path, { act: 'nope' })).statusCode).toBe(401);
      const refused = await post('member', path, { act: 'create', title: 'Sneaky', dir: 'sneaky' });
      expect(refused.statusCode).toBe(403);
      const ok = await get('moderator', path);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['cache-control']).toBe('no-store');
    }
    expect((await multipart('guest', { kind: 'model', id: '1' })).statusCode).toBe(401);
    expect((await multipart('member', { kind: 'model', id: '1' })).statusCode).toBe(403);
    const rows = await t.database.handle.db
      .selectFrom('categories')
      .select('id')
      .where('dir', '=', 'sneaky')
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers bad input with 400 and the field, unknown objects with 404', async () => {
    const cases: [string, unknown, string, string][] = [
      [TAXONOMY_PATHS.category, {}, 'act', 'required'],
      [TAXONOMY_PATHS.category, { act: 'create' }, 'title', 'required'],
      [TAXONOMY_PATHS.category, { act: 'create', title: 'Ok', dir: 'Not A Dir' }, 'dir', 'invalid'],
      [TAXONOMY_PATHS.category, { act: 'create', title: 'x'.repeat(101) }, 'title', 'max_length'],
      [TAXONOMY_PATHS.category, { act: 'create', title: 'Ok', gender: 'other' }, 'gender', 'invalid'],
      [TAXONOMY_PATHS.category, { act: 'edit', id: 'abc' }, 'id', 'invalid'],
      [TAXONOMY_PATHS.category, { act: 'delete', id: '3', move_to: '3' }, 'move_to', 'invalid'],
      [
        TAXONOMY_PATHS.tag,
        { act: 'create', title: 'Ok', links: [{ title: 'Bad', url: 'javascript:alert(1)' }] },
        'links.0.url',
        'invalid_url',
      ],
      [
        TAXONOMY_PATHS.tag,
        { act: 'create', title: 'Ok', links: [{ title: 'Plain http', url: 'http://example.com/' }] },
        'links.0.url',
        'invalid_url',
      ],
      [
        TAXONOMY_PATHS.tag,
        { act: 'create', title: 'Ok', links: [{ url: '/tags/a/' }] },
        'links.0',
        'invalid',
      ],
      [TAXONOMY_PATHS.tag, { act: 'create', title: 'Ok', links: 'not json' }, 'links', 'invalid'],
      [
        TAXONOMY_PATHS.model,
        { act: 'create', title: 'Ok', birth_date: '2099-01-01' },
        'birth_date',
        'too_young',
      ],
      [
        TAXONOMY_PATHS.model,
        { act: 'create', title: 'Ok', birth_date: '1990-02-30' },
        'birth_date',
        'invalid',
      ],
      [TAXONOMY_PATHS.model, { act: 'create', title: 'Ok', hair: '9' }, 'hair', 'invalid'],
      [TAXONOMY_PATHS.model, { act: 'create', title: 'Ok', race: 'martian' }, 'race', 'invalid'],
      [TAXONOMY_PATHS.model, { act: 'create', title: 'Ok', height: { cm: 170 } }, 'height', 'invalid'],
      [
        TAXONOMY_PATHS.model,
        { act: 'create', title: 'Ok', career_start: '2015', career_end: '2010' },
        'career_end',
        'invalid',
      ],
      [
        TAXONOMY_PATHS.channel,
        { act: 'create', title: 'Ok', url: 'ftp://example.com' },
        'url',
        'invalid_url',
      ],
    ];
    for (const [path, body, field, code] of cases) {
      const res = await post('moderator', path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().codes).toContainEqual({ field, code });
    }
    expect((await get('moderator', `${TAXONOMY_PATHS.tag}?page=0`)).statusCode).toBe(400);
    const missing = await post('moderator', TAXONOMY_PATHS.model, { act: 'edit', id: 999999, title: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('model_not_found');
    expect((await post('moderator', TAXONOMY_PATHS.tag, { act: 'delete', id: 999999 })).statusCode).toBe(404);
    expect((await get('moderator', `${TAXONOMY_PATHS.channel}?id=999999`)).json().code).toBe(
      'channel_not_found',
    );
  });

  it('creates, searches and edits; a dir is unique (409 dir_taken), also under parallel creates', async () => {
    const created = await post('administrator', TAXONOMY_PATHS.category, {
      act: 'create',
      title: 'Sunset Beaches',
      description: 'Long evenings.\nBy the sea.',
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().item;
    expect(item).toMatchObject({ dir: 'sunset-beaches', title: 'Sunset Beaches', gender: 'str' });
    expect(await auditActions('category', item.id)).toEqual(['category.create']);

    const found = await get('moderator', `${TAXONOMY_PATHS.category}?q=sunset`);
    expect(found.json().items.map((i: { dir: string }) => i.dir)).toContain('sunset-beaches');
    expect((await get('moderator', `${TAXONOMY_PATHS.category}?q=zzzz_nothing`)).json().total_count).toBe(0);

    const taken = await post('moderator', TAXONOMY_PATHS.category, {
      act: 'create',
      title: 'Other',
      dir: 'sunset-beaches',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'dir_taken', codes: [{ field: 'dir', code: 'dir_taken' }] });

    const edited = await post('moderator', TAXONOMY_PATHS.category, {
      act: 'edit',
      id: item.id,
      title: 'Golden Beaches',
    });
    expect(edited.json().item).toMatchObject({ title: 'Golden Beaches', dir: 'sunset-beaches' });
    expect(await auditActions('category', item.id)).toEqual(['category.create', 'category.edit']);

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(i % 2 ? 'moderator' : 'administrator', TAXONOMY_PATHS.channel, {
          act: 'create',
          title: `Harbour Studio ${i}`,
          dir: 'harbour-studio',
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('dir_taken');
  });

  it('edits every model profile field and shows them on the public model call', async () => {
    const res = await post('moderator', TAXONOMY_PATHS.model, {
      act: 'create',
      title: 'Avery Stone',
      alias: 'Ava S., Avery',
      birth_date: '1995-07-30',
      country: 'CA',
      ethnicity: 'Caucasian',
      race: 'caucasian',
      career_status: '1',
      career_start: '2016',
      debut_age: '21',
      hair: '2',
      eye: 'green',
      tattoo: '1',
      piercing: '0',
      size_tits: 'C',
      measurements: '86-61-89',
      height: '168',
      weight: '55',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({
      dir: 'avery-stone',
      country: 'ca',
      zodiac: 'leo',
      tattoo: true,
      piercing: false,
      height: 168,
      career_status: 1,
    });
    const publicModel = await t.app.inject({ url: '/api/json/model/3600/avery-stone.json' });
    expect(publicModel.json().model).toMatchObject({
      alias: 'Ava S., Avery',
      hair: 2,
      eye: 'green',
      zodiac: 'leo',
    });
    // '' clears an optional field; a missing one keeps its value.
    const cleared = await post('moderator', TAXONOMY_PATHS.model, {
      act: 'edit',
      id: res.json().item.id,
      eye: '',
    });
    expect(cleared.json().item).toMatchObject({ eye: null, hair: 2 });
    expect(
      (await t.app.inject({ url: '/api/json/model/3600/avery-stone.json' })).json().model.eye,
    ).toBeNull();
  });

  it("serves an edited tag's mvp block from the public read calls at once", async () => {
    const db = t.database.handle.db;
    const tag = await db
      .insertInto('tags')
      .values({ dir: 'lighthouse', title: 'lighthouse', total_videos: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const video = await insertVideo(db, { title: 'Lighthouse At Dawn' });
    await db.insertInto('video_tags').values({ video_id: video.id, tag_id: tag.id }).execute();
    const before = await t.app.inject({ url: tagList('lighthouse') });
    expect(before.json().mvp.h1).toBe('Lighthouse Videos');
    await t.app.inject({ url: '/api/json/videos_mvp/86400/lighthouse.json' });

    const saved = await post('moderator', TAXONOMY_PATHS.tag, {
      act: 'edit',
      id: tag.id,
      mtitle: 'Lighthouse clips by the sea',
      mdesc: 'Lighthouses at dawn and dusk.',
      h1: 'Lighthouses',
      links: [
        { title: 'Harbours', url: '/tags/harbour/' },
        { title: 'Coast guide', url: 'https://example.com/coast' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await t.app.inject({ url: tagList('lighthouse') })).json().mvp;
    expect(after).toEqual({
      mtitle: 'Lighthouse clips by the sea',
      mdesc: 'Lighthouses at dawn and dusk.',
      h1: 'Lighthouses',
      links: [
        { url: '/tags/harbour/', title_nav: 'Harbours' },
        { url: 'https://example.com/coast', title_nav: 'Coast guide' },
      ],
    });
    const mvp = (await t.app.inject({ url: '/api/json/videos_mvp/86400/lighthouse.json' })).json();
    expect(mvp.mvp.h1).toBe('Lighthouses');
    // Emptied again: the built block comes back.
    await post('moderator', TAXONOMY_PATHS.tag, {
      act: 'edit',
      id: tag.id,
      mtitle: '',
      mdesc: '',
      h1: '',
      links: [],
    });
    expect((await t.app.inject({ url: tagList('lighthouse') })).json().mvp.h1).toBe('Lighthouse Videos');
    expect(await auditActions('tag', tag.id)).toEqual(['tag.edit', 'tag.edit']);
  });

  it('deletes: the videos lose the category, or another one takes them over and is recounted', async () => {
    const db = t.database.handle.db;
    const ids = await insertCategories(db, ['forest-walks', 'mountain-walks', 'river-walks']);
    const forest = ids.get('forest-walks')!;
    const mountain = ids.get('mountain-walks')!;
    const river = ids.get('river-walks')!;
    const v1 = await insertVideo(db, { title: 'Forest Walk One', categories: ['forest-walks'] }, ids);
    const v2 = await insertVideo(
      db,
      { title: 'Forest Walk Two', categories: ['forest-walks', 'mountain-walks'] },
      ids,
    );
    const v3 = await insertVideo(db, { title: 'Mountain Walk', categories: ['mountain-walks'] }, ids);
    await insertVideo(db, { title: 'River Walk', categories: ['river-walks'] }, ids);
    await db
      .updateTable('categories')
      .set({ total_videos: 2 })
      .where('id', 'in', [forest, mountain])
      .execute();
    await db.updateTable('categories').set({ total_videos: 1 }).where('id', '=', river).execute();
    const categoriesCall = '/api/json/categories/86400/str/count-videos.json';
    expect((await t.app.inject({ url: categoriesCall })).body).toContain('forest-walks');

    const merged = await post('administrator', TAXONOMY_PATHS.category, {
      act: 'delete',
      id: forest,
      move_to: mountain,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ act: 'delete', item: null, moved_videos: 1 });
    const mountainRow = await db
      .selectFrom('categories')
      .select('total_videos')
      .where('id', '=', mountain)
      .executeTakeFirstOrThrow();
    expect(mountainRow.total_videos).toBe(3);
    const links = await db
      .selectFrom('video_categories')
      .select('video_id')
      .where('category_id', '=', mountain)
      .execute();
    expect(links.map((l) => Number(l.video_id)).sort()).toEqual([v1.id, v2.id, v3.id].map(Number).sort());
    const listed = (await t.app.inject({ url: categoriesCall })).json().categories as {
      dir: string;
      total_videos: number;
    }[];
    expect(listed.map((c) => c.dir)).not.toContain('forest-walks');
    expect(listed.find((c) => c.dir === 'mountain-walks')?.total_videos).toBe(3);

    const removed = await post('moderator', TAXONOMY_PATHS.category, { act: 'delete', id: river });
    expect(removed.statusCode).toBe(200);
    expect(
      await db.selectFrom('video_categories').select('video_id').where('category_id', '=', river).execute(),
    ).toEqual([]);
    expect((await t.app.inject({ url: categoriesCall })).body).not.toContain('river-walks');
    expect(await auditActions('category', forest)).toEqual(['category.delete']);
    // A channel's videos keep no channel, or go to the other one.
    const a = (await post('moderator', TAXONOMY_PATHS.channel, { act: 'create', title: 'Studio A' })).json()
      .item;
    const b = (await post('moderator', TAXONOMY_PATHS.channel, { act: 'create', title: 'Studio B' })).json()
      .item;
    await db.updateTable('videos').set({ channel_id: a.id }).where('id', '=', v3.id).execute();
    const moved = await post('moderator', TAXONOMY_PATHS.channel, { act: 'delete', id: a.id, move_to: b.id });
    expect(moved.json().moved_videos).toBe(1);
    const channelB = (await get('moderator', `${TAXONOMY_PATHS.channel}?id=${b.id}`)).json().items[0];
    expect(channelB.total_videos).toBe(1);
    const unknownTarget = await post('moderator', TAXONOMY_PATHS.channel, {
      act: 'delete',
      id: b.id,
      move_to: 999999,
    });
    expect(unknownTarget.statusCode).toBe(404);
  });

  it("stores a model's photo as WebP, shows it, replaces it, and refuses a file that is not an image", async () => {
    const model = (
      await post('moderator', TAXONOMY_PATHS.model, { act: 'create', title: 'Robin Vale' })
    ).json().item;
    const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#3a6ea5' } })
      .png()
      .toBuffer();
    const saved = await multipart(
      'moderator',
      { kind: 'model', id: String(model.id) },
      { data: png, name: 'photo.txt' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const url = saved.json().image as string;
    expect(url).toMatch(/^\/media\/taxonomy\/model\/\d+-[0-9a-f-]+\.webp$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 640 });
    expect((await t.app.inject({ url: '/api/json/model/3600/robin-vale.json' })).json().model.img).toBe(url);
    expect((await get('moderator', `${TAXONOMY_PATHS.model}?id=${model.id}`)).json().items[0].image).toBe(
      url,
    );

    const again = await multipart(
      'moderator',
      { kind: 'model', id: String(model.id) },
      { data: png, name: 'b.png' },
    );
    expect(again.json().image).not.toBe(url);
    expect((await t.app.inject({ url })).statusCode).toBe(404);

    const text = await multipart(
      'moderator',
      { kind: 'model', id: String(model.id) },
      { data: Buffer.from('just some text, not a picture'), name: 'photo.jpg' },
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().codes).toEqual([{ field: 'file', code: 'file_type' }]);
    const tiny = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(
      (
        await multipart('moderator', { kind: 'model', id: String(model.id) }, { data: tiny, name: 't.png' })
      ).json().code,
    ).toBe('image_too_small');
    expect((await multipart('moderator', { kind: 'model', id: String(model.id) })).json().codes).toEqual([
      { field: 'file', code: 'required' },
    ]);
    expect(
      (await multipart('moderator', { kind: 'tag', id: '1' }, { data: png, name: 'a.png' })).statusCode,
    ).toBe(400);
    expect(
      (await multipart('moderator', { kind: 'model', id: '999999' }, { data: png, name: 'a.png' }))
        .statusCode,
    ).toBe(404);

    const removed = await multipart('moderator', { kind: 'model', id: String(model.id), remove: '1' });
    expect(removed.json().image).toBeNull();
    expect(await auditActions('model', model.id)).toEqual([
      'model.create',
      'model.edit',
      'model.edit',
      'model.edit',
    ]);
  });
});
