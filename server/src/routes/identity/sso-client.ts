import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';

/** What the relying party needs of an organisation's provider. */
export interface SsoProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What a sign-in under way keeps for the return. */
export interface SsoChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Why a provider's answer was refused, for the log (never the token). */
export class SsoCheckFailed extends Error {
  constructor(
    readonly reason: string,
    readonly unreachable = false,
  ) {
    super(reason);
  }
}

const local = (issuer: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(issuer).hostname);

/**
 * The OpenID Connect relying party (openid-client): discovery, the authorization URL with PKCE (S256), state and
 * nonce, and the code exchange whose ID token is checked for issuer, audience, nonce, expiry (30 s of clock
 * tolerance) and signature against the provider's published keys. Each provider's discovery and keys are kept in
 * memory; keys are fetched again after ten minutes or when a token names a key not seen yet (a rotation).
 * `fetch` is for tests that alter a provider's answers on the way.
 */
export function ssoClients(fetchImpl?: typeof fetch) {
  const configurations = new Map<string, Promise<oidc.Configuration>>();

  const configurationOf = (provider: SsoProvider): Promise<oidc.Configuration> => {
    const key = createHash('sha256').update(JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret])).digest('hex');
    const known = configurations.get(key);
    if (known) return known;
    const execute = local(provider.issuer) ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks];
    const discovered = oidc
      .discovery(new URL(provider.issuer), provider.clientId, undefined, oidc.ClientSecretBasic(provider.clientSecret), {
        execute,
        timeout: 10,
        ...(fetchImpl ? { [oidc.customFetch]: (url: string, options: oidc.CustomFetchOptions) => fetchImpl(url, options as RequestInit) } : {}),
      })
      .catch((error: unknown) => {
        configurations.delete(key);
        throw new SsoCheckFailed(`discovery: ${error instanceof Error ? error.message : String(error)}`, true);
      });
    configurations.set(key, discovered);
    return discovered;
  };

  return {
    /** A fresh state, nonce and PKCE verifier, and the provider's authorization URL that carries them. */
    async start(provider: SsoProvider, redirectUri: string, loginHint: string): Promise<{ url: string; checks: SsoChecks }> {
      const configuration = await configurationOf(provider);
      const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        login_hint: loginHint,
      });
      return { url: url.href, checks };
    },

    /** Exchanges the code of the return and answers the checked ID token's claims; throws SsoCheckFailed. */
    async finish(provider: SsoProvider, returnUrl: URL, checks: SsoChecks): Promise<Record<string, unknown>> {
      const configuration = await configurationOf(provider);
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, returnUrl, { pkceCodeVerifier: checks.codeVerifier, expectedState: checks.state, expectedNonce: checks.nonce, idTokenExpected: true });
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token');
        return claims;
      } catch (error) {
        // The library's code and the check that failed (its cause names the claim or header), never the token.
        const { code, cause } = error as { code?: string; cause?: unknown };
        const detail = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
        throw new SsoCheckFailed(`${code ?? 'error'}: ${detail}`);
      }
    },
  };
}

export type SsoClients = ReturnType<typeof ssoClients>;
