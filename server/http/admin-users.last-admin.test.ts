// The last administrator (issue 17; from admin-users.routes.test.ts): two administrators demoting each
// other at once, exactly one succeeds.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';
import { createSignedInUser, type SignedInUser } from '../test/roles.ts';

const USERS = '/api/admin/users.php';
const ORIGIN = 'http://tube.test';

describe.each(databaseKinds())('the last administrator on %s', (kind) => {
  let t: TestApp;
  afterAll(() => t.close());

  it('survives two administrators demoting each other at once: exactly one succeeds', async () => {
    t = await createTestApp(kind, { ssr: false });
    const a = await createSignedInUser(t, 'last_admin_a', 'administrator');
    const b = await createSignedInUser(t, 'last_admin_b', 'administrator');
    const demote = (actor: SignedInUser, target: SignedInUser) =>
      t.app.inject({
        method: 'POST',
        url: USERS,
        headers: {
          cookie: actor.cookie,
          'content-type': 'application/x-www-form-urlencoded',
          origin: ORIGIN,
        },
        payload: new URLSearchParams({
          act: 'role',
          user_id: String(target.userId),
          role: 'member',
        }).toString(),
      });
    const answers = await Promise.all([demote(a, b), demote(b, a)]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(403);
    const admins = await t.database.handle.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'administrator')
      .execute();
    expect(admins).toHaveLength(1);
    // Parallel deletions of each other by the one left and a new one: one stays.
    const c = await createSignedInUser(t, 'last_admin_c', 'administrator');
    const left = admins[0]?.id === a.userId ? a : b;
    const del = (actor: SignedInUser, target: SignedInUser) =>
      t.app.inject({
        method: 'POST',
        url: USERS,
        headers: {
          cookie: actor.cookie,
          'content-type': 'application/x-www-form-urlencoded',
          origin: ORIGIN,
        },
        payload: new URLSearchParams({ act: 'delete', user_id: String(target.userId) }).toString(),
      });
    const deletions = await Promise.all([del(left, c), del(c, left)]);
    expect(deletions.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const remaining = await t.database.handle.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'administrator')
      .execute();
    expect(remaining).toHaveLength(1);
  });
});
