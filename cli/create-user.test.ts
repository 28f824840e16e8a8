import { describe, expect, it } from 'vitest';
import { createTestApp } from '../server/test/app.ts';
import { databaseKinds } from '../server/test/db.ts';
import { createUserCommand, parseCreateUserArgs, USAGE } from './create-user.ts';

describe('user:create arguments', () => {
  const base = ['--username', 'root', '--email', 'root@example.com', '--password', 'secret1'];
  it('reads the role flags', () => {
    expect(parseCreateUserArgs(base).role).toBe('member');
    expect(parseCreateUserArgs([...base, '--admin']).role).toBe('administrator');
    expect(parseCreateUserArgs([...base, '--moderator']).role).toBe('moderator');
  });
  it('explains what is missing or wrong', () => {
    expect(() => parseCreateUserArgs(['--username', 'x'])).toThrow(USAGE);
    expect(() => parseCreateUserArgs([...base, '--admin', '--moderator'])).toThrow(/one of/);
    expect(() => parseCreateUserArgs([...base, '--root'])).toThrow();
  });
});

describe.each(databaseKinds())('user:create on %s', (kind) => {
  it('creates a confirmed administrator who can sign in, and refuses a taken name', async () => {
    const t = await createTestApp(kind, { ssr: false });
    try {
      const args = parseCreateUserArgs([
        '--username',
        'boss',
        '--email',
        'boss@example.com',
        '--password',
        'secret1',
        '--admin',
      ]);
      expect(await createUserCommand(args, t.services.accounts)).toMatch(/Created administrator "boss"/);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { usr: 'boss', pwd: 'secret1' },
      });
      expect(login.json().user).toMatchObject({ username: 'boss', role: 'administrator' });
      await expect(
        createUserCommand({ ...args, email: 'x@example.com' }, t.services.accounts),
      ).rejects.toThrow('username: exists');
      await expect(
        createUserCommand({ ...args, username: 'b', email: 'bad' }, t.services.accounts),
      ).rejects.toThrow('username: min_length, email: invalid');
    } finally {
      await t.close();
    }
  });
});
