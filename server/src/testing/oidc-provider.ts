import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (the npm package oidc-provider) on 127.0.0.1 for the single sign-on tests: one client
 * (the portal, secret by Basic authentication, PKCE required), an RS256 signing key the tests also hold (to sign the
 * tokens a broken or hostile provider would send), accounts named by their e-mail (any login is accepted, as in the
 * package's development pages), and no consent page.
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's own signing key and its id. */
  signingKey: CryptoKey;
  kid: string;
  /** Follows the provider's pages from the authorization URL as a browser would, signing in as `email`; answers the return URL. */
  signIn(authorizationUrl: string, email: string): Promise<URL>;
  close(): Promise<void>;
}

interface ProviderContext {
  oidc: { client: { clientId: string }; session: { accountId: string; grantIdFor(clientId: string): string | undefined }; provider: { Grant: { find(id: string): Promise<unknown> } } & Provider };
}

export async function startOidcProvider(redirectUri: string, options: { clientId?: string; clientSecret?: string } = {}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'ecore-portal';
  const clientSecret = options.clientSecret ?? 'provider-secret-of-the-portal';
  const kid = 'provider-key-1';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_basic' }],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['cookie-key-of-the-test-provider'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The e-mail in the ID token itself, not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ sub: id, email: id, email_verified: true }) }),
    // Every scope granted without a consent page.
    loadExistingGrant: async (ctx: ProviderContext) => {
      const existing = ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  const signIn = async (authorizationUrl: string, email: string): Promise<URL> => {
    const cookies = new Map<string, string>();
    let url = new URL(authorizationUrl);
    let form: URLSearchParams | null = null;
    for (let hop = 0; hop < 12; hop++) {
      const response: Response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(form ? { body: form.toString() } : {}),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      form = null;
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url);
        if (url.href.startsWith(redirectUri)) return url;
        continue;
      }
      const page: string = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      const prompt: string | undefined = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page ${response.status}: ${page.slice(0, 300)}`);
      url = new URL(action, url);
      form = new URLSearchParams(prompt === 'login' ? { prompt, login: email, password: 'any' } : { prompt });
    }
    throw new Error('the provider did not send the browser back');
  };

  return {
    issuer,
    clientId,
    clientSecret,
    signingKey: privateKey,
    kid,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
