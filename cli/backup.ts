// npm run backup -- --to DIR
// The database and the media of the configured site (DATA_DIR, DATABASE_URL, S3_*) into a new or empty
// directory, with manifest.json; consistent while the site runs (server/backup/, docs/decisions.md).
import { parseArgs } from 'node:util';
import { runBackup } from '../server/backup/backup.ts';
import { messageOf } from '../server/backup/backup-error.ts';
import { describeBackup } from '../server/backup/manifest.ts';
import { loadConfig } from '../server/config.ts';

export const USAGE = 'Usage: npm run backup -- --to DIR   (DIR: a new or empty directory)';

/** Throws an Error whose message is meant for the terminal. */
export function parseBackupArgs(argv: string[]): { to: string } {
  let to: string | undefined;
  try {
    ({ to } = parseArgs({ args: argv, options: { to: { type: 'string' } }, strict: true }).values);
  } catch (error) {
    throw new Error(`${messageOf(error)}\n${USAGE}`);
  }
  if (!to) throw new Error(USAGE);
  return { to };
}

if (import.meta.main) {
  try {
    const { to } = parseBackupArgs(process.argv.slice(2));
    const result = await runBackup({ config: loadConfig(), to, log: (line) => console.log(line) });
    for (const warning of result.warnings) console.warn(`Warning: ${warning}`);
    console.log(`Backup written to ${to}: ${describeBackup(result.manifest)}.`);
  } catch (error) {
    console.error(`Backup failed: ${messageOf(error)}`);
    process.exitCode = 1;
  }
}
