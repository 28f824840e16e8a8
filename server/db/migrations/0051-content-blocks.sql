-- Re-upload blocking and the hash-list port (issue 31, item 3; server/modules/integrity/).
-- The block list: the fingerprint of content that was removed (a DMCA take-down, an operator's "block
-- this content") copied here, so it outlives the video's files and its video_fingerprints row. A block is
-- active while lifted_at is null; a counter-notice restore or an operator's unblock lifts it (the row
-- stays, for the record and for the rejections that name it).
CREATE TABLE content_blocks (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_id     bigint REFERENCES videos(id) ON DELETE SET NULL,
  source       text NOT NULL CHECK (source IN ('dmca', 'operator', 'hash_list')),
  dmca_case_id bigint REFERENCES dmca_cases(id) ON DELETE SET NULL,
  interval_ms  integer NOT NULL CHECK (interval_ms > 0),
  frames       bytea NOT NULL CHECK (octet_length(frames) % 8 = 0),
  created_by   bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  lifted_at    timestamptz,
  lifted_by    bigint REFERENCES users(id) ON DELETE SET NULL
);
-- One active block per case and one active operator block per video (parallel clicks stay one).
CREATE UNIQUE INDEX content_blocks_active_case ON content_blocks (dmca_case_id)
  WHERE lifted_at IS NULL AND dmca_case_id IS NOT NULL;
CREATE UNIQUE INDEX content_blocks_active_operator ON content_blocks (video_id)
  WHERE lifted_at IS NULL AND source = 'operator';
CREATE INDEX content_blocks_active ON content_blocks (id) WHERE lifted_at IS NULL;

-- Why the pipeline rejected an upload, as a code ('matches_removed_content', 'matches_hash_list'), and
-- the block it matched (the link staff follow to the original case).
ALTER TABLE videos ADD COLUMN reject_code text;
ALTER TABLE videos ADD COLUMN blocked_by bigint REFERENCES content_blocks(id) ON DELETE SET NULL;

-- Hashes imported from lists supplied by child-protection organisations (cli/import-hash-list.ts).
-- md5 / sha256 of the uploaded file (lower-case hex), phash: a 64-bit frame hash (16 hex digits) of
-- server/media/fingerprint.ts.
CREATE TABLE hash_list_entries (
  list_name   text NOT NULL CHECK (length(list_name) BETWEEN 1 AND 100),
  kind        text NOT NULL CHECK (kind IN ('md5', 'sha256', 'phash')),
  value       text NOT NULL CHECK (value ~ '^[0-9a-f]+$'),
  imported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, value, list_name)
);
CREATE INDEX hash_list_entries_list ON hash_list_entries (list_name);

-- A source file that matched a hash list, moved out of the public media to a quarantine area for the
-- authorities: where it is (a storage key under quarantine/), what it matched. Never deleted by the
-- site; read by administrators only.
CREATE TABLE quarantined_files (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_id     bigint REFERENCES videos(id) ON DELETE SET NULL,
  uploader_id  bigint REFERENCES users(id) ON DELETE SET NULL,
  list_name    text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('md5', 'sha256', 'phash')),
  value        text NOT NULL,
  storage_key  text NOT NULL,
  size_bytes   bigint,
  md5          text,
  sha256       text,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quarantined_files_video ON quarantined_files (video_id);
