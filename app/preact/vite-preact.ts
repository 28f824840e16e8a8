// The browser build runs Preact (preact/compat) in place of React (issue 29: first-load JavaScript ≤ 120 KB
// brotli; react-dom alone was 56 KB of it). The server keeps React: its renderToPipeableStream streams and
// its HTML is what the browser hydrates. Only the client environment is redirected; `react` goes to
// ./react.ts (preact/compat plus the few React 19 hooks React Router imports that compat lacks).
import path from 'node:path';
import type { Plugin } from 'vite';

const SHIM = path.resolve(import.meta.dirname, 'react.ts');
const TARGETS: Record<string, string> = {
  react: SHIM,
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

export function preactInBrowser(): Plugin {
  return {
    name: 'preact-in-browser',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      const target = TARGETS[source];
      if (!target || importer === SHIM) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
