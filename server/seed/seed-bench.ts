// Bulk catalogue for load tests: N more videos on top of the demo catalogue, made by set-based SQL
// (INSERT ... SELECT ... FROM generate_series) so 100,000 rows take seconds. Rows only: every video
// points at one of the demo clips. Pseudo-random choices come from hashint8extended(g, stream), so a
// run is reproducible. Catalogue counters (categories, tags, models, channels, members) are
// recounted; the bench videos' likes and dislikes are synthetic totals with no vote rows behind them.
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { ensureDemoClips } from './demo-media.ts';
import { SOURCE_WORDS, TITLE_OPENERS, TITLE_SCENES } from './demo-words.ts';
import { isSeeded, seedDemo } from './seed-demo.ts';
import { recountCatalogueCounters } from './seed-sql.ts';

export const BENCH_VIDEOS_KEY = 'bench_videos';
const BULK_TABLES = [
  'videos',
  'video_files',
  'video_categories',
  'video_tags',
  'video_models',
  'video_stats_daily',
];
const MAX_TAGS = 8;
const MAX_MODELS = 3;

export interface SeedBenchOptions {
  videos: number;
  mediaDir: string;
  log?: (line: string) => void;
  now?: Date;
  /** Tests: shorter demo clips, as for seedDemo. */
  clipDurations?: readonly number[];
  segmentSeconds?: number;
  /** Tests: the demo's long videos, as for seedDemo ([] for none). */
  longVideoSeconds?: readonly number[];
  hlsMinDurationSeconds?: number;
}

export interface BenchReport {
  added: number;
  totalVideos: number;
  elapsedMs: number;
}

/** A uniform number in [0, 1) from the row number `g` and a stream number (an SQL expression). */
const unit = (stream: string | number): RawBuilder<number> =>
  sql<number>`((hashint8extended(g, ${sql.raw(String(stream))}) & 2147483647)::float8 / 2147483648.0)`;
/** A 1-based position in `array`, picked by `stream` (skewed to the front when `power` > 1). */
const position = (array: string, stream: string | number, power = 1) =>
  sql<number>`(1 + floor(power(${unit(stream)}, ${sql.lit(power)}) * cardinality(${sql.raw(array)}))::int)`;
/**
 * The k-th of `array` for video g: a start position (skewed to the front by `power`) plus k strides.
 * The stride is a prime above 50, so for any array shorter than 100 (and not that prime long) the
 * picks k = 0, 1, ... stay distinct while k is below the array's length. The same expression picks the link rows and the names that go
 * into the search vector.
 */
const nth = (array: string, stream: number, k: string | number, power: number) =>
  sql<number>`(1 + (floor(power(${unit(stream)}, ${sql.lit(power)}) * cardinality(${sql.raw(array)}))::int
    + (${sql.raw(String(k))}) * (ARRAY[53, 59, 61, 67, 71, 73, 79, 83, 89, 97])[1 + floor(${unit(stream + 1)} * 10)::int])
    % cardinality(${sql.raw(array)}))`;
const tagAt = (k: string | number, column = 'ids') =>
  sql`tg.${sql.raw(column)}[${nth('tg.ids', 100, k, 1.5)}]`;
const categoryAt = (k: string) => sql`cats.ids[${nth('cats.ids', 200, k, 1.5)}]`;
const modelAt = (k: string | number, column = 'ids') =>
  sql`mods.${sql.raw(column)}[${nth('mods.ids', 300, k, 1)}]`;

// Lookup arrays every statement below starts from.
const LOOKUPS = sql`
  tg AS MATERIALIZED (SELECT array_agg(id ORDER BY id) AS ids, array_agg(title ORDER BY id) AS titles FROM tags),
  -- a gender without categories or models of its own borrows the str ones
  cats AS MATERIALIZED (SELECT gd.gender, coalesce(
             (SELECT array_agg(id ORDER BY id) FROM categories WHERE gender = gd.gender),
             (SELECT array_agg(id ORDER BY id) FROM categories WHERE gender = 'str')) AS ids
           FROM (VALUES ('str'), ('gay'), ('shemale')) AS gd(gender)),
  mods AS MATERIALIZED (SELECT gd.gender,
             coalesce((SELECT array_agg(id ORDER BY id) FROM models WHERE gender = gd.gender),
                      (SELECT array_agg(id ORDER BY id) FROM models WHERE gender = 'str')) AS ids,
             coalesce((SELECT array_agg(title ORDER BY id) FROM models WHERE gender = gd.gender),
                      (SELECT array_agg(title ORDER BY id) FROM models WHERE gender = 'str')) AS titles
           FROM (VALUES ('str'), ('gay'), ('shemale')) AS gd(gender))`;

export async function seedBench(handle: DatabaseHandle, options: SeedBenchOptions): Promise<BenchReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const n = Math.floor(options.videos);
  if (!Number.isFinite(n) || n < 1) throw new RangeError('videos must be a positive number');

  const media = {
    clipDurations: options.clipDurations,
    segmentSeconds: options.segmentSeconds,
    longVideoSeconds: options.longVideoSeconds,
    hlsMinDurationSeconds: options.hlsMinDurationSeconds,
  };
  if (!(await isSeeded(handle))) {
    log('bench: seeding the demo catalogue first');
    await seedDemo(handle, { ...media, mediaDir: options.mediaDir, log, now: options.now });
  }
  const clips = await ensureDemoClips(options.mediaDir, {
    log,
    durations: options.clipDurations,
    segmentSeconds: options.segmentSeconds,
    hlsMinDurationSeconds: options.hlsMinDurationSeconds,
  });
  const clipRows = clips.map((c, idx) => ({
    idx,
    media_key: c.mediaKey,
    duration: Math.round(c.duration),
    width: c.width,
    height: c.height,
    words: SOURCE_WORDS[c.source] ?? ['Test Pattern'],
  }));
  const fileRows = clips.flatMap((c, idx) =>
    c.files.map((f) => ({
      idx,
      kind: f.kind,
      format: f.format,
      storage_key: f.storageKey,
      mime: f.mime,
      width: f.width,
      height: f.height,
      size_bytes: f.sizeBytes,
    })),
  );
  const now = (options.now ?? new Date()).toISOString();

  const totalVideos = await handle.db.transaction().execute(async (trx) => {
    const step = async (label: string, query: RawBuilder<unknown>) => {
      const t = Date.now();
      await query.execute(trx);
      log(`bench: ${label} (${Date.now() - t} ms)`);
    };
    const indexes = await prepareBulkLoad(trx);
    const { max_id: maxId } = (
      await sql<{ max_id: number }>`SELECT coalesce(max(id), 0)::int AS max_id FROM videos`.execute(trx)
    ).rows[0]!;

    // CREATE TABLE AS takes no bind parameters: the inputs go through a one-row table.
    await sql`CREATE TEMP TABLE bench_params (clips jsonb, files jsonb, openers jsonb, scenes jsonb, now timestamptz)
              ON COMMIT DROP`.execute(trx);
    await sql`INSERT INTO bench_params VALUES (${JSON.stringify(clipRows)}::jsonb, ${JSON.stringify(fileRows)}::jsonb,
              ${JSON.stringify(TITLE_OPENERS)}::jsonb, ${JSON.stringify(TITLE_SCENES)}::jsonb,
              ${now}::timestamptz)`.execute(trx);

    const tagNames = Array.from(
      { length: MAX_TAGS },
      (_, k) => sql`CASE WHEN ${sql.lit(k)} < b.tag_count THEN ${tagAt(k, 'titles')} END`,
    );
    const modelNames = Array.from(
      { length: MAX_MODELS },
      (_, k) => sql`CASE WHEN ${sql.lit(k)} < b.model_count THEN ${modelAt(k, 'titles')} END`,
    );
    await step(
      `plan ${n} videos`,
      sql`
      CREATE TEMP TABLE bench_new ON COMMIT DROP AS
      WITH ${LOOKUPS},
        clips AS MATERIALIZED (SELECT c.* FROM bench_params,
                  jsonb_to_recordset(clips) AS c(idx int, media_key text, duration int, width int, height int, words text[])),
        words AS MATERIALIZED (SELECT ARRAY(SELECT jsonb_array_elements_text(openers)) AS openers,
                         ARRAY(SELECT jsonb_array_elements_text(scenes)) AS scenes FROM bench_params),
        us AS MATERIALIZED (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE status = 'active'),
        ch AS MATERIALIZED (SELECT array_agg(id ORDER BY id) AS ids, array_agg(title ORDER BY id) AS titles FROM channels),
        base AS (
          SELECT g, (g % (SELECT count(*) FROM clips))::int AS clip,
            CASE WHEN ${unit(1)} < 0.76 THEN 'str' WHEN ${unit(2)} < 0.5 THEN 'gay' ELSE 'shemale' END AS gender,
            round(exp(ln(40) + (ln(2500000) - ln(40)) * power(${unit(3)}, 1.8)))::bigint AS views,
            CASE WHEN ${unit(4)} < 0.12 THEN 0.15 + 0.35 * ${unit(5)} ELSE 0.6 + 0.39 * ${unit(5)} END AS like_rate,
            (SELECT now FROM bench_params) - make_interval(secs => power(${unit(6)}, 1.3) * 730 * 86400) AS post_date,
            3 + floor(${unit(16)} * 6)::int AS tag_count,
            1 + floor(${unit(17)} * 3)::int AS category_count,
            floor(${unit(18)} * 3.99)::int AS model_count
          FROM generate_series(${sql.lit(maxId + 1)}::bigint, ${sql.lit(maxId + n)}::bigint) AS g
        )
      SELECT b.*, c.media_key, c.duration, c.width, c.height, t.title,
        lower(regexp_replace(t.title, '[^A-Za-z0-9]+', '-', 'g')) || '-' || g AS dir,
        us.ids[${position('us.ids', 13, 2)}] AS user_id,
        floor(b.views * (0.002 + 0.02 * ${unit(19)}))::int AS votes,
        CASE WHEN ${unit(14)} < 0.8 THEN ${position('ch.ids', 15)} END AS channel_pos,
        ch.ids AS channel_ids, ch.titles AS channel_titles,
        lower(${tagAt(0, 'titles')}) || ' and ' || lower(${tagAt(1, 'titles')}) AS themes,
        concat_ws(' ', ${sql.join(tagNames)}) AS tag_names,
        concat_ws(' ', ${sql.join(modelNames)}) AS model_names
      FROM base b
      JOIN clips c ON c.idx = b.clip
      CROSS JOIN words w CROSS JOIN us CROSS JOIN ch CROSS JOIN tg
      JOIN mods ON mods.gender = b.gender
      CROSS JOIN LATERAL (SELECT w.openers[${position('w.openers', 10)}] || ' ' || w.scenes[${position('w.scenes', 11)}]
        || ' ' || c.words[${position('c.words', 12)}] AS title) AS t`,
    );

    await step(
      'insert videos',
      sql`
      INSERT INTO videos (dir, title, description, user_id, channel_id, gender, status, duration, width, height,
        media_key, views, likes, dislikes, rating, post_date, created_at, updated_at, search_vector)
      SELECT dir, title, d.description, user_id, channel_ids[channel_pos], gender, 1, duration, width, height,
        media_key, views, l.likes, votes - l.likes,
        CASE WHEN votes > 0 THEN l.likes::real / votes ELSE 0 END,
        post_date, post_date, post_date,
        to_tsvector('simple', concat_ws(' ', title, d.description, tag_names, model_names, channel_titles[channel_pos]))
      FROM bench_new
      CROSS JOIN LATERAL (SELECT round(votes * like_rate)::int AS likes) AS l
      CROSS JOIN LATERAL (SELECT 'A synthetic benchmark copy of a demo clip. Themes: ' || themes || '.' AS description) AS d
      ORDER BY g`,
    );
    await step(
      'map ids',
      sql`CREATE TEMP TABLE bench_ids ON COMMIT DROP AS
          SELECT v.id, b.g, b.clip, b.gender, b.views, b.post_date, b.tag_count, b.category_count, b.model_count
          FROM videos v JOIN bench_new b USING (dir) WHERE v.id > ${sql.lit(maxId)}`,
    );
    await step(
      'link tags',
      sql`WITH ${LOOKUPS}
          INSERT INTO video_tags (video_id, tag_id)
          SELECT DISTINCT b.id, ${tagAt('k')} FROM bench_ids b CROSS JOIN tg
          CROSS JOIN generate_series(0, ${sql.lit(MAX_TAGS - 1)}) AS k WHERE k < b.tag_count`,
    );
    await step(
      'link categories',
      sql`WITH ${LOOKUPS}
          INSERT INTO video_categories (video_id, category_id)
          SELECT DISTINCT b.id, ${categoryAt('k')} FROM bench_ids b JOIN cats ON cats.gender = b.gender
          CROSS JOIN generate_series(0, 2) AS k WHERE k < b.category_count`,
    );
    await step(
      'link models',
      sql`WITH ${LOOKUPS}
          INSERT INTO video_models (video_id, model_id)
          SELECT DISTINCT b.id, ${modelAt('k')} FROM bench_ids b JOIN mods ON mods.gender = b.gender
          CROSS JOIN generate_series(0, ${sql.lit(MAX_MODELS - 1)}) AS k WHERE k < b.model_count`,
    );
    await step(
      'video files',
      sql`
      INSERT INTO video_files (video_id, kind, format, storage_key, mime, width, height, size_bytes, created_at)
      SELECT b.id, f.kind, f.format, f.storage_key, f.mime, f.width, f.height, f.size_bytes, b.post_date
      FROM bench_ids b
      JOIN (SELECT f.* FROM bench_params, jsonb_to_recordset(files) AS f(idx int, kind text, format text,
              storage_key text, mime text, width int, height int, size_bytes bigint)) AS f ON f.idx = b.clip`,
    );
    // Up to three days of the last 30 per video (never before its post date), for the date windows.
    await step(
      'daily stats',
      sql`
      INSERT INTO video_stats_daily (video_id, day, views, likes, dislikes)
      SELECT DISTINCT ON (b.id, s.day) b.id, s.day,
        greatest(1, (b.views * 0.002 * (1 + (hashint8extended(b.g, 500 + k) & 7)))::int), 0, 0
      FROM bench_ids b CROSS JOIN generate_series(0, 2) AS k
      CROSS JOIN LATERAL (SELECT (hashint8extended(b.g, 400 + k) & 2147483647) % 30 AS back) AS r
      CROSS JOIN LATERAL (SELECT (SELECT now FROM bench_params)::date - r.back::int AS day) AS s
      WHERE s.day >= b.post_date::date`,
    );
    const indexStarted = Date.now();
    for (const index of indexes) await sql.raw(index).execute(trx);
    log(`bench: rebuild ${indexes.length} indexes (${Date.now() - indexStarted} ms)`);
    const recountStarted = Date.now();
    await recountCatalogueCounters(trx);
    log(`bench: recount catalogue counters (${Date.now() - recountStarted} ms)`);
    // Fresh planner statistics: PGlite runs no autovacuum, and the row counts just grew a hundredfold.
    const analyzeStarted = Date.now();
    await sql`ANALYZE ${sql.join(BULK_TABLES.map((t) => sql.table(t)))}`.execute(trx);
    log(`bench: analyze (${Date.now() - analyzeStarted} ms)`);
    await sql`
      INSERT INTO site_settings (key, value, updated_at)
      VALUES (${BENCH_VIDEOS_KEY}, jsonb_build_object('added', ${n}::int), now())
      ON CONFLICT (key) DO UPDATE SET
        value = jsonb_build_object('added', (site_settings.value->>'added')::int + ${n}::int), updated_at = now()`.execute(
      trx,
    );
    return (await sql<{ n: number }>`SELECT count(*)::int AS n FROM videos`.execute(trx)).rows[0]!.n;
  });
  // Visibility maps for index-only scans (the capped counts, the listed-ids index): PGlite runs no
  // autovacuum, and VACUUM cannot run inside the load's transaction.
  const vacuumStarted = Date.now();
  await sql`VACUUM ${sql.join([...BULK_TABLES, 'video_stats_window', 'tag_related'].map((t) => sql.table(t)))}`.execute(
    handle.db,
  );
  log(`bench: vacuum (${Date.now() - vacuumStarted} ms)`);
  const elapsedMs = Date.now() - started;
  log(`bench: ${n} videos added, ${totalVideos} in all (${elapsedMs} ms)`);
  return { added: n, totalVideos, elapsedMs };
}

/**
 * Makes the transaction fit for a bulk load; returns the index definitions to run again at the end.
 * Building an index in one pass beats maintaining it row by row (GIN above all), so the secondary
 * indexes of the filled tables are dropped; indexes behind constraints (primary keys, unique) stay.
 * Every id written was just read from its table, so foreign-key triggers are skipped where the role
 * may (superuser: PGlite). DDL is transactional: a failure restores everything.
 */
async function prepareBulkLoad(trx: Transaction<Database>): Promise<string[]> {
  await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
  const role = await sql<{
    super: boolean;
  }>`SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user`.execute(trx);
  if (role.rows[0]?.super) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
  const indexes = (
    await sql<{ name: string; definition: string }>`
      SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = current_schema()
        AND i.tablename IN (${sql.join(BULK_TABLES)})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(trx)
  ).rows;
  for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(trx);
  return indexes.map((i) => i.definition);
}
