import { ACCOUNT, everyone, INVALID_LINK, NO_INPUT, type Row, refused } from '../../test/check-params-kit.ts';

// ---- Accounts (shell.md §5, §7; content.md §5) -----------------------------------------------------

export const accountRows: Row[] = [
  {
    route: 'POST /api/signup.php',
    call: (c) => {
      const n = c.unique();
      return {
        url: '/api/signup.php',
        form: { username: `new_${n}`, email: `new_${n}@example.com`, password: 'secret1' },
      };
    },
    expect: everyone(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'required', 'username') },
      {
        name: 'short name',
        form: { username: 'ab', email: 'ab@example.com', password: 'secret1' },
        answer: refused(400, 'min_length', 'username'),
      },
      {
        name: 'taken name',
        call: (c) => ({
          url: '/api/signup.php',
          form: { username: c.roles.users.member.username, email: 'fresh@example.com', password: 'secret1' },
        }),
        answer: refused(400, 'exists', 'username'),
      },
      {
        name: 'not text',
        json: { username: ['x'], email: 5, password: 'secret1' },
        answer: refused(400, 'invalid', 'username'),
      },
      {
        name: 'control character',
        form: { username: 'bell\u0007', email: 'b@example.com', password: 'secret1' },
        answer: refused(400, 'invalid_characters', 'username'),
      },
    ],
  },
  {
    route: 'GET /api/confirm.php',
    call: async (c) => ({ url: `/api/confirm.php?token=${encodeURIComponent(await c.confirmToken())}` }),
    expect: everyone({ status: 302, location: '/' }),
    freshSession: true,
    // A link a browser follows: a bad one leads to the sign-up page's message, never to a 400 page.
    bad: [
      {
        name: 'forged token',
        url: '/api/confirm.php?token=garbage',
        answer: { status: 302, location: INVALID_LINK },
      },
      { name: 'no token', url: '/api/confirm.php', answer: { status: 302, location: INVALID_LINK } },
    ],
  },
  {
    route: 'POST /api/login.php',
    call: (c) => ({
      url: '/api/login.php',
      form: { usr: c.roles.users.member.username, pwd: c.roles.users.member.password },
    }),
    expect: everyone(200),
    freshSession: true,
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'required', 'usr') },
      {
        name: 'short name',
        form: { usr: 'ab', pwd: 'secret1' },
        answer: refused(401, 'invalid_usr_or_pwd', 'pwd'),
      },
      {
        name: 'wrong password',
        call: (c) => ({
          url: '/api/login.php',
          form: { usr: c.roles.users.member.username, pwd: 'wrong-pass' },
        }),
        answer: refused(401, 'invalid_usr_or_pwd', 'pwd'),
      },
      { name: 'not text', json: { usr: { a: 1 }, pwd: 'secret1' }, answer: refused(400, 'invalid', 'usr') },
    ],
  },
  {
    route: 'POST /api/logout.php',
    call: () => ({ url: '/api/logout.php' }),
    expect: everyone(200),
    freshSession: true,
    bad: NO_INPUT,
  },
  { route: 'GET /api/me.php', call: () => ({ url: '/api/me.php' }), expect: everyone(200), bad: NO_INPUT },
  {
    route: 'POST /api/restore-password.php',
    // Each asker restores another account: three mails per address an hour is the limit.
    call: (c, who) => {
      const account = ACCOUNT[who];
      return {
        url: '/api/restore-password.php',
        form: { email: c.roles.users[account === 'guest' ? 'other' : account].email },
      };
    },
    expect: everyone(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'required', 'email') },
      {
        name: 'unknown address',
        form: { email: 'nobody@example.com' },
        answer: refused(400, 'not_found', 'email'),
      },
      { name: 'not text', json: { email: ['a@example.com'] }, answer: refused(400, 'invalid', 'email') },
    ],
  },
  {
    route: 'POST /api/reset-password.php',
    call: async (c) => ({
      url: '/api/reset-password.php',
      form: { token: await c.restoreToken(), password: 'new-secret1' },
    }),
    expect: everyone(200),
    freshSession: true,
    bad: [
      {
        name: 'forged token',
        form: { token: 'garbage', password: 'new-secret1' },
        answer: refused(400, 'invalid_link'),
      },
      {
        name: 'short password',
        call: async (c) => ({
          url: '/api/reset-password.php',
          form: { token: await c.restoreToken(), password: 'abc' },
        }),
        answer: refused(400, 'min_length', 'password'),
      },
      {
        name: 'not text',
        json: { token: 1, password: 'new-secret1' },
        answer: refused(400, 'invalid', 'token'),
      },
    ],
  },
  {
    // Google sign-in is not configured in tests: the call does not exist (docs/decisions.md: 404).
    route: 'GET /api/login.g.php',
    call: () => ({ url: '/api/login.g.php' }),
    expect: everyone(refused(404, 'not_found')),
    bad: {
      none: 'every parameter is a link parameter (a bad one counts as missing); unconfigured, all is 404',
    },
  },
];
