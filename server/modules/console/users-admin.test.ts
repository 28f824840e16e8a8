// The users console's rules on a real database, with the accounts, storage, audit and change
// listeners stubbed: administrators only, the ban's checks, sessions ended, the audit entry, the
// change notice, files removed after the deletion, own-account refusals, the moderators' ban cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../contract/accounts.ts';
import { usersInputSchema } from '../../../contract/admin-users.ts';
import type { Storage } from '../../storage/storage.ts';
import { addMember, addVideo, codeOf } from '../../test/acts-fixtures.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/db.ts';
import { createUsersAdminRepository } from './users-admin.repository.ts';
import { createUsersAdminService } from './users-admin.service.ts';

const NOW = Date.UTC(2030, 0, 1);
const DAY = 86_400_000;

describe.each(databaseKinds())('users console on %s', (kind) => {
  let database: TestDatabase;
  const ended: number[] = [];
  const mailed: number[] = [];
  const deleted: string[] = [];
  const audited: { action: string; details: unknown }[] = [];
  let notices = 0;
  let service: ReturnType<typeof createUsersAdminService>;
  let admin: CurrentUser;
  let moderator: CurrentUser;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const storage = {
      delete: async (key: string) => void deleted.push(key),
      deletePrefix: async (prefix: string) => {
        deleted.push(prefix);
        return 0;
      },
    } as unknown as Storage;
    service = createUsersAdminService({
      repo: createUsersAdminRepository(database.handle.db),
      accounts: {
        endSessions: async (id) => void ended.push(id),
        mailRestoreLink: async (id) => {
          mailed.push(id);
          return true;
        },
      },
      storage,
      audit: { record: async (_actor, action, _target, details) => void audited.push({ action, details }) },
      changes: {
        notify: async () => {
          notices++;
        },
      },
      now: () => NOW,
    });
    const a = await addMember(database.handle.db, 'administrator');
    const m = await addMember(database.handle.db, 'moderator');
    admin = { user_id: a.user_id, username: 'a', avatar: null, role: 'administrator' };
    moderator = { user_id: m.user_id, username: 'm', avatar: null, role: 'moderator' };
  });
  afterAll(() => database.dispose());

  const input = (fields: Record<string, string | undefined>) => usersInputSchema.parse(fields);

  it('is for administrators only', async () => {
    expect(await codeOf(service.list(null, { page: 1 }))).toEqual({ code: 'login_required', status: 401 });
    expect(await codeOf(service.list(moderator, { page: 1 }))).toEqual({ code: 'forbidden', status: 403 });
    const member = await addMember(database.handle.db);
    expect(
      await codeOf(service.act(moderator, input({ act: 'unban', user_id: String(member.user_id) }))),
    ).toEqual({
      code: 'forbidden',
      status: 403,
    });
  });

  it('bans: the end in the future and within ten years; sessions end; audited; the site told', async () => {
    const member = await addMember(database.handle.db);
    const id = String(member.user_id);
    const past = new Date(NOW - 1000).toISOString();
    expect(
      await codeOf(service.act(admin, input({ act: 'ban', user_id: id, reason: 'x', until: past }))),
    ).toEqual({
      code: 'invalid',
      status: 400,
    });
    const far = new Date(NOW + 3651 * DAY).toISOString();
    expect(
      await codeOf(service.act(admin, input({ act: 'ban', user_id: id, reason: 'x', until: far }))),
    ).toEqual({
      code: 'invalid',
      status: 400,
    });
    const before = notices;
    const result = await service.act(admin, input({ act: 'ban', user_id: id, reason: 'Spam' }));
    expect(result.user).toMatchObject({ status: 'banned', ban_reason: 'Spam', banned_until: null });
    expect(ended).toContain(member.user_id);
    expect(audited.at(-1)).toEqual({ action: 'user.ban', details: { reason: 'Spam', until: null } });
    expect(notices).toBe(before + 1);
    // Not twice an unban.
    await service.act(admin, input({ act: 'unban', user_id: id }));
    expect(await codeOf(service.act(admin, input({ act: 'unban', user_id: id })))).toEqual({
      code: 'not_banned',
      status: 409,
    });
  });

  it('refuses an administrator their own role, ban and deletion', async () => {
    const id = String(admin.user_id);
    for (const fields of [
      { act: 'role', user_id: id, role: 'member' },
      { act: 'ban', user_id: id, reason: 'x' },
      { act: 'delete', user_id: id },
    ])
      expect((await codeOf(service.act(admin, input(fields)))).code).toBe('own_account');
  });

  it('mails the restore link, not to a banned member', async () => {
    const member = await addMember(database.handle.db);
    await service.act(admin, input({ act: 'reset_password', user_id: String(member.user_id) }));
    expect(mailed).toContain(member.user_id);
    await service.act(admin, input({ act: 'ban', user_id: String(member.user_id), reason: 'x' }));
    expect(
      (await codeOf(service.act(admin, input({ act: 'reset_password', user_id: String(member.user_id) }))))
        .code,
    ).toBe('user_banned');
  });

  it('deletes with content: rows gone, files after the commit, audited with counts', async () => {
    const member = await addMember(database.handle.db);
    const videoId = await addVideo(database.handle.db, 'Quiet Harbour', {}, member);
    await service.act(admin, input({ act: 'delete', user_id: String(member.user_id) }));
    const db = database.handle.db;
    expect(
      await db.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst(),
    ).toBeUndefined();
    expect(deleted).toContain(`videos/${videoId}/`);
    expect(deleted.some((k) => k.startsWith(`fixture/${videoId}/`))).toBe(true);
    expect(audited.at(-1)).toMatchObject({ action: 'user.delete', details: { videos: 1, comments: 0 } });
  });

  it("caps a moderator's ban of a comment author at 30 days; never staff", async () => {
    const member = await addMember(database.handle.db);
    expect(await codeOf(service.banAuthor(moderator, member.user_id, { reason: 'x' }))).toEqual({
      code: 'invalid',
      status: 400,
    });
    expect(
      (
        await codeOf(
          service.banAuthor(moderator, member.user_id, { reason: 'x', until: new Date(NOW + 31 * DAY) }),
        )
      ).code,
    ).toBe('invalid');
    const banned = await service.banAuthor(moderator, member.user_id, {
      reason: 'x',
      until: new Date(NOW + 30 * DAY),
    });
    expect(banned.status).toBe('banned');
    // Administrators may ban for good.
    const other = await addMember(database.handle.db);
    expect((await service.banAuthor(admin, other.user_id, { reason: 'x' })).banned_until).toBeNull();
    expect(
      (await codeOf(service.banAuthor(moderator, admin.user_id, { reason: 'x', until: new Date(NOW + DAY) })))
        .code,
    ).toBe('author_is_staff');
  });
});
