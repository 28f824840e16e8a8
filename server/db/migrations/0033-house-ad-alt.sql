-- The default banner zones' alt text (0016) said "Advertise here", the words of a wireframe box (issue
-- 15). The house banners read "Advertise on <site>"; their alt text now says what they are. Only the
-- untouched default changes: a house creative (/ads/house/…) whose alt is still "Advertise here". An
-- administrator's own creatives and alt texts are left as they are.
UPDATE ad_zones AS z
SET config = jsonb_set(
  z.config,
  '{creatives}',
  (
    SELECT jsonb_agg(
      CASE
        WHEN e.c ->> 'alt' = 'Advertise here' AND e.c ->> 'src' LIKE '/ads/house/%'
          THEN jsonb_set(e.c, '{alt}', '"Advertise on this site"')
        ELSE e.c
      END
      ORDER BY e.i
    )
    FROM jsonb_array_elements(z.config -> 'creatives') WITH ORDINALITY AS e(c, i)
  )
)
WHERE jsonb_typeof(z.config -> 'creatives') = 'array'
  AND EXISTS (
    SELECT 1
    FROM jsonb_array_elements(z.config -> 'creatives') AS d(c)
    WHERE d.c ->> 'alt' = 'Advertise here' AND d.c ->> 'src' LIKE '/ads/house/%'
  );
