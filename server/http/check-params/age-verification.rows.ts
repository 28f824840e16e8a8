// UK age verification (issue 15; contract/age-verification.ts): the upload is for members; the queue,
// the photo and the decision for staff — the member whose request it is has no say over it. Each call
// on a request uses the `member`'s (the owner's) waiting one, made when there is none; decisions
// reject, so the member can send again. The roles and races in server/http/age-verification.routes.test.ts.
import sharp from 'sharp';
import {
  AGE_VERIFICATION_ADMIN_PATH,
  AGE_VERIFICATION_PATH,
  AGE_VERIFICATION_PHOTO_PATH,
} from '../../../contract/age-verification.ts';
import {
  type Ctx,
  FORBIDDEN,
  LOGIN_REQUIRED,
  membersOnly,
  multipartCall,
  type Row,
  refused,
  staffOnly,
  staffOnlyOwned,
} from '../../test/check-params-kit.ts';

let photo: Buffer | undefined;
const photoOf = async () => {
  photo ??= await sharp({ create: { width: 320, height: 320, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  return photo;
};

const upload = async (file?: Buffer) =>
  multipartCall(
    AGE_VERIFICATION_PATH,
    {},
    { field: 'file', name: 'me.jpg', data: file ?? (await photoOf()) },
  );

/** The member's waiting request: its id (one is sent when none waits). */
async function waitingOfMember(c: Ctx): Promise<number> {
  const db = c.t.database.handle.db;
  const userId = c.roles.users.member.userId;
  const find = () =>
    db
      .selectFrom('age_verifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  const waiting = await find();
  if (waiting) return waiting.id;
  const user = (await c.t.services.accounts.userForSession(c.roles.users.member.sid))?.user ?? null;
  await c.t.services.ageVerification.submit(user, await photoOf());
  return (await find())?.id as number;
}

export const ageVerificationRows: Row[] = [
  {
    route: `POST ${AGE_VERIFICATION_PATH}`,
    call: async (c, who) => {
      // One request waits per member: the member's from another row is taken back first.
      if (who === 'member') {
        await c.t.database.handle.db
          .deleteFrom('age_verifications')
          .where('user_id', '=', c.roles.users.member.userId)
          .where('status', '=', 'pending')
          .execute();
      }
      return upload();
    },
    expect: membersOnly(200),
    bad: [
      {
        name: 'no file',
        call: () =>
          multipartCall(AGE_VERIFICATION_PATH, {}, { field: 'other', name: 'a.jpg', data: Buffer.from('x') }),
        answer: refused(400, 'required', 'file'),
      },
      {
        name: 'not an image',
        call: () => upload(Buffer.from('plain text, not a photo')),
        answer: refused(400, 'file_type', 'file'),
      },
      {
        name: 'too small',
        call: async () =>
          upload(
            await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
              .png()
              .toBuffer(),
          ),
        answer: refused(400, 'image_too_small', 'file'),
      },
      {
        name: 'over 10 MB',
        call: () => upload(Buffer.alloc(10 * 1024 * 1024 + 1, 1)),
        answer: refused(413, 'file_too_large', 'file'),
      },
      {
        name: 'JSON body',
        call: () => ({
          url: AGE_VERIFICATION_PATH,
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }),
        answer: refused(415, 'invalid_request'),
      },
      { name: 'guest, no file', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
    ],
  },
  {
    route: `GET ${AGE_VERIFICATION_ADMIN_PATH}`,
    call: () => ({ url: `${AGE_VERIFICATION_ADMIN_PATH}?page=1` }),
    expect: staffOnly(200),
    bad: [
      { name: 'page', url: `${AGE_VERIFICATION_ADMIN_PATH}?page=0`, answer: refused(400, 'invalid', 'page') },
      {
        name: 'guest, bad page',
        url: `${AGE_VERIFICATION_ADMIN_PATH}?page=0`,
        answer: LOGIN_REQUIRED,
        as: 'guest',
      },
      {
        name: 'member, bad page',
        url: `${AGE_VERIFICATION_ADMIN_PATH}?page=0`,
        answer: FORBIDDEN,
        as: 'member',
      },
    ],
  },
  {
    route: `GET ${AGE_VERIFICATION_PHOTO_PATH}`,
    call: async (c) => ({
      url: `${AGE_VERIFICATION_PHOTO_PATH}?verification_id=${await waitingOfMember(c)}`,
    }),
    expect: staffOnlyOwned(200),
    bad: [
      {
        name: 'no id',
        url: AGE_VERIFICATION_PHOTO_PATH,
        answer: refused(400, 'invalid', 'verification_id'),
      },
      {
        name: 'id',
        url: `${AGE_VERIFICATION_PHOTO_PATH}?verification_id=x`,
        answer: refused(400, 'invalid', 'verification_id'),
      },
      {
        name: 'unknown',
        url: `${AGE_VERIFICATION_PHOTO_PATH}?verification_id=999999`,
        answer: refused(404, 'verification_not_found'),
      },
      {
        name: 'member, bad id',
        url: `${AGE_VERIFICATION_PHOTO_PATH}?verification_id=x`,
        answer: FORBIDDEN,
        as: 'other',
      },
    ],
  },
  {
    route: `POST ${AGE_VERIFICATION_ADMIN_PATH}`,
    call: async (c) => ({
      url: AGE_VERIFICATION_ADMIN_PATH,
      form: {
        act: 'reject',
        verification_id: String(await waitingOfMember(c)),
        reason: 'The check-params suite rejects it',
      },
    }),
    expect: staffOnlyOwned(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'act') },
      { name: 'act', form: { act: 'bless', verification_id: '1' }, answer: refused(400, 'invalid', 'act') },
      {
        name: 'id',
        form: { act: 'approve', verification_id: 'x' },
        answer: refused(400, 'invalid', 'verification_id'),
      },
      {
        name: 'reject without a reason',
        call: async (c) => ({
          url: AGE_VERIFICATION_ADMIN_PATH,
          form: { act: 'reject', verification_id: String(await waitingOfMember(c)) },
        }),
        answer: refused(400, 'required', 'reason'),
      },
      {
        name: 'reason over 500 characters',
        form: { act: 'reject', verification_id: '1', reason: 'x'.repeat(501) },
        answer: refused(400, 'invalid', 'reason'),
      },
      {
        name: 'unknown request',
        form: { act: 'reject', verification_id: '999999', reason: 'No' },
        answer: refused(404, 'verification_not_found'),
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'other' },
    ],
  },
];
