// Suggestions for the header search box and the top searches; searched words are counted in memory and
// written in one statement every few seconds (never a row update per search request). A search text is
// offered to everyone only under the offer rules (search-terms.ts, docs/decisions.md 2026-11-29): the
// repository's reads apply them with the settings in effect; the counting here keeps what they need.

import { createHmac, randomBytes } from 'node:crypto';
import { DEFAULT_BLOCKED_WORDS, SEARCH_SUGGESTION_THRESHOLD } from '../../../contract/admin-search-terms.ts';
import { DEFAULT_GENDER, type Gender } from '../../../contract/catalog.ts';
import { SUGGEST_MAX, SUGGEST_MIN, type SuggestResponse } from '../../../contract/catalog-api.ts';
import { DomainError } from '../../errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { SearchBatchTerm, SearchRepository } from './search.repository.ts';
import { isPlainSearchTerm, networkOf, type OfferPolicy, utcDay } from './search-terms.ts';

export const SUGGEST_LIMIT = 5;
/** Terms one batch keeps; past it a batch counts no new term (counting is best effort). */
const MAX_PENDING_TERMS = 10_000;
/** Visitors one term keeps in a batch. */
const MAX_PENDING_VISITORS = 10_000;
/** How often a process forgets old visitor rows. */
const PRUNE_EVERY_MS = 3_600_000;

/** shell.md §5: trimmed, inner whitespace collapsed; the caller checks the 3..69 length. */
export function normalizeSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** What one search tells the counter besides its text. */
export interface SearchSeen {
  /** The client's address (the one TRUST_PROXY allows); without it the search adds no visitor. */
  address?: string;
  /** Videos the search found when it had no filter (duration, date, HD); else undefined. */
  results?: number;
}

export interface SearchServiceOptions {
  cacheTtlMs?: number;
  flushMs?: number;
  /** The offer rules in effect (the settings): read at each query. */
  policy?: () => OfferPolicy;
  now?: () => Date;
}

interface PendingTerm {
  searches: number;
  results?: number;
  /** `day|network` of each visitor. */
  visitors: Set<string>;
}

const DEFAULT_POLICY: OfferPolicy = {
  threshold: SEARCH_SUGGESTION_THRESHOLD,
  blockedWords: DEFAULT_BLOCKED_WORDS,
};

export function createSearchService(repo: SearchRepository, options: SearchServiceOptions = {}) {
  const ttlMs = options.cacheTtlMs ?? 60_000;
  const policy = options.policy ?? (() => DEFAULT_POLICY);
  const now = options.now ?? (() => new Date());
  const cache = new TtlCache<unknown>({ ttlMs, maxEntries: 5000 });
  const cached = <T>(key: string, load: () => Promise<T>) =>
    ttlMs > 0 ? (cache.getOrLoad(key, load) as Promise<T>) : load();
  let pending = new Map<string, PendingTerm>();
  let timer: NodeJS.Timeout | null = null;
  let addressKey: Promise<string> | null = null;
  let prunedAt = Number.NEGATIVE_INFINITY;

  /** The key of the address hashes: one for the site, made by the first process that needs it. */
  const keyOfAddresses = () => {
    addressKey ??= repo.addressKey(randomBytes(32).toString('hex')).catch((error) => {
      addressKey = null;
      throw error;
    });
    return addressKey;
  };

  async function write(batch: Map<string, PendingTerm>) {
    const at = now();
    const key = await keyOfAddresses();
    const terms: SearchBatchTerm[] = [...batch].map(([keyword, term]) => ({
      keyword,
      searches: term.searches,
      results: term.results,
      // Keyed by the day too: the rows of two days cannot be told to be one visitor's.
      visitors: [...term.visitors].map((visitor) => ({
        day: visitor.slice(0, visitor.indexOf('|')),
        hash: createHmac('sha256', key).update(visitor).digest().subarray(0, 16),
      })),
    }));
    await repo.countSearches(terms, at);
    if (at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = at.getTime();
      // Today's and yesterday's rows stay (a batch written after midnight still finds its day's rows).
      await repo.pruneVisitors(utcDay(new Date(at.getTime() - 86_400_000)));
    }
  }

  async function flush() {
    timer = null;
    const batch = pending;
    pending = new Map();
    await write(batch).catch(() => {
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

    /**
     * Counts a search toward the top searches (written in batches). A text with markup or control
     * characters is not counted at all: it could never be offered.
     */
    recordSearch(text: string, seen: SearchSeen = {}) {
      const key = normalizeSearch(text).toLowerCase();
      if (key.length < SUGGEST_MIN || key.length > SUGGEST_MAX || !isPlainSearchTerm(key)) return;
      let term = pending.get(key);
      if (!term) {
        if (pending.size >= MAX_PENDING_TERMS) return;
        term = { searches: 0, visitors: new Set() };
        pending.set(key, term);
      }
      term.searches += 1;
      if (seen.results !== undefined) term.results = seen.results;
      if (seen.address && term.visitors.size < MAX_PENDING_VISITORS) {
        term.visitors.add(`${utcDay(now())}|${networkOf(seen.address)}`);
      }
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
      return cached(`s:${gender}:${text}`, () => repo.suggest(text, gender, SUGGEST_LIMIT, policy()));
    },

    /** The search terms offered to everyone, most searched first (the home chips read these too). */
    topKeywords(count: number): Promise<string[]> {
      return cached(`kw:${count}`, () => repo.topKeywords(count, policy()));
    },

    /** Top searches and tags (the `gettags` form and /api/json/suggester/); tags counted in `gender`. */
    top(count: number, gender: Gender = DEFAULT_GENDER) {
      return cached(`top:${count}:${gender}`, async () => {
        const [keywords, tags] = await Promise.all([
          repo.topKeywords(count, policy()),
          repo.topTags(count, gender),
        ]);
        return { keywords, tags };
      });
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
