-- House ads (issue 34): a fresh site showed four English "Your banner here" images in every footer and
-- seven more on the video page. Now a fresh site shows at most one house ad per page, drawn by the page
-- in its own language (creative kind "house", contract/ads.ts): the footer's one slot. The other banner
-- zones start empty and the promo has no banner. Only zones nobody has saved (updated_by is null, as
-- 0016 left them) and holding nothing but the built-in /ads/house/ images change: an operator's own
-- creatives stay as they are.
--
-- Two zones the spec names (content.md §2, §4, §7) join the table, empty and off on a fresh site: the
-- partner suggestion frame and the under-player live ads (countries de, fr, nl, us at 90 %).
ALTER TABLE ad_zones DROP CONSTRAINT IF EXISTS ad_zones_key_check;
ALTER TABLE ad_zones ADD CONSTRAINT ad_zones_key_check
  CHECK (key IN ('preroll', 'pause', 'footer', 'carousel', 'aside', 'promo', 'partner', 'live'));

INSERT INTO ad_zones (key, enabled, config) VALUES
  ('partner', false, '{"src": null, "height": 250, "clipId": false}'),
  ('live', false, '{"feedUrl": null, "countries": ["de", "fr", "nl", "us"], "probability": 90}')
ON CONFLICT (key) DO NOTHING;

UPDATE ad_zones
SET config = '{"creatives": [{"kind": "house", "width": 300, "height": 250}]}'
WHERE key = 'footer' AND updated_by IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM jsonb_array_elements(config -> 'creatives') AS c(v)
    WHERE coalesce(c.v ->> 'src', '') NOT LIKE '/ads/house/%'
  );

UPDATE ad_zones
SET config = '{"creatives": []}'
WHERE key IN ('pause', 'carousel', 'aside') AND updated_by IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM jsonb_array_elements(config -> 'creatives') AS c(v)
    WHERE coalesce(c.v ->> 'src', '') NOT LIKE '/ads/house/%'
  );

UPDATE ad_zones
SET config = '{"banner": null}'
WHERE key = 'promo' AND updated_by IS NULL
  AND coalesce(config -> 'banner' ->> 'src', '/ads/house/') LIKE '/ads/house/%';
