-- Ad accounting (issue 32): the ad events the pages count — impressions, clicks, the VAST quartiles of
-- the pre-roll and skips — per UTC day, zone and creative. Staged like the views and analytics (never a
-- database write per event) and added by the flusher in one statement per batch
-- (server/modules/ads/ad-stats.repository.ts). creative: a house ad's id (`house-300x250`), a hash of
-- an operator's creative (`img-…`, `frame-…`, `promo-…`), a VAST creative's id, or `partner`/`fallback`.
-- A zone's frequency cap is in its config (ad_zones.config.frequencyCap), not here.
CREATE TABLE ad_stats_daily (
  day       date NOT NULL,
  zone      text NOT NULL,
  creative  text NOT NULL,
  event     text NOT NULL,
  count     bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, zone, creative, event)
);
-- The console reads a range of days for every zone: the primary key's order serves it.
