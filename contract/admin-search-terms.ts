// Search terms offered to everyone (issue 34 item 1): the rules' defaults (the console's settings page
// edits them), GET/POST /api/admin/search_terms.php and the /admin/search-terms/ page, moderators and
// administrators. A term is offered (the suggester, the top searches, the home keyword chips) only in
// the state `offered`; the others say why not. Schemas, limits and codes; no server dependencies.
import { z } from 'zod';

export const ADMIN_SEARCH_TERMS_PATH = '/api/admin/search_terms.php';

/** Distinct visitors (an address counts once per term per day) before a term is offered. */
export const SEARCH_SUGGESTION_THRESHOLD = 3;
/**
 * The block list's default: words no adult site may offer as a search (minors). The operator edits
 * the list in the settings; a term containing one of its words (or phrases) is never offered.
 */
export const DEFAULT_BLOCKED_WORDS = [
  'child',
  'children',
  'jailbait',
  'kid',
  'kids',
  'loli',
  'lolita',
  'pedo',
  'preteen',
  'underage',
];

/**
 * Why a term is or is not offered, first reason first: staff hid it, it carries markup or control
 * characters, it contains a blocked word, its last search found no video, too few visitors searched it.
 */
export const SEARCH_TERM_STATES = [
  'offered',
  'hidden',
  'markup',
  'blocked',
  'no_results',
  'few_visitors',
] as const;
export type SearchTermState = (typeof SEARCH_TERM_STATES)[number];

export const SEARCH_TERM_ACTIONS = ['hide', 'unhide'] as const;
export type SearchTermAction = (typeof SEARCH_TERM_ACTIONS)[number];

export const SEARCH_TERMS_PAGE_SIZE = 50;
export const SEARCH_TERMS_MAX_PAGE = 1000;
export const SEARCH_TERMS_Q_MAX = 100;
/** Terms one call acts on. */
export const SEARCH_TERMS_BULK_MAX = 100;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
/** '' is the same as not sent (a select left on "any"). */
const blankless = (value: unknown) => {
  const v = trimmed(value);
  return v === '' ? undefined : v;
};

/** GET /api/admin/search_terms.php?q=&state=&page= */
export const searchTermsQuerySchema = z.object({
  q: z
    .preprocess(blankless, z.string({ error: 'invalid' }).max(SEARCH_TERMS_Q_MAX, 'invalid').optional())
    .describe('Part of the term.'),
  state: z
    .preprocess(blankless, z.enum(SEARCH_TERM_STATES, { error: 'invalid' }).optional())
    .describe(SEARCH_TERM_STATES.join(' | ')),
  page: z
    .preprocess(
      trimmed,
      z
        .string({ error: 'invalid' })
        .regex(/^[1-9]\d{0,3}$/, 'invalid')
        .transform(Number)
        .pipe(z.number().max(SEARCH_TERMS_MAX_PAGE, 'invalid')),
    )
    .default(1)
    .describe(`Page number, 1 (default) to ${SEARCH_TERMS_MAX_PAGE}.`),
});
export type SearchTermsQuery = z.output<typeof searchTermsQuerySchema>;

export const searchTermsInputSchema = z.object({
  act: z
    .preprocess(
      trimmed,
      z.enum(SEARCH_TERM_ACTIONS, {
        error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : 'invalid'),
      }),
    )
    .describe(SEARCH_TERM_ACTIONS.join(' | ')),
  ids: z
    .preprocess(
      trimmed,
      z
        .string({
          error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : 'invalid'),
        })
        .min(1, { error: 'required', abort: true })
        .regex(/^[1-9]\d{0,14}(\s*,\s*[1-9]\d{0,14})*$/, { error: 'invalid', abort: true })
        .transform((v) => [...new Set(v.split(',').map((s) => Number(s.trim())))])
        .pipe(z.array(z.number()).max(SEARCH_TERMS_BULK_MAX, 'too_many')),
    )
    .describe(`Term ids, comma-separated, at most ${SEARCH_TERMS_BULK_MAX}.`),
});
export type SearchTermsInput = z.output<typeof searchTermsInputSchema>;

export const adminSearchTermSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  /** Every search counted, repeats included. */
  searches: z.number().int(),
  /** Distinct visitors: an address counts once per term per day. */
  visitors: z.number().int(),
  /** Videos its last search (without filters) found; null: not known yet. */
  results: z.number().int().nullable(),
  state: z.enum(SEARCH_TERM_STATES),
  searched_at: z.string().nullable(),
  hidden_at: z.string().nullable(),
});
export type AdminSearchTerm = z.infer<typeof adminSearchTermSchema>;

export const adminSearchTermListSchema = z.object({
  terms: z.array(adminSearchTermSchema),
  total_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** The visitors a term needs now (the setting). */
  threshold: z.number().int(),
});
export type AdminSearchTermList = z.infer<typeof adminSearchTermListSchema>;

export const adminSearchTermResultSchema = z.object({
  status: z.literal('success'),
  act: z.enum(SEARCH_TERM_ACTIONS),
  /** The terms the act changed (an already hidden term is not changed by hide, and so on). */
  changed: z.array(z.number().int()),
  /** Ids that named no term. */
  not_found: z.array(z.number().int()),
});
export type AdminSearchTermResult = z.infer<typeof adminSearchTermResultSchema>;
