import {
  actorOf,
  badUrl,
  COMMENTS,
  comment,
  everyone,
  FORBIDDEN,
  LOGIN_REQUIRED,
  membersOnly,
  oembedOf,
  ownerAndStaff,
  type Row,
  refused,
  view,
} from '../../test/check-params-kit.ts';
import { insertVideo } from '../../test/fixtures.ts';

// ---- Watching: the member acts (input.php), the members' public reads, oEmbed and download ------------

export const watchRows: Row[] = [
  {
    route: 'POST /api/input.php',
    call: (c) => ({ url: '/api/input.php', form: view(c.listed.id) }),
    expect: everyone(200),
    bad: [
      { name: 'act', form: view(1, { act: 'teleport' }), answer: refused(400, 'unknown_act', 'act') },
      {
        name: 'section',
        form: view(1, { section: 'model' }),
        answer: refused(400, 'invalid_section', 'section'),
      },
      { name: 'object id', form: view('abc'), answer: refused(400, 'invalid_object_id', 'object_id') },
      { name: 'unknown video', form: view(999999), answer: refused(404, 'video_not_found') },
      {
        name: 'private video, its owner asking',
        call: (c) => ({ url: '/api/input.php', form: view(c.roles.owned.member.privateVideo.id) }),
        answer: refused(404, 'video_not_found'),
        as: 'member',
      },
      // The member acts (contract/acts.ts; every act's roles in acts.routes.test.ts).
      {
        name: 'a member act as a guest, whatever the form holds',
        form: { act: 'comm', section: 'video', msg: 'x' },
        answer: LOGIN_REQUIRED,
        as: 'guest',
      },
      {
        name: 'comment too short',
        call: (c) => ({ url: '/api/input.php', form: comment(c.listed.id, 'abcd') }),
        answer: refused(400, 'min_length', 'msg'),
        as: 'member',
      },
      {
        name: 'playlist section',
        form: { act: 'playlist', section: 'move', object_id: '1' },
        answer: refused(400, 'invalid_section', 'section'),
        as: 'member',
      },
      {
        name: 'playlist without a title',
        call: (c) => ({
          url: '/api/input.php',
          form: { act: 'playlist', section: 'new', desc: 'Good ones', categories: String(c.categoryId) },
        }),
        answer: refused(400, 'required', 'title'),
        as: 'member',
      },
      {
        name: 'playlist of four categories',
        form: { act: 'playlist', section: 'new', title: 'Four', desc: 'Good ones', categories: '1,2,3,4' },
        answer: refused(400, 'categories_count', 'categories'),
        as: 'member',
      },
      {
        name: 'vote value',
        form: { act: 'vote', section: 'video', vote: '2', object_id: '1' },
        answer: refused(400, 'invalid_vote', 'vote'),
        as: 'member',
      },
      {
        name: 'favourite of an unknown video',
        form: { act: 'favourite', section: 'add', video_id: '999999' },
        answer: refused(404, 'video_not_found'),
        as: 'member',
      },
      {
        name: "deleting someone else's playlist",
        call: async (c) => {
          const { playlist_id } = await c.t.services.acts.playlists.create(actorOf(c, 'other'), {
            title: `Theirs ${c.unique()}`,
            desc: 'Not yours',
            visible: '1',
            orientation: 'str',
            categories: [c.categoryId],
          });
          return {
            url: '/api/input.php',
            form: { act: 'playlist', section: 'del', object_id: String(playlist_id) },
          };
        },
        answer: FORBIDDEN,
        as: 'member',
      },
      {
        name: 'a second vote',
        call: async (c) => {
          const video = await insertVideo(c.t.database.handle.db, { title: `Voted clip ${c.unique()}` });
          await c.t.services.acts.votes.vote(actorOf(c, 'member'), 'video', Number(video.id), 1);
          return {
            url: '/api/input.php',
            form: { act: 'vote', section: 'video', vote: '-1', object_id: String(video.id) },
          };
        },
        answer: refused(409, 'already_voted'),
        as: 'member',
      },
      {
        name: 'subscribing to yourself',
        call: (c) => ({
          url: '/api/input.php',
          form: { act: 'subscribe', section: 'member', object_id: String(c.roles.users.member.userId) },
        }),
        answer: refused(400, 'cannot_subscribe_yourself'),
        as: 'member',
      },
    ],
  },
  {
    // The comments of the member's private video, asked as members ask (lifetime 0): its uploader and
    // staff read them; to anyone else the video does not exist.
    route: 'GET /api/json/comments/:lifetime/:section/:count/:file',
    call: (c) => ({ url: `${COMMENTS}/0/video/10/${c.roles.owned.member.privateVideo.id}.1.json` }),
    expect: ownerAndStaff(200, refused(404, 'video_not_found')),
    bad: [
      badUrl('lifetime', `${COMMENTS}/86400/video/10/1.1.json`, 'invalid_lifetime'),
      badUrl('section', `${COMMENTS}/3600/model/10/1.1.json`, 'invalid_section'),
      badUrl('count 0', `${COMMENTS}/3600/video/0/1.1.json`, 'invalid_count'),
      badUrl('count 101', `${COMMENTS}/3600/video/101/1.1.json`, 'invalid_count'),
      badUrl('object id', `${COMMENTS}/3600/video/10/abc.1.json`, 'invalid_object_id'),
      badUrl('page', `${COMMENTS}/3600/video/10/1.0.json`, 'invalid_page'),
      badUrl('parts', `${COMMENTS}/3600/video/10/1.json`, 'invalid_path'),
      badUrl('no .json', `${COMMENTS}/3600/video/10/1.1`, 'not_found'),
      badUrl('unknown video', `${COMMENTS}/3600/video/10/999999.1.json`, 'video_not_found', 404),
    ],
  },
  // ---- Members (issue 14): a member's profile and subscriptions, public read calls ----
  {
    // The owner's profile asked as the page asks it for a signed-in viewer (lifetime 0): public, so
    // everyone gets it (the owner's own view adds their private counts).
    route: 'GET /api/json/member/:lifetime/:file',
    call: (c) => ({ url: `/api/json/member/0/${c.roles.users.member.userId}.json` }),
    expect: everyone(200),
    bad: [
      badUrl('lifetime', '/api/json/member/3600/1.json', 'invalid_lifetime'),
      badUrl('user id', '/api/json/member/7200/abc.json', 'invalid_user_id'),
      badUrl('user id 0', '/api/json/member/7200/0.json', 'invalid_user_id'),
      badUrl('parts', '/api/json/member/7200/1.1.json', 'invalid_path'),
      badUrl('no .json', '/api/json/member/7200/1', 'not_found'),
      badUrl('unknown member', '/api/json/member/7200/999999.json', 'member_not_found', 404),
    ],
  },
  {
    route: 'GET /api/json/subscriptions/:lifetime/:count/:file',
    call: (c) => ({ url: `/api/json/subscriptions/7200/20/${c.roles.users.member.userId}.1.json` }),
    expect: everyone(200),
    bad: [
      badUrl('lifetime', '/api/json/subscriptions/86400/20/1.1.json', 'invalid_lifetime'),
      badUrl('count 0', '/api/json/subscriptions/7200/0/1.1.json', 'invalid_count'),
      badUrl('count 101', '/api/json/subscriptions/7200/101/1.1.json', 'invalid_count'),
      badUrl('user id', '/api/json/subscriptions/7200/20/abc.1.json', 'invalid_user_id'),
      badUrl('page', '/api/json/subscriptions/7200/20/1.0.json', 'invalid_page'),
      badUrl('parts', '/api/json/subscriptions/7200/20/1.json', 'invalid_path'),
      badUrl('unknown member', '/api/json/subscriptions/7200/20/999999.1.json', 'member_not_found', 404),
      {
        name: 'page above the last',
        call: (c) => ({ url: `/api/json/subscriptions/7200/20/${c.roles.users.member.userId}.2.json` }),
        answer: refused(404, 'not_found'),
      },
    ],
  },
  {
    route: 'GET /api/json/member_playlists/:lifetime/:count/:file',
    call: (c) => ({ url: `/api/json/member_playlists/0/20/${c.roles.users.member.userId}.1.json` }),
    expect: everyone(200),
    bad: [
      badUrl('lifetime', '/api/json/member_playlists/3600/20/1.1.json', 'invalid_lifetime'),
      badUrl('count 101', '/api/json/member_playlists/0/101/1.1.json', 'invalid_count'),
      badUrl('user id', '/api/json/member_playlists/0/20/abc.1.json', 'invalid_user_id'),
      badUrl('page', '/api/json/member_playlists/0/20/1.0.json', 'invalid_page'),
      badUrl('unknown member', '/api/json/member_playlists/0/20/999999.1.json', 'member_not_found', 404),
    ],
  },
  {
    route: 'GET /api/tags.php',
    call: () => ({ url: '/api/tags.php?q=a' }),
    expect: everyone(200),
    bad: [badUrl('q over 69', `/api/tags.php?q=${'a'.repeat(70)}`, 'max_length')],
  },
  // ---- end of members ----
  {
    route: 'GET /oembed/',
    call: (c) => ({ url: oembedOf(`/video/${c.listed.id}/${c.listed.dir}/`, '&format=json') }),
    expect: everyone(200),
    bad: [
      badUrl('no url', '/oembed/?format=json', 'required'),
      badUrl('format', oembedOf('/video/1/x/', '&format=yaml'), 'invalid_format'),
      badUrl('maxwidth', oembedOf('/video/1/x/', '&maxwidth=wide'), 'invalid_maxwidth'),
      badUrl('not a video', oembedOf('/categories/'), 'not_found'),
      badUrl('unknown video', oembedOf('/video/999999/x/'), 'video_not_found', 404),
      badUrl('xml', oembedOf('/video/1/x/', '&format=xml'), 'format_not_implemented', 501),
    ],
  },
  {
    route: 'GET /api/download.php',
    call: (c) => ({ url: `/api/download.php?video_id=${c.listed.id}&format=720p` }),
    expect: membersOnly(200),
    bad: [
      badUrl('id', '/api/download.php?video_id=abc&format=720p', 'invalid_video_id'),
      {
        name: 'format',
        call: (c) => ({ url: `/api/download.php?video_id=${c.listed.id}&format=best` }),
        answer: refused(404, 'format_not_found'),
      },
      {
        name: 'a format the video lacks',
        call: (c) => ({ url: `/api/download.php?video_id=${c.listed.id}&format=1080p` }),
        answer: refused(404, 'format_not_found'),
      },
      badUrl('unknown video', '/api/download.php?video_id=999999&format=720p', 'video_not_found', 404),
      {
        name: 'private video, its owner asking',
        call: (c) => ({
          url: `/api/download.php?video_id=${c.roles.owned.member.privateVideo.id}&format=480p`,
        }),
        answer: refused(404, 'video_not_found'),
        as: 'member',
      },
      { name: 'guest, bad id', url: '/api/download.php?video_id=abc', answer: LOGIN_REQUIRED, as: 'guest' },
    ],
  },
];
