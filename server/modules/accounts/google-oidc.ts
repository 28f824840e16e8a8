// Google sign-in as an OpenID Connect relying party (authorization code + PKCE) through openid-client.
// Protocol only: the accounts service decides what the verified claims mean.
import * as oidc from 'openid-client';
import type { GoogleClaims } from './accounts.service.ts';

export interface OidcSettings {
  clientId: string;
  clientSecret: string;
  issuer: string;
  redirectUri: string;
}

/** What the browser carries between the start and the callback (in a short-lived HttpOnly cookie). */
export interface PendingAuthorization {
  verifier: string;
  state: string;
  nonce: string;
}

export interface GoogleOidc {
  start(): Promise<{ url: string; pending: PendingAuthorization }>;
  finish(callbackUrl: URL, pending: PendingAuthorization): Promise<GoogleClaims>;
}

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

export function createGoogleOidc(settings: OidcSettings): GoogleOidc {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    const issuer = new URL(settings.issuer);
    discovered ??= oidc
      .discovery(
        issuer,
        settings.clientId,
        undefined,
        oidc.ClientSecretPost(settings.clientSecret),
        // Plain HTTP only for an issuer on this machine (the tests' local provider), never elsewhere.
        issuer.protocol === 'http:' && isLoopback(issuer)
          ? { execute: [oidc.allowInsecureRequests] }
          : undefined,
      )
      .catch((error) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async start() {
      const config = await configuration();
      const pending = {
        verifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending };
    },
    async finish(callbackUrl, pending) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      let claims: (Record<string, unknown> & { sub: string }) | undefined = tokens.claims();
      if (!claims) throw new Error('no ID token');
      // Google puts email in the ID token; providers that keep scope claims for userinfo need a call.
      if (typeof claims.email !== 'string') {
        claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), sub: claims.sub };
      }
      return {
        sub: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}
