// English texts by namespace, as virtual modules made from locales/en.json when the app is built (and in
// tests): `virtual:en/core` holds every namespace but ROUTE_NAMESPACES (and SERVER_NAMESPACES, which no
// page shows), `virtual:en/<namespace>` one of those. en.json stays the one file translators and the
// language test read; pages load only the English they show (app/lib/i18n.ts, the first-load budget of
// e2e/player.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_NAMESPACES, SERVER_NAMESPACES } from '../app/lib/i18n-namespaces.ts';

const PREFIX = 'virtual:en/';
const FILE = path.resolve(import.meta.dirname, 'en.json');

export function englishNamespaces(): Plugin {
  return {
    name: 'english-namespaces',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      this.addWatchFile(FILE);
      const english = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
      const name = id.slice(PREFIX.length + 1);
      const routeNamespaces: readonly string[] = ROUTE_NAMESPACES;
      if (name === 'core') {
        const serverNamespaces: readonly string[] = SERVER_NAMESPACES;
        const core = Object.fromEntries(
          Object.entries(english).filter(
            ([key]) => !routeNamespaces.includes(key) && !serverNamespaces.includes(key),
          ),
        );
        return `export default ${JSON.stringify(core)};`;
      }
      if (!routeNamespaces.includes(name) || !(name in english)) {
        this.error(`${PREFIX}${name}: not a route namespace of locales/en.json (app/lib/i18n-namespaces.ts)`);
      }
      return `export default ${JSON.stringify(english[name])};`;
    },
  };
}
