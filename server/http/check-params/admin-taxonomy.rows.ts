// The console's categories, tags, models and channels (issue 17; contract/admin-taxonomy.ts): staff
// only, guests 401 and members 403 before any input check. The behaviour (unique dirs, deletes, the
// mvp block on the site, pictures) in server/http/admin-taxonomy.routes.test.ts.
import sharp from 'sharp';
import {
  TAXONOMY_IMAGE_PATH,
  TAXONOMY_KINDS,
  TAXONOMY_PATHS,
  type TaxonomyKind,
} from '../../../contract/admin-taxonomy.ts';
import {
  badUrl,
  type Ctx,
  FORBIDDEN,
  LOGIN_REQUIRED,
  multipartCall,
  type Row,
  refused,
  staffOnly,
} from '../../test/check-params-kit.ts';

/** A new object of the kind, straight in the database. */
async function newObject(c: Ctx, kind: TaxonomyKind): Promise<{ id: number; dir: string }> {
  const n = c.unique();
  const dir = `check-${kind}-${n}`;
  const table = { category: 'categories', tag: 'tags', model: 'models', channel: 'channels' } as const;
  const row = await c.t.database.handle.db
    .insertInto(table[kind])
    .values({ dir, title: `Check ${kind} ${n}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), dir };
}

let picture: Buffer | null = null;
const png = async () => {
  picture ??= await sharp({ create: { width: 200, height: 200, channels: 3, background: '#446688' } })
    .png()
    .toBuffer();
  return picture;
};

const kindRows = (kind: TaxonomyKind): Row[] => {
  const path = TAXONOMY_PATHS[kind];
  return [
    {
      route: `GET ${path}`,
      call: () => ({ url: `${path}?page=1&q=check` }),
      expect: staffOnly(200),
      bad: [
        { ...badUrl('page', `${path}?page=0`, 'invalid'), answer: refused(400, 'invalid', 'page') },
        { ...badUrl('id', `${path}?id=x`, 'invalid'), answer: refused(400, 'invalid', 'id') },
        {
          ...badUrl('q', `${path}?q=${'x'.repeat(101)}`, 'max_length'),
          answer: refused(400, 'invalid', 'q'),
        },
        { name: 'unknown id', url: `${path}?id=999999`, answer: refused(404, `${kind}_not_found`) },
        { name: 'guest, bad page', url: `${path}?page=0`, answer: LOGIN_REQUIRED, as: 'guest' },
        { name: 'member, bad page', url: `${path}?page=0`, answer: FORBIDDEN, as: 'member' },
      ],
    },
    {
      route: `POST ${path}`,
      call: (c) => ({ url: path, form: { act: 'create', title: `Made ${kind} ${c.unique()}` } }),
      expect: staffOnly(200),
      bad: [
        { name: 'empty', form: {}, answer: refused(400, 'invalid', 'act') },
        { name: 'act', form: { act: 'burn' }, answer: refused(400, 'invalid', 'act') },
        { name: 'no title', form: { act: 'create' }, answer: refused(400, 'invalid', 'title') },
        {
          name: 'dir',
          form: { act: 'create', title: 'A', dir: 'A B' },
          answer: refused(400, 'invalid', 'dir'),
        },
        { name: 'no id', form: { act: 'edit', title: 'A' }, answer: refused(400, 'invalid', 'id') },
        // A channel's partner flag (migration 0044) is 1 or 0.
        ...(kind === 'channel'
          ? [
              {
                name: 'partner',
                form: { act: 'create', title: 'A', partner: 'maybe' },
                answer: refused(400, 'invalid', 'partner'),
              },
            ]
          : []),
        {
          name: 'unknown',
          form: { act: 'edit', id: '999999', title: 'A' },
          answer: refused(404, `${kind}_not_found`),
        },
        {
          name: 'dir taken',
          call: async (c) => {
            const { dir } = await newObject(c, kind);
            return { url: path, form: { act: 'create', title: 'Again', dir } };
          },
          answer: refused(409, 'dir_taken', 'dir'),
        },
        { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
        { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'member' },
      ],
    },
  ];
};

export const adminTaxonomyRows: Row[] = [
  ...TAXONOMY_KINDS.flatMap(kindRows),
  {
    route: `POST ${TAXONOMY_IMAGE_PATH}`,
    call: async (c) =>
      multipartCall(
        TAXONOMY_IMAGE_PATH,
        { kind: 'model', id: String((await newObject(c, 'model')).id) },
        { field: 'file', name: 'photo.png', data: await png() },
      ),
    expect: staffOnly(200),
    bad: [
      {
        name: 'not an image',
        call: async (c) =>
          multipartCall(
            TAXONOMY_IMAGE_PATH,
            { kind: 'model', id: String((await newObject(c, 'model')).id) },
            { field: 'file', name: 'photo.png', data: Buffer.from('plain text') },
          ),
        answer: refused(400, 'file_type', 'file'),
      },
      {
        name: 'kind',
        call: async () =>
          multipartCall(
            TAXONOMY_IMAGE_PATH,
            { kind: 'tag', id: '1' },
            { field: 'file', name: 'a.png', data: await png() },
          ),
        answer: refused(400, 'invalid', 'kind'),
      },
      {
        name: 'unknown',
        call: async () =>
          multipartCall(
            TAXONOMY_IMAGE_PATH,
            { kind: 'channel', id: '999999' },
            { field: 'file', name: 'a.png', data: await png() },
          ),
        answer: refused(404, 'channel_not_found'),
      },
      { name: 'not multipart', form: { kind: 'model', id: '1' }, answer: refused(415, 'invalid_request') },
      { name: 'guest, not multipart', form: { kind: 'model' }, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, not multipart', form: { kind: 'model' }, answer: FORBIDDEN, as: 'member' },
    ],
  },
];
