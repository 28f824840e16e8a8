import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { englishNamespaces } from './locales/vite-english.ts';

// The SSR build's entry is our own module: it imports the route build and the load-context key
// together, so the Fastify server hands its services to loaders through one shared context object.
export default defineConfig({
  plugins: [reactRouter(), englishNamespaces()],
  environments: {
    ssr: { build: { rolldownOptions: { input: './app/server-entry.ts' } } },
  },
  server: { watch: { ignored: ['**/data/**', '**/tmp/**'] } },
});
