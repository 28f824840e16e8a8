// What every member act in the browser shares (content.md §6–§8, shell.md §4): a guest gets the
// notification 'Please log in to complete this action' and the Login modal instead of a request; a
// success shows its key's text; a refusal shows the translation of its code, looked up as the spec's
// notify.{prefix}_{code}, then notify.{code}, then a text naming the code (never an empty toast).
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.ts';
import { useRootData } from '../lib/route-data.ts';
import { useLoginModal } from './auth/login-modal.tsx';
import { useNotify } from './shell/notify.tsx';

/** The families of notification keys of §8: notify.add_to_{code}, notify.vote_{code}… */
export type NotifyPrefix = 'add_to' | 'vote' | 'subscribe' | 'delete_playlist';

/** The code of a refusal: a notify-field code first (§8), then the answer's code. */
export function actErrorCode(error: unknown): string {
  if (!(error instanceof ApiError)) return 'unknown';
  if (error.status === 0) return 'network';
  return error.codes.find((c) => c.field === 'notify')?.code ?? error.code;
}

/**
 * The text of a refusal, by the spec's keys, with the answer's info as parameters. i18next takes the
 * first key of the list that has a translation (a `defaultValue` would not do: the missing-key handler
 * turns every missing key into '', shell.md §8); notify.unknown names the code.
 */
export function actErrorText(t: TFunction, error: unknown, prefix?: NotifyPrefix): string {
  const code = actErrorCode(error);
  const info = error instanceof ApiError ? (error.info ?? {}) : {};
  const keys = [...(prefix ? [`notify.${prefix}_${code}`] : []), `notify.${code}`, 'notify.unknown'];
  return (t as unknown as (keys: string[], options: Record<string, unknown>) => string)(keys, {
    ...info,
    code,
  });
}

export interface RunOptions {
  /** The notify.* key shown on success (none: the caller shows what it wants). */
  success?: string;
  prefix?: NotifyPrefix;
}

export function useMemberAct() {
  const { t } = useTranslation();
  const user = useRootData()?.user ?? null;
  const login = useLoginModal();
  const notify = useNotify();

  const askLogin = useCallback(() => {
    notify('error', t('notify.login_required'));
    login.open();
  }, [notify, login, t]);

  /**
   * Runs one act for a member: resolves with its answer, or null when it did not happen (a guest was
   * sent to log in, or the refusal was shown). A 401 (the session ended) also opens the Login modal.
   */
  const run = useCallback(
    async <T>(call: () => Promise<T>, options: RunOptions = {}): Promise<T | null> => {
      if (!user) {
        askLogin();
        return null;
      }
      try {
        const answer = await call();
        if (options.success)
          notify(
            'success',
            t([`notify.${options.success}`, 'notify.unknown'] as never, { code: options.success }),
          );
        return answer;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) askLogin();
        else notify('error', actErrorText(t, error, options.prefix));
        return null;
      }
    },
    [user, askLogin, notify, t],
  );

  return { user, askLogin, run, notify };
}
