import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskSpace } from './disk-space.ts';

describe('diskSpace', () => {
  it('gives the free and total bytes of the file system holding a directory', async () => {
    const space = await diskSpace(os.tmpdir());
    expect(space).not.toBeNull();
    expect(space!.total).toBeGreaterThan(0);
    expect(space!.free).toBeGreaterThanOrEqual(0);
    expect(space!.free).toBeLessThanOrEqual(space!.total);
  });

  it('is null for a directory that cannot be read', async () => {
    expect(await diskSpace(path.join(os.tmpdir(), 'no-such-directory-for-disk-space'))).toBeNull();
  });
});
