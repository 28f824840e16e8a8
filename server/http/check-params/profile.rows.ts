// Editing one's own profile (issue 14; contract/profile.ts): POST /api/member.php is members only and
// always about the asker's own account (no user id in the call, staff included), and the e-mail change
// link GET /api/confirm_email.php, which a browser follows (a bad link leads to the sign-up page's
// message, never to a 400). Behaviour per section in server/http/profile.routes.test.ts.
import { EMAIL_CONFIRM_PATH, PROFILE_PATH } from '../../../contract/profile.ts';
import {
  type Ctx,
  everyone,
  INVALID_LINK,
  LOGIN_REQUIRED,
  membersOnly,
  multipartCall,
  type Row,
  refused,
} from '../../test/check-params-kit.ts';
import { readOutbox } from '../../test/mail.ts';
import { createSignedInUser } from '../../test/roles.ts';

/** The path and query of a new account's e-mail change link. */
async function emailChangeLink(c: Ctx): Promise<string> {
  const n = c.unique();
  const user = await createSignedInUser(c.t, `cpemail${n}`);
  const to = `cpemail${n}@example.net`;
  await c.t.services.profile.requestEmailChange(
    { user_id: user.userId, username: user.username, avatar: null, role: 'member' },
    { email: to, password: user.password },
    `198.51.100.${n % 250}`,
  );
  const link = new URL(readOutbox(c.t.config.dataDir).find((m) => m.to === to)?.link ?? '');
  return `${link.pathname}${link.search}`;
}

export const profileRows: Row[] = [
  {
    route: `POST ${PROFILE_PATH}`,
    call: () => ({ url: PROFILE_PATH, form: { section: 'profile', education: 'Check-params school' } }),
    expect: membersOnly(200),
    bad: [
      { name: 'no section', form: {}, answer: refused(400, 'required', 'section') },
      { name: 'section', form: { section: 'other' }, answer: refused(400, 'invalid', 'section') },
      {
        name: 'gender',
        form: { section: 'profile', gender: '9' },
        answer: refused(400, 'invalid', 'gender'),
      },
      {
        name: 'birth date under 18',
        form: { section: 'profile', birth_date: `${new Date().getUTCFullYear() - 5}-01-01` },
        answer: refused(400, 'too_young', 'birth_date'),
      },
      {
        name: 'website',
        form: { section: 'profile', website: 'javascript:void(0)' },
        answer: refused(400, 'invalid_url', 'website'),
      },
      {
        name: 'control character',
        form: { section: 'profile', about_me: 'a\u0000b' },
        answer: refused(400, 'invalid_characters', 'about_me'),
      },
      {
        name: 'avatar not an image',
        call: () =>
          multipartCall(
            PROFILE_PATH,
            { section: 'avatar' },
            { field: 'avatar', name: 'a.png', data: Buffer.from('text') },
          ),
        answer: refused(400, 'image_load_failed', 'avatar'),
      },
      { name: 'cover missing', form: { section: 'cover' }, answer: refused(400, 'required', 'cover') },
      {
        name: 'wrong password',
        form: { section: 'delete', password: 'not-the-password' },
        answer: refused(400, 'invalid_password', 'password'),
      },
      { name: 'JSON', json: { section: 'clear_history' }, answer: refused(415, 'invalid_request') },
      // Who before what: a guest learns nothing about the input.
      { name: 'guest, bad section', form: { section: 'other' }, answer: LOGIN_REQUIRED, as: 'guest' },
    ],
  },
  {
    route: `GET ${EMAIL_CONFIRM_PATH}`,
    call: async (c) => ({ url: await emailChangeLink(c) }),
    expect: everyone({ status: 302 }),
    bad: [
      {
        name: 'forged token',
        url: `${EMAIL_CONFIRM_PATH}?token=${'x'.repeat(43)}`,
        answer: { status: 302, location: INVALID_LINK },
      },
      { name: 'no token', url: EMAIL_CONFIRM_PATH, answer: { status: 302, location: INVALID_LINK } },
    ],
  },
];
