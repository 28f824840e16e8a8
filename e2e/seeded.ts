// One demo-seeded data directory for the browser suites (made once by e2e/global-setup.ts): a suite that
// wants the demo catalogue starts its server on a copy of it instead of seeding its own (about a minute of
// ffmpeg each on a bare machine). Suites that test the first start itself (site.test.ts) keep seeding.
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { DB } from '../server/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eSeededDataDir: string;
  }
}

/** A new data directory holding a copy of the seeded one; the suite removes it when done. */
export function seededDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `tube-e2e-${prefix}-`));
  cpSync(inject('e2eSeededDataDir'), dir, { recursive: true });
  return dir;
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
