// Issue 34 item 4: a guest's video page said "6 comments" over a list of 2 — the count came from the
// video's counter, the list from the comments call's cache of another age. Now the page carries the first
// page of comments and their count from one answer, and every count on it is that answer's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { insertUser, insertVideo } from '../test/fixtures.ts';

describe("the video page's comments (PGlite)", () => {
  let t: TestApp;
  let video: { id: number; dir: string };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const db = t.database.handle.db;
    // The counter says 6 (not flushed yet, or the list cached earlier): the rows are what is listed.
    const row = await insertVideo(db, { title: 'Counted Pattern', comments: 6 });
    video = { id: Number(row.id), dir: row.dir };
    const author = await insertUser(db, 'comment_author');
    for (const [i, text] of ['First pattern remark', 'Second pattern remark'].entries()) {
      await db
        .insertInto('comments')
        .values({
          section: 'video',
          object_id: video.id,
          user_id: Number(author.id),
          comment: text,
          added_date: new Date(Date.UTC(2026, 10, 1 + i)),
        })
        .execute();
    }
  });
  afterAll(() => t.close());

  it('shows the count of the answer its list comes from, and the list itself, in the page', async () => {
    const res = await t.app.inject({ url: `/video/${video.id}/${video.dir}/` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('Comments (2)');
    expect(html).toContain('2 comments');
    expect(html).not.toContain('6 comments');
    expect(html).not.toContain('Comments (6)');
    expect(html).toContain('First pattern remark');
    expect(html).toContain('Second pattern remark');
  });
});
