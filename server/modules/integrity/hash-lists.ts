// The hash-list port (issue 31, item 3): lists of hashes supplied by child-protection organisations,
// imported under a list name (cli/import-hash-list.ts), and the look-up screening.ts makes for every
// upload: the source file's md5 and sha256 exactly, its frame hashes (server/media/fingerprint.ts, 64
// bits) within HASH_LIST_MAX_DISTANCE bits. The file format, one hash a line:
//   md5:<32 hex>   sha256:<64 hex>   phash:<16 hex>      # a comment; blank lines are skipped
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { DB } from '../../db/database.ts';
import { FLAT_FRAME, hammingDistance } from '../../media/fingerprint.ts';

export const HASH_KINDS = ['md5', 'sha256', 'phash'] as const;
export type HashKind = (typeof HASH_KINDS)[number];

/** A frame hash at most this many bits from a listed phash matches it (stricter than video matching). */
export const HASH_LIST_MAX_DISTANCE = 6;

const HEX_LENGTH: Record<HashKind, number> = { md5: 32, sha256: 64, phash: 16 };

export interface HashEntry {
  kind: HashKind;
  value: string;
}

export class HashListFormatError extends Error {
  /** The file's line (from 1) that is not a hash. */
  readonly line: number;
  constructor(line: number, why: string) {
    super(`line ${line}: ${why}`);
    this.line = line;
    this.name = 'HashListFormatError';
  }
}

/** The entries of a hash-list file; throws HashListFormatError naming the first bad line. */
export function parseHashList(text: string): HashEntry[] {
  const entries = new Map<string, HashEntry>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') return;
    const match = /^([a-z0-9]+):([0-9a-fA-F]+)$/.exec(line);
    if (!match) throw new HashListFormatError(index + 1, 'expected kind:hex (md5:, sha256: or phash:)');
    const kind = match[1] as HashKind;
    if (!HASH_KINDS.includes(kind)) throw new HashListFormatError(index + 1, `unknown kind ${match[1]}`);
    const value = match[2]!.toLowerCase();
    if (value.length !== HEX_LENGTH[kind]) {
      throw new HashListFormatError(index + 1, `${kind} takes ${HEX_LENGTH[kind]} hex digits`);
    }
    entries.set(`${kind}:${value}`, { kind, value });
  });
  return [...entries.values()];
}

export const LIST_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * Imports a file's hashes under `listName`. `replace`: the list's earlier entries go first (a new
 * edition of the list), in the same transaction. Answers the counts.
 */
export async function importHashList(
  db: DB,
  listName: string,
  text: string,
  options: { replace?: boolean } = {},
): Promise<{ entries: number; added: number; removed: number }> {
  if (!LIST_NAME.test(listName)) throw new Error(`invalid list name ${JSON.stringify(listName)}`);
  const entries = parseHashList(text);
  return db.transaction().execute(async (trx) => {
    let removed = 0;
    if (options.replace) {
      const gone = await trx.deleteFrom('hash_list_entries').where('list_name', '=', listName).execute();
      removed = Number(gone[0]?.numDeletedRows ?? 0);
    }
    let added = 0;
    for (let i = 0; i < entries.length; i += 1000) {
      const chunk = entries.slice(i, i + 1000);
      const rows = await trx
        .insertInto('hash_list_entries')
        .values(chunk.map((e) => ({ list_name: listName, kind: e.kind, value: e.value })))
        .onConflict((oc) => oc.columns(['kind', 'value', 'list_name']).doNothing())
        .returning('value')
        .execute();
      added += rows.length;
    }
    return { entries: entries.length, added, removed };
  });
}

export async function importHashListFile(
  db: DB,
  listName: string,
  file: string,
  options: { replace?: boolean } = {},
) {
  return importHashList(db, listName, await readFile(file, 'utf8'), options);
}

/** md5 and sha256 of a file, read once. */
export async function fileDigests(file: string): Promise<{ md5: string; sha256: string }> {
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  for await (const chunk of createReadStream(file)) {
    md5.update(chunk as Buffer);
    sha256.update(chunk as Buffer);
  }
  return { md5: md5.digest('hex'), sha256: sha256.digest('hex') };
}

export const frameHex = (frame: bigint) => BigInt.asUintN(64, frame).toString(16).padStart(16, '0');

export interface HashListMatch {
  list_name: string;
  kind: HashKind;
  value: string;
}

/**
 * The first listed hash the upload matches: its md5 or sha256 exactly, or one of its (informative)
 * frame hashes within HASH_LIST_MAX_DISTANCE bits of a listed phash. Null when none does.
 * The phash entries are compared one by one in memory: lists of tens of thousands of entries take
 * milliseconds; a band index like the fingerprints' would be the next step for millions.
 */
export async function matchHashLists(
  db: DB,
  upload: { md5: string; sha256: string; frames: readonly bigint[] },
): Promise<HashListMatch | null> {
  const exact = await db
    .selectFrom('hash_list_entries')
    .select(['list_name', 'kind', 'value'])
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'md5'), eb('value', '=', upload.md5)]),
        eb.and([eb('kind', '=', 'sha256'), eb('value', '=', upload.sha256)]),
      ]),
    )
    .orderBy('list_name')
    .executeTakeFirst();
  if (exact) return exact;
  const frames = upload.frames.filter((f) => BigInt.asUintN(64, f) !== FLAT_FRAME);
  if (frames.length === 0) return null;
  const rows = await db
    .selectFrom('hash_list_entries')
    .select(['list_name', 'value'])
    .where('kind', '=', 'phash')
    .orderBy('list_name')
    .orderBy('value')
    .execute();
  for (const row of rows) {
    const listed = BigInt(`0x${row.value}`);
    if (frames.some((f) => hammingDistance(f, listed) <= HASH_LIST_MAX_DISTANCE)) {
      return { list_name: row.list_name, kind: 'phash', value: row.value };
    }
  }
  return null;
}
