// The generated OpenAPI document against what the app serves: every /api/ and /oembed/ route declares
// its responses and appears in the document with the same path, method and statuses; nothing is
// documented that is not served; the document is valid OpenAPI 3.1; every operation has its own stable
// operationId, the calls for members require the session cookie (a declared security scheme), and the
// page catch-all is no API operation (issue 34). The shapes themselves are checked on every answer of
// every test (CHECK_RESPONSES, server/http/contract.ts).
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { SESSION_COOKIE } from './accounts.routes.ts';
import { operationIdOf, routeTable } from './contract.ts';

/** `/api/json/video/:lifetime/:bucket/:file` → `/api/json/video/{lifetime}/{bucket}/{file}` */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
const isApi = (url: string) =>
  (url.startsWith('/api/') || url.startsWith('/oembed')) &&
  url !== '/api/openapi.json' &&
  !url.startsWith('/api/docs');

describe('the generated OpenAPI document', () => {
  let t: TestApp;
  let doc: {
    openapi: string;
    components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
    paths: Record<
      string,
      Record<
        string,
        { responses: Record<string, unknown>; operationId?: string; security?: Record<string, string[]>[] }
      >
    >;
  };
  beforeAll(async () => {
    // With the pages (ssr.ts's catch-all), so that the document is the one the site serves.
    t = await createTestApp('pglite');
    doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  const served = () => routeTable(t.app).filter((r) => r.method !== 'HEAD' && isApi(r.url));

  it('every /api/ route declares its responses', () => {
    expect(served().length).toBeGreaterThan(30);
    const without = served()
      .filter((r) => !r.schema?.response || r.schema.hide)
      .map((r) => `${r.method} ${r.url}`);
    expect(without).toEqual([]);
  });

  it('documents each served route with its method and statuses, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${path}`,
        statuses: Object.keys(op.responses).sort(),
      })),
    );
    const servedOps = served().map((r) => ({
      key: `${r.method} ${openApiPath(r.url)}`,
      statuses: Object.keys(r.schema?.response ?? {}).sort(),
    }));
    const everything = new Set(routeTable(t.app).map((r) => `${r.method} ${openApiPath(r.url)}`));
    expect(documented.map((d) => d.key).filter((key) => !everything.has(key))).toEqual([]);
    const documentedKeys = new Set(documented.map((d) => d.key));
    expect(servedOps.map((o) => o.key).filter((key) => !documentedKeys.has(key))).toEqual([]);
    for (const op of servedOps) {
      expect(documented.find((d) => d.key === op.key)?.statuses, op.key).toEqual(op.statuses);
    }
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ method, path, op })),
    );

  it('leaves the page catch-all out: it serves pages, not an API operation', () => {
    expect(routeTable(t.app).some((r) => r.url === '/*')).toBe(true);
    expect(Object.keys(doc.paths).filter((path) => path === '/' || path.startsWith('/{'))).toEqual([]);
  });

  it('gives every operation its own operationId, derived from its method and path', () => {
    const ids = operations().map(({ method, path, op }) => {
      expect(op.operationId, `${method} ${path}`).toBe(operationIdOf(method, path));
      return op.operationId;
    });
    expect(ids.length).toBeGreaterThan(30);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/login.php']?.post?.operationId).toBe('postApiLoginPhp');
    expect(doc.paths['/api/json/video/{lifetime}/{bucket}/{file}']?.get?.operationId).toBe(
      'getApiJsonVideoByLifetimeByBucketByFile',
    );
    // A GET+HEAD route is two operations with two ids.
    expect(doc.paths['/api/download.php']?.get?.operationId).toBe('getApiDownloadPhp');
    expect(doc.paths['/api/download.php']?.head?.operationId).toBe('headApiDownloadPhp');
    expect(operationIdOf('get', '/media/{*}')).toBe('getMediaAny');
  });

  it('declares the session cookie and requires it where a guest is refused', () => {
    expect(doc.components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }),
    });
    const member = [{ sessionCookie: [] }];
    // Every call that answers a guest 401 names the session, as required or (some forms) optional.
    for (const { method, path, op } of operations()) {
      if (op.responses['401'] && path !== '/api/login.php') {
        expect(JSON.stringify(op.security), `${method} ${path}`).toContain('sessionCookie');
      }
    }
    expect(doc.paths['/api/admin/moderation.php']?.get?.security).toEqual(member);
    expect(doc.paths['/api/admin/ads.php']?.post?.security).toEqual(member);
    expect(doc.paths['/api/messages.php']?.post?.security).toEqual(member);
    expect(doc.paths['/api/upload/']?.post?.security).toEqual(member);
    // Guests and members alike, a member's forms or sections needing the session.
    expect(doc.paths['/api/input.php']?.post?.security).toEqual([{}, ...member]);
    expect(doc.paths['/api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{file}']?.get?.security).toEqual([
      {},
      ...member,
    ]);
    // The login makes the session (its 401 is a wrong password); public reads take none.
    expect(doc.paths['/api/login.php']?.post?.security).toEqual([]);
    expect(doc.paths['/api/json/video/{lifetime}/{bucket}/{file}']?.get?.security).toBeUndefined();
  });

  it('describes a read call: path segments, the response shape and the error shape', () => {
    const videos2 = doc.paths['/api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{file}']
      ?.get as unknown as {
      parameters: { name: string; in: string }[];
      responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>;
    };
    expect(videos2.parameters.map((p) => p.name)).toEqual(['lifetime', 'gender', 'sort', 'count', 'file']);
    const ok = JSON.stringify(videos2.responses['200']?.content['application/json']?.schema);
    expect(ok).toContain('#/components/schemas/VideoList');
    expect(JSON.stringify(doc)).toContain('total_count');
    const bad = JSON.stringify(videos2.responses['400']?.content['application/json']?.schema);
    expect(bad).toContain('#/components/schemas/Error');
    expect(JSON.stringify(doc.components.schemas.Error)).toContain('codes');
  });

  it('serves the reader at /api/docs', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger');
  });
});
