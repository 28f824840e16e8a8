// The demo's house pre-roll (issue 20): a 10 s test-pattern creative in storage, and the pre-roll zone
// switched on with the site's own VAST tag (server/modules/ads/house-preroll.ts), so a guest of a fresh
// demo site sees the ad flow of content.md §4 without any outside ad network. Members see no ads (the
// ads service's rule).
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { testClipArgs } from '../media/ffmpeg.ts';
import { runFfmpeg } from '../media/runner.ts';
import { DRAWTEXT_FONT_FILE } from '../media/tools.ts';
import { DEMO_PREROLL_ZONE, HOUSE_PREROLL_CREATIVE } from '../modules/ads/house-preroll.ts';
import type { Storage } from '../storage/storage.ts';

export const HOUSE_AD_TITLE = 'Your Video Ad Here';

/**
 * The creative, made once: a stored file is complete (the storage port writes a key whole or not at
 * all), so one that is there is reused. Answers its size in bytes.
 */
export async function ensureHouseAd(
  storage: Storage,
  options: { workDir?: string; log?: (line: string) => void } = {},
): Promise<number> {
  const { storageKey, seconds, width, height } = HOUSE_PREROLL_CREATIVE;
  const stored = await storage.stat(storageKey);
  if (stored && stored.size > 0) return stored.size;
  const started = Date.now();
  const work = path.join(
    options.workDir ?? os.tmpdir(),
    `tube-demo-${process.pid}-${randomBytes(4).toString('hex')}-house-ad`,
  );
  await mkdir(work, { recursive: true });
  try {
    const file = path.join(work, 'preroll.mp4');
    await runFfmpeg(
      testClipArgs({
        source: 'testsrc2',
        width,
        height,
        fps: 20,
        seconds,
        title: HOUSE_AD_TITLE,
        toneHz: 523,
        fontFile: DRAWTEXT_FONT_FILE,
        output: file,
      }),
    );
    const { size } = await storage.putFile(storageKey, file, { contentType: 'video/mp4' });
    options.log?.(`house pre-roll creative: ${seconds} s, ${height}p in ${Date.now() - started} ms`);
    return size;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Switches the pre-roll zone on with the house VAST tag, as an administrator would at /admin/ads/;
 * only a zone nobody has saved yet (an administrator's choice stays).
 */
export async function enableDemoPreroll(db: Kysely<Database>, now: Date): Promise<void> {
  const values = { enabled: true, config: JSON.stringify(DEMO_PREROLL_ZONE), updated_at: now };
  await db
    .insertInto('ad_zones')
    .values({ key: 'preroll', ...values })
    .onConflict((oc) => oc.column('key').doUpdateSet(values).where('ad_zones.updated_by', 'is', null))
    .execute();
}
