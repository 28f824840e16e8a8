import {
  badUrl,
  type Ctx,
  everyone,
  FORBIDDEN,
  ownerAndStaff,
  ownerOnly,
  type Row,
  refused,
} from '../../test/check-params-kit.ts';

// ---- Catalogue read calls (content.md §7) --------------------------------------------------------

const V2 = '/api/json/videos2/43200/str/latest-updates/60';
const historyOf = (c: Ctx, lifetime: number) =>
  `/api/json/videos2/${lifetime}/str/latest-updates/60/history.${c.roles.users.member.userId}.1.all.all.all.json`;
const searchOf = (sort: string, s: string) =>
  `/api/videos2.php?params=${encodeURIComponent(`43200/str/${sort}/60/search..1.all.all.all`)}&s=${s}`;

export const catalogueRows: Row[] = [
  {
    // The history section is the member's own (lifetime 0); the other sections are public lists.
    route: 'GET /api/json/videos2/:lifetime/:gender/:sort/:count/:file',
    call: (c) => ({ url: historyOf(c, 0) }),
    expect: ownerOnly(200, FORBIDDEN),
    bad: [
      badUrl('sort', '/api/json/videos2/43200/str/best/60/videos..1.all.all.all.json', 'invalid_sort'),
      // `trending` (issue 32) is the whole orientation's order: section videos only, no date window.
      badUrl(
        'trending of a tag',
        '/api/json/videos2/3600/str/trending/20/tags.x.1.all.all.all.json',
        'invalid_sort',
      ),
      badUrl(
        'trending by date',
        '/api/json/videos2/3600/str/trending/20/videos..1.all.all.week.json',
        'invalid_date',
      ),
      badUrl('page over 20', `${V2}/videos..21.all.all.all.json`, 'invalid_page'),
      badUrl(
        'count 0',
        '/api/json/videos2/43200/str/latest-updates/0/videos..1.all.all.all.json',
        'invalid_count',
      ),
      badUrl('section', `${V2}/nope..1.all.all.all.json`, 'invalid_section'),
      badUrl(
        'lifetime',
        '/api/json/videos2/5/str/latest-updates/60/videos..1.all.all.all.json',
        'invalid_lifetime',
      ),
      badUrl(
        'gender',
        '/api/json/videos2/43200/xx/latest-updates/60/videos..1.all.all.all.json',
        'invalid_gender',
      ),
      badUrl('date', `${V2}/videos..1.all.all.day.json`, 'invalid_date'),
      badUrl('duration', `${V2}/videos..1.all.7.all.json`, 'invalid_duration'),
      badUrl('type', `${V2}/videos..1.4k.all.all.json`, 'invalid_type'),
      badUrl('parts', `${V2}/videos..1.all.all.json`, 'invalid_path'),
      badUrl('object', `${V2}/videos.7.1.all.all.all.json`, 'invalid_object_id'),
      badUrl('unknown tag', `${V2}/tags.nope.1.all.all.all.json`, 'not_found'),
      badUrl('no .json', `${V2}/videos..1.all.all.all`, 'not_found'),
      {
        name: 'history cached',
        call: (c) => ({ url: historyOf(c, 43200) }),
        answer: refused(400, 'invalid_lifetime'),
      },
    ],
  },
  {
    route: 'GET /api/videos2.php',
    call: () => ({ url: searchOf('most-relevant', 'beach') }),
    expect: everyone(200),
    bad: [
      badUrl('short text', searchOf('most-relevant', 'ab'), 'search_too_short'),
      badUrl('long text', searchOf('most-relevant', 'x'.repeat(70)), 'search_too_long'),
      badUrl('no params', '/api/videos2.php?s=beach', 'invalid_params'),
      badUrl(
        'params',
        `/api/videos2.php?params=${encodeURIComponent('43200/str/best/60')}&s=beach`,
        'invalid_params',
      ),
      badUrl('sort', searchOf('best', 'beach'), 'invalid_sort'),
    ],
  },
  {
    route: 'GET /api/json/video/:lifetime/:bucket/:file',
    call: (c) => ({ url: `/api/json/video/86400/0/${c.roles.owned.member.privateVideo.id}.json` }),
    expect: ownerAndStaff(200, refused(404, 'not_found')),
    bad: [
      {
        name: 'bucket',
        call: (c) => ({ url: `/api/json/video/86400/1000/${c.listed.id}.json` }),
        answer: refused(404, 'not_found'),
      },
      badUrl('lifetime', '/api/json/video/5/0/1.json', 'invalid_lifetime'),
      badUrl('id', '/api/json/video/86400/0/abc.json', 'invalid_id'),
      badUrl('no .json', '/api/json/video/86400/0/1', 'not_found'),
      badUrl('unknown', '/api/json/video/86400/999000/999999.json', 'not_found'),
    ],
  },
  {
    route: 'GET /api/json/videos_related2/:lifetime/:gender/:count/:file',
    call: (c) => ({ url: `/api/json/videos_related2/432000/str/20/${c.listed.id}.1.json` }),
    expect: everyone(200),
    bad: [
      badUrl('video id', '/api/json/videos_related2/432000/str/20/0.1.json', 'invalid_video_id'),
      badUrl('page', '/api/json/videos_related2/432000/str/20/1.21.json', 'invalid_page'),
      badUrl('count', '/api/json/videos_related2/432000/str/0/1.1.json', 'invalid_count'),
      badUrl('unknown', '/api/json/videos_related2/432000/str/20/999999.1.json', 'video_not_found', 404),
      {
        name: 'private video, its owner asking',
        call: (c) => ({
          url: `/api/json/videos_related2/432000/str/20/${c.roles.owned.member.privateVideo.id}.1.json`,
        }),
        answer: refused(404, 'video_not_found'),
        as: 'member',
      },
    ],
  },
  {
    route: 'GET /api/json/main/:lifetime/:file',
    call: () => ({ url: '/api/json/main/14400/str.en.json' }),
    expect: everyone(200),
    bad: [
      badUrl('lang', '/api/json/main/14400/str.xx.json', 'invalid_lang'),
      badUrl('gender', '/api/json/main/14400/xx.en.json', 'invalid_gender'),
      badUrl('lifetime', '/api/json/main/1/str.en.json', 'invalid_lifetime'),
    ],
  },
  {
    route: 'GET /api/json/categories/:lifetime/:gender/:file',
    call: () => ({ url: '/api/json/categories/86400/str/alphabetaz.json' }),
    expect: everyone(200),
    bad: [
      badUrl('sort', '/api/json/categories/86400/str/best.json', 'invalid_sort'),
      badUrl('gender', '/api/json/categories/86400/xx/alphabetaz.json', 'invalid_gender'),
    ],
  },
  {
    route: 'GET /api/json/models/:lifetime/:gender/:sort/:count/:file',
    call: () => ({ url: '/api/json/models/3600/str/most-popular/48/1.all.all.all.all.all.all.all.json' }),
    expect: everyone(200),
    bad: [
      badUrl('sort', '/api/json/models/3600/str/best/48/1.all.all.all.all.all.all.all.json', 'invalid_sort'),
      badUrl(
        'page',
        '/api/json/models/3600/str/most-popular/48/21.all.all.all.all.all.all.all.json',
        'invalid_page',
      ),
      badUrl(
        'race',
        '/api/json/models/3600/str/most-popular/48/1.all.all.martian.all.all.all.all.json',
        'invalid_race',
      ),
      badUrl('parts', '/api/json/models/3600/str/most-popular/48/1.all.json', 'invalid_path'),
    ],
  },
  {
    route: 'GET /api/json/model/:lifetime/:file',
    call: () => ({ url: '/api/json/model/3600/anna-bell.json' }),
    expect: everyone(200),
    bad: [
      badUrl('unknown', '/api/json/model/3600/nobody-here.json', 'not_found'),
      badUrl('dir', '/api/json/model/3600/a%20b.json', 'invalid_object_id'),
    ],
  },
  {
    route: 'GET /api/json/channels/:lifetime/:gender/:sort/:count/:file',
    call: () => ({ url: '/api/json/channels/86400/str/most-popular/48/1.json' }),
    expect: everyone(200),
    bad: [
      badUrl('sort', '/api/json/channels/86400/str/best/48/1.json', 'invalid_sort'),
      badUrl('page', '/api/json/channels/86400/str/most-popular/48/0.json', 'invalid_page'),
    ],
  },
  {
    route: 'GET /api/json/channel/:lifetime/:file',
    call: () => ({ url: '/api/json/channel/86400/sunny-studio.json' }),
    expect: everyone(200),
    bad: [
      badUrl('unknown', '/api/json/channel/86400/nobody-here.json', 'not_found'),
      badUrl('dir', '/api/json/channel/86400/a%20b.json', 'invalid_object_id'),
    ],
  },
  {
    route: 'GET /api/json/playlists/:lifetime/:gender/:sort/:count/:file',
    call: () => ({ url: '/api/json/playlists/86400/str/latest-updates/20/1.json' }),
    expect: everyone(200),
    bad: [
      badUrl('sort', '/api/json/playlists/86400/str/best/20/1.json', 'invalid_sort'),
      badUrl('count', '/api/json/playlists/86400/str/latest-updates/121/1.json', 'invalid_count'),
    ],
  },
  {
    route: 'GET /api/json/playlist/:lifetime/:bucket/:file',
    call: (c) => ({ url: `/api/json/playlist/86400/0/${c.catalogue.playlists.public}.json` }),
    expect: everyone(200),
    bad: [
      {
        name: 'private playlist',
        call: (c) => ({ url: `/api/json/playlist/86400/0/${c.catalogue.playlists.private}.json` }),
        answer: refused(404, 'not_found'),
      },
      {
        name: 'bucket',
        call: (c) => ({ url: `/api/json/playlist/86400/1000/${c.catalogue.playlists.public}.json` }),
        answer: refused(404, 'not_found'),
      },
      badUrl('id', '/api/json/playlist/86400/0/x.json', 'invalid_id'),
    ],
  },
  {
    route: 'GET /api/json/videos_mvp/:lifetime/:file',
    call: () => ({ url: '/api/json/videos_mvp/86400/beach.json' }),
    expect: everyone(200),
    bad: [
      badUrl('unknown', '/api/json/videos_mvp/86400/nothing-here.json', 'not_found'),
      badUrl('dir', '/api/json/videos_mvp/86400/a%20b.json', 'invalid_object_id'),
    ],
  },
  {
    route: 'GET /api/json/tags_mvp/:lifetime/:file',
    call: () => ({ url: '/api/json/tags_mvp/86400/all.json' }),
    expect: everyone(200),
    bad: [badUrl('letter', '/api/json/tags_mvp/86400/ab.json', 'invalid_letter')],
  },
  {
    route: 'GET /api/suggester.php',
    call: () => ({ url: '/api/suggester.php?c=bea' }),
    expect: everyone(200),
    bad: [badUrl('gender', '/api/suggester.php?c=bea&gender=xx', 'invalid_gender')],
  },
  {
    route: 'GET /api/json/suggester/:lifetime/:file',
    call: () => ({ url: '/api/json/suggester/3600/20.json' }),
    expect: everyone(200),
    bad: [
      badUrl('count', '/api/json/suggester/3600/0.json', 'invalid_count'),
      badUrl('lifetime', '/api/json/suggester/1/20.json', 'invalid_lifetime'),
    ],
  },
  {
    route: 'GET /api/videofile.php',
    call: (c) => ({ url: `/api/videofile.php?video_id=${c.roles.owned.member.privateVideo.id}` }),
    expect: ownerAndStaff(200, refused(404, 'not_found')),
    bad: [
      badUrl('id', '/api/videofile.php?video_id=abc', 'invalid_video_id'),
      badUrl('no id', '/api/videofile.php', 'invalid_video_id'),
      badUrl('unknown', '/api/videofile.php?video_id=999999', 'not_found'),
    ],
  },
];
