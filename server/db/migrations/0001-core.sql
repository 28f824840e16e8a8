-- Core schema for the whole domain. Conventions:
--   * ids are bigint identities; public slugs live in `dir` (unique, lowercase, url-safe);
--   * counters shown in listings (views, likes, comments...) are denormalised onto the row and kept
--     up to date by batched writers, so every sort of the spec is an index scan;
--   * `gender` is the orientation of the spec (str, gay, shemale); default str.
--   * video.status: 1 active, 2 processing, 3 waiting for moderation, 4 rejected, 5 unavailable
--     (the spec's status_id 5). Only status 1 and not private is listed.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username        text NOT NULL,
  email           text NOT NULL,
  password_hash   text,
  role            text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'moderator', 'administrator')),
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('unconfirmed', 'active', 'banned')),
  email_confirmed_at timestamptz,
  avatar          text,
  cover           text,
  gender          smallint,            -- 1 male, 2 female, 3 couple, 4 transsexual
  birth_date      date,
  country         char(2),
  relationship    smallint CHECK (relationship BETWEEN 1 AND 3),
  orientation     smallint CHECK (orientation BETWEEN 1 AND 5),
  education       text,
  website         text,
  about_me        text,
  age_verified    boolean NOT NULL DEFAULT false,
  google_sub      text UNIQUE,
  videos_count    integer NOT NULL DEFAULT 0,
  subscribers_count integer NOT NULL DEFAULT 0,
  comments_count  integer NOT NULL DEFAULT 0,
  profile_viewed  bigint NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_login_at   timestamptz
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_created_idx ON users (created_at DESC, id DESC);
CREATE INDEX users_country_idx ON users (country);

CREATE TABLE sessions (
  token_hash      text PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  last_seen_at    timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  ip              text,
  user_agent      text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

CREATE TABLE categories (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dir             text NOT NULL UNIQUE,
  title           text NOT NULL,
  description     text NOT NULL DEFAULT '',
  gender          text NOT NULL DEFAULT 'str',
  thumb           text,
  total_videos    integer NOT NULL DEFAULT 0,
  viewed          bigint NOT NULL DEFAULT 0,
  rating          real NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX categories_title_trgm ON categories USING gin (title gin_trgm_ops);

CREATE TABLE tags (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dir             text NOT NULL UNIQUE,
  title           text NOT NULL,
  description     text NOT NULL DEFAULT '',
  total_videos    integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tags_title_trgm ON tags USING gin (title gin_trgm_ops);
CREATE INDEX tags_title_idx ON tags (lower(title));

CREATE TABLE models (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dir             text NOT NULL UNIQUE,
  title           text NOT NULL,
  alias           text NOT NULL DEFAULT '',
  gender          text NOT NULL DEFAULT 'str',
  description     text NOT NULL DEFAULT '',
  img             text,
  birth_date      date,
  country         char(2),
  ethnicity       text,
  race            text CHECK (race IN ('asian', 'caucasian', 'ebony', 'latin')),
  career_status   smallint CHECK (career_status IN (0, 1)),
  career_start    smallint,
  career_end      smallint,
  debut_age       smallint,
  zodiac          text,
  hair            smallint CHECK (hair BETWEEN 1 AND 5),
  eye             text,
  tattoo          boolean,
  piercing        boolean,
  size_tits       text,
  measurements    text,
  height          smallint,            -- centimetres
  weight          smallint,            -- kilograms
  total_videos    integer NOT NULL DEFAULT 0,
  viewed          bigint NOT NULL DEFAULT 0,
  subscribers     integer NOT NULL DEFAULT 0,
  rating          real NOT NULL DEFAULT 0,
  added_date      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX models_title_trgm ON models USING gin (title gin_trgm_ops);
CREATE INDEX models_popular_idx ON models (gender, viewed DESC, id DESC);
CREATE INDEX models_title_idx ON models (gender, lower(title));
CREATE INDEX models_added_idx ON models (gender, added_date DESC, id DESC);

CREATE TABLE channels (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dir             text NOT NULL UNIQUE,
  title           text NOT NULL,
  url             text,
  description     text NOT NULL DEFAULT '',
  scr1            text,
  user_id         bigint REFERENCES users(id) ON DELETE SET NULL,
  gender          text NOT NULL DEFAULT 'str',
  total_videos    integer NOT NULL DEFAULT 0,
  viewed          bigint NOT NULL DEFAULT 0,
  subscribers     integer NOT NULL DEFAULT 0,
  rating          real NOT NULL DEFAULT 0,
  added_date      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX channels_title_trgm ON channels USING gin (title gin_trgm_ops);
CREATE INDEX channels_popular_idx ON channels (viewed DESC, id DESC);

CREATE TABLE videos (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dir             text NOT NULL,
  title           text NOT NULL,
  description     text NOT NULL DEFAULT '',
  user_id         bigint REFERENCES users(id) ON DELETE SET NULL,
  channel_id      bigint REFERENCES channels(id) ON DELETE SET NULL,
  gender          text NOT NULL DEFAULT 'str',
  status          smallint NOT NULL DEFAULT 2 CHECK (status BETWEEN 1 AND 5),
  reject_reason   text,
  is_private      boolean NOT NULL DEFAULT false,
  is_exclusive    boolean NOT NULL DEFAULT false,
  duration        integer NOT NULL DEFAULT 0,      -- seconds
  width           integer,
  height          integer,
  content_hash    text,
  media_key       text,                            -- storage prefix of the video's files
  country         char(2),
  ex_tube         text,
  ex_id           text,
  sg_id           bigint,
  views           bigint NOT NULL DEFAULT 0,
  likes           integer NOT NULL DEFAULT 0,
  dislikes        integer NOT NULL DEFAULT 0,
  rating          real NOT NULL DEFAULT 0,         -- likes / (likes + dislikes), 0..1
  comments_count  integer NOT NULL DEFAULT 0,
  favourites_count integer NOT NULL DEFAULT 0,
  post_date       timestamptz NOT NULL DEFAULT now(),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  deleted_at      timestamptz,
  search_vector   tsvector
);
CREATE UNIQUE INDEX videos_content_hash_key ON videos (content_hash) WHERE content_hash IS NOT NULL AND deleted_at IS NULL;
-- One partial index per sort of the spec, over the listed rows only.
CREATE INDEX videos_latest_idx ON videos (gender, post_date DESC, id DESC) WHERE status = 1 AND NOT is_private AND deleted_at IS NULL;
CREATE INDEX videos_viewed_idx ON videos (gender, views DESC, id DESC) WHERE status = 1 AND NOT is_private AND deleted_at IS NULL;
CREATE INDEX videos_rated_idx ON videos (gender, rating DESC, likes DESC, id DESC) WHERE status = 1 AND NOT is_private AND deleted_at IS NULL;
CREATE INDEX videos_longest_idx ON videos (gender, duration DESC, id DESC) WHERE status = 1 AND NOT is_private AND deleted_at IS NULL;
CREATE INDEX videos_commented_idx ON videos (gender, comments_count DESC, id DESC) WHERE status = 1 AND NOT is_private AND deleted_at IS NULL;
CREATE INDEX videos_user_idx ON videos (user_id, post_date DESC);
CREATE INDEX videos_channel_idx ON videos (channel_id, post_date DESC);
CREATE INDEX videos_status_idx ON videos (status, created_at);
CREATE INDEX videos_search_idx ON videos USING gin (search_vector);
CREATE INDEX videos_title_trgm ON videos USING gin (title gin_trgm_ops);

-- Every file a video has: renditions, HLS playlists, posters, thumbnails, sprites, previews.
CREATE TABLE video_files (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('source', 'mp4', 'hls', 'poster', 'thumb', 'sprite', 'vtt', 'preview')),
  format          text NOT NULL DEFAULT '',        -- e.g. 720p, or the thumbnail number
  storage_key     text NOT NULL,
  mime            text NOT NULL,
  width           integer,
  height          integer,
  bitrate         integer,
  size_bytes      bigint NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (video_id, kind, format)
);

CREATE TABLE video_categories (
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  category_id     bigint NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  PRIMARY KEY (video_id, category_id)
);
CREATE INDEX video_categories_category_idx ON video_categories (category_id, video_id);

CREATE TABLE video_tags (
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  tag_id          bigint NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
  PRIMARY KEY (video_id, tag_id)
);
CREATE INDEX video_tags_tag_idx ON video_tags (tag_id, video_id);

CREATE TABLE video_models (
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  model_id        bigint NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  PRIMARY KEY (video_id, model_id)
);
CREATE INDEX video_models_model_idx ON video_models (model_id, video_id);

-- Daily roll-up behind the day/week/month windows of most-popular and top-rated.
CREATE TABLE video_stats_daily (
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  day             date NOT NULL,
  views           integer NOT NULL DEFAULT 0,
  likes           integer NOT NULL DEFAULT 0,
  dislikes        integer NOT NULL DEFAULT 0,
  PRIMARY KEY (video_id, day)
);
CREATE INDEX video_stats_daily_day_idx ON video_stats_daily (day, video_id);

CREATE TABLE playlists (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title           text NOT NULL,
  description     text NOT NULL DEFAULT '',
  gender          text NOT NULL DEFAULT 'str',
  is_private      boolean NOT NULL DEFAULT false,
  total_videos    integer NOT NULL DEFAULT 0,
  viewed          bigint NOT NULL DEFAULT 0,
  likes           integer NOT NULL DEFAULT 0,
  dislikes        integer NOT NULL DEFAULT 0,
  rating          real NOT NULL DEFAULT 0,
  comments_count  integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX playlists_user_idx ON playlists (user_id, created_at DESC);
CREATE INDEX playlists_latest_idx ON playlists (gender, updated_at DESC, id DESC) WHERE NOT is_private;
CREATE INDEX playlists_viewed_idx ON playlists (gender, viewed DESC, id DESC) WHERE NOT is_private;

CREATE TABLE playlist_videos (
  playlist_id     bigint NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  position        integer NOT NULL,
  added_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (playlist_id, video_id)
);
CREATE INDEX playlist_videos_order_idx ON playlist_videos (playlist_id, position);

CREATE TABLE playlist_categories (
  playlist_id     bigint NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
  category_id     bigint NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  PRIMARY KEY (playlist_id, category_id)
);

-- Comments, votes and subscriptions address their object by (section, object_id) as the spec's calls do.
CREATE TABLE comments (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  section         text NOT NULL CHECK (section IN ('video', 'playlist', 'model', 'channel', 'member')),
  object_id       bigint NOT NULL,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  comment         text NOT NULL,
  status          text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'hidden')),
  ip              text,
  added_date      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_object_idx ON comments (section, object_id, added_date DESC);
CREATE INDEX comments_user_idx ON comments (user_id, added_date DESC);

CREATE TABLE votes (
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  section         text NOT NULL CHECK (section IN ('video', 'playlist', 'model', 'channel', 'comment')),
  object_id       bigint NOT NULL,
  vote            smallint NOT NULL CHECK (vote IN (-1, 1)),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, section, object_id)
);
CREATE INDEX votes_object_idx ON votes (section, object_id);

CREATE TABLE favourites (
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  added_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, video_id)
);
CREATE INDEX favourites_user_idx ON favourites (user_id, added_at DESC);

CREATE TABLE watch_later (
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  added_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, video_id)
);
CREATE INDEX watch_later_user_idx ON watch_later (user_id, added_at DESC);

CREATE TABLE history (
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  video_id        bigint NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
  watched_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, video_id)
);
CREATE INDEX history_user_idx ON history (user_id, watched_at DESC);

CREATE TABLE subscriptions (
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  section         text NOT NULL CHECK (section IN ('model', 'channel', 'member', 'playlist', 'category')),
  object_id       bigint NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, section, object_id)
);
CREATE INDEX subscriptions_object_idx ON subscriptions (section, object_id);

-- A friendship is one row per direction once accepted; a pending request is the requester's row only.
CREATE TABLE friends (
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  friend_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted')),
  message         text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, friend_id),
  CHECK (user_id <> friend_id)
);
CREATE INDEX friends_friend_idx ON friends (friend_id, status);

CREATE TABLE wall_posts (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,   -- whose wall
  author_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  message         text NOT NULL,
  added_date      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wall_posts_user_idx ON wall_posts (user_id, added_date DESC);

CREATE TABLE reports (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject         text NOT NULL,
  email           text NOT NULL,
  message         text NOT NULL,
  file_key        text,
  referrer        text,
  user_id         bigint REFERENCES users(id) ON DELETE SET NULL,
  video_id        bigint REFERENCES videos(id) ON DELETE SET NULL,
  ip              text,
  status          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
  resolved_by     bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reports_status_idx ON reports (status, created_at);

-- Background work of the media pipeline and the counters. The queue engine (issue 4) owns claiming
-- and retries; this table is the durable record a video's pipeline state is read from.
CREATE TABLE jobs (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name            text NOT NULL,
  payload         jsonb NOT NULL DEFAULT '{}',
  state           text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'active', 'completed', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  max_attempts    integer NOT NULL DEFAULT 5,
  progress        real NOT NULL DEFAULT 0,
  run_after       timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz,
  last_error      text,
  singleton_key   text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_ready_idx ON jobs (run_after, id) WHERE state = 'queued';
CREATE UNIQUE INDEX jobs_singleton_key ON jobs (name, singleton_key) WHERE singleton_key IS NOT NULL AND state IN ('queued', 'active');

-- Words people search for, shown by the suggester and the SEO keyword blocks.
CREATE TABLE search_keywords (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  keyword         text NOT NULL,
  searches        integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX search_keywords_key ON search_keywords (lower(keyword));
CREATE INDEX search_keywords_trgm ON search_keywords USING gin (keyword gin_trgm_ops);

-- Small key/value store for the site's own settings and bookkeeping (e.g. the demo seed marker).
CREATE TABLE site_settings (
  key             text PRIMARY KEY,
  value           jsonb NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
