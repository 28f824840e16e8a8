// CATALOG_CACHE=off turns off the catalogue's caches (response bytes and in-process results), for the
// bench's uncached figures. Read here rather than in config.ts while that file is being reworked; it
// belongs in the config schema.
export function catalogCacheEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CATALOG_CACHE !== 'off';
}
