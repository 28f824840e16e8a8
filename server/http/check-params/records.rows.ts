// Performer records (issue 31; contract/records.ts): the uploader sends the records of their own video;
// staff see them; only administrators (and custodians, none here) read the ID images and consents,
// decide and export; administrators name custodians. Each call that uses records up gets a new waiting
// video of the `member` with a records row. Behaviour in server/modules/records/records.test.ts.
import sharp from 'sharp';
import {
  RECORDS_ADMIN_PATH,
  RECORDS_CUSTODIAN_PATH,
  RECORDS_EXPORT_PATH,
  RECORDS_IMAGE_PATH,
  RECORDS_MODELS_PATH,
  RECORDS_PATH,
} from '../../../contract/records.ts';
import {
  type Answer,
  type Ctx,
  FORBIDDEN,
  LOGIN_REQUIRED,
  membersOnly,
  multipartCall,
  type Row,
  refused,
  staffOnlyOwned,
  type Who,
} from '../../test/check-params-kit.ts';

let card: Buffer | undefined;
const cardOf = async () => {
  card ??= await sharp({ create: { width: 400, height: 260, channels: 3, background: '#6a8' } })
    .jpeg()
    .toBuffer();
  return card;
};

const PERFORMER = {
  'performers[0][stage_name]': 'Cara Check',
  'performers[0][legal_name]': 'Cara Example',
  'performers[0][birth_date]': '1994-06-15',
  'performers[0][consent]': '1',
  'performers[0][signature]': 'Cara Example',
};

/** Administrators only, on a member's object (no custodian is named in this suite). */
const readersOnly = (ok: Answer): Partial<Record<Who, Answer>> => ({
  guest: LOGIN_REQUIRED,
  owner: FORBIDDEN,
  other: FORBIDDEN,
  moderator: FORBIDDEN,
  administrator: ok,
});
const adminsOnlyPlain = (ok: Answer): Partial<Record<Who, Answer>> => ({
  guest: LOGIN_REQUIRED,
  member: FORBIDDEN,
  moderator: FORBIDDEN,
  administrator: ok,
});

/** A new waiting video of the member whose records are required; sent when `sent`. */
async function recordsVideo(c: Ctx, sent = false): Promise<number> {
  const videoId = await c.waitingVideo();
  const db = c.t.database.handle.db;
  await db
    .insertInto('video_records')
    .values({ video_id: videoId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (sent) {
    const user = (await c.t.services.accounts.userForSession(c.roles.users.member.sid))?.user ?? null;
    await c.t.services.records.submit(user, {
      videoId,
      recordedOn: '2026-09-01',
      language: 'en',
      performers: [
        {
          stage_name: 'Cara Check',
          legal_name: 'Cara Example',
          birth_date: '1994-06-15',
          consent: '1',
          signature: 'Cara Example',
          idImage: await cardOf(),
        },
      ],
    });
  }
  return videoId;
}

async function performerOf(c: Ctx): Promise<number> {
  const videoId = await recordsVideo(c, true);
  const row = await c.t.database.handle.db
    .selectFrom('video_performers')
    .select('id')
    .where('video_id', '=', videoId)
    .executeTakeFirstOrThrow();
  return row.id;
}

const send = async (c: Ctx, fields: Record<string, string>, image?: Buffer, videoId?: number) =>
  multipartCall(
    RECORDS_PATH,
    { video_id: String(videoId ?? (await recordsVideo(c))), recorded_on: '2026-09-01', ...fields },
    { field: 'performers[0][id_image]', name: 'id.jpg', data: image ?? (await cardOf()) },
  );

export const recordsRows: Row[] = [
  {
    route: `POST ${RECORDS_PATH}`,
    call: (c) => send(c, PERFORMER),
    expect: {
      guest: LOGIN_REQUIRED,
      owner: 200,
      other: FORBIDDEN,
      moderator: FORBIDDEN,
      administrator: FORBIDDEN,
    },
    bad: [
      {
        name: 'no performer',
        call: async (c) =>
          multipartCall(
            RECORDS_PATH,
            { video_id: String(await recordsVideo(c)), recorded_on: '2026-09-01' },
            { field: 'other', name: 'x.jpg', data: Buffer.from('x') },
          ),
        answer: refused(400, 'required', 'performers'),
      },
      {
        name: 'not an image',
        call: (c) => send(c, PERFORMER, Buffer.from('plain text, not an ID')),
        answer: refused(400, 'file_type', 'performers[0][id_image]'),
      },
      {
        name: 'under 18 on the recording date',
        call: (c) => send(c, { ...PERFORMER, 'performers[0][birth_date]': '2010-01-01' }),
        answer: refused(400, 'under_18', 'performers[0][birth_date]'),
      },
      {
        name: 'consent not signed',
        call: (c) => send(c, { ...PERFORMER, 'performers[0][consent]': '' }),
        answer: refused(400, 'not_signed', 'performers[0][consent]'),
      },
      {
        name: 'ID image over 10 MB',
        call: (c) => send(c, PERFORMER, Buffer.alloc(10 * 1024 * 1024 + 1, 1)),
        answer: refused(413, 'file_too_large', 'performers[0][id_image]'),
      },
      {
        name: 'no video id',
        call: async () =>
          multipartCall(RECORDS_PATH, PERFORMER, {
            field: 'performers[0][id_image]',
            name: 'id.jpg',
            data: await cardOf(),
          }),
        answer: refused(400, 'required', 'video_id'),
      },
      {
        name: 'unknown video',
        call: (c) => send(c, PERFORMER, undefined, 999999),
        answer: refused(404, 'video_not_found'),
      },
      {
        name: 'a video that needs none',
        call: async (c) => send(c, PERFORMER, undefined, await c.waitingVideo()),
        answer: refused(409, 'records_not_required'),
      },
      {
        name: 'JSON body',
        call: () => ({ url: RECORDS_PATH, headers: { 'content-type': 'application/json' }, body: '{}' }),
        answer: refused(415, 'invalid_request'),
      },
    ],
  },
  {
    route: `GET ${RECORDS_PATH}`,
    call: async (c) => ({ url: `${RECORDS_PATH}?video_id=${await recordsVideo(c)}` }),
    expect: { guest: LOGIN_REQUIRED, owner: 200, other: FORBIDDEN, moderator: 200, administrator: 200 },
    bad: [
      { name: 'no id', url: RECORDS_PATH, answer: refused(400, 'invalid', 'video_id') },
      { name: 'id', url: `${RECORDS_PATH}?video_id=x`, answer: refused(400, 'invalid', 'video_id') },
      { name: 'unknown', url: `${RECORDS_PATH}?video_id=999999`, answer: refused(404, 'video_not_found') },
    ],
  },
  {
    route: `GET ${RECORDS_MODELS_PATH}`,
    call: () => ({ url: `${RECORDS_MODELS_PATH}?q=ava` }),
    expect: membersOnly(200),
    bad: [
      { name: 'no text', url: RECORDS_MODELS_PATH, answer: refused(400, 'invalid', 'q') },
      { name: 'one character', url: `${RECORDS_MODELS_PATH}?q=a`, answer: refused(400, 'invalid', 'q') },
      {
        name: 'too long',
        url: `${RECORDS_MODELS_PATH}?q=${'a'.repeat(121)}`,
        answer: refused(400, 'invalid', 'q'),
      },
    ],
  },
  {
    route: `GET ${RECORDS_ADMIN_PATH}`,
    call: async (c) => ({ url: `${RECORDS_ADMIN_PATH}?video_id=${await recordsVideo(c)}` }),
    expect: staffOnlyOwned(200),
    bad: [
      { name: 'id', url: `${RECORDS_ADMIN_PATH}?video_id=x`, answer: refused(400, 'invalid', 'video_id') },
      {
        name: 'unknown',
        url: `${RECORDS_ADMIN_PATH}?video_id=999999`,
        answer: refused(404, 'video_not_found'),
      },
      { name: 'member, bad id', url: `${RECORDS_ADMIN_PATH}?video_id=x`, answer: FORBIDDEN, as: 'other' },
    ],
  },
  {
    route: `POST ${RECORDS_ADMIN_PATH}`,
    call: async (c) => ({
      url: RECORDS_ADMIN_PATH,
      form: {
        act: 'reject',
        video_id: String(await recordsVideo(c, true)),
        reason: 'Check-params rejects it',
      },
    }),
    expect: readersOnly(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'act') },
      { name: 'act', form: { act: 'bless', video_id: '1' }, answer: refused(400, 'invalid', 'act') },
      {
        name: 'reject without a reason',
        call: async (c) => ({
          url: RECORDS_ADMIN_PATH,
          form: { act: 'reject', video_id: String(await recordsVideo(c, true)) },
        }),
        answer: refused(400, 'required', 'reason'),
      },
      {
        name: 'unknown video',
        form: { act: 'check', video_id: '999999' },
        answer: refused(404, 'video_not_found'),
      },
      {
        name: 'records not sent yet',
        call: async (c) => ({
          url: RECORDS_ADMIN_PATH,
          form: { act: 'check', video_id: String(await recordsVideo(c)) },
        }),
        answer: refused(409, 'records_not_waiting'),
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'other' },
    ],
  },
  {
    route: `GET ${RECORDS_IMAGE_PATH}`,
    call: async (c) => ({ url: `${RECORDS_IMAGE_PATH}?performer_id=${await performerOf(c)}` }),
    expect: readersOnly(200),
    bad: [
      {
        name: 'id',
        url: `${RECORDS_IMAGE_PATH}?performer_id=x`,
        answer: refused(400, 'invalid', 'performer_id'),
      },
      {
        name: 'unknown',
        url: `${RECORDS_IMAGE_PATH}?performer_id=999999`,
        answer: refused(404, 'performer_not_found'),
      },
    ],
  },
  {
    route: `GET ${RECORDS_EXPORT_PATH}`,
    call: async (c) => ({ url: `${RECORDS_EXPORT_PATH}?video_id=${await recordsVideo(c, true)}` }),
    expect: readersOnly(200),
    bad: [
      { name: 'id', url: `${RECORDS_EXPORT_PATH}?video_id=x`, answer: refused(400, 'invalid', 'video_id') },
      {
        name: 'unknown',
        url: `${RECORDS_EXPORT_PATH}?video_id=999999`,
        answer: refused(404, 'video_not_found'),
      },
      {
        name: 'a video that needs none',
        call: async (c) => ({ url: `${RECORDS_EXPORT_PATH}?video_id=${await c.waitingVideo()}` }),
        answer: refused(404, 'records_not_required'),
      },
    ],
  },
  {
    route: `GET ${RECORDS_CUSTODIAN_PATH}`,
    call: () => ({ url: RECORDS_CUSTODIAN_PATH }),
    expect: adminsOnlyPlain(200),
    bad: { none: 'takes no input' },
  },
  {
    route: `POST ${RECORDS_CUSTODIAN_PATH}`,
    call: (c) => ({
      url: RECORDS_CUSTODIAN_PATH,
      form: { user_id: String(c.roles.users.moderator.userId), custodian: '0' },
    }),
    expect: adminsOnlyPlain(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'user_id') },
      {
        name: 'a member',
        call: (c) => ({
          url: RECORDS_CUSTODIAN_PATH,
          form: { user_id: String(c.roles.users.member.userId), custodian: '1' },
        }),
        answer: refused(400, 'invalid', 'user_id'),
      },
      {
        name: 'flag',
        form: { user_id: '1', custodian: 'yes' },
        answer: refused(400, 'invalid', 'custodian'),
      },
    ],
  },
];
