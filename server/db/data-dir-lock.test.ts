import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  const file = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'tube-lock-')), 'pgdata.lock');

  it('takes the lock, refuses a second live owner, and releases', () => {
    const lock = file();
    const release = lockDataDir(lock);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    // A live process other than us (our parent) holding it: refused with a clear message.
    writeFileSync(lock, String(process.ppid));
    expect(() => lockDataDir(lock)).toThrow(/Another process \(pid \d+\) is using this data directory/);
    writeFileSync(lock, String(process.pid));
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over a lock left by a process that died', () => {
    const lock = file();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    writeFileSync(lock, dead.stdout);
    const release = lockDataDir(lock);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    release();
  });
});
