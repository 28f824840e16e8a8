-- The community listing (issue 14; content.md §2, §3, §9): /api/json/members/… lists active accounts
-- 96 a page by a member sort, filtered by country, gender, age, relationship, avatar and orientation.
-- Each sort on a column of users reads its own partial index in order (only active accounts are ever
-- listed), so a page of 100k members never sorts the table; the filters are checked on the rows read.
CREATE INDEX users_active_created_idx ON users (created_at DESC, id DESC) WHERE status = 'active';
CREATE INDEX users_active_name_idx ON users (lower(username), id) WHERE status = 'active';
CREATE INDEX users_active_comments_idx ON users (comments_count DESC, id DESC) WHERE status = 'active';
CREATE INDEX users_active_subscribers_idx ON users (subscribers_count DESC, id DESC) WHERE status = 'active';
-- Countries are stored as members typed them (the seed writes upper case); the filter compares lower case.
CREATE INDEX users_active_country_idx ON users (lower(country), created_at DESC) WHERE status = 'active';

-- The sorts on a member's uploads (count-videos, latest-updates, most-popular-videos) and the cards'
-- counts group the listed videos by uploader: an index-only scan of this index, already in user order.
CREATE INDEX videos_user_listed_idx ON videos (user_id, post_date DESC) INCLUDE (views)
  WHERE status = 1 AND NOT is_private AND deleted_at IS NULL;
