// Friends and the wall (issue 14): the read calls /api/json/friends/… and /api/json/wall/…, public for
// everyone (lifetime 0 is the asker's own view of the same list). The acts (`friend`, `wall`) are forms
// of POST /api/input.php, whose row is the suite's own; every act's askers and codes are in
// ../community.routes.test.ts.
import { badUrl, everyone, type Row } from '../../test/check-params-kit.ts';

const FRIENDS = '/api/json/friends';
const WALL = '/api/json/wall';

export const communityRows: Row[] = [
  {
    route: 'GET /api/json/friends/:lifetime/:count/:file',
    call: (c) => ({ url: `${FRIENDS}/0/20/${c.roles.users.member.userId}.1.json` }),
    expect: everyone(200),
    bad: [
      badUrl('lifetime', `${FRIENDS}/3600/20/1.1.json`, 'invalid_lifetime'),
      badUrl('count 0', `${FRIENDS}/7200/0/1.1.json`, 'invalid_count'),
      badUrl('count 101', `${FRIENDS}/7200/101/1.1.json`, 'invalid_count'),
      badUrl('user id', `${FRIENDS}/7200/20/abc.1.json`, 'invalid_user_id'),
      badUrl('page', `${FRIENDS}/7200/20/1.0.json`, 'invalid_page'),
      badUrl('parts', `${FRIENDS}/7200/20/1.json`, 'invalid_path'),
      badUrl('no .json', `${FRIENDS}/7200/20/1.1`, 'not_found'),
      badUrl('unknown member', `${FRIENDS}/7200/20/987654321.1.json`, 'member_not_found', 404),
      {
        name: 'above the last page',
        call: (c) => ({ url: `${FRIENDS}/7200/20/${c.roles.users.member.userId}.2.json` }),
        answer: { status: 404, code: 'not_found' },
      },
    ],
  },
  {
    route: 'GET /api/json/wall/:lifetime/:count/:file',
    call: (c) => ({ url: `${WALL}/0/20/${c.roles.users.member.userId}.1.json` }),
    expect: everyone(200),
    bad: [
      badUrl('lifetime', `${WALL}/7200/20/1.1.json`, 'invalid_lifetime'),
      badUrl('count 0', `${WALL}/3600/0/1.1.json`, 'invalid_count'),
      badUrl('count 101', `${WALL}/3600/101/1.1.json`, 'invalid_count'),
      badUrl('user id', `${WALL}/3600/20/0.1.json`, 'invalid_user_id'),
      badUrl('page', `${WALL}/3600/20/1.1001.json`, 'invalid_page'),
      badUrl('parts', `${WALL}/3600/20/1.1.1.json`, 'invalid_path'),
      badUrl('unknown member', `${WALL}/3600/20/987654321.1.json`, 'member_not_found', 404),
      {
        name: 'above the last page',
        call: (c) => ({ url: `${WALL}/3600/20/${c.roles.users.member.userId}.2.json` }),
        answer: { status: 404, code: 'not_found' },
      },
    ],
  },
];
