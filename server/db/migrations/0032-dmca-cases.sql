-- The staff's DMCA workflow (issue 15): a DMCA report about a video becomes a case; taking the video
-- down sets it to status 5 (unavailable: the page says 'Video not found or has been recently deleted',
-- it leaves every list and the sitemap) and keeps the status it had, which a restore puts back. One
-- case per report. The uploader is kept on the case (the video's uploader when it was opened), so the
-- repeat-infringer count (cases taken down and not restored) survives the video.
CREATE TABLE dmca_cases (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  report_id          bigint NOT NULL UNIQUE REFERENCES reports(id) ON DELETE CASCADE,
  video_id           bigint REFERENCES videos(id) ON DELETE SET NULL,
  uploader_id        bigint REFERENCES users(id) ON DELETE SET NULL,
  -- open → taken_down → restored; closed from any of them (a closed case keeps its takedown).
  state              text NOT NULL DEFAULT 'open'
                     CHECK (state IN ('open', 'taken_down', 'restored', 'closed')),
  taken_down         boolean NOT NULL DEFAULT false,
  previous_status    smallint CHECK (previous_status BETWEEN 1 AND 4),
  opened_by          bigint REFERENCES users(id) ON DELETE SET NULL,
  opened_at          timestamptz NOT NULL DEFAULT now(),
  taken_down_at      timestamptz,
  counter_notice     text,
  counter_notice_at  timestamptz,
  restored_at        timestamptz,
  closed_at          timestamptz,
  updated_at         timestamptz NOT NULL DEFAULT now()
);
-- The repeat-infringer count: an uploader's cases whose video is down.
CREATE INDEX dmca_cases_uploader_idx ON dmca_cases (uploader_id) WHERE taken_down;
CREATE INDEX dmca_cases_video_idx ON dmca_cases (video_id);
