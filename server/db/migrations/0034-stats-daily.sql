-- Issue 17: the console's time series, one row per UTC day, metric and name, written in batches by the
-- flushers (never a row per event): page views by route name ('page_view'), goal events by goal name
-- ('goal'), video views ('video_view', name ''). Sign-ups and uploads are read from their own tables.
CREATE TABLE stats_daily (
  day date NOT NULL,
  metric text NOT NULL,
  name text NOT NULL DEFAULT '',
  count bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, metric, name)
);
CREATE INDEX stats_daily_metric_day ON stats_daily (metric, day);
