import { MAX_PAGE } from '../../contract/catalog.ts';

/** Listings never go past MAX_PAGE pages, whatever the total. */
export function pageCount(total: number, perPage: number): number {
  return Math.min(MAX_PAGE, Math.max(1, Math.ceil(total / perPage)));
}

/** Up to `size` page numbers around the current one, shifted to stay inside 1..count. */
export function pageWindow(current: number, count: number, size = 5): number[] {
  const length = Math.min(size, count);
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), count - length + 1));
  return Array.from({ length }, (_, i) => start + i);
}
