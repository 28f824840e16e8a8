import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { API_OPERATIONS, registeredRoutes } from './openapi.ts';

// Machine routes that are not part of the API contract: the documents themselves.
const NOT_API = new Set(['/api/openapi.json', '/api/docs']);

describe('OpenAPI description', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ssr: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('describes every /api/ and /oembed/ route the app serves', () => {
    const served = registeredRoutes(t.app)
      // Fastify adds a HEAD route for each GET by itself.
      .filter(
        (r) =>
          r.method !== 'head' ||
          !registeredRoutes(t.app).some((g) => g.path === r.path && g.method === 'get'),
      )
      .filter((r) => (r.path.startsWith('/api/') || r.path.startsWith('/oembed')) && !NOT_API.has(r.path));
    expect(served.length).toBeGreaterThan(20);
    const documented = new Set(API_OPERATIONS.map((op) => `${op.method} ${op.path}`));
    const missing = served.map((r) => `${r.method} ${r.path}`).filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });

  it('documents nothing that is not served', () => {
    const served = new Set(registeredRoutes(t.app).map((r) => `${r.method} ${r.path}`));
    const stale = API_OPERATIONS.map((op) => `${op.method} ${op.path}`).filter((key) => !served.has(key));
    expect(stale).toEqual([]);
  });

  it('serves the document at /api/openapi.json and a page at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'http://tube.test' }]);
    const videofile = doc.paths['/api/videofile.php'].get;
    expect(videofile.parameters).toEqual([expect.objectContaining({ name: 'video_id', in: 'query' })]);
    expect(videofile.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'sources',
    );
    const videos2 = doc.paths['/api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{file}'].get;
    expect(videos2.parameters.map((p: { name: string }) => p.name)).toEqual([
      'lifetime',
      'gender',
      'sort',
      'count',
      'file',
    ]);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{file}');
  });
});
