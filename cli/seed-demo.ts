// npm run seed:demo — fills an empty database with the demo catalogue (and its media); on a seeded
// database it says so and exits 0.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Config, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { type DemoClip, ensureDemoClips } from '../server/seed/demo-media.ts';
import { seedDemo } from '../server/seed/seed-demo.ts';
import { createStorage } from '../server/storage/create-storage.ts';
import { isOperatorError } from './startup.ts';

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(`[seed:demo ${seconds()}] ${line}`);

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!isOperatorError(error)) throw error;
  console.error(error.message);
  process.exit(1);
}
// Local disk under DATA_DIR/media, or S3 when S3_* is set: where the site reads the media from.
const storage = createStorage(config);
// A new embedded database cannot be seeded yet: make the clips while PGlite initialises.
let clips: Promise<DemoClip[]> | undefined;
if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pgdata'))) {
  clips = ensureDemoClips(storage, { log });
  clips.catch(() => {}); // awaited below; this only keeps an early failure from being "unhandled"
}

const handle = await openDatabase(config).catch((error: unknown) => {
  if (!isOperatorError(error)) throw error;
  console.error(error.message);
  process.exit(1);
});
try {
  await migrate(handle);
  const report = await seedDemo(handle, { mediaDir: config.mediaDir, storage, log, clips });
  if (report.seeded && report.counts) {
    const c = report.counts;
    console.log(
      `Demo catalogue seeded: ${c.videos} videos, ${c.categories} categories, ${c.tags} tags, ${c.models} models, ` +
        `${c.channels} channels, ${c.users} members, ${c.playlists} playlists, ${c.comments} comments; ` +
        `${report.clips} clips (${(report.mediaBytes / 1e6).toFixed(0)} MB) in ${seconds()}`,
    );
  } else {
    console.log(`Demo catalogue already seeded; nothing to do (${seconds()})`);
  }
} finally {
  await handle.close();
}
