// Content integrity (modules/integrity): fingerprints, duplicates, the block list, hash lists and
// quarantine.
import type { ColumnType, Generated } from 'kysely';
import type { Id } from './columns.ts';

/** Migration 0051: a block-list entry: the fingerprint of removed content (modules/integrity). */
export interface ContentBlocksTable {
  id: Id;
  video_id: number | null;
  source: 'dmca' | 'operator' | 'hash_list';
  dmca_case_id: number | null;
  interval_ms: number;
  frames: Uint8Array;
  created_by: number | null;
  created_at: Generated<Date>;
  lifted_at: Date | null;
  lifted_by: number | null;
}

/** Migration 0051: one hash of an imported hash list (cli/import-hash-list.ts). */
export interface HashListEntriesTable {
  list_name: string;
  kind: 'md5' | 'sha256' | 'phash';
  value: string;
  imported_at: Generated<Date>;
}

/** Migration 0051: a source file moved to quarantine after it matched a hash list. */
export interface QuarantinedFilesTable {
  id: Id;
  video_id: number | null;
  uploader_id: number | null;
  list_name: string;
  kind: 'md5' | 'sha256' | 'phash';
  value: string;
  storage_key: string;
  size_bytes: ColumnType<number | null, number | null | undefined, number | null>;
  md5: string | null;
  sha256: string | null;
  created_at: Generated<Date>;
}

/** Migration 0050: a video's perceptual fingerprint (server/media/fingerprint.ts), 8 bytes a frame. */
export interface VideoFingerprintsTable {
  video_id: number;
  interval_ms: number;
  frames: Uint8Array;
  created_at: Generated<Date>;
}

/** Migration 0050: the band index of the fingerprints (16-bit bands of the frame hashes). */
export interface VideoFingerprintBandsTable {
  band: number;
  value: number;
  video_id: number;
}

/** Migration 0050: a pair of videos alike on purpose (video_id < other_id). */
export interface VideoKnownDuplicatesTable {
  video_id: number;
  other_id: number;
  created_at: Generated<Date>;
}

/** Migration 0050: a possible duplicate found when video_id was processed. */
export interface VideoMatchesTable {
  video_id: number;
  other_id: number;
  similarity: number;
  created_at: Generated<Date>;
}

export interface IntegrityTables {
  content_blocks: ContentBlocksTable;
  hash_list_entries: HashListEntriesTable;
  quarantined_files: QuarantinedFilesTable;
  video_fingerprints: VideoFingerprintsTable;
  video_fingerprint_bands: VideoFingerprintBandsTable;
  video_known_duplicates: VideoKnownDuplicatesTable;
  video_matches: VideoMatchesTable;
}
