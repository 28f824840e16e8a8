import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * PGlite is a single-process database: two servers on one data directory would corrupt it. The lock
 * is a file holding the owner's pid, created exclusively; one left by a process that died (kill -9) is
 * taken over.
 */
/** The data directory is held by another live process: a user mistake, reported without a stack. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export function lockDataDir(lockFile: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another process (pid ${owner}) is using this data directory (${lockFile}). ` +
            'Stop it, or give this one its own DATA_DIR.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

/** Whether a process with this pid exists (EPERM: it does, as another user's). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
