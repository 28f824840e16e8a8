-- Issue 18: search ranks the matches among the search tier (the SEARCH_TIER_SIZE most viewed listed
-- videos of each orientation, rollups.ts) first. The tier was a views threshold, read as a bitmap AND of
-- the views index and the full-text index: the full-text side still read every match of the word in the
-- whole catalogue, so a search cost grew with it (7 ms at 10k, 78 ms at 1M, bench/notes.md). The tier is
-- now a flag that the roll-up keeps with the threshold (rollups.repository.ts, markSearchTier), with a
-- full-text index of its own rows only: the tier's matches are read from an index the size of the tier,
-- whatever the catalogue's size. The rows at or above the saved threshold are marked here; the roll-up
-- keeps them from then on.
ALTER TABLE videos ADD COLUMN in_search_tier boolean NOT NULL DEFAULT false;
-- One full-text index per orientation (a search is always of one, and the orientations are the three of
-- contract/catalog.ts GENDERS): a word's matches are read for the visitor's orientation only.
CREATE INDEX videos_search_tier_str_idx ON videos USING gin (search_vector) WHERE in_search_tier AND gender = 'str';
CREATE INDEX videos_search_tier_gay_idx ON videos USING gin (search_vector) WHERE in_search_tier AND gender = 'gay';
CREATE INDEX videos_search_tier_shemale_idx ON videos USING gin (search_vector)
  WHERE in_search_tier AND gender = 'shemale';
CREATE INDEX videos_search_tier_views_idx ON videos (gender, views) WHERE in_search_tier;
UPDATE videos v SET in_search_tier = true
FROM site_settings s
WHERE s.key = 'catalog.search_tier_views' AND (s.value ->> v.gender) IS NOT NULL
  AND v.views >= (s.value ->> v.gender)::bigint
  AND v.status = 1 AND NOT v.is_private AND v.deleted_at IS NULL;
ANALYZE videos (in_search_tier);
