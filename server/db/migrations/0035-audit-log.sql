-- Issue 17: every staff action, kept for the console's audit log. The actor's name is copied so an entry
-- still reads after the account is deleted; the target is a type and an id (a video, a user, a setting…).
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  actor_name text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL DEFAULT '',
  target_id text NOT NULL DEFAULT '',
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action_at ON audit_log (action, at DESC);
CREATE INDEX audit_log_actor_at ON audit_log (actor_id, at DESC);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id, at DESC);
