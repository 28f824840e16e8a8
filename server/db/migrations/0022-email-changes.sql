-- A member's e-mail change waiting for its confirmation (issue 14): the new address takes effect when
-- the link mailed to it is followed. One pending change per member (a new request replaces it); only the
-- SHA-256 of the link's token is kept, and following the link deletes the row (single use).
CREATE TABLE email_changes (
  user_id         bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  new_email       text NOT NULL,
  token_hash      text NOT NULL UNIQUE,
  expires_at      timestamptz NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
