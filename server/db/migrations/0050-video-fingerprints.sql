-- Video fingerprints (issue 31, server/media/fingerprint.ts): one 64-bit perceptual hash every
-- interval_ms of a video, stored as 8 bytes a frame, deleted with the video's row.
CREATE TABLE video_fingerprints (
  video_id    bigint PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  interval_ms integer NOT NULL CHECK (interval_ms > 0),
  frames      bytea NOT NULL CHECK (octet_length(frames) % 8 = 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- The index that finds near matches without reading every fingerprint: each hash of (at most 120
-- frames of) a video split into four 16-bit bands; a query looks up its own bands and compares only the
-- videos that share some. One row per distinct (band, value) of a video.
CREATE TABLE video_fingerprint_bands (
  band     smallint NOT NULL CHECK (band BETWEEN 0 AND 3),
  value    integer NOT NULL CHECK (value BETWEEN 0 AND 65535),
  video_id bigint NOT NULL REFERENCES video_fingerprints(video_id) ON DELETE CASCADE,
  PRIMARY KEY (band, value, video_id)
);
CREATE INDEX video_fingerprint_bands_video ON video_fingerprint_bands (video_id);

-- Pairs that look alike on purpose (the demo catalogue's shared clips, a pair staff called "not a
-- problem"): never shown as possible duplicates. Stored once, the smaller id first.
CREATE TABLE video_known_duplicates (
  video_id   bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  other_id   bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (video_id, other_id),
  CHECK (video_id < other_id)
);
CREATE INDEX video_known_duplicates_other ON video_known_duplicates (other_id);

-- Possible duplicates found when a video was processed: one row per pair, video_id the video that was
-- processed (the newer one), other_id the older match; read in both directions.
CREATE TABLE video_matches (
  video_id   bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  other_id   bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  similarity real NOT NULL CHECK (similarity > 0 AND similarity <= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (video_id, other_id),
  CHECK (video_id <> other_id)
);
CREATE INDEX video_matches_other ON video_matches (other_id);
