// `node bench/coview-job.ts`: measures computeCoviews on a generated history (issue 32): VIEWERS viewer-days on one day over VIDEOS
// videos, each viewer-day 1-8 videos (a few binges of 40), on the database of TEST_DATABASE_URL.
import { sql } from 'kysely';
import { computeCoviews } from '../server/modules/discovery/coview.repository.ts';
import { createTestDatabase } from '../server/test/db.ts';

const VIDEOS = Number(process.env.VIDEOS ?? 200_000);
const VIEWERS = Number(process.env.VIEWERS ?? 100_000);
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const database = await createTestDatabase(kind);
const db = database.handle.db;
try {
  let t = performance.now();
  await sql`INSERT INTO videos (dir, title, description, gender, status, duration, post_date, created_at, updated_at)
    SELECT 'v' || g, 'Video ' || g, '', 'str', 1, 60, now(), now(), now() FROM generate_series(1, ${VIDEOS}) g`.execute(
    db,
  );
  const { rows } = await sql<{ min: number }>`SELECT min(id)::bigint AS min FROM videos`.execute(db);
  const base = Number(rows[0]?.min);
  // Popularity skewed: a viewer's videos cluster around a "taste" so that pairs repeat.
  await sql`INSERT INTO coview_visits (day, viewer, video_id)
    SELECT DISTINCT '2026-01-01'::date, w, ${base} + (
        (taste + floor(random() * 50)::int) % ${VIDEOS})
    FROM (SELECT w, floor(power(random(), 3) * ${VIDEOS})::int AS taste,
            CASE WHEN random() < 0.01 THEN 40 ELSE 1 + floor(random() * 8)::int END AS n
          FROM generate_series(1, ${VIEWERS}) w) s
    CROSS JOIN LATERAL generate_series(1, s.n) k`.execute(db);
  console.log(`setup ${Math.round(performance.now() - t)} ms`);
  t = performance.now();
  const [day] = await computeCoviews(db, '2026-01-02');
  console.log(
    JSON.stringify({
      kind,
      catalogue: VIDEOS,
      viewerDays: VIEWERS,
      ...day,
      wallMs: Math.round(performance.now() - t),
    }),
  );
  // A second day on top of the first (pairs merge with decay).
  await sql`INSERT INTO coview_visits (day, viewer, video_id)
    SELECT DISTINCT '2026-01-02'::date, w, ${base} + ((taste + floor(random() * 50)::int) % ${VIDEOS})
    FROM (SELECT w, floor(power(random(), 3) * ${VIDEOS})::int AS taste, 1 + floor(random() * 8)::int AS n
          FROM generate_series(1, ${VIEWERS}) w) s CROSS JOIN LATERAL generate_series(1, s.n) k`.execute(db);
  t = performance.now();
  const [second] = await computeCoviews(db, '2026-01-03');
  console.log(JSON.stringify({ second: true, ...second, wallMs: Math.round(performance.now() - t) }));
} finally {
  await database.dispose();
}
