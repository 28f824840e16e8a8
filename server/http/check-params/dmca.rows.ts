// The staff's DMCA cases (issue 15; contract/dmca.ts): moderators and administrators only, guests 401
// and members 403 before any input check. The workflow itself (takedown, counter-notice, restore, the
// repeat-infringer count) in server/http/dmca.routes.test.ts.
import { DMCA_ADMIN_PATH } from '../../../contract/dmca.ts';
import {
  badUrl,
  type Ctx,
  FORBIDDEN,
  LOGIN_REQUIRED,
  type Row,
  refused,
  staffOnly,
} from '../../test/check-params-kit.ts';

/** A new DMCA report sent from the listed video's page (a report becomes one case). */
async function dmcaReport(c: Ctx): Promise<number> {
  const n = c.unique();
  const { report_id } = await c.t.services.reports.submit({
    fields: {
      email: `rights${n}@example.com`,
      message: 'This upload copies a work we hold the rights to.',
      referrer: `${c.t.config.publicUrl}/video/${c.listed.id}/${c.listed.dir}/`,
    },
    file: null,
    ip: `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
    user: null,
    publicUrl: c.t.config.publicUrl,
  });
  return report_id;
}

export const dmcaRows: Row[] = [
  {
    route: `GET ${DMCA_ADMIN_PATH}`,
    call: () => ({ url: `${DMCA_ADMIN_PATH}?page=1` }),
    expect: staffOnly(200),
    bad: [
      { ...badUrl('page', `${DMCA_ADMIN_PATH}?page=0`, 'invalid'), answer: refused(400, 'invalid', 'page') },
      {
        ...badUrl('case_id', `${DMCA_ADMIN_PATH}?case_id=x`, 'invalid'),
        answer: refused(400, 'invalid', 'case_id'),
      },
      {
        name: 'unknown case',
        url: `${DMCA_ADMIN_PATH}?case_id=999999`,
        answer: refused(404, 'case_not_found'),
      },
      { name: 'guest, bad page', url: `${DMCA_ADMIN_PATH}?page=0`, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, bad page', url: `${DMCA_ADMIN_PATH}?page=0`, answer: FORBIDDEN, as: 'member' },
    ],
  },
  {
    // Opening a case from a DMCA report; the sender of a report has no say over it.
    route: `POST ${DMCA_ADMIN_PATH}`,
    call: async (c) => ({
      url: DMCA_ADMIN_PATH,
      form: { act: 'open', report_id: String(await dmcaReport(c)) },
    }),
    expect: staffOnly(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'act') },
      { name: 'act', form: { act: 'burn' }, answer: refused(400, 'invalid', 'act') },
      { name: 'no report', form: { act: 'open' }, answer: refused(400, 'invalid', 'report_id') },
      {
        name: 'report id',
        form: { act: 'open', report_id: 'x' },
        answer: refused(400, 'invalid', 'report_id'),
      },
      { name: 'no case', form: { act: 'restore' }, answer: refused(400, 'invalid', 'case_id') },
      {
        name: 'long counter-notice',
        form: { act: 'counter_notice', case_id: '1', message: 'x'.repeat(5001) },
        answer: refused(400, 'invalid', 'message'),
      },
      {
        name: 'received',
        form: { act: 'counter_notice', case_id: '1', message: 'x', received: 'yesterday' },
        answer: refused(400, 'invalid', 'received'),
      },
      {
        name: 'unknown report',
        form: { act: 'open', report_id: '999999' },
        answer: refused(404, 'report_not_found'),
      },
      {
        name: 'unknown case',
        form: { act: 'close', case_id: '999999' },
        answer: refused(404, 'case_not_found'),
      },
      {
        name: 'a report naming no video',
        call: (c) => ({
          url: DMCA_ADMIN_PATH,
          form: { act: 'open', report_id: String(c.roles.owned.member.reportId) },
        }),
        answer: refused(409, 'no_video'),
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'other' },
    ],
  },
];
