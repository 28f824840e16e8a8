// An unset NODE_ENV must give the server React's production build (issue 30): `npm start` does not set
// it, and the development build costs three to five times the CPU per rendered page.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Which React build a fresh `node` loads after `prelude`: React 19's act() exists only in development. */
function reactBuild(prelude: string, env: NodeJS.ProcessEnv): string {
  const script = `${prelude}
const React = (await import('react')).default;
try { React.act(() => {}); console.log('development'); } catch { console.log('production'); }`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  }).trim();
}

describe('production default', () => {
  const bare = { ...process.env };
  delete bare.NODE_ENV;

  it('makes an unset NODE_ENV load React in production', () => {
    expect(reactBuild('', bare)).toBe('development');
    expect(reactBuild("import './server/production-default.ts';", bare)).toBe('production');
  });

  it('leaves a NODE_ENV the operator set', () => {
    expect(reactBuild("import './server/production-default.ts';", { ...bare, NODE_ENV: 'development' })).toBe(
      'development',
    );
  });

  it('is the first import of the server entry point', () => {
    const firstImport = readFileSync(path.join(ROOT, 'server/main.ts'), 'utf8').match(/^import .*$/m)?.[0];
    expect(firstImport).toBe("import './production-default.ts';");
  });
});
