// perform(): every member act as the HTTP layer hands it over (form fields parsed by the contract), for a
// guest, the owner, another member and a moderator; and the counter flush timer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberActSchema } from '../../../contract/acts.ts';
import { type ActsFixture, addMember, addVideo, setupActs } from '../../test/acts-fixtures.ts';
import { databaseKinds } from '../../test/db.ts';
import { insertCategories } from '../../test/fixtures.ts';
import type { Actor } from './actor.ts';
import { startCounterFlusher } from './counter-flusher.ts';

type Who = 'guest' | 'owner' | 'other' | 'moderator';
/** What an act answers for each caller: 'ok' (any success) or the error code. */
type Outcomes = Record<Who, string>;

describe.each(databaseKinds())('perform (%s)', (kind) => {
  let f: ActsFixture;
  let actors: Record<Who, Actor | null>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    f = await setupActs(kind);
    const owner = await addMember(f.db);
    actors = {
      guest: null,
      owner,
      other: await addMember(f.db),
      moderator: await addMember(f.db, 'moderator'),
    };
    const [category] = [...(await insertCategories(f.db, ['outdoor'])).values()];
    const playlist = await f.acts.perform(
      owner,
      memberActSchema.parse({
        act: 'playlist',
        section: 'new',
        title: 'Owner list',
        desc: 'The owner’s list',
        categories: String(category),
      }),
      { ip: '192.0.2.1' },
    );
    const privateList = await f.acts.perform(
      owner,
      memberActSchema.parse({
        act: 'playlist',
        section: 'new',
        title: 'Owner secret',
        desc: 'The owner’s private list',
        visible: '0',
        categories: String(category),
      }),
      { ip: '192.0.2.1' },
    );
    const model = await f.db
      .insertInto('models')
      .values({ dir: 'mia', title: 'Mia', added_date: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids = {
      video: String(await addVideo(f.db, 'Acted on')),
      ownersPrivateVideo: String(await addVideo(f.db, 'Owner private', { isPrivate: true }, owner)),
      playlist: String((playlist as { playlist_id: number }).playlist_id),
      privatePlaylist: String((privateList as { playlist_id: number }).playlist_id),
      model: String(model.id),
      owner: String(owner.user_id),
      category: String(category),
    };
  });
  afterAll(() => f?.dispose());

  const run = async (who: Who, fields: Record<string, string>): Promise<string> => {
    const act = memberActSchema.parse(fields);
    try {
      await f.acts.perform(actors[who], act, { ip: `192.0.2.${who.length}` });
      return 'ok';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  };

  // Each row runs for the guest, then the owner, the other member and the moderator, in that order.
  const cases: [string, () => Record<string, string>, Outcomes][] = [
    [
      'favourite add',
      () => ({ act: 'favourite', section: 'add', video_id: ids.video as string }),
      { guest: 'login_required', owner: 'ok', other: 'ok', moderator: 'ok' },
    ],
    [
      'favourite add of the owner’s private video',
      () => ({ act: 'favourite', section: 'add', video_id: ids.ownersPrivateVideo as string }),
      { guest: 'login_required', owner: 'ok', other: 'video_not_found', moderator: 'ok' },
    ],
    [
      'watch later add',
      () => ({ act: 'watch_later', section: 'add', video_id: ids.video as string }),
      { guest: 'login_required', owner: 'ok', other: 'ok', moderator: 'ok' },
    ],
    [
      'watch later add again',
      () => ({ act: 'watch_later', section: 'add', video_id: ids.video as string }),
      {
        guest: 'login_required',
        owner: 'watch_later_already_added',
        other: 'watch_later_already_added',
        moderator: 'watch_later_already_added',
      },
    ],
    [
      'watch later rem',
      () => ({ act: 'watch_later', section: 'rem', video_id: ids.video as string }),
      { guest: 'login_required', owner: 'ok', other: 'ok', moderator: 'ok' },
    ],
    [
      'playlist upd of the owner’s public playlist',
      () => ({
        act: 'playlist',
        section: 'upd',
        object_id: ids.playlist as string,
        title: 'Owner list',
        desc: 'Edited text',
      }),
      { guest: 'login_required', owner: 'ok', other: 'forbidden', moderator: 'forbidden' },
    ],
    [
      'playlist add to the owner’s private playlist',
      () => ({
        act: 'playlist',
        section: 'add',
        object_id: ids.privatePlaylist as string,
        video_id: ids.video as string,
      }),
      { guest: 'login_required', owner: 'ok', other: 'playlist_not_found', moderator: 'playlist_not_found' },
    ],
    [
      'playlist rem from the owner’s private playlist',
      () => ({
        act: 'playlist',
        section: 'rem',
        object_id: ids.privatePlaylist as string,
        video_id: ids.video as string,
      }),
      { guest: 'login_required', owner: 'ok', other: 'playlist_not_found', moderator: 'playlist_not_found' },
    ],
    [
      'playlist new',
      () => ({
        act: 'playlist',
        section: 'new',
        title: 'Mine too',
        desc: 'Another list',
        categories: ids.category as string,
      }),
      { guest: 'login_required', owner: 'ok', other: 'ok', moderator: 'ok' },
    ],
    [
      'vote on the video',
      () => ({ act: 'vote', section: 'video', vote: '1', object_id: ids.video as string }),
      { guest: 'login_required', owner: 'ok', other: 'ok', moderator: 'ok' },
    ],
    [
      'vote on the video again',
      () => ({ act: 'vote', section: 'video', vote: '-1', object_id: ids.video as string }),
      { guest: 'login_required', owner: 'already_voted', other: 'already_voted', moderator: 'already_voted' },
    ],
    [
      'subscribe to the owner',
      () => ({ act: 'subscribe', section: 'member', object_id: ids.owner as string }),
      { guest: 'login_required', owner: 'cannot_subscribe_yourself', other: 'ok', moderator: 'ok' },
    ],
    [
      'subscribe to a model',
      () => ({ act: 'subscribe', section: 'model', object_id: ids.model as string }),
      { guest: 'login_required', owner: 'ok', other: 'ok', moderator: 'ok' },
    ],
    [
      'unsubscribe from the model',
      () => ({ act: 'unsubscribe', section: 'model', object_id: ids.model as string }),
      { guest: 'login_required', owner: 'ok', other: 'ok', moderator: 'ok' },
    ],
    [
      'comment',
      () => ({ act: 'comm', section: 'video', object_id: ids.video as string, msg: 'A fine video indeed' }),
      { guest: 'login_required', owner: 'ok', other: 'ok', moderator: 'ok' },
    ],
    [
      'suggest a tag',
      () => ({ act: 'add_tag', section: 'video', object_id: ids.video as string, tag: 'meadow' }),
      { guest: 'login_required', owner: 'ok', other: 'ok', moderator: 'ok' },
    ],
    [
      'playlist del of the owner’s public playlist',
      () => ({ act: 'playlist', section: 'del', object_id: ids.playlist as string }),
      { guest: 'login_required', other: 'forbidden', moderator: 'forbidden', owner: 'ok' },
    ],
  ];

  it.each(cases)('%s', async (_name, fields, expected) => {
    const actual: Partial<Outcomes> = {};
    // The order of `expected`'s keys is the order of the calls (the owner deletes last).
    for (const who of Object.keys(expected) as Who[]) actual[who] = await run(who, fields());
    expect(actual).toEqual(expected);
  });

  it('deletes a comment for its author and staff only', async () => {
    const { owner } = actors;
    const add = () =>
      f.acts.perform(
        owner,
        memberActSchema.parse({ act: 'comm', section: 'video', object_id: ids.video, msg: 'Mine to delete' }),
        {
          ip: '192.0.2.50',
        },
      ) as Promise<{ comment_id: number }>;
    const del = (id: number) => ({ act: 'comm', section: 'del', object_id: String(id) });
    const first = (await add()).comment_id;
    expect(await run('guest', del(first))).toBe('login_required');
    expect(await run('other', del(first))).toBe('forbidden');
    expect(await run('owner', del(first))).toBe('ok');
    const second = (await add()).comment_id;
    expect(await run('moderator', del(second))).toBe('ok');
  });

  it('flushes staged counters on a timer and once more when stopped', async () => {
    const video = await addVideo(f.db, 'Timed');
    await f.acts.perform(
      actors.other,
      memberActSchema.parse({ act: 'vote', section: 'video', vote: '1', object_id: String(video) }),
      {
        ip: '192.0.2.9',
      },
    );
    const errors: unknown[] = [];
    const flusher = startCounterFlusher(f.acts, { intervalMs: 20, log: { error: (e) => errors.push(e) } });
    const deadline = Date.now() + 5000;
    while ((await f.acts.pendingCounters()) > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const row = await f.db
      .selectFrom('videos')
      .select('likes')
      .where('id', '=', video)
      .executeTakeFirstOrThrow();
    expect(row.likes).toBe(1);
    await f.acts.perform(
      actors.owner,
      memberActSchema.parse({ act: 'vote', section: 'video', vote: '1', object_id: String(video) }),
      {
        ip: '192.0.2.9',
      },
    );
    await flusher.stop();
    const after = await f.db
      .selectFrom('videos')
      .select('likes')
      .where('id', '=', video)
      .executeTakeFirstOrThrow();
    expect(after.likes).toBe(2);
    expect(errors).toEqual([]);
  });
});
