// Query filters of video listings (content.md §3): date (only with top-rated and most-popular) and
// duration. Unknown values are ignored rather than 404: they come from hand-edited query strings.
import {
  DATE_WINDOWS,
  DATED_SORTS,
  type DateWindow,
  DURATION_CLASSES,
  type DurationClass,
  type VideoSort,
} from '../../contract/catalog.ts';
import { isOneOf } from './params.ts';

export interface VideoFilters {
  date?: DateWindow;
  duration?: DurationClass;
}

export function parseFilters(search: URLSearchParams, sort: VideoSort): VideoFilters {
  const filters: VideoFilters = {};
  const date = search.get('date');
  if (DATED_SORTS.includes(sort) && isOneOf(date, DATE_WINDOWS) && date !== 'all') filters.date = date;
  const duration = Number(search.get('duration'));
  const durationClass = DURATION_CLASSES.find((d) => d === duration);
  if (durationClass) filters.duration = durationClass;
  return filters;
}

/** The current query with some parameters set or removed (null removes). */
export function withQuery(path: string, search: string, changes: Record<string, string | null> = {}): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
