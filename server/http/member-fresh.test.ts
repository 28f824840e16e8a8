// Lifetime 0 means no cache anywhere (issue 20; content.md §9: history 0, comments 0 when logged in): a
// member's own acts show in their reads at once. Over real HTTP, so the front door (which answers stored
// read calls before Fastify) and the guest page cache are in the way, each read is asked first, so that
// any cache on the way holds the old answer; then the member acts and reads again:
// - a view of a video is in their history call (videos2 section history, lifetime 0) and on their
//   history page (/members/{id}/history/1/) at once;
// - a comment is in their comments call (lifetime 0) at once, while the guests' call (3600) keeps the
//   answer it stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentsPath } from '../../contract/acts.ts';
import { videos2Path } from '../../contract/catalog-api.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { createSignedInUser, type SignedInUser } from '../test/roles.ts';

const ORIGIN = 'http://tube.test';

describe.each(databaseKinds())("a member's own acts at lifetime 0 on %s", (kind) => {
  let t: TestApp;
  let base: string;
  let member: SignedInUser;
  let videos: { id: number; dir: string }[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    member = await createSignedInUser(t, 'fresh_member');
    const db = t.database.handle.db;
    videos = [];
    for (const title of ['Fresh Pattern One', 'Fresh Pattern Two']) {
      const video = await insertVideo(db, { title });
      videos.push({ id: Number(video.id), dir: video.dir });
    }
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(() => t?.close());

  const get = (path: string, signedIn = true) =>
    fetch(base + path, { headers: signedIn ? { cookie: member.cookie } : {} });
  const act = async (form: Record<string, string>) => {
    const response = await fetch(`${base}/api/input.php`, {
      method: 'POST',
      headers: { cookie: member.cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const historyCall = () =>
    videos2Path({
      lifetime: 0,
      gender: 'str',
      sort: 'latest-updates',
      count: 60,
      section: 'history',
      objectId: member.userId,
      page: 1,
    });
  const historyIds = async () => {
    const response = await get(historyCall());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { videos: { video_id: number }[]; total_count: number };
    expect(body.total_count).toBe(body.videos.length);
    return body.videos.map((v) => v.video_id);
  };
  const historyPage = async () => {
    const response = await get(`/members/${member.userId}/history/1/`);
    expect(response.status).toBe(200);
    return response.text();
  };

  it('shows a view in the history call and on the history page at once', async () => {
    const [first, second] = videos as [{ id: number; dir: string }, { id: number; dir: string }];
    // Asked before: whatever could hold an answer now holds the empty one.
    expect(await historyIds()).toEqual([]);
    expect(await historyPage()).toContain('Your viewing history is empty.');
    // The guests' video page goes into the guest page cache; the member's never does.
    expect((await get(`/video/${first.id}/${first.dir}/`, false)).status).toBe(200);

    await act({ act: 'view', section: 'video', object_id: String(first.id) });
    expect(await historyIds()).toEqual([first.id]);
    expect(await historyPage()).toContain(`/video/${first.id}/${first.dir}/`);

    await act({ act: 'view', section: 'video', object_id: String(second.id) });
    expect(await historyIds()).toEqual([second.id, first.id]);
    // Watched again: back to the top, at once too.
    await act({ act: 'view', section: 'video', object_id: String(first.id) });
    expect(await historyIds()).toEqual([first.id, second.id]);
    const page = await historyPage();
    expect(page.indexOf(`/video/${first.id}/`)).toBeLessThan(page.indexOf(`/video/${second.id}/`));
  });

  it("shows a comment in the member's comments call at once; the guests' cached call keeps its answer", async () => {
    const video = videos[1] as { id: number; dir: string };
    const read = async (signedIn: boolean) => {
      const response = await get(commentsPath(video.id, 1, signedIn), signedIn);
      expect(response.status).toBe(200);
      return {
        cacheControl: response.headers.get('cache-control'),
        body: (await response.json()) as { comments: { comment: string }[]; total_count: number },
      };
    };
    const guestBefore = await read(false);
    expect(guestBefore.cacheControl).toBe('public, max-age=3600');
    expect((await read(true)).body.total_count).toBe(0);

    const text = 'A fresh comment on the pattern';
    const posted = await act({ act: 'comm', section: 'video', object_id: String(video.id), msg: text });
    expect(posted.comment_id).toEqual(expect.any(Number));
    const own = await read(true);
    expect(own.cacheControl).toBe('no-store');
    expect(own.body.total_count).toBe(1);
    expect(own.body.comments.map((c) => c.comment)).toEqual([text]);

    const second = 'Another fresh comment here';
    await act({ act: 'comm', section: 'video', object_id: String(video.id), msg: second });
    expect((await read(true)).body.comments.map((c) => c.comment)).toEqual([second, text]);
    // The guests' answer is the cached one (content.md §9: comments 3600): the lifetime, as it says.
    expect((await read(false)).body).toEqual(guestBefore.body);
  });
});
