// The server's English sentences (the `error` of every answer) come from locales/en.json, the catalogue
// the browser translates the same codes with: one place for every English text (issue 12). Keys are
// checked by the compiler against the file; the answers keep `code` as the thing clients translate.
// Sentences no page shows (bad requests, the console's refusals) are under `api`, a namespace that no
// page loads (app/lib/i18n-namespaces.ts SERVER_NAMESPACES).
import catalogue from '../../locales/en.json' with { type: 'json' };

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends object ? `${K}.${Leaves<T[K]>}` : never;
}[keyof T & string];

/** A dotted key of a text in locales/en.json, e.g. `notify.video_not_found`. */
export type EnglishKey = Leaves<typeof catalogue>;

/** i18next's interpolation: `{{name}}`, spaces allowed inside the braces. */
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The English text of `key`, its `{{placeholders}}` filled from `values` (a missing value is left as is). */
export function english(key: EnglishKey, values: Record<string, string | number> = {}): string {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`locales/en.json has no text ${key}`);
  return node.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
