// The audit log (issue 17; contract/admin-audit.ts): administrators only — guests 401, members and
// moderators 403 before the query is read. The filters and the recorded entries themselves in
// server/http/admin-audit.routes.test.ts.
import { ADMIN_AUDIT_PATH } from '../../../contract/admin-audit.ts';
import {
  adminsOnly,
  badUrl,
  FORBIDDEN,
  LOGIN_REQUIRED,
  type Row,
  refused,
} from '../../test/check-params-kit.ts';

export const adminAuditRows: Row[] = [
  {
    route: `GET ${ADMIN_AUDIT_PATH}`,
    call: () => ({ url: `${ADMIN_AUDIT_PATH}?action=video.&page=1` }),
    expect: adminsOnly(200),
    bad: [
      badUrl('page', `${ADMIN_AUDIT_PATH}?page=0`, 'invalid'),
      { ...badUrl('page', `${ADMIN_AUDIT_PATH}?page=1001`, 'invalid'), name: 'page past the last' },
      {
        name: 'action',
        url: `${ADMIN_AUDIT_PATH}?action=Video%20Approve`,
        answer: refused(400, 'invalid', 'action'),
      },
      { name: 'from', url: `${ADMIN_AUDIT_PATH}?from=yesterday`, answer: refused(400, 'invalid', 'from') },
      { name: 'to', url: `${ADMIN_AUDIT_PATH}?to=2024-13-45`, answer: refused(400, 'invalid', 'to') },
      {
        name: 'to before from',
        url: `${ADMIN_AUDIT_PATH}?from=2024-05-02&to=2024-05-01`,
        answer: refused(400, 'invalid', 'to'),
      },
      {
        name: 'long actor',
        url: `${ADMIN_AUDIT_PATH}?actor=${'a'.repeat(65)}`,
        answer: refused(400, 'invalid', 'actor'),
      },
      {
        name: 'target type',
        url: `${ADMIN_AUDIT_PATH}?target_type=a%2Fb`,
        answer: refused(400, 'invalid', 'target_type'),
      },
      { name: 'guest, bad page', url: `${ADMIN_AUDIT_PATH}?page=0`, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, bad page', url: `${ADMIN_AUDIT_PATH}?page=0`, answer: FORBIDDEN, as: 'member' },
      {
        name: 'moderator, bad page',
        url: `${ADMIN_AUDIT_PATH}?page=0`,
        answer: FORBIDDEN,
        as: 'moderator',
      },
    ],
  },
];
