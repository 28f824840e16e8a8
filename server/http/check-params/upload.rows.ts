import {
  append,
  type Ctx,
  everyone,
  FORBIDDEN,
  HEX_ID,
  LOGIN_REQUIRED,
  membersOnly,
  meta,
  NO_INPUT,
  ownerOnly,
  type Row,
  refused,
  tus,
  WITHOUT_BODY,
} from '../../test/check-params-kit.ts';

// ---- Uploads (tus, video_edit.php); the watching rows are in watch.rows.ts ---------------------------

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
