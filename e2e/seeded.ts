// One demo-seeded data directory for the browser suites (made once by e2e/global-setup.ts): a suite that
// wants the demo catalogue starts its server on a copy of it instead of seeding its own (about a minute of
// ffmpeg each on a bare machine). Suites that test the first start itself (site.test.ts) keep seeding.
import { cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { DB } from '../server/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eSeededDataDir: string;
  }
}

/**
 * A new data directory holding a copy of the seeded one; the suite removes it when done. The database is
 * copied; the media files (about 800 MB of demo clips) are hard links where the file system allows: the
 * local storage never writes a file in place (it writes a temporary name and renames it, and deletes by
 * unlinking), so a suite's writes and deletions stay in its own directory.
 */
export function seededDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `tube-e2e-${prefix}-`));
  const seeded = inject('e2eSeededDataDir');
  for (const entry of readdirSync(seeded, { withFileTypes: true })) {
    const from = path.join(seeded, entry.name);
    const to = path.join(dir, entry.name);
    if (entry.name === 'media' && entry.isDirectory()) linkTree(from, to);
    else cpSync(from, to, { recursive: true });
  }
  return dir;
}

/** `to` made as a tree of hard links to the files of `from` (copies on another file system). */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else {
      try {
        linkSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        cpSync(source, target);
      }
    }
  }
}

/**
 * Changes the database of a seeded data directory before a server opens it (PGlite: one process at a
 * time), e.g. a suite's own administrator or the pre-roll switch below.
 */
export async function editSeededDatabase(dataDir: string, edit: (db: DB) => Promise<void>): Promise<void> {
  const { openDatabase } = await import('../server/db/database.ts');
  const handle = await openDatabase({ dataDir });
  try {
    await edit(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * The demo seed turns the house VAST pre-roll on (issue 20). The shared copy has it off (global-setup.ts),
 * so that suites playing videos as guests do not sit through an ad first; e2e/demo-ads.test.ts turns it
 * back on, its settings untouched, to see the demo as the seed leaves it.
 */
export async function setDemoPreroll(db: DB, enabled: boolean): Promise<void> {
  await db.updateTable('ad_zones').set({ enabled }).where('key', '=', 'preroll').execute();
}
