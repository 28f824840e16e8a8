import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, pgliteHandle, postgresHandle } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { assertPreflight, buildProblems, mediaProblems } from './preflight.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database that each test's database copies (CREATE DATABASE … TEMPLATE), or ''. */
    postgresTemplate: string;
  }
}

/** Migrates one PGlite database and saves it: each test file starts from a copy in ~0.3 s. */
export default async function setup(project: TestProject) {
  assertPreflight([...mediaProblems(), ...buildProblems(path.resolve('.'))]);
  const dir = path.resolve('tmp/test');
  mkdirSync(dir, { recursive: true });
  const pglite = await openPglite();
  const handle = pgliteHandle(pglite);
  await migrate(handle);
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, `pglite-snapshot-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', file);
  const template = await postgresTemplate();
  project.provide('postgresTemplate', template?.name ?? '');
  return template?.drop;
}

/**
 * With TEST_DATABASE_URL: one database migrated here, which every test's database copies (db.ts) instead
 * of running the migrations again (about 2 s each, a few hundred times a run). Dropped at the end.
 */
async function postgresTemplate(): Promise<{ name: string; drop: () => Promise<void> } | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `tube_test_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgresHandle(base, 1);
  await admin.withSession((s) => s.exec(`CREATE DATABASE ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = postgresHandle(url.toString(), 1);
  try {
    await migrate(handle);
  } finally {
    await handle.close();
  }
  return {
    name,
    drop: async () => {
      await admin.withSession((s) => s.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await admin.close();
    },
  };
}
