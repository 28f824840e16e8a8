-- UK age verification (issue 15; shell.md §3, §4, §7): a member's photo and the decision on it. The
-- photo itself lies encrypted in storage (photo_key) while it waits for a moderator and is deleted with
-- the decision (photo_key becomes null); users.age_verified (0001) is what the gate reads.
CREATE TABLE age_verifications (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The age-assurance provider that took it ('manual': the moderators' review).
  provider    text NOT NULL,
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  photo_key   text,
  -- A rejection's reason, shown to the member.
  reason      text,
  decided_by  bigint REFERENCES users(id) ON DELETE SET NULL,
  decided_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- One photo waits per member at a time: parallel uploads cannot queue two.
CREATE UNIQUE INDEX age_verifications_pending_idx ON age_verifications (user_id) WHERE status = 'pending';
-- The member's latest request (the gate's state) and the moderators' queue, oldest first.
CREATE INDEX age_verifications_user_idx ON age_verifications (user_id, id DESC);
CREATE INDEX age_verifications_queue_idx ON age_verifications (id) WHERE status = 'pending';
CREATE INDEX age_verifications_decided_by_idx ON age_verifications (decided_by) WHERE decided_by IS NOT NULL;
