-- Friends and the wall (issue 14). A pending request is one row, the requester's; an accepted
-- friendship is one row per direction (0001-core.sql). One pending row per pair, whichever way it
-- points: two members asking each other at the same moment cannot both leave a request (the second
-- insert finds the first and accepts it instead).
CREATE UNIQUE INDEX friends_pending_pair_idx
  ON friends (least(user_id, friend_id), greatest(user_id, friend_id))
  WHERE status = 'pending';

-- A member's outgoing requests and the posts an author wrote (deleting them with the account is the
-- foreign key's; these serve the owner's friends page and the author's own lookups).
CREATE INDEX friends_user_status_idx ON friends (user_id, status, created_at DESC);
CREATE INDEX wall_posts_author_idx ON wall_posts (author_id);
