// Appeals (issue 31; contract/appeals.ts): only a video's uploader reads and sends its appeal (staff
// included, anyone else 403); only staff list and answer them. Each call that uses an appeal up gets a
// new rejected video of the `member`. Behaviour in server/http/appeals.routes.test.ts.
import { APPEALS_ADMIN_PATH, APPEALS_PATH, MY_APPEALS_PATH } from '../../../contract/appeals.ts';
import {
  badUrl,
  type Ctx,
  FORBIDDEN,
  LOGIN_REQUIRED,
  membersOnly,
  NO_INPUT,
  ownerOnly,
  type Row,
  refused,
  staffOnly,
} from '../../test/check-params-kit.ts';
import { insertVideo } from '../../test/fixtures.ts';

/** A new video of the member, rejected (status 4): a decision the member may appeal once. */
async function rejectedVideo(c: Ctx): Promise<number> {
  const db = c.t.database.handle.db;
  const video = await insertVideo(db, { title: `Appeal check ${c.unique()}`, status: 4 });
  await db
    .updateTable('videos')
    .set({ user_id: c.roles.users.member.userId, reject_reason: 'low_quality' })
    .where('id', '=', video.id)
    .execute();
  return Number(video.id);
}

/** An open appeal of a new rejected video of the member. */
async function openAppeal(c: Ctx): Promise<number> {
  const member = c.roles.users.member;
  const appeal = await c.t.services.appeals.submit(
    { user_id: member.userId, username: member.username, email: member.email, role: member.role } as never,
    { videoId: await rejectedVideo(c), message: 'Please look again.' },
  );
  return appeal.appeal_id;
}

export const appealsRows: Row[] = [
  {
    route: `GET ${MY_APPEALS_PATH}`,
    call: () => ({ url: MY_APPEALS_PATH }),
    expect: membersOnly(200),
    bad: NO_INPUT,
  },
  {
    route: `GET ${APPEALS_PATH}`,
    call: async (c) => ({ url: `${APPEALS_PATH}?video_id=${await rejectedVideo(c)}` }),
    expect: ownerOnly(200, FORBIDDEN),
    bad: [
      {
        ...badUrl('video_id', `${APPEALS_PATH}?video_id=x`, 'invalid'),
        answer: refused(400, 'invalid', 'video_id'),
      },
      { name: 'no video', url: APPEALS_PATH, answer: refused(400, 'invalid', 'video_id') },
      {
        name: 'unknown video',
        url: `${APPEALS_PATH}?video_id=999999`,
        answer: refused(404, 'video_not_found'),
      },
      { name: 'guest, bad id', url: `${APPEALS_PATH}?video_id=x`, answer: LOGIN_REQUIRED, as: 'guest' },
    ],
  },
  {
    route: `POST ${APPEALS_PATH}`,
    call: async (c) => ({
      url: APPEALS_PATH,
      form: { video_id: String(await rejectedVideo(c)), message: 'The video was sharp enough.' },
    }),
    expect: ownerOnly(200, FORBIDDEN),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'video_id') },
      { name: 'no message', form: { video_id: '1' }, answer: refused(400, 'invalid', 'message') },
      {
        name: 'long message',
        form: { video_id: '1', message: 'x'.repeat(1501) },
        answer: refused(400, 'invalid', 'message'),
      },
      {
        name: 'unknown video',
        form: { video_id: '999999', message: 'x' },
        answer: refused(404, 'video_not_found'),
      },
      {
        name: 'a listed video: nothing to appeal',
        call: (c) => ({ url: APPEALS_PATH, form: { video_id: String(c.listed.id), message: 'x' } }),
        answer: refused(403, 'forbidden'),
        as: 'other',
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
    ],
  },
  {
    route: `GET ${APPEALS_ADMIN_PATH}`,
    call: () => ({ url: `${APPEALS_ADMIN_PATH}?status=open` }),
    expect: staffOnly(200),
    bad: [
      {
        ...badUrl('status', `${APPEALS_ADMIN_PATH}?status=x`, 'invalid'),
        answer: refused(400, 'invalid', 'status'),
      },
      {
        ...badUrl('page', `${APPEALS_ADMIN_PATH}?page=0`, 'invalid'),
        answer: refused(400, 'invalid', 'page'),
      },
      { name: 'guest, bad page', url: `${APPEALS_ADMIN_PATH}?page=0`, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, bad page', url: `${APPEALS_ADMIN_PATH}?page=0`, answer: FORBIDDEN, as: 'member' },
    ],
  },
  {
    route: `POST ${APPEALS_ADMIN_PATH}`,
    call: async (c) => ({
      url: APPEALS_ADMIN_PATH,
      form: { appeal_id: String(await openAppeal(c)), act: 'uphold', answer: 'The rejection stands.' },
    }),
    expect: staffOnly(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'appeal_id') },
      {
        name: 'act',
        form: { appeal_id: '1', act: 'burn', answer: 'x' },
        answer: refused(400, 'invalid', 'act'),
      },
      {
        name: 'no answer',
        form: { appeal_id: '1', act: 'uphold' },
        answer: refused(400, 'invalid', 'answer'),
      },
      {
        name: 'unknown appeal',
        form: { appeal_id: '999999', act: 'uphold', answer: 'x' },
        answer: refused(404, 'appeal_not_found'),
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'member' },
    ],
  },
];
