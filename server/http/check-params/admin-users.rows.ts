// The console's users and comments (issue 17; contract/admin-users.ts): users.php is administrators'
// only (moderators 403 from the service), comments.php staff's; guests 401 and members 403 before any
// input check. The behaviour (bans at sign-in, deletion with content, counts) in
// server/http/admin-users.routes.test.ts.
import { ADMIN_COMMENTS_PATH, ADMIN_USERS_PATH } from '../../../contract/admin-users.ts';
import {
  adminsOnly,
  badUrl,
  type Ctx,
  FORBIDDEN,
  LOGIN_REQUIRED,
  type Row,
  refused,
  staffOnly,
} from '../../test/check-params-kit.ts';

/** A new member to act on: the role fixture's accounts stay as they are. */
async function newMember(c: Ctx): Promise<number> {
  const n = c.unique();
  const user = await c.t.services.accounts.createUser({
    username: `cp_user${n}`,
    email: `cp_user${n}@example.com`,
    password: 'secret-pass1',
    role: 'member',
  });
  return user.user_id;
}

/** A new comment of the other member on the listed video. */
async function newComment(c: Ctx): Promise<number> {
  const row = await c.t.database.handle.db
    .insertInto('comments')
    .values({
      section: 'video',
      object_id: c.listed.id,
      user_id: c.roles.users.other.userId,
      comment: `A remark ${c.unique()}`,
      status: 'hidden',
      added_date: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const adminUsersRows: Row[] = [
  {
    route: `GET ${ADMIN_USERS_PATH}`,
    call: () => ({ url: `${ADMIN_USERS_PATH}?page=1&role=member` }),
    expect: adminsOnly(200),
    bad: [
      { ...badUrl('page', `${ADMIN_USERS_PATH}?page=0`, 'invalid'), answer: refused(400, 'invalid', 'page') },
      {
        ...badUrl('role', `${ADMIN_USERS_PATH}?role=owner`, 'invalid'),
        answer: refused(400, 'invalid', 'role'),
      },
      {
        ...badUrl('status', `${ADMIN_USERS_PATH}?status=gone`, 'invalid'),
        answer: refused(400, 'invalid', 'status'),
      },
      { name: 'guest, bad page', url: `${ADMIN_USERS_PATH}?page=0`, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, bad page', url: `${ADMIN_USERS_PATH}?page=0`, answer: FORBIDDEN, as: 'member' },
      { name: 'moderator', url: ADMIN_USERS_PATH, answer: FORBIDDEN, as: 'moderator' },
    ],
  },
  {
    route: `POST ${ADMIN_USERS_PATH}`,
    call: async (c) => ({
      url: ADMIN_USERS_PATH,
      form: { act: 'role', user_id: String(await newMember(c)), role: 'member' },
    }),
    expect: adminsOnly(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'act') },
      { name: 'act', form: { act: 'burn', user_id: '1' }, answer: refused(400, 'invalid', 'act') },
      { name: 'no user', form: { act: 'unban' }, answer: refused(400, 'invalid', 'user_id') },
      {
        name: 'ban without reason',
        form: { act: 'ban', user_id: '1' },
        answer: refused(400, 'invalid', 'reason'),
      },
      {
        name: 'ban ending in the past',
        form: { act: 'ban', user_id: '1', reason: 'spam', until: '2001-01-01' },
        answer: refused(400, 'invalid', 'until'),
      },
      {
        name: 'role',
        form: { act: 'role', user_id: '1', role: 'owner' },
        answer: refused(400, 'invalid', 'role'),
      },
      {
        name: 'unknown user',
        form: { act: 'unban', user_id: '999999' },
        answer: refused(404, 'user_not_found'),
      },
      {
        name: 'own account',
        call: (c) => ({
          url: ADMIN_USERS_PATH,
          form: { act: 'delete', user_id: String(c.roles.users.administrator.userId) },
        }),
        answer: refused(409, 'own_account'),
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'member' },
      { name: 'moderator', form: { act: 'unban', user_id: '1' }, answer: FORBIDDEN, as: 'moderator' },
    ],
  },
  {
    route: `GET ${ADMIN_COMMENTS_PATH}`,
    call: () => ({ url: `${ADMIN_COMMENTS_PATH}?page=1&status=active` }),
    expect: staffOnly(200),
    bad: [
      {
        ...badUrl('page', `${ADMIN_COMMENTS_PATH}?page=0`, 'invalid'),
        answer: refused(400, 'invalid', 'page'),
      },
      {
        ...badUrl('status', `${ADMIN_COMMENTS_PATH}?status=gone`, 'invalid'),
        answer: refused(400, 'invalid', 'status'),
      },
      {
        ...badUrl('video_id', `${ADMIN_COMMENTS_PATH}?video_id=x`, 'invalid'),
        answer: refused(400, 'invalid', 'video_id'),
      },
      { name: 'guest, bad page', url: `${ADMIN_COMMENTS_PATH}?page=0`, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, bad page', url: `${ADMIN_COMMENTS_PATH}?page=0`, answer: FORBIDDEN, as: 'member' },
    ],
  },
  {
    route: `POST ${ADMIN_COMMENTS_PATH}`,
    call: async (c) => ({
      url: ADMIN_COMMENTS_PATH,
      form: { act: 'hide', ids: String(await newComment(c)) },
    }),
    expect: staffOnly(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'act') },
      { name: 'no ids', form: { act: 'hide' }, answer: refused(400, 'invalid', 'ids') },
      { name: 'ids', form: { act: 'hide', ids: '1,x' }, answer: refused(400, 'invalid', 'ids') },
      {
        name: 'too many ids',
        form: { act: 'delete', ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') },
        answer: refused(400, 'invalid', 'ids'),
      },
      {
        name: 'ban without reason',
        form: { act: 'ban_author', ids: '1' },
        answer: refused(400, 'invalid', 'reason'),
      },
      {
        name: 'unknown comment',
        form: { act: 'hide', ids: '999999' },
        answer: refused(404, 'comment_not_found'),
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'member' },
    ],
  },
];
