// npm run seed:bench -- --videos N — adds N video rows (sharing the demo clips) for load tests; seeds
// the demo catalogue first when the database has none.
import { parseArgs } from 'node:util';
import { migrate } from '../server/db/migrate.ts';
import { seedBench } from '../server/seed/seed-bench.ts';
import { openForCommand } from './startup.ts';

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(`[seed:bench ${seconds()}] ${line}`);

const { values } = parseArgs({ options: { videos: { type: 'string', default: '10000' } } });
const videos = Number(values.videos);
if (!Number.isInteger(videos) || videos < 1) {
  console.error(`--videos must be a positive whole number (got ${JSON.stringify(values.videos)})`);
  process.exit(2);
}

const { config, handle } = await openForCommand();
try {
  await migrate(handle);
  const report = await seedBench(handle, { videos, mediaDir: config.mediaDir, log });
  console.log(
    `Bench catalogue: ${report.added} videos added (${report.totalVideos} in all) in ${(report.elapsedMs / 1000).toFixed(1)} s; total ${seconds()}`,
  );
} finally {
  await handle.close();
}
