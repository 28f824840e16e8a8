// The whole Google sign-in flow against a real OpenID provider (oidc-provider) on loopback.
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseKinds } from '../test/db.ts';

interface Account {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

async function startProvider(accounts: Map<string, Account>) {
  let provider: Provider | undefined;
  /** Who "logs in" at the provider on the next interaction. */
  const next: { sub: string } = { sub: '' };
  const server: Server = createServer(async (req, res) => {
    if (!provider) return res.end();
    if (req.url?.startsWith('/interaction/')) {
      try {
        const details = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({ accountId: next.sub, clientId: String(details.params.client_id) });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: next.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'tube',
        client_secret: 'tube-secret',
        redirect_uris: ['http://tube.test/api/login.g.php'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key'] },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account }) };
    },
  });
  return { issuer, next, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Follows the provider's redirects with a small cookie jar until it sends the browser back to us. */
async function throughProvider(start: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.host === 'tube.test') return next;
    url = next.href;
  }
  throw new Error('too many redirects');
}

describe('Google sign-in (OIDC, PKCE) against a local provider', () => {
  const accounts = new Map<string, Account>([
    ['g-new', { sub: 'g-new', email: 'newbie@example.com', email_verified: true, name: 'New Bie' }],
    ['g-old', { sub: 'g-old', email: 'olga@example.com', email_verified: true, name: 'Olga' }],
    [
      'g-unverified',
      { sub: 'g-unverified', email: 'olga@example.com', email_verified: false, name: 'Mallory' },
    ],
  ]);
  let op: Awaited<ReturnType<typeof startProvider>>;
  beforeAll(async () => {
    op = await startProvider(accounts);
  });
  afterAll(async () => {
    await op?.close();
  });

  describe.each(databaseKinds())('on %s', (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, {
        ssr: false,
        env: { GOOGLE_CLIENT_ID: 'tube', GOOGLE_CLIENT_SECRET: 'tube-secret', GOOGLE_ISSUER: op.issuer },
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    async function signInAs(sub: string) {
      op.next.sub = sub;
      const start = await t.app.inject('/api/login.g.php');
      expect(start.statusCode).toBe(302);
      const authorize = new URL(start.headers.location as string);
      expect(authorize.origin).toBe(op.issuer);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize.searchParams.get('redirect_uri')).toBe('http://tube.test/api/login.g.php');
      const pending = start.cookies.find((c) => c.name === 'g_oidc');
      expect(pending).toMatchObject({ httpOnly: true, path: '/api/login.g.php' });
      const back = await throughProvider(authorize.href);
      expect(back.searchParams.get('code')).toBeTruthy();
      return t.app.inject({
        url: back.pathname + back.search,
        headers: { cookie: `g_oidc=${pending?.value}` },
      });
    }
    const me = async (sid: string | undefined) =>
      (await t.app.inject({ url: '/api/me.php', headers: { cookie: `sid=${sid}` } })).json().user;

    it('creates an account on first sign-in and signs in', async () => {
      const done = await signInAs('g-new');
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe('/');
      const user = await me(done.cookies.find((c) => c.name === 'sid')?.value);
      expect(user).toMatchObject({ username: 'NewBie', role: 'member' });
    });

    it('links an existing account by verified email, never by an unverified one', async () => {
      const signup = await t.app.inject({
        method: 'POST',
        url: '/api/signup.php',
        payload: { username: 'olga', email: 'olga@example.com', password: 'secret1' },
      });
      expect(signup.statusCode).toBe(200);
      const refused = await signInAs('g-unverified');
      expect(refused.headers.location).toBe('/?login=google_email_unverified');
      expect(refused.cookies.find((c) => c.name === 'sid')).toBeUndefined();

      const done = await signInAs('g-old');
      expect(await me(done.cookies.find((c) => c.name === 'sid')?.value)).toMatchObject({ username: 'olga' });
      // Google verified the address: the account no longer waits for its confirmation mail.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { usr: 'olga', pwd: 'secret1' },
      });
      expect(login.statusCode).toBe(200);
    });

    it('refuses a callback without the pending cookie or with a wrong state', async () => {
      op.next.sub = 'g-new';
      const start = await t.app.inject('/api/login.g.php');
      const back = await throughProvider(start.headers.location as string);
      const noCookie = await t.app.inject(back.pathname + back.search);
      expect(noCookie.headers.location).toBe('/?login=google_failed');
      const other = await t.app.inject('/api/login.g.php');
      const wrongState = await t.app.inject({
        url: back.pathname + back.search,
        headers: { cookie: `g_oidc=${other.cookies.find((c) => c.name === 'g_oidc')?.value}` },
      });
      expect(wrongState.headers.location).toBe('/?login=google_failed');
      expect(wrongState.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    });
  });
});
