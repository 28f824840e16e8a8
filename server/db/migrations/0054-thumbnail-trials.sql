-- Issue 32 part 1: thumbnail rotation by click-through (server/modules/thumbs, docs/decisions.md
-- "Thumbnail trials"). A still is a small number: 0 the poster, n the pipeline's thumbnail n
-- (video_files kind 'thumb', format 'n').
--
-- videos.card_stills is what a listing card shows, read with the card's stable part (the card cache of
-- video-cards.repository.ts, on a card_version miss only): NULL the poster; one still that still (a
-- settled or pinned trial); several the candidates of a running trial, of which the browser shows one
-- per visitor. Every write of it raises card_version in the same UPDATE (thumbs.repository.ts).
ALTER TABLE videos ADD COLUMN card_stills smallint[];

-- One trial per video: its candidates, its state, and the still it settled on or staff pinned.
CREATE TABLE thumb_trials (
  video_id    bigint PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  stills      smallint[] NOT NULL,
  -- The candidates still shown (a still whose chance of being best fell under the drop threshold leaves).
  live        smallint[] NOT NULL,
  state       text NOT NULL CHECK (state IN ('trial', 'settled', 'pinned')),
  chosen      smallint,
  started_at  timestamptz NOT NULL DEFAULT now(),
  decided_at  timestamptz,
  decided_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  CHECK ((state = 'trial') = (chosen IS NULL))
);
CREATE INDEX thumb_trials_running ON thumb_trials (started_at) WHERE state = 'trial';

-- Impressions (a card at least half in the viewport) and clicks per still, added by the flusher.
CREATE TABLE thumb_counts (
  video_id     bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  still        smallint NOT NULL,
  impressions  bigint NOT NULL DEFAULT 0,
  clicks       bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (video_id, still)
);
