-- The complaint clock, performers' removal requests and appeals (issue 31).
-- A removal request is a contact-form report with the performer's subject: the reporter's name is kept on
-- the report; the request row records the takedown (video status 5, the status it had kept for a
-- reinstatement) and the staff's decision. One request per report.
ALTER TABLE reports ADD COLUMN reporter_name text;

CREATE TABLE removal_requests (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  report_id        bigint NOT NULL UNIQUE REFERENCES reports(id) ON DELETE CASCADE,
  video_id         bigint REFERENCES videos(id) ON DELETE SET NULL,
  -- The uploader when the request came (kept if the video goes), for the appeal's owner check.
  uploader_id      bigint REFERENCES users(id) ON DELETE SET NULL,
  -- down (taken down, waiting for the staff) → confirmed (stays down) | reinstated (status put back).
  state            text NOT NULL DEFAULT 'down' CHECK (state IN ('down', 'confirmed', 'reinstated')),
  -- False when the video was already unavailable: then nothing is put back on reinstatement.
  taken_down       boolean NOT NULL DEFAULT false,
  previous_status  smallint CHECK (previous_status BETWEEN 1 AND 4),
  decided_by       bigint REFERENCES users(id) ON DELETE SET NULL,
  decided_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX removal_requests_video_idx ON removal_requests (video_id);
CREATE INDEX removal_requests_open_idx ON removal_requests (created_at) WHERE state = 'down';

-- An uploader's appeal of one decision about their video: a rejection (status 4), a DMCA takedown or a
-- performer's removal. `decision` names the decision ('rejection:<video>:<round>', 'dmca:<case>',
-- 'removal:<request>'); its UNIQUE index makes "once per decision" hold under parallel posts.
CREATE TABLE appeals (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_id     bigint REFERENCES videos(id) ON DELETE CASCADE,
  user_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('rejection', 'dmca', 'removal')),
  decision     text NOT NULL UNIQUE,
  message      text NOT NULL,
  state        text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'upheld', 'overturned')),
  answer       text,
  answered_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  answered_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX appeals_open_idx ON appeals (created_at) WHERE state = 'open';
CREATE INDEX appeals_video_idx ON appeals (video_id);
CREATE INDEX appeals_user_idx ON appeals (user_id);
