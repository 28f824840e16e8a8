// The console's dashboard and job queue (issue 17; contract/admin-dashboard.ts): moderators and
// administrators only, guests 401 and members 403 before any input check. The behaviour (counts,
// series, a failed job retried and run again, a stuck video reprocessed) is in
// server/http/admin-dashboard.routes.test.ts and server/modules/console/dashboard.test.ts.
import { DASHBOARD_PATH, JOBS_PATH } from '../../../contract/admin-dashboard.ts';
import {
  badUrl,
  type Ctx,
  FORBIDDEN,
  LOGIN_REQUIRED,
  type Row,
  refused,
  staffOnly,
} from '../../test/check-params-kit.ts';

/** A video at status 2 with no job: what the dashboard lists as stuck. */
async function stuckVideo(c: Ctx): Promise<number> {
  const n = c.unique();
  const { id } = await c.t.database.handle.db
    .insertInto('videos')
    .values({ dir: `stuck-${n}`, title: `Stuck ${n}`, status: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

export const dashboardRows: Row[] = [
  {
    route: `GET ${DASHBOARD_PATH}`,
    call: () => ({ url: `${DASHBOARD_PATH}?days=7` }),
    expect: staffOnly(200),
    bad: [
      { ...badUrl('days 0', `${DASHBOARD_PATH}?days=0`, 'invalid'), answer: refused(400, 'invalid', 'days') },
      {
        ...badUrl('days 366', `${DASHBOARD_PATH}?days=366`, 'invalid'),
        answer: refused(400, 'invalid', 'days'),
      },
      { ...badUrl('days x', `${DASHBOARD_PATH}?days=x`, 'invalid'), answer: refused(400, 'invalid', 'days') },
      { name: 'guest, bad days', url: `${DASHBOARD_PATH}?days=0`, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, bad days', url: `${DASHBOARD_PATH}?days=0`, answer: FORBIDDEN, as: 'member' },
    ],
  },
  {
    // No queue runs in this suite (check-params.test.ts attaches one that drops every job, as pg-boss
    // drops a second job of a video): a reprocess is refused as already queued, after every check
    // passed. The 200 path, with pg-boss running, is in admin-dashboard.routes.test.ts.
    route: `POST ${JOBS_PATH}`,
    call: async (c) => ({
      url: JOBS_PATH,
      form: { act: 'reprocess', video_id: String(await stuckVideo(c)) },
    }),
    expect: staffOnly(refused(409, 'already_queued')),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'act'), as: 'moderator' },
      { name: 'act', form: { act: 'burn' }, answer: refused(400, 'invalid', 'act'), as: 'moderator' },
      { name: 'no job', form: { act: 'retry' }, answer: refused(400, 'invalid', 'job_id'), as: 'moderator' },
      {
        name: 'job id',
        form: { act: 'retry', job_id: '12' },
        answer: refused(400, 'invalid', 'job_id'),
        as: 'moderator',
      },
      {
        name: 'video id',
        form: { act: 'reprocess', video_id: 'x' },
        answer: refused(400, 'invalid', 'video_id'),
        as: 'administrator',
      },
      {
        name: 'unknown job',
        form: { act: 'retry', job_id: '00000000-0000-4000-8000-000000000000' },
        answer: refused(404, 'job_not_found'),
        as: 'moderator',
      },
      {
        name: 'unknown video',
        form: { act: 'reprocess', video_id: '99999999' },
        answer: refused(404, 'video_not_found'),
        as: 'moderator',
      },
      {
        name: 'a listed video',
        call: (c) => ({ url: JOBS_PATH, form: { act: 'reprocess', video_id: String(c.listed.id) } }),
        answer: refused(409, 'invalid_state'),
        as: 'moderator',
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'member' },
    ],
  },
];
