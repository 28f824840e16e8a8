// /admin/settings/ (issue 17): the site settings kept in the database, for administrators. Each section
// shows every setting's value in effect, the environment's default and whether it is overridden; Save
// stores the section's values, Reset to default deletes its stored ones. Secrets are shown as set or not
// set, with a field to replace them. Everyone else gets 'You do not have permission to view.' (403).
import admin_settings from 'virtual:en/admin_settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, useRevalidator } from 'react-router';
import {
  SETTING_SECTIONS,
  type SettingKey,
  type SettingSection,
  type SettingValue,
  type SettingView,
} from '../../contract/admin-settings.ts';
import type { Language } from '../../contract/catalog.ts';
import { AdminFrame, adminLinks } from '../components/admin/admin-frame.tsx';
import { ConsoleNotice } from '../components/admin/console-kit.tsx';
import { Notice } from '../components/status-page.tsx';
import { fieldCodesOf, resetSettings, saveSettings } from '../lib/admin-settings-api.ts';
import { userContext } from '../lib/context.ts';
import { addEnglish, metaT } from '../lib/i18n.ts';
import { servicesOf, siteOf } from '../lib/route-data.ts';
import { pageMeta, ROBOTS_NOINDEX } from '../lib/seo.ts';
import css from '../styles/admin-settings.css?url';
import type { Route } from './+types/admin-settings.ts';

addEnglish({ admin_settings });

export const links = () => [...adminLinks(), { rel: 'stylesheet', href: css }];

type LoaderData = { forbidden: true } | { forbidden: false; role: string; settings: SettingView[] };

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (user?.role !== 'administrator') return data<LoaderData>({ forbidden: true }, { status: 403 });
  const page = await servicesOf(context).settings.page(user);
  return data<LoaderData>({ forbidden: false, role: user.role, settings: page.settings });
}

export function meta({ location, matches }: Route.MetaArgs) {
  return pageMeta({
    site: siteOf(matches),
    location,
    title: metaT(matches)('admin_settings.title'),
    description: '',
    robots: ROBOTS_NOINDEX,
  });
}

/** A value as the form edits it: lines for lists, checked options for flags, text otherwise. */
type Draft = string | string[];

function draftOf(setting: SettingView): Draft {
  if (setting.secret) return '';
  const value = setting.value;
  if (setting.kind === 'flags') return Array.isArray(value) ? value : [];
  if (setting.kind === 'list') return Array.isArray(value) ? value.join('\n') : '';
  return value === null || value === undefined ? '' : String(value);
}

function draftValue(setting: SettingView, draft: Draft): SettingValue {
  if (Array.isArray(draft)) return draft;
  if (setting.kind === 'list')
    return draft
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  if (setting.kind === 'number' && /^\s*\d+\s*$/.test(draft)) return Number(draft);
  return draft;
}

/** A value in one short line, for the default beside each field. */
function shortText(value: SettingValue | undefined, none: string): string {
  if (value === null || value === undefined || value === '') return none;
  if (Array.isArray(value)) return value.length ? value.join(', ') : none;
  return String(value);
}

type Status = { kind: 'saved' | 'reset_done' | 'error'; code?: string } | null;

function Field({
  setting,
  draft,
  error,
  onChange,
}: {
  setting: SettingView;
  draft: Draft;
  error: string | undefined;
  onChange: (draft: Draft) => void;
}) {
  const { t } = useTranslation();
  const id = `setting-${setting.key}`;
  const label = t(`admin_settings.key.${setting.key as SettingKey}`);
  const none = t('admin_settings.none');
  const errorId = error ? `${id}-error` : undefined;
  let input: React.ReactNode;
  if (setting.kind === 'flags') {
    const checked = Array.isArray(draft) ? draft : [];
    input = (
      <fieldset className="settings__flags" aria-describedby={errorId}>
        <legend className="settings__legend">{label}</legend>
        {(setting.options ?? []).map((option) => (
          <label key={option} className="settings__flag">
            <input
              type="checkbox"
              name={setting.key}
              value={option}
              checked={checked.includes(option)}
              onChange={(event) =>
                onChange(event.target.checked ? [...checked, option] : checked.filter((o) => o !== option))
              }
            />
            {setting.key === 'languages'
              ? t(`language.${option as Language}`)
              : t(`admin_settings.option.${setting.key}.${option}`, { defaultValue: option })}
          </label>
        ))}
      </fieldset>
    );
  } else if (setting.kind === 'choice') {
    input = (
      <select
        id={id}
        value={String(draft)}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      >
        {(setting.options ?? []).map((option) => (
          <option key={option} value={option}>
            {t(`admin_settings.option.${setting.key}.${option}`, { defaultValue: option })}
          </option>
        ))}
      </select>
    );
  } else if (setting.kind === 'list') {
    input = (
      <textarea
        id={id}
        rows={4}
        value={String(draft)}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else {
    const type =
      setting.kind === 'secret'
        ? 'password'
        : setting.kind === 'number'
          ? 'number'
          : setting.kind === 'email'
            ? 'email'
            : setting.kind === 'url'
              ? 'url'
              : 'text';
    input = (
      <input
        id={id}
        type={type}
        value={String(draft)}
        autoComplete={setting.secret ? 'new-password' : 'off'}
        placeholder={setting.secret ? t('admin_settings.replace') : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div className="settings__field" data-setting={setting.key}>
      {setting.kind === 'flags' ? null : (
        <label htmlFor={id} className="settings__label">
          {label}
        </label>
      )}
      {input}
      <div className="console__row settings__meta">
        <p className="console__muted settings__default">
          {t('admin_settings.default', {
            value: setting.secret
              ? setting.default_set
                ? t('admin_settings.set')
                : t('admin_settings.not_set')
              : shortText(setting.default, none),
          })}
        </p>
        {setting.secret ? (
          <span className={`console__badge ${setting.set ? 'console__badge--ok' : ''}`}>
            {setting.set ? t('admin_settings.set') : t('admin_settings.not_set')}
          </span>
        ) : null}
        <span className={`console__badge ${setting.overridden ? 'console__badge--warn' : ''}`}>
          {setting.overridden ? t('admin_settings.overridden') : t('admin_settings.from_env')}
        </span>
        {setting.restart ? <span className="console__badge">{t('admin_settings.restart')}</span> : null}
      </div>
      {error ? (
        <p id={errorId} className="console__field-error" role="alert">
          {t(`admin_settings.error.${error}`, { defaultValue: t('admin_settings.error.invalid') })}
        </p>
      ) : null}
    </div>
  );
}

function Section({ section, settings }: { section: SettingSection; settings: SettingView[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(settings.map((s) => [s.key, draftOf(s)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const overridden = settings.filter((s) => s.overridden).map((s) => s.key);

  async function run(work: () => Promise<unknown>, done: 'saved' | 'reset_done') {
    setBusy(true);
    setStatus(null);
    try {
      await work();
      setErrors({});
      setStatus({ kind: done });
      await revalidator.revalidate();
    } catch (error) {
      const codes = fieldCodesOf(error);
      setErrors(codes);
      setStatus({ kind: 'error', code: codes.general });
    } finally {
      setBusy(false);
    }
  }

  const save = () => {
    const values: Record<string, SettingValue> = {};
    for (const setting of settings) {
      const draft = drafts[setting.key] ?? '';
      // A secret goes only when a replacement was typed.
      if (setting.secret && draft === '') continue;
      values[setting.key] = draftValue(setting, draft);
    }
    void run(async () => {
      const page = await saveSettings(values);
      // Secrets' fields empty again; the others show what was stored (clean: trimmed, ordered).
      setDrafts(
        Object.fromEntries(
          page.settings.filter((s) => s.section === section).map((s) => [s.key, draftOf(s)]),
        ),
      );
    }, 'saved');
  };
  const reset = () =>
    void run(async () => {
      const page = await resetSettings(overridden);
      setDrafts(
        Object.fromEntries(
          page.settings.filter((s) => s.section === section).map((s) => [s.key, draftOf(s)]),
        ),
      );
    }, 'reset_done');

  const headingId = `settings-${section}`;
  return (
    <section className="console__panel settings__section" aria-labelledby={headingId} data-section={section}>
      <h2 id={headingId} className="console__subtitle">
        {t(`admin_settings.section.${section}`)}
      </h2>
      <form
        className="console__form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {settings.map((setting) => (
          <Field
            key={setting.key}
            setting={setting}
            draft={drafts[setting.key] ?? ''}
            error={errors[setting.key]}
            onChange={(draft) => setDrafts((current) => ({ ...current, [setting.key]: draft }))}
          />
        ))}
        {status ? (
          <ConsoleNotice error={status.kind === 'error'}>
            {status.kind === 'error'
              ? status.code
                ? t(`admin_settings.error.${status.code}`, { defaultValue: t('admin_settings.failed') })
                : t('admin_settings.fix_fields')
              : t(`admin_settings.${status.kind}`)}
          </ConsoleNotice>
        ) : null}
        <div className="console__row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('admin_settings.save')}
          </button>
          <button
            type="button"
            className="button settings__reset"
            disabled={busy || overridden.length === 0}
            onClick={reset}
          >
            {t('admin_settings.reset')}
          </button>
        </div>
      </form>
    </section>
  );
}

export default function AdminSettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.forbidden) return <Notice title={t('admin_settings.forbidden')} />;
  const { settings, role } = loaderData;
  return (
    <AdminFrame section="settings" role={role}>
      <h1 className="console__title">{t('admin_settings.title')}</h1>
      <p className="console__muted">{t('admin_settings.intro')}</p>
      <nav className="settings__toc" aria-label={t('admin_settings.sections')}>
        {SETTING_SECTIONS.map((section) => (
          <a key={section} href={`#settings-${section}`}>
            {t(`admin_settings.section.${section}`)}
          </a>
        ))}
      </nav>
      <div className="settings__sections">
        {SETTING_SECTIONS.map((section) => (
          <Section key={section} section={section} settings={settings.filter((s) => s.section === section)} />
        ))}
      </div>
    </AdminFrame>
  );
}
