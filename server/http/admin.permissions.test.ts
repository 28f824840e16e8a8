// The console's permission suite (issue 17): every staff call under /api/admin/ — read from the
// generated OpenAPI document and the app's own route table, so a call added later is covered without
// editing this file — answers a guest 401 `login_required` and a member 403 `forbidden`, in the error
// shape, never cached, whatever the input, and changes nothing in the database. The administrators'
// areas also refuse a moderator (403) before reading the input. A route registered outside the staff
// scope fails here (checked by hand by registering one in app.ts for a run).
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../lib/english.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { ORIGIN } from '../test/check-params-kit.ts';
import { createRoles, type RoleFixture, type RoleName } from '../test/roles.ts';
import { routeTable } from './contract.ts';

const PREFIX = '/api/admin/';
const LOGIN_REQUIRED_MESSAGE = english('notify.login_required');
const FORBIDDEN_MESSAGE = english('api.forbidden');

/**
 * The areas only administrators may use (AdminFrame's administrators' sections): the first name after
 * /api/admin/, as in `users.php` or `settings/{key}.php`. Everything else under /api/admin/ is for
 * moderators and administrators.
 */
const ADMINISTRATORS_ONLY = ['ads', 'audit', 'settings', 'users'];
const areaOf = (path: string) => path.slice(PREFIX.length).split(/[/.]/)[0] ?? '';

/** Every staff call of the app: documented ones, and any served but not documented. */
interface StaffCall {
  method: string;
  path: string;
  /** The body types the document gives; form-encoded when none. */
  consumes: string[];
}

/** One request of a call, as sent. */
interface StaffRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/**
 * Tables a request may touch whoever sends it: the session's last-seen time. Anything else changing
 * after a refused call is a write that ran before (or without) the permission check.
 */
const TOUCHED_BY_ANY_REQUEST = new Set(['sessions', 'kysely_migration', 'kysely_migration_lock']);

describe('every /api/admin/ call refuses guests and members', () => {
  let t: TestApp;
  let roles: RoleFixture;
  let calls: StaffCall[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false });
    roles = await createRoles(t, 'perm');
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, unknown> } } | undefined>
      >;
    };
    const byKey = new Map<string, StaffCall>();
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith(PREFIX)) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const consumes = Object.keys(operation?.requestBody?.content ?? {});
        byKey.set(`${method.toUpperCase()} ${path}`, { method: method.toUpperCase(), path, consumes });
      }
    }
    for (const route of routeTable(t.app)) {
      if (!route.url.startsWith(PREFIX) || route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const key = `${route.method} ${path}`;
      if (!byKey.has(key)) byKey.set(key, { method: route.method, path, consumes: [] });
    }
    calls = [...byKey.values()].sort((a, b) =>
      `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`),
    );
  });
  afterAll(() => t.close());

  /** A hash of every table's rows: equal before and after means nothing was written. */
  async function fingerprint(): Promise<Record<string, string>> {
    const db = t.database.handle.db;
    const tables = await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
    const out: Record<string, string> = {};
    for (const { name } of tables.rows) {
      if (TOUCHED_BY_ANY_REQUEST.has(name)) continue;
      const row = await sql<{ h: string | null; n: string }>`
        SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h, count(*)::text AS n
        FROM ${sql.table(name)} AS x`.execute(db);
      out[name] = `${row.rows[0]?.n}:${row.rows[0]?.h}`;
    }
    return out;
  }

  /** The call with ids in its path and input meant to pass a schema if it came to that: it must not. */
  function requests(call: StaffCall, who: RoleName): StaffRequest[] {
    const url = call.path.replace(/\{[^}]+\}/g, '1');
    const headers = { ...roles.headers(who), origin: ORIGIN };
    if (call.method === 'GET' || call.method === 'DELETE') {
      return [
        { method: call.method, url, headers },
        { method: call.method, url: `${url}?page=0&id=x&act=delete&user_id=1`, headers },
      ];
    }
    const fields = { act: 'delete', id: '1', user_id: '1', video_id: '1', key: 'site_name', value: 'x' };
    const variants: StaffRequest[] = [];
    if (call.consumes.length === 0 || call.consumes.includes('application/x-www-form-urlencoded')) {
      const form = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
      variants.push({ method: call.method, url, headers: form, payload: '' });
      variants.push({
        method: call.method,
        url,
        headers: form,
        payload: new URLSearchParams(fields).toString(),
      });
    }
    if (call.consumes.includes('application/json')) {
      const json = { ...headers, 'content-type': 'application/json' };
      variants.push({ method: call.method, url, headers: json, payload: JSON.stringify(fields) });
      variants.push({ method: call.method, url, headers: json, payload: '{"act":[1],"id":{"a":1}}' });
    }
    if (call.consumes.includes('multipart/form-data')) {
      const boundary = 'permission-suite-boundary';
      const body = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="id"',
        '',
        '1',
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="a.png"',
        'Content-Type: image/png',
        '',
        'not an image',
        `--${boundary}--`,
        '',
      ].join('\r\n');
      variants.push({
        method: call.method,
        url,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    }
    return variants;
  }

  async function refusals(
    who: RoleName,
    expected: { status: number; code: string; error: string },
    list: StaffCall[] = calls,
  ) {
    const wrong: string[] = [];
    for (const call of list) {
      for (const request of requests(call, who)) {
        const res = await t.app.inject({
          method: request.method as InjectOptions['method'],
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        const what = `${call.method} ${request.url}${'payload' in request ? ` [${request.headers['content-type']}] ${String(request.payload).slice(0, 40)}` : ''}`;
        let body: unknown = null;
        try {
          body = res.json();
        } catch {
          body = res.body.slice(0, 80);
        }
        const ok =
          res.statusCode === expected.status &&
          JSON.stringify(body) ===
            JSON.stringify({ error: expected.error, code: expected.code, codes: [] }) &&
          res.headers['cache-control'] === 'no-store';
        if (!ok)
          wrong.push(
            `${what} → ${res.statusCode} ${JSON.stringify(body)} (cache-control ${res.headers['cache-control']})`,
          );
      }
    }
    return wrong;
  }

  it('finds the staff calls in the document (moderation, reports, DMCA, age verification, ads, audit…)', () => {
    const paths = new Set(calls.map((c) => c.path));
    for (const path of [
      '/api/admin/moderation.php',
      '/api/admin/reports.php',
      '/api/admin/dmca.php',
      '/api/admin/age_verification.php',
      '/api/admin/ads.php',
      '/api/admin/audit.php',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(true);
  });

  it('a guest gets 401 login_required on every method of every path, and nothing is written', async () => {
    const before = await fingerprint();
    const wrong = await refusals('guest', {
      status: 401,
      code: 'login_required',
      error: LOGIN_REQUIRED_MESSAGE,
    });
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it('a member gets 403 forbidden on every method of every path, and nothing is written', async () => {
    const before = await fingerprint();
    const wrong = await refusals('member', { status: 403, code: 'forbidden', error: FORBIDDEN_MESSAGE });
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it('a moderator gets 403 forbidden from the administrators’ areas, whatever the input', async () => {
    const adminOnly = calls.filter((c) => ADMINISTRATORS_ONLY.includes(areaOf(c.path)));
    expect(adminOnly.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/api/admin/ads.php', '/api/admin/audit.php']),
    );
    const before = await fingerprint();
    const wrong = await refusals(
      'moderator',
      { status: 403, code: 'forbidden', error: FORBIDDEN_MESSAGE },
      adminOnly,
    );
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it('lets staff through: no read of the staff areas refuses an administrator', async () => {
    const wrong: string[] = [];
    for (const call of calls.filter((c) => c.method === 'GET' && !c.path.includes('{'))) {
      const res = await t.app.inject({
        method: 'GET',
        url: call.path,
        headers: roles.headers('administrator'),
      });
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
        wrong.push(`${call.path} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
