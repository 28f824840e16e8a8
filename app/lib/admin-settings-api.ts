// The console's settings calls from the browser (issue 17; contract/admin-settings.ts). A refusal is an
// ApiError carrying the answer's field codes (per setting key), which the page shows beside each field.
import { ADMIN_SETTINGS_PATH, type SettingsPage, type SettingValue } from '../../contract/admin-settings.ts';
import { ApiError, send } from './api-client.ts';

export { ApiError };

async function post(body: unknown): Promise<SettingsPage> {
  const answer = await send(ADMIN_SETTINGS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer) throw new ApiError(200, null);
  return answer as unknown as SettingsPage;
}

/** Stores `values` (setting key → value) over the environment's. */
export function saveSettings(values: Record<string, SettingValue>): Promise<SettingsPage> {
  return post({ act: 'save', values });
}

/** Deletes the stored values of `keys`: the environment's apply again. */
export function resetSettings(keys: string[]): Promise<SettingsPage> {
  return post({ act: 'reset', keys });
}

/** Field codes of a failed call by key; `general` for a refusal that names no field. */
export function fieldCodesOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return { general: 'network' };
  if (error.codes.length === 0) return { general: error.code };
  return Object.fromEntries(error.codes.map((c) => [c.field, c.code]));
}
