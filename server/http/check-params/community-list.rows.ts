// The community's read calls (issue 14): the members listing (public) and the owner's subscriptions
// feed (the member's alone: a guest logs in, anyone else, staff included, is refused).
import {
  badUrl,
  type Ctx,
  everyone,
  FORBIDDEN,
  ownerOnly,
  type Row,
  refused,
} from '../../test/check-params-kit.ts';

const ALL = 'all.all.all.all.all.all';
const members = (tail: string, sort = 'recent', count = '96', lifetime = '7200') =>
  `/api/json/members/${lifetime}/${sort}/${count}/${tail}.json`;
const feed = (c: Ctx, tail = '1', count = '12', lifetime = '0') =>
  `/api/json/subscription_videos/${lifetime}/${count}/${c.roles.users.member.userId}.${tail}.json`;

export const communityListRows: Row[] = [
  {
    route: 'GET /api/json/members/:lifetime/:sort/:count/:file',
    call: () => ({ url: members(`1.${ALL}`) }),
    expect: everyone(200),
    bad: [
      badUrl('lifetime', members(`1.${ALL}`, 'recent', '96', '3600'), 'invalid_lifetime'),
      badUrl('sort', members(`1.${ALL}`, 'best'), 'invalid_sort'),
      badUrl('count 97', members(`1.${ALL}`, 'recent', '97'), 'invalid_count'),
      badUrl('page 21', members(`21.${ALL}`), 'invalid_page'),
      badUrl('country', members('1.FRA.all.all.all.all.all'), 'invalid_country'),
      badUrl('gender', members('1.all.9.all.all.all.all'), 'invalid_gender'),
      badUrl('age', members('1.all.all.9.all.all.all'), 'invalid_age'),
      badUrl('relationship', members('1.all.all.all.9.all.all'), 'invalid_relationship'),
      badUrl('avatar', members('1.all.all.all.all.9.all'), 'invalid_avatar'),
      badUrl('orientation', members('1.all.all.all.all.all.9'), 'invalid_orientation'),
      badUrl('parts', members('1.all'), 'invalid_path'),
      badUrl('no .json', `/api/json/members/7200/recent/96/1.${ALL}`, 'not_found'),
      badUrl('page above the last', members(`20.${ALL}`), 'not_found'),
    ],
  },
  {
    route: 'GET /api/json/subscription_videos/:lifetime/:count/:file',
    call: (c) => ({ url: feed(c) }),
    expect: ownerOnly(200, FORBIDDEN),
    bad: [
      {
        name: 'lifetime',
        call: (c) => ({ url: feed(c, '1', '12', '7200') }),
        answer: refused(400, 'invalid_lifetime'),
      },
      { name: 'count 61', call: (c) => ({ url: feed(c, '1', '61') }), answer: refused(400, 'invalid_count') },
      { name: 'page 0', call: (c) => ({ url: feed(c, '0') }), answer: refused(400, 'invalid_page') },
      badUrl('user id', '/api/json/subscription_videos/0/12/abc.1.json', 'invalid_user_id'),
      {
        name: 'page above the last',
        call: (c) => ({ url: feed(c, '2') }),
        answer: refused(404, 'not_found'),
      },
    ],
  },
];
