import { REPORT_MESSAGE_MAX, REPORT_SUBJECTS } from '../../../contract/report.ts';
import {
  adminsOnly,
  badUrl,
  everyone,
  FORBIDDEN,
  LOGIN_REQUIRED,
  multipartCall,
  NO_INPUT,
  type Row,
  refused,
  staffOnly,
  staffOnlyOwned,
} from '../../test/check-params-kit.ts';

// ---- Contact form and the staff calls --------------------------------------------------------------

const REPORT = {
  subject: REPORT_SUBJECTS[1],
  email: 'someone@example.com',
  message: 'The player stops at 1:00.',
};
export const staffRows: Row[] = [
  {
    route: 'POST /api/report.php',
    call: () => ({ url: '/api/report.php', form: REPORT }),
    expect: everyone(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'required', 'email') },
      { name: 'email', form: { ...REPORT, email: 'nope' }, answer: refused(400, 'invalid_email', 'email') },
      {
        name: 'long message',
        form: { ...REPORT, message: 'x'.repeat(REPORT_MESSAGE_MAX + 1) },
        answer: refused(400, 'max_length', 'message'),
      },
      {
        name: 'subject',
        form: { ...REPORT, subject: 'Something else' },
        answer: refused(400, 'invalid', 'subject'),
      },
      {
        name: 'control character',
        form: { ...REPORT, email: 'a\u0000@example.com' },
        answer: refused(400, 'invalid_characters', 'email'),
      },
      {
        name: 'not an image',
        call: () =>
          multipartCall('/api/report.php', REPORT, {
            field: 'file',
            name: 'a.png',
            data: Buffer.from('text'),
          }),
        answer: refused(400, 'file_type', 'file'),
      },
      { name: 'JSON', json: REPORT, answer: refused(415, 'invalid_request') },
    ],
  },
  {
    route: 'GET /api/admin/reports.php',
    call: () => ({ url: '/api/admin/reports.php?status=handled&page=1' }),
    expect: staffOnly(200),
    bad: [
      {
        ...badUrl('status', '/api/admin/reports.php?status=lost', 'invalid'),
        answer: refused(400, 'invalid', 'status'),
      },
      {
        ...badUrl('page', '/api/admin/reports.php?page=0', 'invalid'),
        answer: refused(400, 'invalid', 'page'),
      },
      // Permissions before input: a guest or a member learns nothing about the parameters.
      { name: 'guest, bad page', url: '/api/admin/reports.php?page=0', answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, bad page', url: '/api/admin/reports.php?page=0', answer: FORBIDDEN, as: 'member' },
    ],
  },
  {
    // The sender of a report has no say over it: only staff handle reports.
    route: 'POST /api/admin/reports.php',
    call: (c) => ({
      url: '/api/admin/reports.php',
      form: { act: 'handle', report_id: String(c.roles.owned.member.reportId) },
    }),
    expect: staffOnlyOwned(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'act') },
      { name: 'act', form: { act: 'burn', report_id: '1' }, answer: refused(400, 'invalid', 'act') },
      { name: 'id', form: { act: 'handle', report_id: 'x' }, answer: refused(400, 'invalid', 'report_id') },
      {
        name: 'unknown report',
        form: { act: 'handle', report_id: '999999' },
        answer: refused(404, 'report_not_found'),
      },
      { name: 'guest, empty', form: {}, answer: LOGIN_REQUIRED, as: 'guest' },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'other' },
    ],
  },
  {
    route: 'GET /api/admin/moderation.php',
    call: () => ({ url: '/api/admin/moderation.php?page=1' }),
    expect: staffOnly(200),
    bad: [
      {
        ...badUrl('page 0', '/api/admin/moderation.php?page=0', 'invalid'),
        answer: refused(400, 'invalid', 'page'),
      },
      {
        ...badUrl('page', '/api/admin/moderation.php?page=abc', 'invalid'),
        answer: refused(400, 'invalid', 'page'),
      },
      {
        name: 'guest, bad page',
        url: '/api/admin/moderation.php?page=0',
        answer: LOGIN_REQUIRED,
        as: 'guest',
      },
      { name: 'member, bad page', url: '/api/admin/moderation.php?page=0', answer: FORBIDDEN, as: 'member' },
    ],
  },
  {
    // The uploader cannot approve their own video.
    route: 'POST /api/admin/moderation.php',
    call: async (c) => ({
      url: '/api/admin/moderation.php',
      form: { act: 'approve', video_id: String(await c.waitingVideo()) },
    }),
    expect: staffOnlyOwned(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'invalid', 'act') },
      {
        name: 'reject without reason',
        call: async (c) => ({
          url: '/api/admin/moderation.php',
          form: { act: 'reject', video_id: String(await c.waitingVideo()) },
        }),
        answer: refused(400, 'invalid', 'reason'),
      },
      {
        name: 'unknown video',
        form: { act: 'approve', video_id: '999999' },
        answer: refused(404, 'video_not_found'),
      },
      {
        name: 'listed video',
        call: (c) => ({
          url: '/api/admin/moderation.php',
          form: { act: 'approve', video_id: String(c.listed.id) },
        }),
        answer: refused(409, 'invalid_state'),
      },
      { name: 'member, empty', form: {}, answer: FORBIDDEN, as: 'other' },
    ],
  },
  {
    route: 'GET /api/admin/ads.php',
    call: () => ({ url: '/api/admin/ads.php' }),
    expect: adminsOnly(200),
    bad: NO_INPUT,
  },
  {
    route: 'POST /api/admin/ads.php',
    call: () => ({
      url: '/api/admin/ads.php',
      json: { key: 'footer', enabled: true, config: { creatives: [] } },
    }),
    expect: adminsOnly(200),
    bad: [
      {
        name: 'zone',
        json: { key: 'popunder', enabled: true, config: {} },
        answer: refused(400, 'invalid', 'key'),
      },
      {
        name: 'enabled',
        json: { key: 'pause', enabled: 'yes', config: {} },
        answer: refused(400, 'invalid', 'enabled'),
      },
      {
        name: 'tag URL',
        json: { key: 'preroll', enabled: true, config: { tags: ['javascript:alert(1)'] } },
        answer: refused(400, 'invalid', 'config.tags.0'),
      },
      { name: 'moderator, bad zone', json: { key: 'popunder' }, answer: FORBIDDEN, as: 'moderator' },
    ],
  },
];
