// Should integration files run on several workers at once (vitest.config.ts runs one at a time now), each
// worker takes a Redis database number of its own (TEST_REDIS_URL's number plus the worker's pool id minus
// one), so that no file sees another's keys.
const base = process.env.TEST_REDIS_BASE_URL ?? process.env.TEST_REDIS_URL;
if (base) {
  process.env.TEST_REDIS_BASE_URL = base;
  const url = new URL(base);
  const first = Number(url.pathname.slice(1) || '0');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  url.pathname = `/${first + worker - 1}`;
  process.env.TEST_REDIS_URL = url.toString();
}
