// One demo-seeded data directory for the browser suites (made once by e2e/global-setup.ts): a suite that
// wants the demo catalogue starts its server on a copy of it instead of seeding its own (about a minute of
// ffmpeg each on a bare machine). Suites that test the first start itself (site.test.ts) keep seeding.
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

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
