// Uncached catalogue calls one at a time, in process (no HTTP, no load generator): the listings service
// with its result caches off, on a bench database. Prints mean / p50 / p99 ms per call. Usage:
//   node bench/calls.ts [--videos 100000] [--runs 30] [--database-url postgres://…] [--only search]
// Without --database-url it opens the PGlite catalogue of `npm run bench` (tmp/bench-N).
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { VideoListParams } from '../contract/catalog-api.ts';
import { openDatabase } from '../server/db/database.ts';
import { createCatalogRepository } from '../server/modules/catalog/catalog.repository.ts';
import { createCatalogService } from '../server/modules/catalog/catalog.service.ts';
import { createListingsService } from '../server/modules/catalog/listings.service.ts';
import { createObjectsRepository } from '../server/modules/catalog/objects.repository.ts';
import { createWatchRepository } from '../server/modules/watch/watch.repository.ts';
import { createWatchService } from '../server/modules/watch/watch.service.ts';

const { values } = parseArgs({
  options: {
    videos: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '30' },
    'database-url': { type: 'string' },
    only: { type: 'string' },
  },
});
const ROOT = path.resolve(import.meta.dirname, '..');
const runs = Number(values.runs);
const handle = await openDatabase({
  databaseUrl: values['database-url'],
  dataDir: path.join(ROOT, 'tmp', `bench-${Number(values.videos)}`),
});
const listings = createListingsService(
  createCatalogRepository(handle.db),
  createObjectsRepository(handle.db),
  {
    siteName: 'Tube',
    cacheTtlMs: 0,
  },
);
// The watch calls (issue 6) on 20 listed videos spread over the catalogue, taken in turn.
const watch = createWatchService(createWatchRepository(handle.db), {
  siteName: 'Tube',
  publicUrl: 'http://bench.test',
  cacheTtlMs: 0,
  transaction: (work) => handle.db.transaction().execute(work),
});
const catalog = createCatalogService(createCatalogRepository(handle.db), { cacheTtlMs: 0 });
const sampleIds = (
  await handle.db
    .selectFrom('videos')
    .select('id')
    .where('status', '=', 1)
    .where('is_private', '=', false)
    .where('deleted_at', 'is', null)
    .where('gender', '=', 'str')
    .orderBy('id')
    .execute()
)
  .map((r) => Number(r.id))
  .filter((_, i, all) => i % Math.max(1, Math.floor(all.length / 20)) === 0)
  .slice(0, 20);
let turn = 0;
const nextId = () => sampleIds[turn++ % sampleIds.length] as number;
let viewer = 0;
const base: VideoListParams = {
  lifetime: 0,
  gender: 'str',
  sort: 'latest-updates',
  count: 60,
  section: 'videos',
  objectId: '',
  page: 1,
  type: 'all',
  date: 'all',
};
const videos2 = (over: Partial<VideoListParams>) => () => listings.videos2({ ...base, ...over });
const search = (text: string, page: number) => () =>
  listings.search({ gender: 'str', sort: 'most-relevant', count: 60, page, text, date: 'all' });
const calls: [string, () => Promise<unknown>][] = [
  ['latest p1', videos2({})],
  ['most-popular p7', videos2({ sort: 'most-popular', page: 7 })],
  ['most-popular, week, p1', videos2({ sort: 'most-popular', date: 'week' })],
  ['top-rated, month, p5', videos2({ sort: 'top-rated', date: 'month', page: 5 })],
  ['most-popular, day, p1', videos2({ sort: 'most-popular', date: 'day' })],
  ['tag sunset latest p1', videos2({ section: 'tags', objectId: 'sunset' })],
  [
    'tag sunset most-popular p10',
    videos2({ section: 'tags', objectId: 'sunset', sort: 'most-popular', page: 10 }),
  ],
  [
    'tag sunset most-popular p20',
    videos2({ section: 'tags', objectId: 'sunset', sort: 'most-popular', page: 20 }),
  ],
  ['tag sunset top-rated p20', videos2({ section: 'tags', objectId: 'sunset', sort: 'top-rated', page: 20 })],
  ['tag sunset longest p20', videos2({ section: 'tags', objectId: 'sunset', sort: 'longest', page: 20 })],
  ['search "Sunset" p1', search('Sunset', 1)],
  ['search "Sunset" p18', search('Sunset', 18)],
  ['search "drone" p1', search('drone', 1)],
  ['video detail (getVideo)', () => catalog.getVideo(nextId())],
  ['related p1 (20)', () => watch.related(nextId(), 'str', 1, 20)],
  ['related p3 (20)', () => watch.related(nextId(), 'str', 3, 20)],
  [
    'view: stage 100 + flush',
    async () => {
      const id = nextId();
      await Promise.all(
        Array.from({ length: 100 }, () =>
          watch.recordView(id, { userId: null, ip: '10.0.0.1', userAgent: `bench/${viewer++}` }),
        ),
      );
      await watch.flushViews();
    },
  ],
];
try {
  for (const [name, call] of calls) {
    if (values.only && !name.includes(values.only)) continue;
    await call();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    const at = (q: number) =>
      (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
    console.log(`${name.padEnd(30)} mean ${mean.toFixed(1)}  p50 ${at(0.5)}  p99 ${at(0.99)}`);
  }
} finally {
  await handle.close();
}
