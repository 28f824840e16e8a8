-- Performer records (issue 31; 18 U.S.C. 2257 and the card networks' rules): a member's upload names
-- its performers and carries, per performer, an identity document image and a signed consent. Both
-- lie sealed in storage (modules/records, the age-verification cipher); these rows hold only what the
-- moderators may see (stage names, the model) and where the sealed blobs are.

-- A records custodian (the 2257 page names the custodian): a staff member who may read the records,
-- as administrators may. Set by administrators.
ALTER TABLE users ADD COLUMN records_custodian boolean NOT NULL DEFAULT false;

-- One row per video whose records are required (made with the video at upload): the video waits in
-- moderation until status is 'checked'. A video without a row needs none (staff uploads, older videos,
-- UPLOAD_RECORDS=off).
CREATE TABLE video_records (
  video_id      bigint PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'checked', 'rejected')),
  -- The recording date the performers' ages are judged at; null until the uploader sends the records.
  recorded_on   date,
  submitted_at  timestamptz,
  checked_by    bigint REFERENCES users(id) ON DELETE SET NULL,
  checked_at    timestamptz,
  -- A rejection's reason, shown to the uploader, who may send the records again.
  reason        text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_records_status_idx ON video_records (status, submitted_at);
CREATE INDEX video_records_checked_by_idx ON video_records (checked_by) WHERE checked_by IS NOT NULL;

CREATE TABLE video_performers (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_id      bigint NOT NULL REFERENCES video_records(video_id) ON DELETE CASCADE,
  position      integer NOT NULL,
  -- An existing model (models), or none: members do not create models (administrators do).
  model_id      bigint REFERENCES models(id) ON DELETE SET NULL,
  stage_name    text NOT NULL,
  -- The sealed blobs: the ID image (JPEG) and the signed consent (JSON: legal name, date of birth…).
  id_image_key  text NOT NULL,
  consent_key   text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (video_id, position)
);
CREATE INDEX video_performers_model_idx ON video_performers (model_id) WHERE model_id IS NOT NULL;
