// /admin/audit/ (issue 17): the audit log of staff actions, for administrators. Everyone else gets the
// spec's 'You do not have permission to view.' with HTTP 403. The filter is a plain GET form (it works
// without JavaScript; with it, React Router navigates), read with the API's own query schema.
import admin_audit from 'virtual:en/admin_audit';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import {
  AUDIT_FILTER_MAX,
  type AuditEntry,
  type AuditPage,
  auditQuerySchema,
  auditTargetHref,
} from '../../contract/admin-audit.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import {
  ConsolePagination,
  ConsoleTable,
  consoleMeta,
  consolePageUrl,
  FilterForm,
  FilterInput,
  filterOf,
  firstText,
} from '../components/admin/console-kit.tsx';
import { Notice } from '../components/status-page.tsx';
import { userContext } from '../lib/context.ts';
import { addEnglish } from '../lib/i18n.ts';
import { servicesOf } from '../lib/route-data.ts';
import css from '../styles/admin-audit.css?url';
import type { Route } from './+types/admin-audit.ts';

addEnglish({ admin_audit });

export const links = () => [...adminLinks(), { rel: 'stylesheet', href: css }];

const FIELDS = ['action', 'actor', 'target_type', 'target_id', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

type LoaderData =
  | { forbidden: true }
  | { forbidden: false; role: string; values: Values; errors: string[]; log: AuditPage };

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (user?.role !== 'administrator') return data<LoaderData>({ forbidden: true }, { status: 403 });
  const raw = Object.fromEntries(url.searchParams);
  const values = filterOf(FIELDS, raw, 200);
  const audit = servicesOf(context).audit;
  const parsed = auditQuerySchema.safeParse(raw);
  if (!parsed.success) {
    // The form comes back with what was sent and what is wrong; the list of actions still fills it.
    const errors = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? 'general')))];
    const log = await audit.search(user, {});
    return data<LoaderData>(
      { forbidden: false, role: user.role, values, errors, log: { ...log, items: [], total_count: 0 } },
      { status: 400 },
    );
  }
  const log = await audit.search(user, parsed.data);
  return data<LoaderData>({ forbidden: false, role: user.role, values, errors: [], log });
}

export const meta = (args: Route.MetaArgs) => consoleMeta(args, 'admin_audit.title');

/** This page with `values` as its filter (empty ones left out) and `page`. */
const pageUrl = (values: Values, page = 1) => consolePageUrl('/admin/audit/', values, page);

const COLUMNS = ['when', 'who', 'action', 'target', 'details'] as const;

/** A detail's value in one short line. */
function detailText(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return value.length > 120 ? `${value.slice(0, 119)}…` : value;
  if (Array.isArray(value)) return value.map(detailText).join(', ');
  if (typeof value === 'object') return detailText(JSON.stringify(value));
  return String(value);
}

function ActionOptions({ actions, current }: { actions: string[]; current: string }) {
  const { t } = useTranslation();
  const prefixes = [...new Set(actions.map((a) => a.split('.')[0]).filter(Boolean))];
  const known = new Set([...actions, ...prefixes.map((p) => `${p}.`)]);
  return (
    <>
      <option value="">{t('admin_audit.filter.action_any')}</option>
      {current && !known.has(current) ? <option value={current}>{current}</option> : null}
      {prefixes.map((prefix) => (
        <optgroup key={prefix} label={prefix}>
          <option value={`${prefix}.`}>
            {t('admin_audit.filter.action_prefix', { prefix: `${prefix}.` })}
          </option>
          {actions
            .filter((a) => a.startsWith(`${prefix}.`))
            .map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}

function AuditFilter({ values, actions }: { values: Values; actions: string[] }) {
  const { t } = useTranslation();
  const text = (name: 'actor' | 'target_type' | 'target_id', hint: boolean, className?: string) => (
    <FilterInput
      label={t(`admin_audit.filter.${name}`)}
      type="text"
      name={name}
      defaultValue={values[name]}
      maxLength={AUDIT_FILTER_MAX}
      placeholder={hint ? firstText(t, [`admin_audit.filter.${name}_hint`]) : undefined}
      className={className}
    />
  );
  return (
    <FilterForm action="/admin/audit/" ns="admin_audit">
      <label>
        {t('admin_audit.filter.action')}
        <select name="action" defaultValue={values.action}>
          <ActionOptions actions={actions} current={values.action} />
        </select>
      </label>
      {text('actor', true)}
      {text('target_type', true, 'audit__short')}
      {text('target_id', false, 'audit__short')}
      <FilterInput label={t('admin_audit.filter.from')} type="date" name="from" defaultValue={values.from} />
      <FilterInput label={t('admin_audit.filter.to')} type="date" name="to" defaultValue={values.to} />
    </FilterForm>
  );
}

function EntryRow({ entry, values }: { entry: AuditEntry; values: Values }) {
  const { t } = useTranslation();
  const href = auditTargetHref(entry.target);
  const details = Object.entries(entry.details);
  const actorKey = entry.actor.user_id === null ? entry.actor.username : String(entry.actor.user_id);
  return (
    <tr data-audit-id={entry.id}>
      <td className="audit__when">
        <time dateTime={entry.at}>{entry.at.slice(0, 19).replace('T', ' ')}</time>
      </td>
      <td>
        <Link
          to={pageUrl({ ...values, actor: actorKey })}
          title={t('admin_audit.by_actor', { name: entry.actor.username })}
        >
          {entry.actor.username}
        </Link>
        {entry.actor.user_id === null ? (
          <span className="console__muted"> {t('admin_audit.deleted_actor')}</span>
        ) : null}
      </td>
      <td>
        <Link
          to={pageUrl({ ...values, action: entry.action })}
          title={t('admin_audit.by_action', { action: entry.action })}
        >
          <code>{entry.action}</code>
        </Link>
      </td>
      <td>
        {entry.target ? (
          href ? (
            <Link to={href}>{`${entry.target.type} #${entry.target.id}`}</Link>
          ) : (
            `${entry.target.type} #${entry.target.id}`
          )
        ) : (
          '–'
        )}
      </td>
      <td>
        {details.length === 0 ? (
          '–'
        ) : (
          <dl className="audit__details">
            {details.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{detailText(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </td>
    </tr>
  );
}

export default function AdminAuditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.forbidden) return <Notice title={t('admin_audit.forbidden')} />;
  const { log, values, errors, role } = loaderData;
  return (
    <AdminFrame section="audit" role={role}>
      <h1 className="console__title">{t('admin_audit.title')}</h1>
      <p className="console__muted">{t('admin_audit.intro')}</p>
      <AuditFilter values={values} actions={log.actions} />
      {errors.length > 0 ? (
        <div className="console__notice console__notice--error" role="alert">
          <p>{t('admin_audit.error.title')}</p>
          <ul>
            {errors.map((field) => (
              <li key={field} data-field={field}>
                {firstText(t, [`admin_audit.error.${field}`, 'admin_audit.error.general'])}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="console__muted" role="status">
          {t('admin_audit.count', { count: log.total_count })}
        </p>
      )}
      <ConsoleTable
        className="audit__table"
        columns={COLUMNS.map((c) => t(`admin_audit.col.${c}`))}
        rows={log.items.length}
        empty={errors.length > 0 ? null : <p className="console__notice">{t('admin_audit.empty')}</p>}
      >
        {log.items.map((entry) => (
          <EntryRow key={entry.id} entry={entry} values={values} />
        ))}
      </ConsoleTable>
      <ConsolePagination page={log.page} pages={log.pages} href={(page) => pageUrl(values, page)} />
    </AdminFrame>
  );
}
