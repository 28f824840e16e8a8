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
import type { JobQueue } from '../jobs/queue.ts';
import { binaryPath } from '../media/runner.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { seedCatalogueFixture } from '../test/catalog-fixtures.ts';
import {
  ACCOUNT,
  type Answer,
  type BadInput,
  type Call,
  type Ctx,
  FOREIGN_ORIGIN,
  meta,
  NO_INPUT,
  ORIGIN,
  type Row,
  refused,
  tus,
  WHO,
  type Who,
  WRITES,
} from '../test/check-params-kit.ts';
import { databaseKinds } from '../test/db.ts';
import { insertVideo } from '../test/fixtures.ts';
import { readOutbox } from '../test/mail.ts';
import { createRoles, type RoleName } from '../test/roles.ts';
import { areaRows } from './check-params/index.ts';
import { type RouteEntry, routeTable } from './contract.ts';

// The rows of each area are in files of their own (server/http/check-params/*.rows.ts).
const ROWS: Row[] = areaRows;

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
