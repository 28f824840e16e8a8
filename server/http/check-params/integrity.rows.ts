// Content integrity's staff calls (issue 31): "not a problem" on a possible duplicate.
import { FORBIDDEN, type Row, refused, staffOnly } from '../../test/check-params-kit.ts';

export const integrityRows: Row[] = [
  {
    // A waiting video found alike to the listed one; marking the pair again answers the same.
    route: 'POST /api/admin/known_duplicate.php',
    call: async (c) => {
      const waiting = await c.waitingVideo();
      await c.t.database.handle.db
        .insertInto('video_matches')
        .values({ video_id: waiting, other_id: c.listed.id, similarity: 0.9 })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return {
        url: '/api/admin/known_duplicate.php',
        form: { video_id: String(waiting), other_id: String(c.listed.id) },
      };
    },
    expect: staffOnly(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'video_id') },
      { name: 'bad id', form: { video_id: 'x', other_id: '1' }, answer: refused(400, 'invalid', 'video_id') },
      {
        name: 'same video',
        form: { video_id: '7', other_id: '7' },
        answer: refused(400, 'invalid', 'other_id'),
      },
      {
        name: 'never matched',
        form: { video_id: '999998', other_id: '999999' },
        answer: refused(404, 'match_not_found'),
      },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'other' },
    ],
  },
];
