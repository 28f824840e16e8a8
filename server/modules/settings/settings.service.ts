// Site settings (issue 17): the environment's values are the defaults, a value stored by an
// administrator overrides one, and a reset deletes it. Every process holds a snapshot (`current()`,
// synchronous: loaders and hot paths read it) and checks the version row at most every
// `refreshMs` (`fresh()`, awaited per request by app.ts): a write anywhere bumps it, and a process that
// sees a new version reloads and purges its caches. The writing process reloads at once.

import type { CurrentUser } from '../../../contract/accounts.ts';
import {
  isSettingKey,
  SETTING_KEYS,
  SETTING_SPECS,
  type SettingKey,
  type SettingsForm,
  type SettingsPage,
  type SettingValue,
  type SettingView,
} from '../../../contract/admin-settings.ts';
import type { Config } from '../../config.ts';
import { DomainError, type FieldError } from '../../errors.ts';
import { english } from '../../lib/english.ts';
import { requireAdministrator } from '../access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { SettingsRepository } from './settings.repository.ts';
import {
  defaultsOf,
  mergeValues,
  parseSetting,
  type SettingValues,
  type SiteSettings,
  snapshotOf,
} from './settings-values.ts';

export const SETTINGS_REFRESH_MS = 2000;
export const SECRET_CHANGED = '(secret changed)';

export interface SettingsService {
  /** The settings in effect in this process (the environment's until the first load). */
  current(): SiteSettings;
  /** Reloads when the stored version changed, checked at most every refreshMs; never throws. */
  fresh(): Promise<void>;
  /** Reloads now (after a write, in tests). */
  reload(): Promise<void>;
  /** Every setting with its value, default and state; administrators only. Secrets are never sent. */
  page(viewer: CurrentUser | null): Promise<SettingsPage>;
  /** `save` or `reset`; administrators only; audited, caches purged. */
  change(viewer: CurrentUser | null, form: SettingsForm): Promise<SettingsPage>;
  /** Called after a reload that found other values (this process's or another's write). */
  onReload(listener: () => void | Promise<void>): void;
}

export interface SettingsDeps {
  repository: SettingsRepository;
  config: Config;
  audit: Pick<AuditService, 'record'>;
  /** Purges the caches (services.changes.notify) after a change. */
  notify: () => Promise<void>;
  refreshMs?: number;
  warn?: (message: string, error: unknown) => void;
  now?: () => number;
}

const invalid = (codes: FieldError[]) =>
  new DomainError('invalid', { status: 400, message: english('api.invalid_input'), codes });

export function createSettingsService(deps: SettingsDeps): SettingsService {
  const { repository, config } = deps;
  const refreshMs = deps.refreshMs ?? SETTINGS_REFRESH_MS;
  const now = deps.now ?? Date.now;
  const defaults: SettingValues = defaultsOf(config);
  let values: SettingValues = defaults;
  let overridden = new Set<SettingKey>();
  let snapshot: SiteSettings = snapshotOf(defaults, config);
  let version: string | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | null = null;
  const listeners: (() => void | Promise<void>)[] = [];

  async function load(): Promise<boolean> {
    // The version first: a write landing between the two reads is seen again at the next check.
    const [nextVersion, stored] = [await repository.version(), await repository.all()];
    const merged = mergeValues(defaults, stored);
    const changed = version !== null && version !== nextVersion;
    version = nextVersion;
    values = merged.values;
    overridden = merged.overridden;
    snapshot = snapshotOf(values, config);
    checkedAt = now();
    return changed;
  }

  async function check(): Promise<void> {
    const seen = await repository.version();
    checkedAt = now();
    if (seen === version) return;
    const changed = await load();
    if (changed) for (const listener of listeners) await listener();
  }

  function viewOf(key: SettingKey): SettingView {
    const spec: {
      section: SettingView['section'];
      kind: SettingView['kind'];
      options?: readonly string[];
      restart?: boolean;
    } = SETTING_SPECS[key];
    const secret = spec.kind === 'secret';
    const view: SettingView = {
      key,
      section: spec.section,
      kind: spec.kind,
      overridden: overridden.has(key),
      secret,
      restart: spec.restart ?? false,
      ...(spec.options ? { options: [...spec.options] } : {}),
    };
    if (secret) {
      view.set = values[key] !== null && values[key] !== '';
      view.default_set = defaults[key] !== null && defaults[key] !== '';
    } else {
      view.value = values[key];
      view.default = defaults[key];
    }
    return view;
  }

  const pageOf = (changed?: string[]): SettingsPage => ({
    settings: SETTING_KEYS.map(viewOf),
    ...(changed ? { changed } : {}),
  });

  /** The captcha is all three of provider, site key and secret, or off: say which field is missing. */
  function captchaProblems(next: SettingValues, touched: Set<SettingKey>): FieldError[] {
    const touchedCaptcha = ['captcha_provider', 'captcha_site_key', 'captcha_secret'].some((k) =>
      touched.has(k as SettingKey),
    );
    if (!touchedCaptcha || next.captcha_provider === 'none') return [];
    const codes: FieldError[] = [];
    if (!next.captcha_site_key) codes.push({ field: 'captcha_site_key', code: 'required' });
    if (!next.captcha_secret) codes.push({ field: 'captcha_secret', code: 'required' });
    return codes;
  }

  const auditValue = (key: SettingKey, value: SettingValue) =>
    SETTING_SPECS[key].kind === 'secret' ? SECRET_CHANGED : value;

  async function fresh(): Promise<void> {
    if (version !== null && now() - checkedAt < refreshMs) return;
    inFlight ??= check()
      .catch((error) => deps.warn?.('settings: the version check failed', error))
      .finally(() => {
        inFlight = null;
      });
    await inFlight;
  }

  async function reload(): Promise<void> {
    const changed = await load();
    if (changed) for (const listener of listeners) await listener();
  }

  /** The stored values to write and the overrides to delete; a bad value is a 400 on its key. */
  function plan(form: SettingsForm): { puts: Map<string, unknown>; deletes: SettingKey[] } {
    const puts = new Map<string, unknown>();
    if (form.act === 'reset') {
      const keys = form.keys ?? [];
      if (keys.length === 0) throw invalid([{ field: 'keys', code: 'required' }]);
      const unknown = keys.filter((k) => !isSettingKey(k));
      if (unknown.length) throw invalid(unknown.map((field) => ({ field, code: 'unknown_setting' })));
      return { puts, deletes: (keys as SettingKey[]).filter((k) => overridden.has(k)) };
    }
    const entries = Object.entries(form.values ?? {});
    if (entries.length === 0) throw invalid([{ field: 'values', code: 'required' }]);
    const codes: FieldError[] = [];
    const next = { ...values };
    for (const [key, raw] of entries) {
      if (!isSettingKey(key)) {
        codes.push({ field: key, code: 'unknown_setting' });
        continue;
      }
      const parsed = parseSetting(key, raw);
      if (parsed.ok) next[key] = parsed.value;
      else codes.push({ field: key, code: parsed.code });
    }
    const touched = new Set(entries.map(([k]) => k).filter(isSettingKey));
    if (codes.length === 0) codes.push(...captchaProblems(next, touched));
    if (codes.length) throw invalid(codes);
    // Saving the value in effect changes nothing (and records nothing).
    for (const key of touched) if (!sameValue(next[key], values[key])) puts.set(key, next[key]);
    return { puts, deletes: [] };
  }

  return {
    current: () => snapshot,
    fresh,
    reload,

    async page(viewer) {
      requireAdministrator(viewer);
      await fresh();
      return pageOf();
    },

    async change(viewer, form) {
      requireAdministrator(viewer);
      // Against the latest stored state: another process may have written since the last check.
      await reload();
      const before = values;
      const { puts, deletes } = plan(form);
      if (puts.size === 0 && deletes.length === 0) return pageOf([]);
      await repository.write(puts, deletes);
      // This process's own write: reload at once; the purge is the notify below (not the listeners').
      await load();
      const changed = [...puts.keys(), ...deletes] as SettingKey[];
      for (const key of changed) {
        await deps.audit.record(
          viewer,
          'setting.change',
          { type: 'setting', id: key },
          {
            key,
            old: auditValue(key, before[key]),
            new: auditValue(key, values[key]),
            ...(form.act === 'reset' ? { reset: true } : {}),
          },
        );
      }
      await deps.notify();
      return pageOf(changed);
    },

    onReload(listener) {
      listeners.push(listener);
    },
  };
}

const sameValue = (a: SettingValue, b: SettingValue) => JSON.stringify(a) === JSON.stringify(b);
