// Property-based fuzzing of every route the app serves (issue 11): for each registered method and path,
// as a guest, a member and an administrator, fast-check sends arbitrary path parameters, query strings
// and bodies (forms with the route's own field names, JSON, raw bytes under misleading content types).
// Whatever it sends, the answer is below 500 and the process keeps running. A failing case is shrunk
// by fast-check to the smallest request that still fails, and printed with its seed.
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { seedCatalogueFixture } from '../test/catalog-fixtures.ts';
import { databaseKinds } from '../test/db.ts';
import { SESSION_COOKIE } from './accounts.routes.ts';
import { routeTable } from './contract.ts';

const ORIGIN = 'http://tube.test';
// Kept low enough for CI; FUZZ_RUNS raises it for a longer local run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Strings a parser may choke on, beside fast-check's arbitrary ones. */
const nasty = fc.constantFrom(
  '',
  '0',
  '-1',
  '1.5',
  '99999999999999999999999',
  '1e309',
  'NaN',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '../../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%',
  '%zz',
  '\u0000',
  '\ud800',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'a'.repeat(5000),
  '😀'.repeat(50),
  ' ',
  '/',
  '//',
  '.',
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
const number = fc.oneof(fc.integer().map(String), fc.nat({ max: 50 }).map(String));
const value = fc.oneof(text, number);

/** A path segment as a client could send it: any text, percent-encoded where it must be. */
const segment = fc.oneof(value, fc.stringMatching(/^[a-z0-9._-]{0,12}$/)).map((v) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, UTF-8-encoded as a browser would not
  }
});

/** The field names of each route's query and body schemas (zod objects), by `method path`. */
const routeFields = new Map<string, string[]>();
const shapeKeys = (schema: unknown) =>
  Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

/** The routes the app serves, in OpenAPI path form (`{name}`, a trailing `{path}`), fields noted. */
function registeredRoutes(app: FastifyInstance): Array<{ method: string; path: string }> {
  return routeTable(app).map((route) => {
    const method = route.method.toLowerCase();
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{path}');
    routeFields.set(`${method} ${path}`, [
      ...shapeKeys(route.schema?.querystring),
      ...shapeKeys(route.schema?.body),
    ]);
    return { method, path };
  });
}

function fieldsOf(method: string, path: string): string[] {
  return routeFields.get(`${method} ${path}`) ?? [];
}

type Pairs = Array<[string, string]>;

/**
 * Name/value pairs for the route's own fields (so requests reach its checks), unknown names, and a name
 * given twice (`?c=a&c=b`): a list, not a record, so repeated parameters are sent too.
 */
function pairsFor(fields: string[]): fc.Arbitrary<Pairs> {
  const name = fields.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fields) }, fc.string({ maxLength: 8 }))
    : fc.string({ maxLength: 8 });
  return fc.array(fc.tuple(name, value), { maxLength: fields.length + 3 });
}

const encode = (pairs: Pairs) => {
  const params = new URLSearchParams();
  for (const [k, v] of pairs) {
    try {
      params.append(k, v);
    } catch {
      // a lone surrogate cannot be encoded: leave it out
    }
  }
  return params.toString();
};

const body = (fields: string[]) =>
  fc.oneof(
    pairsFor(fields).map((p) => ({ type: 'application/x-www-form-urlencoded', payload: encode(p) })),
    pairsFor(fields).map((p) => ({
      type: 'application/json',
      payload: JSON.stringify(Object.fromEntries(p)),
    })),
    fc.jsonValue().map((v) => ({ type: 'application/json', payload: JSON.stringify(v) ?? 'null' })),
    fc
      .tuple(
        fc.constantFrom(
          'application/json',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'multipart/form-data',
          'text/plain',
          'application/offset+octet-stream',
          'image/png',
        ),
        fc.uint8Array({ maxLength: 300 }),
      )
      .map(([type, bytes]) => ({ type, payload: Buffer.from(bytes) })),
  );

/** `/api/json/video/:lifetime/:bucket/:file` with each `:name` (and a trailing `*`) filled in. */
function pathArbitrary(path: string) {
  const parts = path.split(/(:[A-Za-z_]+|\*)/);
  const pieces = parts.map((part) =>
    part.startsWith(':')
      ? segment
      : part === '*'
        ? fc.array(segment, { maxLength: 4 }).map((s) => s.join('/'))
        : fc.constant(part),
  );
  return fc.tuple(...pieces).map((p) => p.join(''));
}

describe.each(databaseKinds())('fuzzing every route on %s', (kind) => {
  let t: TestApp;
  const cookies: Record<'guest' | 'member' | 'admin', string | undefined> = {
    guest: undefined,
    member: undefined,
    admin: undefined,
  };
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedCatalogueFixture(t.database.handle.db);
    for (const role of ['member', 'admin'] as const) {
      const user = await t.services.accounts.createUser({
        username: `fuzz${role}`,
        email: `fuzz-${role}@example.com`,
        password: 'secret1',
        role: role === 'admin' ? 'administrator' : 'member',
      });
      const sid = await t.services.accounts.startSession(user.user_id, { ip: null, userAgent: null });
      cookies[role] = `${SESSION_COOKIE}=${sid}`;
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('serves a route table to fuzz', () => {
    expect(registeredRoutes(t.app).length).toBeGreaterThan(40);
  });

  it('answers every request below 500, for every route and role', async () => {
    const routes = registeredRoutes(t.app)
      .filter((r) => r.method !== 'head' && r.method !== 'options')
      // The machine documents themselves are static.
      .filter((r) => r.path !== '/api/openapi.json' && r.path !== '/api/docs');
    const failures: string[] = [];
    for (const route of routes) {
      const fastifyPath = route.path.replace(/\{path\}$/, '*').replace(/\{([A-Za-z_]+)\}/g, ':$1');
      const fields = fieldsOf(route.method, route.path);
      const request = fc.record({
        role: fc.constantFrom('guest', 'member', 'admin') as fc.Arbitrary<keyof typeof cookies>,
        path: pathArbitrary(fastifyPath),
        query: pairsFor(fields),
        body: body(fields),
      });
      const property = fc.asyncProperty(request, async ({ role, path, query, body: b }) => {
        const search = encode(query);
        const options: InjectOptions = {
          method: route.method.toUpperCase() as InjectOptions['method'],
          url: `${path}${search ? `?${search}` : ''}`,
          headers: {
            origin: ORIGIN,
            ...(cookies[role] ? { cookie: cookies[role] } : {}),
            ...(route.method === 'get' ? {} : { 'content-type': b.type }),
          },
          ...(route.method === 'get' || route.method === 'delete' ? {} : { payload: b.payload }),
        };
        const res = await t.app.inject(options);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) {
          throw new Error(
            `${options.method} ${options.url} as ${role} → ${res.statusCode}: ${res.body.slice(0, 300)}`,
          );
        }
      });
      const result = await fc.check(property, { numRuns: RUNS });
      if (result.failed) failures.push(`${route.method} ${route.path}: ${fc.defaultReportMessage(result)}`);
    }
    expect(failures).toEqual([]);
    // Something reached the routes' own checks: not everything was refused at the door.
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    expect([...statuses.keys()].some((s) => s >= 400 && s < 500)).toBe(true);
  }, 600_000);
});
