import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createServices } from '../app-services.ts';
import { type Config, loadConfig } from '../config.ts';
import { loadSsrHandler } from '../http/ssr.ts';
import type { AppServices } from '../services.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  services: AppServices;
  readiness: { ready: boolean };
  close(): Promise<void>;
}

/** The real app (API, SSR from the web build, media) on a fresh database and a temp data dir. */
export async function createTestApp(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    ssr?: boolean;
    ready?: boolean;
    /** A database of the test's own (its own PostgreSQL server: faults.test.ts) instead of a new one. */
    database?: TestDatabase;
    /** The clock of signed media URLs (media-signing.test.ts moves it past their expiry). */
    mediaClock?: () => number;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tube-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SITE_NAME: 'TestTube',
    PUBLIC_URL: 'http://tube.test',
    LOG_LEVEL: 'silent',
    CHECK_RESPONSES: 'true',
    // Tests send hundreds of writes a minute from one address; protection.test.ts tests the budget.
    WRITE_RATE_LIMIT: '0',
    // Uploaders' age verification (issue 31) only where a test asks for it (uploader-verification.test.ts).
    UPLOADER_VERIFICATION: 'off',
    // Signed video URLs (issue 32) only where a test asks for it (media-signing.test.ts).
    MEDIA_SIGNING: 'false',
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase(kind));
  const services = createServices(
    config,
    database.handle,
    options.mediaClock ? { mediaClock: options.mediaClock } : {},
  );
  const readiness = { ready: options.ready ?? true };
  const ssr = options.ssr === false ? null : await loadSsrHandler(services);
  const app = await buildApp({ config, services, readiness, ssr, logger: false, database: database.handle });
  await app.ready();
  return {
    app,
    config,
    database,
    services,
    readiness,
    close: async () => {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
