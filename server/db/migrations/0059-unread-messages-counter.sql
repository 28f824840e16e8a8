-- The user menu's unread count on the member's own row (issue 30, hot paths). Every page a member opens
-- showed it by counting their unread messages, a statement of its own after the session and the user
-- row; now the session lookup reads it with the user row, in the same statement
-- (accounts.repository.ts findSessionUser), on PGlite and PostgreSQL alike.
--
-- users.unread_messages is kept equal to
--   count(*) FROM messages WHERE recipient_id = users.id AND read_at IS NULL AND NOT recipient_deleted
-- by the triggers below, in the writer's transaction, whatever writes the messages: a send, a read, a
-- block (which reads what the blocked member sent), a deletion by either side, the row's removal, and
-- the cascades of an account deletion (its messages go with it; a recipient's counter drops by what the
-- deleted member had sent them unread). One trigger per statement, not per row: reading a long
-- conversation or deleting an account that sent thousands of messages moves each recipient's counter
-- once, in one UPDATE. A member being deleted has no row left to update when the cascade reaches
-- the messages sent to them: nothing to keep.
-- No other process keeps a copy: every web process reads the row, so none can show a stale count.
ALTER TABLE users ADD COLUMN unread_messages integer NOT NULL DEFAULT 0;

UPDATE users u
   SET unread_messages = c.n
  FROM (SELECT recipient_id, count(*)::int AS n FROM messages
         WHERE read_at IS NULL AND NOT recipient_deleted
         GROUP BY recipient_id) c
 WHERE u.id = c.recipient_id;

-- Messages inserted: the unread ones count for their recipient.
CREATE FUNCTION count_unread_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u
     SET unread_messages = u.unread_messages + d.n
    FROM (SELECT recipient_id, count(*)::int AS n FROM added
           WHERE read_at IS NULL AND NOT recipient_deleted
           GROUP BY recipient_id) d
   WHERE u.id = d.recipient_id;
  RETURN NULL;
END $$;

-- Messages deleted (by both sides, or by an account's cascade): the unread ones stop counting.
CREATE FUNCTION count_unread_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u
     SET unread_messages = u.unread_messages - d.n
    FROM (SELECT recipient_id, count(*)::int AS n FROM removed
           WHERE read_at IS NULL AND NOT recipient_deleted
           GROUP BY recipient_id) d
   WHERE u.id = d.recipient_id;
  RETURN NULL;
END $$;

-- Messages changed (read, deleted by a side, and for completeness a new recipient): each row's old
-- contribution out, its new one in, summed per recipient.
CREATE FUNCTION count_unread_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u
     SET unread_messages = u.unread_messages + d.delta
    FROM (SELECT s.recipient_id, sum(s.step)::int AS delta
            FROM (SELECT recipient_id, 1 AS step FROM after_rows
                   WHERE read_at IS NULL AND NOT recipient_deleted
                  UNION ALL
                  SELECT recipient_id, -1 FROM before_rows
                   WHERE read_at IS NULL AND NOT recipient_deleted) s
           GROUP BY s.recipient_id HAVING sum(s.step) <> 0) d
   WHERE u.id = d.recipient_id;
  RETURN NULL;
END $$;

CREATE TRIGGER messages_unread_inserted AFTER INSERT ON messages
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_unread_inserted();
CREATE TRIGGER messages_unread_deleted AFTER DELETE ON messages
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_unread_deleted();
-- No column list: PostgreSQL refuses one on a trigger with transition tables. An update that changes
-- none of the counted columns sums to zero and updates nothing.
CREATE TRIGGER messages_unread_changed AFTER UPDATE ON messages
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_unread_changed();
