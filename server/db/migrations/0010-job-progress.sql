-- The media pipeline's queue is pg-boss (its own schema "pgboss", created by pg-boss at start): it owns
-- claiming, retries, backoff and expiry, so the provisional jobs table of 0001 goes. What pg-boss does
-- not keep is progress; handlers report it here, keyed by the pg-boss job id, and the pipeline reads a
-- video's progress through the job's singleton key (e.g. 'video:12').
DROP TABLE IF EXISTS jobs;

CREATE TABLE job_progress (
  job_id          text PRIMARY KEY,
  name            text NOT NULL,
  singleton_key   text,
  percent         real NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_progress_key_idx ON job_progress (singleton_key, updated_at DESC);
