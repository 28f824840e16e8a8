import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { preactInBrowser } from './app/preact/vite-preact.ts';
import { englishNamespaces } from './locales/vite-english.ts';

// The SSR build's entry is our own module: it imports the route build and the load-context key
// together, so the Fastify server hands its services to loaders through one shared context object.
export default defineConfig({
  plugins: [preactInBrowser(), reactRouter(), englishNamespaces()],
  environments: {
    ssr: { build: { rolldownOptions: { input: './app/server-entry.ts' } } },
  },
  server: { watch: { ignored: ['**/data/**', '**/tmp/**'] } },
  // The language menu's flags (styles/flags.css) stay files: inlined, all twenty would be in every page's
  // stylesheet, while a page fetches only its own language's.
  build: { assetsInlineLimit: (file) => (file.includes('/flag-icons/') ? false : undefined) },
});
