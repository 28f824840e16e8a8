// Suggestions for the header search box and the top searches; searched words are counted in memory and
// written in one statement every few seconds (never a row update per search request).

import { DEFAULT_GENDER, type Gender } from '../../../contract/catalog.ts';
import { SUGGEST_MAX, SUGGEST_MIN, type SuggestResponse } from '../../../contract/catalog-api.ts';
import { DomainError } from '../../errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { SearchRepository } from './search.repository.ts';

export const SUGGEST_LIMIT = 5;

/** shell.md §5: trimmed, inner whitespace collapsed; the caller checks the 3..69 length. */
export function normalizeSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

export function createSearchService(
  repo: SearchRepository,
  options: { cacheTtlMs?: number; flushMs?: number } = {},
) {
  const ttlMs = options.cacheTtlMs ?? 60_000;
  const cache = new TtlCache<unknown>({ ttlMs, maxEntries: 5000 });
  const cached = <T>(key: string, load: () => Promise<T>) =>
    ttlMs > 0 ? (cache.getOrLoad(key, load) as Promise<T>) : load();
  let pending = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;

  async function flush() {
    timer = null;
    const batch = pending;
    pending = new Map();
    await repo.countSearches(batch).catch(() => {
      // Counting is best effort: a lost batch only makes the top searches a little less exact.
    });
  }

  return {
    /** Forgets this process's cached results (a video taken down leaves them at once). */
    clearCache() {
      cache.clear();
    },
    /** Validates a search text (shell.md §5): trimmed, 3 to 69 characters. */
    searchText(raw: string): string {
      const text = normalizeSearch(raw);
      if (text.length < SUGGEST_MIN)
        throw new DomainError('search_too_short', { info: { min: SUGGEST_MIN } });
      if (text.length > SUGGEST_MAX) throw new DomainError('search_too_long', { info: { max: SUGGEST_MAX } });
      return text;
    },

    /** Counts a search toward the top searches (written in batches). */
    recordSearch(text: string) {
      const key = text.toLowerCase();
      pending.set(key, (pending.get(key) ?? 0) + 1);
      if (!timer) {
        timer = setTimeout(flush, options.flushMs ?? 5000);
        timer.unref();
      }
    },

    flush,

    suggest(raw: string, gender: Gender): Promise<SuggestResponse> {
      const text = normalizeSearch(raw).toLowerCase();
      if (text.length < SUGGEST_MIN || text.length > SUGGEST_MAX) {
        return Promise.resolve({ keywords: [], tags: [], categories: [], models: [], channels: [] });
      }
      return cached(`s:${gender}:${text}`, () => repo.suggest(text, gender, SUGGEST_LIMIT));
    },

    /** Top searches and tags (the `gettags` form and /api/json/suggester/); tags counted in `gender`. */
    top(count: number, gender: Gender = DEFAULT_GENDER) {
      return cached(`top:${count}:${gender}`, async () => {
        const [keywords, tags] = await Promise.all([repo.topKeywords(count), repo.topTags(count, gender)]);
        return { keywords: keywords.map((k) => k.keyword), tags };
      });
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
