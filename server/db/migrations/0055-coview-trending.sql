-- Related by co-viewing and trending (issue 32; docs/decisions.md "Co-viewing", "Trending").
--
-- Who watched what on one UTC day: the view flush writes one row per counted view (the view stage's
-- claim: once per viewer per video per day). `viewer` is 48 bits of a SHA-256 of the stage's viewer key
-- (a member's id or a salted, per-day hash of a guest's address and user agent): never an address.
-- The coview.compute job folds each complete day into coview_pairs and deletes its rows.
CREATE TABLE coview_visits (
  day       date NOT NULL,
  viewer    bigint NOT NULL,
  video_id  bigint NOT NULL,
  PRIMARY KEY (day, viewer, video_id)
);

-- Co-view scores of ordered pairs (both directions are stored): the number of viewer-days that watched
-- both, decayed by half every 14 days. `score` is as of `day` (the last day that touched the pair).
-- No foreign keys: the job writes pairs of videos it has just joined to `videos`, the read joins
-- `videos` again, and old pairs are pruned; checking two keys per pair would double the job's writes.
CREATE TABLE coview_pairs (
  video_id  bigint NOT NULL,
  other_id  bigint NOT NULL,
  score     real NOT NULL,
  day       date NOT NULL,
  PRIMARY KEY (video_id, other_id)
);
CREATE INDEX coview_pairs_day_idx ON coview_pairs (day);

-- A video's co-viewed videos, best first (at most 24): what the video page reads, one row by key.
CREATE TABLE coview_related (
  video_id      bigint PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  other_ids     bigint[] NOT NULL,
  computed_day  date NOT NULL
);

-- The days the job has folded in, with their figures (the console shows the last ones).
CREATE TABLE coview_days (
  day          date PRIMARY KEY,
  visits       integer NOT NULL,
  pairs        integer NOT NULL,
  videos       integer NOT NULL,
  ms           integer NOT NULL,
  computed_at  timestamptz NOT NULL DEFAULT now()
);

-- The trending order per orientation, rebuilt by the trending.refresh job: videos whose views of the
-- last two days rise most against their own daily average of the 14 days before.
CREATE TABLE trending_videos (
  gender    text NOT NULL,
  rank      integer NOT NULL,
  video_id  bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  score     real NOT NULL,
  PRIMARY KEY (gender, rank)
);
CREATE INDEX trending_videos_video_idx ON trending_videos (video_id);
