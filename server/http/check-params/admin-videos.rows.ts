// The console's videos (issue 17; contract/admin-videos.ts): moderators and administrators — guests 401,
// members 403 before any input check. Edits, posters, deletion with files, counts and the site's fresh
// answers in server/http/admin-videos.routes.test.ts and server/modules/console/videos-admin.test.ts.
import { ADMIN_VIDEO_PATH, ADMIN_VIDEOS_PATH } from '../../../contract/admin-videos.ts';
import {
  badUrl,
  type Ctx,
  FORBIDDEN,
  LOGIN_REQUIRED,
  type Row,
  refused,
  staffOnly,
} from '../../test/check-params-kit.ts';
import { insertVideo } from '../../test/fixtures.ts';

/** A listed video of its own for each call that changes one. */
async function freshVideo(c: Ctx): Promise<number> {
  const row = await insertVideo(c.t.database.handle.db, { title: `Console Sample ${c.unique()}` });
  return Number(row.id);
}

export const adminVideosRows: Row[] = [
  {
    route: `GET ${ADMIN_VIDEOS_PATH}`,
    call: () => ({ url: `${ADMIN_VIDEOS_PATH}?q=sample&status=1&private=0&page=1` }),
    expect: staffOnly(200),
    bad: [
      badUrl('page', `${ADMIN_VIDEOS_PATH}?page=0`, 'invalid'),
      { ...badUrl('page', `${ADMIN_VIDEOS_PATH}?page=1001`, 'invalid'), name: 'page past the last' },
      { name: 'status', url: `${ADMIN_VIDEOS_PATH}?status=9`, answer: refused(400, 'invalid', 'status') },
      {
        name: 'private',
        url: `${ADMIN_VIDEOS_PATH}?private=yes`,
        answer: refused(400, 'invalid', 'private'),
      },
      { name: 'user id', url: `${ADMIN_VIDEOS_PATH}?user_id=x`, answer: refused(400, 'invalid', 'user_id') },
      {
        name: 'long q',
        url: `${ADMIN_VIDEOS_PATH}?q=${'a'.repeat(101)}`,
        answer: refused(400, 'invalid', 'q'),
      },
      { name: 'guest, bad page', url: `${ADMIN_VIDEOS_PATH}?page=0`, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, bad page', url: `${ADMIN_VIDEOS_PATH}?page=0`, answer: FORBIDDEN, as: 'member' },
    ],
  },
  {
    route: `POST ${ADMIN_VIDEOS_PATH}`,
    call: async (c) => ({
      url: ADMIN_VIDEOS_PATH,
      json: { act: 'public', video_ids: [await freshVideo(c)] },
    }),
    expect: staffOnly(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'act') },
      { name: 'act', form: { act: 'burn', video_ids: '1' }, answer: refused(400, 'invalid', 'act') },
      { name: 'no ids', form: { act: 'delete' }, answer: refused(400, 'invalid', 'video_ids') },
      {
        name: 'bad id',
        form: { act: 'delete', video_ids: '1,x' },
        answer: refused(400, 'invalid', 'video_ids'),
      },
      {
        name: 'too many',
        json: { act: 'public', video_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
        answer: refused(400, 'invalid', 'video_ids'),
      },
      {
        name: 'status',
        form: { act: 'status', video_ids: '1', status: '3' },
        answer: refused(400, 'invalid', 'status'),
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'member' },
    ],
  },
  {
    route: `GET ${ADMIN_VIDEO_PATH}`,
    call: (c) => ({ url: `${ADMIN_VIDEO_PATH}?video_id=${c.listed.id}` }),
    expect: staffOnly(200),
    bad: [
      { name: 'no video', url: ADMIN_VIDEO_PATH, answer: refused(400, 'invalid', 'video_id') },
      {
        name: 'video id',
        url: `${ADMIN_VIDEO_PATH}?video_id=x`,
        answer: refused(400, 'invalid', 'video_id'),
      },
      {
        name: 'unknown video',
        url: `${ADMIN_VIDEO_PATH}?video_id=999999`,
        answer: refused(404, 'video_not_found'),
      },
      { name: 'guest, no video', url: ADMIN_VIDEO_PATH, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, no video', url: ADMIN_VIDEO_PATH, answer: FORBIDDEN, as: 'member' },
    ],
  },
  {
    route: `POST ${ADMIN_VIDEO_PATH}`,
    call: async (c) => ({
      url: ADMIN_VIDEO_PATH,
      form: {
        act: 'edit',
        video_id: String(await freshVideo(c)),
        title: 'Console Edited Sample',
        private: '0',
      },
    }),
    expect: staffOnly(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'act') },
      { name: 'act', form: { act: 'burn', video_id: '1' }, answer: refused(400, 'invalid', 'act') },
      { name: 'no video', form: { act: 'delete' }, answer: refused(400, 'invalid', 'video_id') },
      {
        name: 'video id',
        form: { act: 'delete', video_id: 'x' },
        answer: refused(400, 'invalid', 'video_id'),
      },
      {
        name: 'short title',
        form: { act: 'edit', video_id: '1', title: 'ab' },
        answer: refused(400, 'invalid', 'title'),
      },
      {
        name: 'categories',
        form: { act: 'edit', video_id: '1', categories: '1,2,3,4' },
        answer: refused(400, 'invalid', 'categories'),
      },
      {
        name: 'tag',
        form: { act: 'edit', video_id: '1', tags: 'ok, x' },
        answer: refused(400, 'invalid', 'tags'),
      },
      {
        name: 'private',
        form: { act: 'edit', video_id: '1', private: '2' },
        answer: refused(400, 'invalid', 'private'),
      },
      {
        name: 'status',
        form: { act: 'status', video_id: '1', status: '2' },
        answer: refused(400, 'invalid', 'status'),
      },
      {
        name: 'still',
        form: { act: 'poster', video_id: '1', still: '../x' },
        answer: refused(400, 'invalid', 'still'),
      },
      {
        name: 'unknown category',
        call: (c) => ({
          url: ADMIN_VIDEO_PATH,
          form: { act: 'edit', video_id: String(c.listed.id), categories: '999999' },
        }),
        answer: refused(400, 'invalid', 'categories'),
      },
      {
        name: 'unknown video',
        form: { act: 'delete', video_id: '999999' },
        answer: refused(404, 'video_not_found'),
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'member' },
    ],
  },
];
