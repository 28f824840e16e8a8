// The check-params suite (issue 12, after PeerTube's server/tests/api/check-params): one row per API
// route of the route table, giving a valid call, the exact answer for each asker (guest, member, the
// owner of the object the call names and another member, moderator, administrator), bad inputs with
// the spec's codes, and, for every write, the foreign-Origin refusal. A route without its row, or a
// row without its route, fails the suite. Every answer is also checked against the route's declared
// responses (CHECK_RESPONSES is on in tests: a mismatch is a 500 `contract_mismatch`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../contract/errors.ts';
import { REPORT_MESSAGE_MAX, REPORT_SUBJECTS } from '../../contract/report.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { binaryPath } from '../media/runner.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { seedCatalogueFixture } from '../test/catalog-fixtures.ts';
import {
  ACCOUNT,
  type Answer,
  actorOf,
  adminsOnly,
  append,
  type BadInput,
  badUrl,
  type Call,
  COMMENTS,
  type Ctx,
  comment,
  everyone,
  FORBIDDEN,
  FOREIGN_ORIGIN,
  HEX_ID,
  INVALID_LINK,
  LOGIN_REQUIRED,
  membersOnly,
  meta,
  multipartCall,
  NO_INPUT,
  ORIGIN,
  oembedOf,
  ownerAndStaff,
  ownerOnly,
  type Row,
  refused,
  staffOnly,
  staffOnlyOwned,
  tus,
  view,
  WHO,
  type Who,
  WITHOUT_BODY,
  WRITES,
} from '../test/check-params-kit.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { readOutbox } from '../test/mail.ts';
import { createRoles, type RoleName } from '../test/roles.ts';
import { areaRows } from './check-params/index.ts';
import { type RouteEntry, routeTable } from './contract.ts';

// ---- Catalogue read calls (content.md §7) --------------------------------------------------------

const V2 = '/api/json/videos2/43200/str/latest-updates/60';
const historyOf = (c: Ctx, lifetime: number) =>
  `/api/json/videos2/${lifetime}/str/latest-updates/60/history.${c.roles.users.member.userId}.1.all.all.all.json`;
const searchOf = (sort: string, s: string) =>
  `/api/videos2.php?params=${encodeURIComponent(`43200/str/${sort}/60/search..1.all.all.all`)}&s=${s}`;

const catalogueRows: Row[] = [
  {
    // The history section is the member's own (lifetime 0); the other sections are public lists.
    route: 'GET /api/json/videos2/:lifetime/:gender/:sort/:count/:file',
    call: (c) => ({ url: historyOf(c, 0) }),
    expect: ownerOnly(200, FORBIDDEN),
    bad: [
      badUrl('sort', '/api/json/videos2/43200/str/best/60/videos..1.all.all.all.json', 'invalid_sort'),
      badUrl('page over 20', `${V2}/videos..21.all.all.all.json`, 'invalid_page'),
      badUrl(
        'count 0',
        '/api/json/videos2/43200/str/latest-updates/0/videos..1.all.all.all.json',
        'invalid_count',
      ),
      badUrl('section', `${V2}/nope..1.all.all.all.json`, 'invalid_section'),
      badUrl(
        'lifetime',
        '/api/json/videos2/5/str/latest-updates/60/videos..1.all.all.all.json',
        'invalid_lifetime',
      ),
      badUrl(
        'gender',
        '/api/json/videos2/43200/xx/latest-updates/60/videos..1.all.all.all.json',
        'invalid_gender',
      ),
      badUrl('date', `${V2}/videos..1.all.all.day.json`, 'invalid_date'),
      badUrl('duration', `${V2}/videos..1.all.7.all.json`, 'invalid_duration'),
      badUrl('type', `${V2}/videos..1.4k.all.all.json`, 'invalid_type'),
      badUrl('parts', `${V2}/videos..1.all.all.json`, 'invalid_path'),
      badUrl('object', `${V2}/videos.7.1.all.all.all.json`, 'invalid_object_id'),
      badUrl('unknown tag', `${V2}/tags.nope.1.all.all.all.json`, 'not_found'),
      badUrl('no .json', `${V2}/videos..1.all.all.all`, 'not_found'),
      {
        name: 'history cached',
        call: (c) => ({ url: historyOf(c, 43200) }),
        answer: refused(400, 'invalid_lifetime'),
      },
    ],
  },
  {
    route: 'GET /api/videos2.php',
    call: () => ({ url: searchOf('most-relevant', 'beach') }),
    expect: everyone(200),
    bad: [
      badUrl('short text', searchOf('most-relevant', 'ab'), 'search_too_short'),
      badUrl('long text', searchOf('most-relevant', 'x'.repeat(70)), 'search_too_long'),
      badUrl('no params', '/api/videos2.php?s=beach', 'invalid_params'),
      badUrl(
        'params',
        `/api/videos2.php?params=${encodeURIComponent('43200/str/best/60')}&s=beach`,
        'invalid_params',
      ),
      badUrl('sort', searchOf('best', 'beach'), 'invalid_sort'),
    ],
  },
  {
    route: 'GET /api/json/video/:lifetime/:bucket/:file',
    call: (c) => ({ url: `/api/json/video/86400/0/${c.roles.owned.member.privateVideo.id}.json` }),
    expect: ownerAndStaff(200, refused(404, 'not_found')),
    bad: [
      {
        name: 'bucket',
        call: (c) => ({ url: `/api/json/video/86400/1000/${c.listed.id}.json` }),
        answer: refused(404, 'not_found'),
      },
      badUrl('lifetime', '/api/json/video/5/0/1.json', 'invalid_lifetime'),
      badUrl('id', '/api/json/video/86400/0/abc.json', 'invalid_id'),
      badUrl('no .json', '/api/json/video/86400/0/1', 'not_found'),
      badUrl('unknown', '/api/json/video/86400/999000/999999.json', 'not_found'),
    ],
  },
  {
    route: 'GET /api/json/videos_related2/:lifetime/:gender/:count/:file',
    call: (c) => ({ url: `/api/json/videos_related2/432000/str/20/${c.listed.id}.1.json` }),
    expect: everyone(200),
    bad: [
      badUrl('video id', '/api/json/videos_related2/432000/str/20/0.1.json', 'invalid_video_id'),
      badUrl('page', '/api/json/videos_related2/432000/str/20/1.21.json', 'invalid_page'),
      badUrl('count', '/api/json/videos_related2/432000/str/0/1.1.json', 'invalid_count'),
      badUrl('unknown', '/api/json/videos_related2/432000/str/20/999999.1.json', 'video_not_found', 404),
      {
        name: 'private video, its owner asking',
        call: (c) => ({
          url: `/api/json/videos_related2/432000/str/20/${c.roles.owned.member.privateVideo.id}.1.json`,
        }),
        answer: refused(404, 'video_not_found'),
        as: 'member',
      },
    ],
  },
  {
    route: 'GET /api/json/main/:lifetime/:file',
    call: () => ({ url: '/api/json/main/14400/str.en.json' }),
    expect: everyone(200),
    bad: [
      badUrl('lang', '/api/json/main/14400/str.xx.json', 'invalid_lang'),
      badUrl('gender', '/api/json/main/14400/xx.en.json', 'invalid_gender'),
      badUrl('lifetime', '/api/json/main/1/str.en.json', 'invalid_lifetime'),
    ],
  },
  {
    route: 'GET /api/json/categories/:lifetime/:gender/:file',
    call: () => ({ url: '/api/json/categories/86400/str/alphabetaz.json' }),
    expect: everyone(200),
    bad: [
      badUrl('sort', '/api/json/categories/86400/str/best.json', 'invalid_sort'),
      badUrl('gender', '/api/json/categories/86400/xx/alphabetaz.json', 'invalid_gender'),
    ],
  },
  {
    route: 'GET /api/json/models/:lifetime/:gender/:sort/:count/:file',
    call: () => ({ url: '/api/json/models/3600/str/most-popular/48/1.all.all.all.all.all.all.all.json' }),
    expect: everyone(200),
    bad: [
      badUrl('sort', '/api/json/models/3600/str/best/48/1.all.all.all.all.all.all.all.json', 'invalid_sort'),
      badUrl(
        'page',
        '/api/json/models/3600/str/most-popular/48/21.all.all.all.all.all.all.all.json',
        'invalid_page',
      ),
      badUrl(
        'race',
        '/api/json/models/3600/str/most-popular/48/1.all.all.martian.all.all.all.all.json',
        'invalid_race',
      ),
      badUrl('parts', '/api/json/models/3600/str/most-popular/48/1.all.json', 'invalid_path'),
    ],
  },
  {
    route: 'GET /api/json/model/:lifetime/:file',
    call: () => ({ url: '/api/json/model/3600/anna-bell.json' }),
    expect: everyone(200),
    bad: [
      badUrl('unknown', '/api/json/model/3600/nobody-here.json', 'not_found'),
      badUrl('dir', '/api/json/model/3600/a%20b.json', 'invalid_object_id'),
    ],
  },
  {
    route: 'GET /api/json/channels/:lifetime/:gender/:sort/:count/:file',
    call: () => ({ url: '/api/json/channels/86400/str/most-popular/48/1.json' }),
    expect: everyone(200),
    bad: [
      badUrl('sort', '/api/json/channels/86400/str/best/48/1.json', 'invalid_sort'),
      badUrl('page', '/api/json/channels/86400/str/most-popular/48/0.json', 'invalid_page'),
    ],
  },
  {
    route: 'GET /api/json/channel/:lifetime/:file',
    call: () => ({ url: '/api/json/channel/86400/sunny-studio.json' }),
    expect: everyone(200),
    bad: [
      badUrl('unknown', '/api/json/channel/86400/nobody-here.json', 'not_found'),
      badUrl('dir', '/api/json/channel/86400/a%20b.json', 'invalid_object_id'),
    ],
  },
  {
    route: 'GET /api/json/playlists/:lifetime/:gender/:sort/:count/:file',
    call: () => ({ url: '/api/json/playlists/86400/str/latest-updates/20/1.json' }),
    expect: everyone(200),
    bad: [
      badUrl('sort', '/api/json/playlists/86400/str/best/20/1.json', 'invalid_sort'),
      badUrl('count', '/api/json/playlists/86400/str/latest-updates/121/1.json', 'invalid_count'),
    ],
  },
  {
    route: 'GET /api/json/playlist/:lifetime/:bucket/:file',
    call: (c) => ({ url: `/api/json/playlist/86400/0/${c.catalogue.playlists.public}.json` }),
    expect: everyone(200),
    bad: [
      {
        name: 'private playlist',
        call: (c) => ({ url: `/api/json/playlist/86400/0/${c.catalogue.playlists.private}.json` }),
        answer: refused(404, 'not_found'),
      },
      {
        name: 'bucket',
        call: (c) => ({ url: `/api/json/playlist/86400/1000/${c.catalogue.playlists.public}.json` }),
        answer: refused(404, 'not_found'),
      },
      badUrl('id', '/api/json/playlist/86400/0/x.json', 'invalid_id'),
    ],
  },
  {
    route: 'GET /api/json/videos_mvp/:lifetime/:file',
    call: () => ({ url: '/api/json/videos_mvp/86400/beach.json' }),
    expect: everyone(200),
    bad: [
      badUrl('unknown', '/api/json/videos_mvp/86400/nothing-here.json', 'not_found'),
      badUrl('dir', '/api/json/videos_mvp/86400/a%20b.json', 'invalid_object_id'),
    ],
  },
  {
    route: 'GET /api/json/tags_mvp/:lifetime/:file',
    call: () => ({ url: '/api/json/tags_mvp/86400/all.json' }),
    expect: everyone(200),
    bad: [badUrl('letter', '/api/json/tags_mvp/86400/ab.json', 'invalid_letter')],
  },
  {
    route: 'GET /api/suggester.php',
    call: () => ({ url: '/api/suggester.php?c=bea' }),
    expect: everyone(200),
    bad: [badUrl('gender', '/api/suggester.php?c=bea&gender=xx', 'invalid_gender')],
  },
  {
    route: 'GET /api/json/suggester/:lifetime/:file',
    call: () => ({ url: '/api/json/suggester/3600/20.json' }),
    expect: everyone(200),
    bad: [
      badUrl('count', '/api/json/suggester/3600/0.json', 'invalid_count'),
      badUrl('lifetime', '/api/json/suggester/1/20.json', 'invalid_lifetime'),
    ],
  },
  {
    route: 'GET /api/videofile.php',
    call: (c) => ({ url: `/api/videofile.php?video_id=${c.roles.owned.member.privateVideo.id}` }),
    expect: ownerAndStaff(200, refused(404, 'not_found')),
    bad: [
      badUrl('id', '/api/videofile.php?video_id=abc', 'invalid_video_id'),
      badUrl('no id', '/api/videofile.php', 'invalid_video_id'),
      badUrl('unknown', '/api/videofile.php?video_id=999999', 'not_found'),
    ],
  },
];

// ---- Accounts (shell.md §5, §7; content.md §5) -----------------------------------------------------

const accountRows: Row[] = [
  {
    route: 'POST /api/signup.php',
    call: (c) => {
      const n = c.unique();
      return {
        url: '/api/signup.php',
        form: { username: `new_${n}`, email: `new_${n}@example.com`, password: 'secret1' },
      };
    },
    expect: everyone(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'required', 'username') },
      {
        name: 'short name',
        form: { username: 'ab', email: 'ab@example.com', password: 'secret1' },
        answer: refused(400, 'min_length', 'username'),
      },
      {
        name: 'taken name',
        call: (c) => ({
          url: '/api/signup.php',
          form: { username: c.roles.users.member.username, email: 'fresh@example.com', password: 'secret1' },
        }),
        answer: refused(400, 'exists', 'username'),
      },
      {
        name: 'not text',
        json: { username: ['x'], email: 5, password: 'secret1' },
        answer: refused(400, 'invalid', 'username'),
      },
      {
        name: 'control character',
        form: { username: 'bell\u0007', email: 'b@example.com', password: 'secret1' },
        answer: refused(400, 'invalid_characters', 'username'),
      },
    ],
  },
  {
    route: 'GET /api/confirm.php',
    call: async (c) => ({ url: `/api/confirm.php?token=${encodeURIComponent(await c.confirmToken())}` }),
    expect: everyone({ status: 302, location: '/' }),
    freshSession: true,
    // A link a browser follows: a bad one leads to the sign-up page's message, never to a 400 page.
    bad: [
      {
        name: 'forged token',
        url: '/api/confirm.php?token=garbage',
        answer: { status: 302, location: INVALID_LINK },
      },
      { name: 'no token', url: '/api/confirm.php', answer: { status: 302, location: INVALID_LINK } },
    ],
  },
  {
    route: 'POST /api/login.php',
    call: (c) => ({
      url: '/api/login.php',
      form: { usr: c.roles.users.member.username, pwd: c.roles.users.member.password },
    }),
    expect: everyone(200),
    freshSession: true,
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'required', 'usr') },
      {
        name: 'short name',
        form: { usr: 'ab', pwd: 'secret1' },
        answer: refused(401, 'invalid_usr_or_pwd', 'pwd'),
      },
      {
        name: 'wrong password',
        call: (c) => ({
          url: '/api/login.php',
          form: { usr: c.roles.users.member.username, pwd: 'wrong-pass' },
        }),
        answer: refused(401, 'invalid_usr_or_pwd', 'pwd'),
      },
      { name: 'not text', json: { usr: { a: 1 }, pwd: 'secret1' }, answer: refused(400, 'invalid', 'usr') },
    ],
  },
  {
    route: 'POST /api/logout.php',
    call: () => ({ url: '/api/logout.php' }),
    expect: everyone(200),
    freshSession: true,
    bad: NO_INPUT,
  },
  { route: 'GET /api/me.php', call: () => ({ url: '/api/me.php' }), expect: everyone(200), bad: NO_INPUT },
  {
    route: 'POST /api/restore-password.php',
    // Each asker restores another account: three mails per address an hour is the limit.
    call: (c, who) => {
      const account = ACCOUNT[who];
      return {
        url: '/api/restore-password.php',
        form: { email: c.roles.users[account === 'guest' ? 'other' : account].email },
      };
    },
    expect: everyone(200),
    bad: [
      { name: 'empty', form: {}, answer: refused(400, 'required', 'email') },
      {
        name: 'unknown address',
        form: { email: 'nobody@example.com' },
        answer: refused(400, 'not_found', 'email'),
      },
      { name: 'not text', json: { email: ['a@example.com'] }, answer: refused(400, 'invalid', 'email') },
    ],
  },
  {
    route: 'POST /api/reset-password.php',
    call: async (c) => ({
      url: '/api/reset-password.php',
      form: { token: await c.restoreToken(), password: 'new-secret1' },
    }),
    expect: everyone(200),
    freshSession: true,
    bad: [
      {
        name: 'forged token',
        form: { token: 'garbage', password: 'new-secret1' },
        answer: refused(400, 'invalid_link'),
      },
      {
        name: 'short password',
        call: async (c) => ({
          url: '/api/reset-password.php',
          form: { token: await c.restoreToken(), password: 'abc' },
        }),
        answer: refused(400, 'min_length', 'password'),
      },
      {
        name: 'not text',
        json: { token: 1, password: 'new-secret1' },
        answer: refused(400, 'invalid', 'token'),
      },
    ],
  },
  {
    // Google sign-in is not configured in tests: the call does not exist (docs/decisions.md: 404).
    route: 'GET /api/login.g.php',
    call: () => ({ url: '/api/login.g.php' }),
    expect: everyone(refused(404, 'not_found')),
    bad: {
      none: 'every parameter is a link parameter (a bad one counts as missing); unconfigured, all is 404',
    },
  },
];

// ---- Contact form and the staff calls --------------------------------------------------------------

const REPORT = {
  subject: REPORT_SUBJECTS[1],
  email: 'someone@example.com',
  message: 'The player stops at 1:00.',
};
const staffRows: Row[] = [
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

// ---- Uploads (tus, video_edit.php) and watching ------------------------------------------------------

const uploadRows: Row[] = [
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

// Areas added later keep their rows in files of their own (server/http/check-params/*.rows.ts).
const ROWS: Row[] = [...catalogueRows, ...accountRows, ...staffRows, ...uploadRows, ...areaRows];

// ---- The route table ---------------------------------------------------------------------------------

/** The API routes: /api/ and /oembed/ but the document and its reader; a HEAD that mirrors a GET is its GET. */
function apiRoutes(table: RouteEntry[]): string[] {
  const keys = table.map((r) => `${r.method} ${r.url}`);
  return table
    .filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/oembed'))
    .filter((r) => r.url !== '/api/openapi.json' && !r.url.startsWith('/api/docs'))
    .filter((r) => !(r.method === 'HEAD' && keys.includes(`GET ${r.url}`)))
    .map((r) => `${r.method} ${r.url}`);
}

const methodOf = (row: Row) => row.route.split(' ')[0] as string;
const pathOf = (row: Row) => row.route.split(' ')[1] as string;
const want = (answer: Answer) => (typeof answer === 'number' ? { status: answer } : answer);
const columnsOf = (row: Row) => WHO.filter((who) => row.expect[who] !== undefined);
/** The asker a bad input is sent as: the first the valid call succeeds for. */
const senderOf = (row: Row, input: BadInput): Who =>
  input.as ?? columnsOf(row).find((who) => want(row.expect[who] as Answer).status < 400) ?? 'guest';
const badCall = (c: Ctx, row: Row, input: BadInput): Call | Promise<Call> =>
  input.call?.(c) ?? { url: input.url ?? pathOf(row), form: input.form, json: input.json };

const roleCases = ROWS.flatMap((row) => columnsOf(row).map((who) => [row.route, who, row] as const));
const badCases = ROWS.flatMap((row) =>
  Array.isArray(row.bad) ? row.bad.map((input) => [row.route, input.name, row, input] as const) : [],
);
const writeRows = ROWS.filter((row) => WRITES.has(methodOf(row))).map((row) => [row.route, row] as const);

// ---- Fixtures ----------------------------------------------------------------------------------------

let mediaDir = '';
/** A clip long enough for an exclusive upload (content.md §5: at least 6 minutes), tiny otherwise. */
let clip: Buffer;
beforeAll(() => {
  mediaDir = mkdtempSync(path.join(os.tmpdir(), 'check-params-'));
  const file = path.join(mediaDir, 'clip.mp4');
  const source = 'testsrc=size=64x36:rate=1:duration=370';
  execFileSync(binaryPath('ffmpeg'), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  clip = readFileSync(file);
}, 60_000);
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

/** The pipeline is not under test: submitted videos are enqueued into nothing. */
const NO_QUEUE: JobQueue = {
  register: async () => {},
  enqueue: async () => null,
  work: async () => {},
  info: async () => null,
  stop: async () => {},
};

async function createContext(t: TestApp): Promise<Ctx> {
  const db = t.database.handle.db;
  const catalogue = await seedCatalogueFixture(db);
  const roles = await createRoles(t);
  t.services.jobs.attach(NO_QUEUE);
  const long = await db
    .selectFrom('videos')
    .innerJoin('video_files', 'video_files.video_id', 'videos.id')
    .select(['videos.id', 'videos.dir', 'video_files.storage_key'])
    .where('videos.id', '=', catalogue.ids.long as number)
    .where('video_files.kind', '=', 'mp4')
    .executeTakeFirstOrThrow();
  // The download call streams the stored rendition: a few bytes stand in for it.
  await t.services.storage.putStream(long.storage_key, Readable.from([Buffer.alloc(2048, 7)]), {
    contentType: 'video/mp4',
  });
  const channel = await db
    .selectFrom('channels')
    .select('id')
    .where('dir', '=', 'sunny-studio')
    .executeTakeFirstOrThrow();
  const category = await db
    .selectFrom('categories')
    .select('id')
    .where('dir', '=', 'outdoor')
    .executeTakeFirstOrThrow();

  let counter = 0;
  const unique = () => ++counter;
  const tokenMailedTo = (email: string) => {
    const link = readOutbox(t.config.dataDir).find((mail) => mail.to.toLowerCase().includes(email))?.link;
    if (!link) throw new Error(`no mail to ${email}`);
    return new URL(link).searchParams.get('token') ?? '';
  };
  const tusAs = (who: RoleName, extra: Record<string, string>) => ({
    ...roles.headers(who),
    origin: ORIGIN,
    ...tus(extra),
  });

  return {
    t,
    roles,
    catalogue,
    listed: { id: Number(long.id), dir: long.dir },
    categoryId: Number(category.id),
    channelId: Number(channel.id),
    unique,
    async upload({ finished = false, who = 'member' } = {}) {
      const size = finished ? clip.length : 1000;
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/upload/',
        headers: tusAs(who, { 'upload-length': String(size), 'upload-metadata': meta('clip.mp4') }),
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = String(created.headers.location).split('/').pop() ?? '';
      if (finished) {
        const sent = await t.app.inject({
          method: 'PATCH',
          url: `/api/upload/${id}`,
          headers: tusAs(who, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
          payload: clip,
        });
        expect(sent.statusCode, sent.body).toBe(204);
      }
      return id;
    },
    async waitingVideo() {
      const video = await insertVideo(db, { title: `Waiting clip ${unique()}`, status: 3 });
      const owner = roles.users.member.userId;
      await db.updateTable('videos').set({ user_id: owner }).where('id', '=', video.id).execute();
      return Number(video.id);
    },
    async confirmToken() {
      const n = unique();
      const email = `confirm_${n}@example.com`;
      const account = { username: `confirm_${n}`, email, password: 'secret1' };
      await t.services.accounts.signup(account, `198.51.100.${n % 250}`);
      return tokenMailedTo(email);
    },
    async restoreToken() {
      const n = unique();
      const email = `restore_${n}@example.com`;
      const account = { username: `restore_${n}`, email, password: 'secret1', role: 'member' as const };
      await t.services.accounts.createUser(account);
      await t.services.accounts.requestRestore(email, `203.0.113.${n % 250}`);
      return tokenMailedTo(email);
    },
  };
}

// ---- The suite ---------------------------------------------------------------------------------------

describe.each(databaseKinds())('check params on %s', (kind) => {
  let c: Ctx;
  // Each request from its own address: the per-address limits (sign-ups, mails, reports, writes) are
  // tested where they live, and would otherwise decide answers here.
  let address = 0;
  const nextAddress = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  beforeAll(async () => {
    const t = await createTestApp(kind, {
      ssr: false,
      // Open uploads per member and free disk are limits of their own (upload-limits.test.ts).
      env: { UPLOAD_MAX_OPEN: '1000', UPLOAD_MIN_FREE_BYTES: '0' },
    });
    c = await createContext(t);
  }, 120_000);
  afterAll(() => c?.t.close());

  async function send(row: Row, call: Call, who: Who, extra: Record<string, string> = {}) {
    const method = methodOf(row) as NonNullable<InjectOptions['method']>;
    const account = ACCOUNT[who];
    const session = row.freshSession ? await c.roles.freshHeaders(account) : c.roles.headers(account);
    const headers: Record<string, string> = {
      ...session,
      // A browser on the site sends its Origin with every write.
      ...(WRITES.has(method) ? { origin: ORIGIN } : {}),
      ...call.headers,
      ...extra,
    };
    let payload: InjectOptions['payload'];
    if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(call.form).toString();
    } else if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(call.json);
    } else if (call.body !== undefined) {
      payload = call.body;
    }
    return c.t.app.inject({ method, url: call.url, headers, payload, remoteAddress: nextAddress() });
  }

  function expectAnswer(response: LightMyRequestResponse, answer: Answer, label: string) {
    const expected = want(answer);
    const said = `${label} → ${response.statusCode} ${response.body.slice(0, 400)}`;
    expect(response.statusCode, said).toBe(expected.status);
    const json = String(response.headers['content-type'] ?? '').includes('json') && response.body !== '';
    const body = json ? (JSON.parse(response.body) as Record<string, unknown>) : null;
    if (response.statusCode >= 400 && body) {
      expect(errorBodySchema.safeParse(body).success, `${said}: not the error shape`).toBe(true);
    }
    if (expected.code !== undefined) expect(body?.code ?? null, said).toBe(expected.code);
    if (expected.field !== undefined) {
      const fields = (body?.codes as { field: string }[] | undefined)?.map((f) => f.field) ?? [];
      expect(fields, said).toContain(expected.field);
    }
    if (expected.location !== undefined) expect(response.headers.location, said).toBe(expected.location);
  }

  it('has one row per API route, and no row without its route', () => {
    const served = apiRoutes(routeTable(c.t.app));
    const listed = ROWS.map((row) => row.route);
    expect({
      withoutRow: served.filter((route) => !listed.includes(route)),
      withoutRoute: listed.filter((route) => !served.includes(route)),
      twice: listed.filter((route, i) => listed.indexOf(route) !== i),
    }).toEqual({ withoutRow: [], withoutRoute: [], twice: [] });
  });

  it('gives every row its askers, and bad inputs or the reason it has none', () => {
    const allowed = ['guest member moderator administrator', 'guest owner other moderator administrator'];
    expect(ROWS.filter((row) => !allowed.includes(columnsOf(row).join(' '))).map((row) => row.route)).toEqual(
      [],
    );
    const inputs = (row: Row) => (Array.isArray(row.bad) ? row.bad.length : row.bad.none.length);
    expect(ROWS.filter((row) => inputs(row) === 0).map((row) => row.route)).toEqual([]);
    // A row saying its route takes no input must not have a route whose schema declares one.
    const declared = new Map(routeTable(c.t.app).map((r) => [`${r.method} ${r.url}`, r.schema]));
    const takesInput = (row: Row) => {
      const schema = declared.get(row.route);
      return Boolean(schema?.params || schema?.querystring || schema?.body);
    };
    expect(ROWS.filter((row) => row.bad === NO_INPUT && takesInput(row)).map((row) => row.route)).toEqual([]);
  });

  // The API document (contract.ts) marks the calls needing a member with the session cookie, from
  // their declared 401; the rows say what a guest really gets. Required: every guest is refused 401;
  // optional (some forms or sections of the call need a member): a guest may or may not be.
  it('requires the session in the API document where a guest is refused, and nowhere else', async () => {
    const doc = (await c.t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const documented = (row: Row) =>
      doc.paths[
        pathOf(row)
          .replace(/:(\w+)/g, '{$1}')
          .replace(/\*$/, '{*}')
      ]?.[methodOf(row).toLowerCase()];
    const session = JSON.stringify([{ sessionCookie: [] }]);
    const mismatched = ROWS.flatMap((row) => {
      const guest = want(row.expect.guest as Answer).status;
      const security = JSON.stringify(documented(row)?.security ?? null);
      const named = security.includes('sessionCookie');
      const wrong = guest === 401 ? !named : security === session;
      return wrong ? [`${row.route}: a guest gets ${guest}, the document says ${security}`] : [];
    });
    expect(mismatched).toEqual([]);
  });

  it.each(roleCases)('%s as %s', async (route, who, row) => {
    const response = await send(row, await row.call(c, who), who);
    expectAnswer(response, row.expect[who] as Answer, `${route} as ${who}`);
  });

  it.each(badCases)('%s refuses bad input: %s', async (route, name, row, input) => {
    const who = senderOf(row, input);
    const response = await send(row, await badCall(c, row, input), who);
    expectAnswer(response, input.answer, `${route} (${name}) as ${who}`);
  });

  // tus included: the Origin check is the accounts layer's, for every write under /api/.
  it.each(writeRows)('%s refuses a foreign Origin', async (route, row) => {
    const who: Who = row.expect.owner !== undefined ? 'owner' : 'member';
    const response = await send(row, await row.call(c, who), who, { origin: FOREIGN_ORIGIN });
    expectAnswer(response, refused(403, 'bad_origin'), `${route} from ${FOREIGN_ORIGIN}`);
  });
});
