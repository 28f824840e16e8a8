// Fixtures of the catalogue read-call tests (catalog.routes.test.ts, catalog-objects.routes.test.ts,
// catalog-search.routes.test.ts): the app on the small catalogue of catalog-fixtures.ts, and the calls
// those tests make to it.
import { videos2Path } from '../../contract/catalog-api.ts';
import { createTestApp, type TestApp } from './app.ts';
import { type CatalogueFixture, seedCatalogueFixture } from './catalog-fixtures.ts';
import type { DatabaseKind } from './db.ts';

/** The app (no SSR) on a fresh database holding the catalogue fixture. */
export async function setupCatalogueApp(kind: DatabaseKind): Promise<{ t: TestApp; f: CatalogueFixture }> {
  const t = await createTestApp(kind, { ssr: false });
  try {
    return { t, f: await seedCatalogueFixture(t.database.handle.db) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** The calls of the read-call tests on the app `app()` answers (set in beforeAll). */
export function catalogCalls(app: () => TestApp) {
  const get = async (url: string) => {
    const response = await app().app.inject({ method: 'GET', url });
    return { status: response.statusCode, headers: response.headers, body: response.json() };
  };
  const titles = (body: { videos: { title: string }[] }) => body.videos.map((v) => v.title);
  const list = (over: Partial<Parameters<typeof videos2Path>[0]> = {}) =>
    get(
      videos2Path({
        lifetime: 43200,
        gender: 'str',
        sort: 'latest-updates',
        count: 60,
        section: 'videos',
        page: 1,
        ...over,
      }),
    );

  return { get, titles, list };
}
