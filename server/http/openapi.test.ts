// The generated OpenAPI document against what the app serves: every /api/ and /oembed/ route declares
// its responses and appears in the document with the same path, method and statuses; nothing is
// documented that is not served; the document is valid OpenAPI 3.1. The shapes themselves are checked
// on every answer of every test (CHECK_RESPONSES, server/http/contract.ts).
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { routeTable } from './contract.ts';

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
    components: { schemas: Record<string, unknown> };
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false });
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
