// URL parameters are validated before any query runs: anything out of the contract is the 404 page,
// answered with HTTP 404 (spec/content.md §2, §9).
import { data } from 'react-router';
import { MAX_PAGE } from '../../contract/catalog.ts';

/** Thrown to the root error boundary, which renders 'Content not found!' with status 404. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** Pages are 1..20 written plainly: no 0, no leading zeros, no signs, nothing past MAX_PAGE. */
export function parsePage(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,2}$/.test(raw)) notFound();
  const page = Number(raw);
  if (page > MAX_PAGE) notFound();
  return page;
}

export function parseSort<T extends string>(raw: string | undefined, allowed: readonly T[]): T {
  const sort = allowed.find((candidate) => candidate === raw);
  if (!sort) notFound();
  return sort;
}

export function parseId(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,14}$/.test(raw)) notFound();
  return Number(raw);
}

/** Dirs are URL slugs: letters (any script), digits, dash and underscore. */
export function parseDir(raw: string | undefined): string {
  if (!raw || raw.length > 200 || !/^[\p{L}\p{N}_-]+$/u.test(raw)) notFound();
  return raw;
}

export function isOneOf<T extends string>(
  value: string | null | undefined,
  allowed: readonly T[],
): value is T {
  return allowed.some((candidate) => candidate === value);
}
