// The console kit (issue 33): the parts every console page (routes/admin-*.tsx) repeats, in one place.
// - consoleMeta: a console page's head (its title, noindex).
// - FilterForm, FilterSelect, FilterInput: the plain GET filter form in `console__toolbar` (works
//   without JavaScript; with it, React Router navigates), its selects of "any" + values and its inputs.
// - ConsoleNotice: a notice line (`console__notice`, or `moderation__notice` on the queue pages): ok is
//   role=status, an error role=alert (`--error`). OutcomeNotice shows an act's Outcome through it.
// - useConsoleAct: the last act's Outcome and a busy flag; `run` posts, records the outcome (or the
//   error's field and code) and reads the page's loader again.
// - firstText / errorText: the text of the first key that has one, for codes the server sends
//   (`<ns>.error.<field>_<code>` → `<ns>.error.<code>` → `<ns>.error.other`), typed without casts:
//   i18next takes any key when the options carry a `defaultValue`.
// - ConsoleTable: a `console__table` in `console__table-wrap` with a head of column names, or the
//   page's empty text when there are no rows.
// - ConsolePagination, consolePageUrl, pageCount, filterOf: the filter's values and the page links of
//   a filtered list.
// - DecisionFacts, useDecision, shortWhen: the queues of decision cards (moderation, age verification,
//   reports): a card's facts, and the last decision with the busy flag of the queue's buttons.
import { type ComponentProps, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useRevalidator } from 'react-router';
import { errorCodeOf } from '../../lib/admin-users-api.ts';
import { metaT, type Translate } from '../../lib/i18n.ts';
import { siteOf } from '../../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../../lib/seo.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Pagination } from '../pagination.tsx';

/** A console page's `meta`: the text of `titleKey` as its title, not indexed. */
export function consoleMeta(
  {
    location,
    matches,
  }: { location: Parameters<typeof pageMeta>[0]['location']; matches: Parameters<typeof siteOf>[0] },
  titleKey: string,
) {
  const t = metaT(matches);
  return pageMeta({
    site: siteOf(matches),
    location,
    title: firstText(t, [titleKey]),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

/** A filter's values by name; empty values are left out of URLs. */
export type FilterValues = Readonly<Record<string, string | undefined>>;

/** `base` (a console path) with the non-empty `filter` values, in their order, and `page` past the first. */
export function consolePageUrl(base: string, filter: FilterValues, page = 1): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `${base}${text ? `?${text}` : ''}`;
}

/** How many pages `total` rows make at `perPage` a page (at least one). */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** The strings of the keys `keys` the request's query names, each cut to `max` (missing ones ''). */
export function filterOf<const K extends string>(
  keys: readonly K[],
  raw: Record<string, unknown>,
  max: number,
): Record<K, string> {
  const filter = {} as Record<K, string>;
  for (const key of keys) {
    const value = raw[key];
    filter[key] = typeof value === 'string' ? value.slice(0, max) : '';
  }
  return filter;
}

/** The page links of a list when it has more than one page. */
export function ConsolePagination({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  return pages > 1 ? <Pagination current={page} count={pages} href={href} /> : null;
}

/** The texts of a filter form: its label, submit and clear buttons. */
interface FilterTexts {
  label?: string;
  submit: string;
  clear?: string;
}

/**
 * The filter form: a GET form in `console__toolbar`, its fields, a submit button and (with `clear`) a
 * link back to the unfiltered list at `action`. With `ns`, the texts are `<ns>.filter.label`,
 * `.submit` and `.clear`, and `invalid` shows `<ns>.filter.invalid` as an alert under the form.
 */
export function FilterForm({
  action,
  role,
  ns,
  texts,
  invalid = false,
  primary = true,
  after,
  children,
}: {
  action?: string;
  role?: 'search';
  ns?: string;
  texts?: FilterTexts;
  invalid?: boolean;
  /** The submit button as the primary one (the lists of members, comments, terms and the log). */
  primary?: boolean;
  /** What the form shows after its buttons (the taxonomy lists: their count). */
  after?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const text = (name: string) => (ns ? firstText(t, [`${ns}.filter.${name}`]) : '');
  const { label, submit, clear } = texts ?? {
    label: text('label'),
    submit: text('submit'),
    clear: text('clear'),
  };
  return (
    <>
      <Form method="get" action={action} className="console__toolbar" aria-label={label} role={role}>
        {children}
        <button type="submit" className={primary ? 'button button--primary' : 'button'}>
          {submit}
        </button>
        {clear && action ? (
          <Link to={action} className="button">
            {clear}
          </Link>
        ) : null}
        {after}
      </Form>
      {invalid ? <ConsoleNotice error>{text('invalid')}</ConsoleNotice> : null}
    </>
  );
}

/** A labelled select of the filter: "any" (the empty value) and then `options` as [value, text]. */
export function FilterSelect({
  label,
  name,
  value,
  any,
  options,
}: {
  label: string;
  name: string;
  value: string;
  any: string;
  options: ReadonlyArray<readonly [value: string, text: string]>;
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value}>
        <option value="">{any}</option>
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A labelled input of the filter; the other props go to the input. */
export function FilterInput({ label, ...input }: { label: string } & ComponentProps<'input'>) {
  return (
    <label>
      {label}
      <input {...input} />
    </label>
  );
}

/**
 * One notice line: ok is a status, an error an alert (`role` overrides it). `kind` is the block of its
 * class: `console` (the console's lists) or `moderation` (the queues of cards).
 */
export function ConsoleNotice({
  error = false,
  role,
  kind = 'console',
  children,
}: {
  error?: boolean;
  role?: 'status' | 'alert';
  kind?: 'console' | 'moderation';
  children: ReactNode;
}) {
  return (
    <p
      className={`${kind}__notice${error ? ` ${kind}__notice--error` : ''}`}
      role={role ?? (error ? 'alert' : 'status')}
    >
      {children}
    </p>
  );
}

/** What a console act came to: its own details when it went through, else the error's field and code. */
export type Outcome<Done> = ({ ok: true } & Done) | { ok: false; field: string; code: string };

/** An act's outcome: `ok` gives the notice of one that went through; an error shows `errorText`. */
export function OutcomeNotice<Done>({
  outcome,
  ok,
  error,
}: {
  outcome: Outcome<Done> | null;
  ok: (done: { ok: true } & Done) => ReactNode;
  error: (field: string, code: string) => ReactNode;
}) {
  if (!outcome) return null;
  return outcome.ok ? (
    <ConsoleNotice>{ok(outcome)}</ConsoleNotice>
  ) : (
    <ConsoleNotice error>{error(outcome.field, outcome.code)}</ConsoleNotice>
  );
}

/**
 * The last act's outcome, a busy flag and `run`: it calls `call`, records what it came to (its details,
 * or the error's field and code) and then reads the page's loader again (after a refusal too, unless
 * `reloadAfterError` is false). True when the act went through.
 */
export function useConsoleAct<Done>({ reloadAfterError = true }: { reloadAfterError?: boolean } = {}) {
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<Outcome<Done> | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(call: () => Promise<Done>): Promise<boolean> {
    setBusy(true);
    let ok = false;
    try {
      const done = await call();
      setOutcome({ ok: true, ...done });
      ok = true;
    } catch (failure) {
      setOutcome({ ok: false, ...errorCodeOf(failure) });
    } finally {
      setBusy(false);
      if (ok || reloadAfterError) void revalidator.revalidate();
    }
    return ok;
  }
  return { outcome, setOutcome, busy, run, revalidator };
}

/** The text of the first of `keys` that has one (else ''), each given `options`. */
export function firstText(
  t: Translate,
  keys: readonly string[],
  options: Record<string, unknown> = {},
): string {
  for (const key of keys) {
    const text = t(key, { ...options, defaultValue: '' });
    if (text) return text;
  }
  return '';
}

/**
 * The text of an error code the server sent, in namespace `ns`: `<ns>.error.<field>_<code>` (with a
 * field), then `<ns>.error.<code>`, then `<ns>.error.other` with the code in it.
 */
export function errorText(t: Translate, ns: string, code: string, field?: string): string {
  const keys = field ? [`${ns}.error.${field}_${code}`, `${ns}.error.${code}`] : [`${ns}.error.${code}`];
  return firstText(t, keys) || firstText(t, [`${ns}.error.other`], { code });
}

/** errorText bound to the page's language and `ns`. */
export function useErrorText(ns: string) {
  const { t } = useTranslation();
  return (code: string, field?: string) => errorText(t, ns, code, field);
}

/** A column of a ConsoleTable: its name, or its head cell's content and class. */
export type Column = string | { label: ReactNode; className?: string; key?: string };

/**
 * A list's table: `console__table` (plus `className`) in `console__table-wrap`, a head of `columns`
 * and the rows as children; `empty` instead when `rows` is 0.
 */
export function ConsoleTable({
  className,
  columns,
  rows,
  empty,
  children,
}: {
  className?: string;
  columns: readonly Column[];
  rows: number;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (rows === 0) return <>{empty}</>;
  return (
    <div className="console__table-wrap">
      <table className={className ? `console__table ${className}` : 'console__table'}>
        <thead>
          <tr>
            {columns.map((column, index) =>
              typeof column === 'string' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed; names may repeat.
                <th key={index} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.key ?? index} scope="col" className={column.className}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A date and time as 'YYYY-MM-DD hh:mm' (as stored: UTC). */
export const shortWhen = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** A card's facts (`moderation-item__facts`): each [label, value] as a term and its description. */
export function DecisionFacts({
  facts,
}: {
  facts: ReadonlyArray<readonly [label: string, value: ReactNode]>;
}) {
  return (
    <dl className="moderation-item__facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A queue of decision cards (moderation, age verification, reports): the last decision's result and
 * `decide`, which calls `call`, keeps its result and reads the queue again, or keeps what `refused`
 * makes of the error. `busy` holds every button until the page is hydrated and while a decision or a
 * new read is under way.
 */
export function useDecision<Result>() {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [result, setResult] = useState<Result | undefined>();
  const [sending, setSending] = useState(false);
  const busy = !hydrated || sending || revalidator.state !== 'idle';
  async function decide(call: () => Promise<Result>, refused: (error: unknown) => Result) {
    setSending(true);
    try {
      setResult(await call());
      void revalidator.revalidate();
    } catch (error) {
      setResult(refused(error));
    } finally {
      setSending(false);
    }
  }
  return { result, busy, decide, revalidator };
}
