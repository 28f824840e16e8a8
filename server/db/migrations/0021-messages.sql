-- Private messages between members (issue 14) and the blocks members put on each other's messages.
-- A message belongs to both sides: each deletes it for themself only (sender_deleted,
-- recipient_deleted); the row goes once both have.
CREATE TABLE messages (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sender_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  recipient_id      bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  message           text NOT NULL,
  read_at           timestamptz,
  sender_deleted    boolean NOT NULL DEFAULT false,
  recipient_deleted boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (sender_id <> recipient_id)
);
-- A conversation, and the inbox's latest message per partner, from either side: (me, them, newest).
CREATE INDEX messages_sender_idx ON messages (sender_id, recipient_id, created_at DESC, id DESC);
CREATE INDEX messages_recipient_idx ON messages (recipient_id, sender_id, created_at DESC, id DESC);
-- The user menu's unread count on every page of a member: one small partial index.
CREATE INDEX messages_unread_idx ON messages (recipient_id, sender_id) WHERE read_at IS NULL AND NOT recipient_deleted;

-- user_id does not take messages from blocked_id.
CREATE TABLE message_blocks (
  user_id           bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blocked_id        bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, blocked_id),
  CHECK (user_id <> blocked_id)
);
-- Deleting an account cascades here: without it each delete scans the table.
CREATE INDEX message_blocks_blocked_idx ON message_blocks (blocked_id);
