-- Issue 17: a member banned from the console, with the reason they are told at sign-in, when it ends
-- (null: never) and who banned them when. status = 'banned' stays the one flag the rest of the site
-- reads; a ban whose banned_until has passed is over (the accounts module reads such a row as active
-- and lifts it at the next sign-in).
ALTER TABLE users
  ADD COLUMN ban_reason text,
  ADD COLUMN banned_until timestamptz,
  ADD COLUMN banned_at timestamptz,
  ADD COLUMN banned_by integer REFERENCES users (id) ON DELETE SET NULL;

-- The console's comment list: newest first over every comment, and its status filter.
CREATE INDEX comments_added_idx ON comments (added_date DESC, id DESC);
