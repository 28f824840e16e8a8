// Fixtures of the POST /api/member.php tests (profile.routes.test.ts, profile-account.routes.test.ts):
// the app with members of each role, and the calls those tests make — a form post, an image upload, the
// member's own view, a refusal's status and codes, the image files stored for a member.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type MemberResponse, memberReadPath } from '../../contract/members.ts';
import { PROFILE_PATH } from '../../contract/profile.ts';
import { createTestApp, type TestApp } from './app.ts';
import { multipartCall } from './check-params-kit.ts';
import type { DatabaseKind } from './db.ts';
import { createRoles, type RoleFixture, type SignedInUser } from './roles.ts';

export const ORIGIN = 'http://tube.test';

/** The app (no SSR) on a fresh database, with a member, another member, a moderator and an administrator. */
export async function setupProfileApp(kind: DatabaseKind): Promise<{ t: TestApp; roles: RoleFixture }> {
  const t = await createTestApp(kind, { ssr: false });
  try {
    return { t, roles: await createRoles(t, 'pf') };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** The calls of the profile tests on the app `app()` answers (set in beforeAll). */
export function profileCalls(app: () => TestApp) {
  const post = (cookie: string | undefined, form: Record<string, string>) =>
    app().app.inject({
      method: 'POST',
      url: PROFILE_PATH,
      headers: {
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      },
      payload: new URLSearchParams(form).toString(),
    });
  async function upload(
    cookie: string | undefined,
    section: 'avatar' | 'cover',
    data: Buffer,
    name = 'picture.png',
  ) {
    const call = await multipartCall(PROFILE_PATH, { section }, { field: section, name, data });
    return app().app.inject({
      method: 'POST',
      url: call.url,
      headers: { origin: ORIGIN, ...call.headers, ...(cookie ? { cookie } : {}) },
      payload: call.body,
    });
  }
  const ownView = async (user: SignedInUser) =>
    (
      await app().app.inject({ url: memberReadPath(user.userId, true), headers: { cookie: user.cookie } })
    ).json() as MemberResponse;
  const refusal = (response: { statusCode: number; body: string }) => ({
    status: response.statusCode,
    ...(JSON.parse(response.body) as { code: string; codes: { field: string; code: string }[] }),
  });
  const storedKeys = (userId: number) => {
    try {
      return readdirSync(path.join(app().config.mediaDir, 'members', String(userId)));
    } catch {
      return [];
    }
  };

  return { post, upload, ownView, refusal, storedKeys };
}
