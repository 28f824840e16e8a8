// The loader half of the console kit (console-kit.tsx): a filtered list read from the page's query.
import { data } from 'react-router';
import { filterOf } from './console-kit.tsx';

/** What a zod schema's safeParse gives, as far as the loaders need it. */
interface QuerySchema<Query> {
  safeParse(raw: unknown): { success: true; data: Query } | { success: false };
}

/**
 * A filtered console list: the filter's values from the query (each cut to `max`, for the form and the
 * links), and the list `read` gives for the query `schema` parses, or `empty` with `invalid` and HTTP
 * 400 when it does not parse. `base` (the page's own fields) comes first in the answer.
 */
export async function consoleList<const K extends string, Query, List, Base extends object>({
  url,
  keys,
  max,
  schema,
  base,
  empty,
  read,
}: {
  url: URL;
  keys: readonly K[];
  max: number;
  schema: QuerySchema<Query>;
  base: Base;
  empty: List;
  read: (query: Query) => Promise<List>;
}) {
  const raw = Object.fromEntries(url.searchParams);
  const filter = filterOf(keys, raw, max);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return data({ ...base, filter, invalid: true, list: empty }, { status: 400 });
  return data({ ...base, filter, invalid: false, list: await read(parsed.data) });
}
