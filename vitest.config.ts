import { defineConfig } from 'vitest/config';
import { englishNamespaces } from './locales/vite-english.ts';

export default defineConfig({
  // Tests that import app modules resolve the English texts as the build does.
  plugins: [englishNamespaces()],
  test: {
    // The JSON report gives .ci/run its closing 'N passed, N failed' line.
    reporters: ['default', ['json', { outputFile: 'tmp/vitest-report.json' }]],
    // One file at a time on two cores (vitest's default): two at a time was measured slower on a clean
    // clone (session 15: the integration project ~1,600 s against ~1,200 s), most files being ffmpeg- or
    // CPU-bound. server/test/worker-env.ts keeps a Redis database per worker should this change.
    projects: [
      {
        test: {
          name: 'integration',
          include: ['{app,contract,server,cli,bench}/**/*.test.{ts,tsx}'],
          globalSetup: ['./server/test/global-setup.ts'],
          setupFiles: ['./server/test/worker-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A real browser against a real server on a two-core CI machine: a test that fails once is run
          // once more (as Playwright's own CI default does); one that fails twice fails the run.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
