// Errors are values with a code from the spec; the HTTP layer maps them to the spec's shapes.
import type { FieldError } from '../contract/errors.ts';
import { english } from './lib/english.ts';

export type { FieldError } from '../contract/errors.ts';

/** A failure the user can act on: it carries the spec's code(s) and the HTTP status to answer with. */
export class DomainError extends Error {
  readonly status: number;
  readonly code: string;
  readonly codes: FieldError[];
  readonly info: Record<string, unknown> | undefined;

  constructor(
    code: string,
    options: { status?: number; codes?: FieldError[]; message?: string; info?: Record<string, unknown> } = {},
  ) {
    super(options.message ?? code);
    this.name = 'DomainError';
    this.code = code;
    this.status = options.status ?? 400;
    this.codes = options.codes ?? [];
    this.info = options.info;
  }
}

export const notFound = (what = 'not_found') => new DomainError(what, { status: 404 });
/** content.md §8 'You do not have permission to view.' */
export const forbidden = () =>
  new DomainError('forbidden', { status: 403, message: english('api.forbidden') });
/** A guest where an account is needed: one code for the whole API (content.md §8). */
export const unauthorized = () =>
  new DomainError('login_required', { status: 401, message: english('notify.login_required') });
