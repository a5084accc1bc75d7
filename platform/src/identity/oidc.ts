import * as client from 'openid-client';

export interface OidcIdentity {
  /** The provider's stable id for the person (`sub`). */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface LoginStart {
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** Social sign-in with OpenID Connect (LinkedIn by default): authorization code + PKCE + state + nonce. */
export interface IdentityProvider {
  readonly name: string;
  start(): Promise<LoginStart>;
  /** Exchanges the code of the callback URL; throws when state, nonce or the code do not check out. */
  finish(callbackUrl: URL, checks: { state: string; codeVerifier: string; nonce: string }): Promise<OidcIdentity>;
}

export interface OidcProviderOptions {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope?: string;
  /** Only for a local test provider over plain HTTP. */
  allowInsecureRequests?: boolean;
}

export function createOidcProvider(options: OidcProviderOptions): IdentityProvider {
  let configuration: Promise<client.Configuration> | undefined;
  const config = () =>
    (configuration ??= client
      .discovery(new URL(options.issuer), options.clientId, { redirect_uris: [options.redirectUri] }, client.ClientSecretPost(options.clientSecret), {
        execute: options.allowInsecureRequests ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = undefined; // try discovery again next time
        throw error;
      }));

  return {
    name: options.name,
    async start() {
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(await config(), {
        redirect_uri: options.redirectUri,
        scope: options.scope ?? 'openid profile email',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.toString(), state, codeVerifier, nonce };
    },
    async finish(callbackUrl, checks) {
      const cfg = await config();
      const tokens = await client.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider returned no ID token');
      let profile: Record<string, unknown> = { ...claims };
      if (!claims.email && tokens.access_token) {
        profile = { ...profile, ...(await client.fetchUserInfo(cfg, tokens.access_token, claims.sub)) };
      }
      const email = typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : null;
      return {
        subject: claims.sub,
        email,
        emailVerified: profile.email_verified === true || profile.email_verified === 'true',
        name: typeof profile.name === 'string' ? profile.name : null,
      };
    },
  };
}
