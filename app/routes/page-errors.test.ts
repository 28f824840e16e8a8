// The error page of a non-GET request (issue 20), server-rendered (needs `npm run build`): a form POST to
// a page that has no action for it (405), the home page included, renders inside the shell like the GET
// error pages do: the header with the site name, the footer's copyright line, the member's own menu.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/app.ts';
import { databaseKinds } from '../../server/test/db.ts';
import { insertVideo } from '../../server/test/fixtures.ts';
import { createSignedInUser, type SignedInUser } from '../../server/test/roles.ts';

describe.each(databaseKinds())('error pages of non-GET requests on %s', (kind) => {
  let t: TestApp;
  let member: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    member = await createSignedInUser(t, 'post_error_member');
  }, 120_000);
  afterAll(() => t?.close());

  /** What a browser sends for a plain <form method="post"> on this site. */
  const post = (url: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        // Same-site, as a page's own form sends it (React Router refuses other origins' form posts).
        host: 'tube.test',
        origin: 'http://tube.test',
        ...(cookie ? { cookie } : {}),
      },
      payload: 'field=value',
    });

  const year = new Date().getUTCFullYear();
  const inShell = (html: string) => {
    expect(html).toContain('<title>Something went wrong - TestTube</title>');
    expect(html).toMatch(/<a class="logo" aria-label="TestTube home" href="\/"[^>]*>TestTube<\/a>/);
    expect(html).toContain(`© ${year} TestTube`);
    expect(html).toContain('class="notice__title"');
  };

  it.each(['/', '/videos/latest-updates/1/', '/categories/', '/no-such-page/'])(
    'answers a POST to %s with the error page inside the shell',
    async (url) => {
      const res = await post(url);
      expect(res.statusCode).toBe(405);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      inShell(res.body);
      // A guest's header: the sign-in button.
      expect(res.body).toContain('header__login');
    },
  );

  it("keeps the signed-in member's header on the error page", async () => {
    const res = await post('/videos/latest-updates/1/', member.cookie);
    expect(res.statusCode).toBe(405);
    inShell(res.body);
    expect(res.body).toContain('user-menu__toggle');
    expect(res.body).toContain('post_error_member');
    expect(res.body).not.toContain('header__login');
  });

  it('still renders the GET error page in the shell, and the embed without the shell', async () => {
    const missing = await t.app.inject({ url: '/no-such-page/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Content not found! - TestTube</title>');
    expect(missing.body).toMatch(/<a class="logo"[^>]*>TestTube<\/a>/);
    // The embedded player is framed by other sites: no header, no footer.
    const video = await insertVideo(t.database.handle.db, { title: 'Shell Layout Embed Clip' });
    const embed = await t.app.inject({ url: `/embed/${video.id}/${video.dir}/` });
    expect(embed.statusCode).toBe(200);
    expect(embed.body).not.toContain('class="logo"');
    expect(embed.body).not.toContain('<footer');
  });
});
