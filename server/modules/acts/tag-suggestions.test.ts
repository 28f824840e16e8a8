// Tag suggestions on a real database: a tag joins the video once the threshold of distinct members
// suggested the same normalised tag, exactly once under parallel requests; repeats by one member count
// once; an existing tag is reused; the threshold is configurable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberActSchema } from '../../../contract/acts.ts';
import {
  type ActsFixture,
  addMember,
  addVideo,
  codeOf,
  settle,
  setupActs,
} from '../../test/acts-fixtures.ts';
import { databaseKinds } from '../../test/db.ts';
import type { Actor } from './actor.ts';

/** The tag as the contract hands it to the service (normalised). */
const tagOf = (typed: string) => {
  const act = memberActSchema.parse({ act: 'add_tag', section: 'video', object_id: '1', tag: typed });
  return act.act === 'add_tag' ? act.tag : '';
};

describe.each(databaseKinds())('tag suggestions (%s)', (kind) => {
  let f: ActsFixture;

  beforeAll(async () => {
    f = await setupActs(kind);
  });
  afterAll(() => f?.dispose());

  const tagsOf = async (videoId: number) =>
    (
      await f.db
        .selectFrom('video_tags as vt')
        .innerJoin('tags as t', 't.id', 'vt.tag_id')
        .select(['t.dir', 't.title', 't.total_videos'])
        .where('vt.video_id', '=', videoId)
        .execute()
    ).map((t) => ({ ...t, total_videos: Number(t.total_videos) }));

  it('adds the tag at the third distinct member, whatever the spelling', async () => {
    const video = await addVideo(f.db, 'Sunset walk');
    const [a, b, c] = await Promise.all([addMember(f.db), addMember(f.db), addMember(f.db)]);
    expect(await f.acts.tags.suggest(a as Actor, video, tagOf('Golden Hour'))).toEqual({
      ok: true,
      accepted: false,
    });
    // The same member again counts once.
    expect(await f.acts.tags.suggest(a as Actor, video, tagOf('golden   hour'))).toEqual({
      ok: true,
      accepted: false,
    });
    expect(await f.acts.tags.suggest(b as Actor, video, tagOf('GOLDEN-HOUR'))).toEqual({
      ok: true,
      accepted: false,
    });
    expect(await tagsOf(video)).toEqual([]);
    expect(await f.acts.tags.suggest(c as Actor, video, tagOf('<b>golden hour</b>'))).toEqual({
      ok: true,
      accepted: true,
    });
    expect(await tagsOf(video)).toEqual([{ dir: 'golden-hour', title: 'golden hour', total_videos: 1 }]);
    // Later suggestions (and repeats) say it is on the video; nothing is added twice.
    expect(await f.acts.tags.suggest(a as Actor, video, tagOf('golden hour'))).toEqual({
      ok: true,
      accepted: true,
    });
    expect(await tagsOf(video)).toHaveLength(1);
    const words = await f.db
      .selectFrom('videos')
      .select('search_vector')
      .where('id', '=', video)
      .executeTakeFirst();
    expect(String(words?.search_vector)).toContain('golden');
  });

  it('adds the tag once when many members suggest it at the same moment', async () => {
    const video = await addVideo(f.db, 'Crowd');
    const members = await Promise.all(Array.from({ length: 12 }, () => addMember(f.db)));
    const result = await settle(members.map((m) => f.acts.tags.suggest(m, video, tagOf('night sky'))));
    expect(result.ok).toBe(12);
    expect(await tagsOf(video)).toEqual([{ dir: 'night-sky', title: 'night sky', total_videos: 1 }]);
    const total = await f.db
      .selectFrom('tag_suggestion_totals')
      .select(['members', 'accepted_at'])
      .where('video_id', '=', video)
      .executeTakeFirstOrThrow();
    expect(total.members).toBe(12);
    expect(total.accepted_at).not.toBeNull();
  });

  it('stops short of the threshold under parallel requests of two members', async () => {
    const video = await addVideo(f.db, 'Pair');
    const [a, b] = await Promise.all([addMember(f.db), addMember(f.db)]);
    await settle(
      Array.from({ length: 10 }, (_, i) => f.acts.tags.suggest((i % 2 ? a : b) as Actor, video, 'duo')),
    );
    expect(await tagsOf(video)).toEqual([]);
    const total = await f.db
      .selectFrom('tag_suggestion_totals')
      .select('members')
      .where('video_id', '=', video)
      .executeTakeFirstOrThrow();
    expect(total.members).toBe(2);
  });

  it('reuses an existing tag and counts the video on it', async () => {
    await f.db.insertInto('tags').values({ dir: 'beach', title: 'Beach', total_videos: 4 }).execute();
    const video = await addVideo(f.db, 'Shore');
    const members = await Promise.all(Array.from({ length: 3 }, () => addMember(f.db)));
    for (const m of members) await f.acts.tags.suggest(m, video, tagOf('beach'));
    expect(await tagsOf(video)).toEqual([{ dir: 'beach', title: 'Beach', total_videos: 5 }]);
  });

  it('refuses guests and videos the member may not see', async () => {
    const member = await addMember(f.db);
    const hidden = await addVideo(f.db, 'Hidden', { isPrivate: true });
    expect(await codeOf(f.acts.tags.suggest(null, hidden, 'any tag'))).toEqual({
      code: 'login_required',
      status: 401,
    });
    expect(await codeOf(f.acts.tags.suggest(member, hidden, 'any tag'))).toEqual({
      code: 'video_not_found',
      status: 404,
    });
    expect(await codeOf(f.acts.tags.suggest(member, 999_999, 'any tag'))).toMatchObject({
      code: 'video_not_found',
    });
  });

  it('takes the threshold from the options', async () => {
    const one = await setupActs(kind, { tagSuggestionThreshold: 1 });
    try {
      const video = await addVideo(one.db, 'Solo');
      const member = await addMember(one.db);
      expect(await one.acts.tags.suggest(member, video, 'solo')).toEqual({ ok: true, accepted: true });
    } finally {
      await one.dispose();
    }
  });
});
