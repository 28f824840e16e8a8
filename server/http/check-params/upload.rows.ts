import {
  actorOf,
  append,
  badUrl,
  COMMENTS,
  type Ctx,
  comment,
  everyone,
  FORBIDDEN,
  HEX_ID,
  LOGIN_REQUIRED,
  membersOnly,
  meta,
  NO_INPUT,
  oembedOf,
  ownerAndStaff,
  ownerOnly,
  type Row,
  refused,
  tus,
  view,
  WITHOUT_BODY,
} from '../../test/check-params-kit.ts';
import { insertVideo } from '../../test/fixtures.ts';

// ---- Uploads (tus, video_edit.php) and watching ------------------------------------------------------

export const uploadRows: Row[] = [
  {
    route: 'POST /api/upload/',
    call: () => ({
      url: '/api/upload/',
      headers: tus({ 'upload-length': '1000', 'upload-metadata': meta('clip.mp4') }),
    }),
    expect: membersOnly(201),
    bad: [
      {
        name: 'no length',
        call: () => ({ url: '/api/upload/', headers: tus({ 'upload-metadata': meta('clip.mp4') }) }),
        answer: refused(400, 'invalid', 'file'),
      },
      {
        name: 'file name',
        call: () => ({
          url: '/api/upload/',
          headers: tus({ 'upload-length': '1000', 'upload-metadata': meta('my clip!.mp4') }),
        }),
        answer: refused(400, 'file_name_invalid', 'file'),
      },
      {
        name: 'too large',
        call: () => ({
          url: '/api/upload/',
          headers: tus({ 'upload-length': String(10 * 1024 ** 3 + 1), 'upload-metadata': meta('clip.mp4') }),
        }),
        answer: refused(413, 'file_too_large', 'file'),
      },
      {
        name: 'no Tus-Resumable',
        call: () => ({
          url: '/api/upload/',
          headers: { 'upload-length': '1000', 'upload-metadata': meta('clip.mp4') },
        }),
        answer: WITHOUT_BODY(412),
      },
    ],
  },
  {
    route: 'HEAD /api/upload/:id',
    call: async (c) => ({ url: `/api/upload/${await c.upload()}`, headers: tus() }),
    expect: { ...ownerOnly(200, WITHOUT_BODY(403)), guest: WITHOUT_BODY(401) },
    bad: [
      {
        name: 'id',
        call: () => ({ url: '/api/upload/not-an-id', headers: tus() }),
        answer: WITHOUT_BODY(404),
      },
      {
        name: 'unknown',
        call: () => ({ url: `/api/upload/${HEX_ID}`, headers: tus() }),
        answer: WITHOUT_BODY(404),
      },
      {
        name: 'no Tus-Resumable',
        call: async (c) => ({ url: `/api/upload/${await c.upload()}` }),
        answer: WITHOUT_BODY(412),
      },
    ],
  },
  {
    route: 'PATCH /api/upload/:id',
    call: async (c) => append(await c.upload(), 0, 100),
    expect: ownerOnly(204, FORBIDDEN),
    bad: [
      {
        name: 'id',
        call: () => append('not-an-id', 0, 10),
        answer: refused(404, 'upload_not_found', 'file'),
      },
      {
        name: 'unknown',
        call: () => append(HEX_ID, 0, 10),
        answer: refused(404, 'upload_not_found', 'file'),
      },
      { name: 'offset', call: async (c) => append(await c.upload(), 5, 10), answer: WITHOUT_BODY(409) },
      {
        name: 'past the length',
        call: async (c) => append(await c.upload(), 0, 1001),
        answer: WITHOUT_BODY(413),
      },
      {
        name: 'no Tus-Resumable',
        call: async (c) => append(await c.upload(), 0, 10, {}),
        answer: WITHOUT_BODY(412),
      },
    ],
  },
  {
    route: 'DELETE /api/upload/:id',
    call: async (c) => ({ url: `/api/upload/${await c.upload()}`, headers: tus() }),
    expect: ownerOnly(204, FORBIDDEN),
    bad: [
      { name: 'id', url: '/api/upload/not-an-id', answer: refused(404, 'upload_not_found', 'file') },
      { name: 'unknown', url: `/api/upload/${HEX_ID}`, answer: refused(404, 'upload_not_found', 'file') },
    ],
  },
  {
    route: 'OPTIONS /api/upload/',
    call: () => ({ url: '/api/upload/' }),
    expect: everyone(204),
    bad: NO_INPUT,
  },
  {
    route: 'OPTIONS /api/upload/:id',
    call: () => ({ url: `/api/upload/${HEX_ID}` }),
    expect: everyone(204),
    bad: { none: 'the capabilities of the server, whatever the id' },
  },
  {
    // Only the uploader may submit their upload: anyone else's upload_id is not found.
    route: 'POST /api/video_edit.php',
    call: async (c) => ({
      url: '/api/video_edit.php',
      form: videoForm(c, await c.upload({ finished: true })),
    }),
    expect: ownerOnly(200, refused(400, 'upload_not_found', 'file')),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'required', 'title') },
      {
        name: 'title',
        call: (c) => ({ url: '/api/video_edit.php', form: { ...videoForm(c, HEX_ID), title: 'ab' } }),
        answer: refused(400, 'title_length', 'title'),
      },
      {
        name: 'preview',
        call: (c) => ({ url: '/api/video_edit.php', form: { ...videoForm(c, HEX_ID), preview: 'none' } }),
        answer: refused(400, 'preview_not_chosen', 'preview'),
      },
      {
        // Members publish to their own channels only (administrators: any).
        name: "someone else's channel",
        call: (c) => ({
          url: '/api/video_edit.php',
          form: { ...videoForm(c, HEX_ID), channel: String(c.channelId) },
        }),
        answer: refused(400, 'invalid', 'channel'),
      },
      {
        name: 'unknown upload',
        call: (c) => ({ url: '/api/video_edit.php', form: videoForm(c, HEX_ID) }),
        answer: refused(400, 'upload_not_found', 'file'),
      },
      {
        name: 'unfinished upload',
        call: async (c) => ({ url: '/api/video_edit.php', form: videoForm(c, await c.upload()) }),
        answer: refused(400, 'upload_incomplete', 'file'),
      },
      {
        // A link is checked before it is accepted (the import itself runs as a job).
        name: 'link to a private address',
        call: (c) => ({
          url: '/api/video_edit.php',
          form: { ...videoForm(c, ''), link: 'http://127.0.0.1:9/clip.mp4' },
        }),
        answer: refused(400, 'link_not_allowed', 'link'),
      },
      {
        name: 'link not http(s)',
        call: (c) => ({
          url: '/api/video_edit.php',
          form: { ...videoForm(c, ''), link: 'ftp://a.test/x.mp4' },
        }),
        answer: refused(400, 'invalid', 'link'),
      },
      {
        name: 'JSON',
        call: (c) => ({ url: '/api/video_edit.php', json: videoForm(c, HEX_ID) }),
        answer: refused(415, 'invalid_request'),
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
    ],
  },
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

function videoForm(c: Ctx, uploadId: string): Record<string, string> {
  return {
    title: 'Colour bars at dusk',
    description: 'A synthetic test pattern.',
    gender: 'str',
    'categories[]': String(c.categoryId),
    visibility: '0',
    exclusive: '1',
    preview: 'auto',
    upload_id: uploadId,
  };
}
