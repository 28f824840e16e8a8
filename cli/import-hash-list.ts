// node cli/import-hash-list.ts --list NAME --file PATH [--replace]
// Imports a hash list supplied by a child-protection organisation (issue 31): one hash a line,
// md5:<32 hex>, sha256:<64 hex> or phash:<16 hex> (a frame hash of server/media/fingerprint.ts), '#'
// comments. Every later upload is screened against the lists (server/modules/integrity/screening.ts);
// a match rejects it, quarantines its source and alerts the administrators. --replace: the list's
// earlier entries are dropped first (a new edition of the same list).
import { parseArgs } from 'node:util';
import { migrate } from '../server/db/migrate.ts';
import {
  HashListFormatError,
  importHashListFile,
  LIST_NAME,
} from '../server/modules/integrity/hash-lists.ts';
import { openForCommand } from './startup.ts';

export const USAGE = 'Usage: node cli/import-hash-list.ts --list NAME --file PATH [--replace]';

export interface ImportHashListArgs {
  list: string;
  file: string;
  replace: boolean;
}

/** Throws an Error whose message is meant for the terminal. */
export function parseImportHashListArgs(argv: string[]): ImportHashListArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      list: { type: 'string' },
      file: { type: 'string' },
      replace: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.list || !values.file) throw new Error(USAGE);
  if (!LIST_NAME.test(values.list)) {
    throw new Error('--list: letters, digits, dot, dash and underscore, at most 100 characters.');
  }
  return { list: values.list, file: values.file, replace: values.replace ?? false };
}

if (import.meta.main) {
  let args: ImportHashListArgs;
  try {
    args = parseImportHashListArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  const { handle } = await openForCommand();
  try {
    await migrate(handle);
    const result = await importHashListFile(handle.db, args.list, args.file, { replace: args.replace });
    console.log(
      `List "${args.list}": ${result.entries} hashes read, ${result.added} added` +
        (args.replace ? `, ${result.removed} earlier entries replaced.` : '.'),
    );
  } catch (error) {
    const why =
      error instanceof HashListFormatError || error instanceof Error ? error.message : String(error);
    console.error(`Not imported: ${why}`);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}
