// Site settings (issue 17; contract/admin-settings.ts): administrators only — guests 401, members and
// moderators 403 before any input check. The settings' behaviour in server/http/admin-settings.routes.test.ts
// and server/modules/settings/settings.test.ts.
import { ADMIN_SETTINGS_PATH } from '../../../contract/admin-settings.ts';
import {
  adminsOnly,
  FORBIDDEN,
  LOGIN_REQUIRED,
  NO_INPUT,
  type Row,
  refused,
} from '../../test/check-params-kit.ts';

export const adminSettingsRows: Row[] = [
  {
    route: `GET ${ADMIN_SETTINGS_PATH}`,
    call: () => ({ url: ADMIN_SETTINGS_PATH }),
    expect: adminsOnly(200),
    bad: NO_INPUT,
  },
  {
    // A setting no other row reads: the legal pages' operator address.
    route: `POST ${ADMIN_SETTINGS_PATH}`,
    call: (c) => ({
      url: ADMIN_SETTINGS_PATH,
      json: { act: 'save', values: { operator_address: `${c.unique()} Quay Street` } },
    }),
    expect: adminsOnly(200),
    bad: [
      { name: 'empty', json: {}, answer: refused(400, 'invalid', 'act') },
      { name: 'act', json: { act: 'burn' }, answer: refused(400, 'invalid', 'act') },
      { name: 'no values', json: { act: 'save' }, answer: refused(400, 'invalid', 'values') },
      { name: 'no keys', json: { act: 'reset' }, answer: refused(400, 'invalid', 'keys') },
      {
        name: 'unknown setting',
        json: { act: 'save', values: { colour: 'red' } },
        answer: refused(400, 'invalid', 'colour'),
      },
      {
        name: 'site name too long',
        json: { act: 'save', values: { site_name: 'x'.repeat(61) } },
        answer: refused(400, 'invalid', 'site_name'),
      },
      {
        name: 'languages without en',
        json: { act: 'save', values: { languages: ['de'] } },
        answer: refused(400, 'invalid', 'languages'),
      },
      {
        name: 'upload cap above 10 GB',
        json: { act: 'save', values: { upload_max_bytes: 11 * 1024 ** 3 } },
        answer: refused(400, 'invalid', 'upload_max_bytes'),
      },
      {
        name: 'a value of no kind',
        json: { act: 'save', values: { site_name: { a: 1 } } },
        answer: refused(400, 'invalid', 'values'),
      },
      { name: 'guest, empty', json: {}, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, empty', json: {}, answer: FORBIDDEN, as: 'member' },
      { name: 'moderator, empty', json: {}, answer: FORBIDDEN, as: 'moderator' },
    ],
  },
];
