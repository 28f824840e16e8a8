// npm run restore -- --from DIR
// A backup of npm run backup into the configured target (DATA_DIR; DATABASE_URL for a PostgreSQL dump),
// which must be empty; checked against manifest.json before anything is put in place (server/backup/).
import { parseArgs } from 'node:util';
import { messageOf } from '../server/backup/backup-error.ts';
import { describeBackup } from '../server/backup/manifest.ts';
import { runRestore } from '../server/backup/restore.ts';
import { loadConfig } from '../server/config.ts';

export const USAGE = 'Usage: npm run restore -- --from DIR   (into an empty DATA_DIR, or DATABASE_URL)';

/** Throws an Error whose message is meant for the terminal. */
export function parseRestoreArgs(argv: string[]): { from: string } {
  let from: string | undefined;
  try {
    ({ from } = parseArgs({ args: argv, options: { from: { type: 'string' } }, strict: true }).values);
  } catch (error) {
    throw new Error(`${messageOf(error)}\n${USAGE}`);
  }
  if (!from) throw new Error(USAGE);
  return { from };
}

if (import.meta.main) {
  try {
    const { from } = parseRestoreArgs(process.argv.slice(2));
    const config = loadConfig();
    const result = await runRestore({ config, from, log: (line) => console.log(line) });
    for (const warning of result.warnings) console.warn(`Warning: ${warning}`);
    const target = config.databaseUrl ? 'DATABASE_URL' : config.dataDir;
    console.log(
      `Restored into ${target}: ${describeBackup(result.manifest)}. Start the site with npm run serve.`,
    );
  } catch (error) {
    console.error(`Restore failed: ${messageOf(error)}`);
    process.exitCode = 1;
  }
}
