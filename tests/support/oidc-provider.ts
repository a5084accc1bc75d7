import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from '../e2e/support/app-process';

export interface TestPerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on a free loopback port, standing in for
 * LinkedIn. Its development login screen accepts any login; the login typed becomes `sub`,
 * and the claims come from `people`.
 */
export async function startTestOidcProvider(options: { clientId: string; clientSecret: string; redirectUri: string; people: Record<string, Omit<TestPerson, 'sub'>> }) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const person = options.people[sub];
      return {
        accountId: sub,
        async claims() {
          return person ? { sub, ...person } : { sub };
        },
      };
    },
  });
  // The dev screens say they are not for production; that is what a test provider is.
  provider.on('server_error', () => undefined);
  const server: Server = provider.listen(port);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A minimal browser: follows redirects by hand, keeps cookies, submits the first form of a page. */
export class FormBrowser {
  private readonly cookies = new Map<string, string>();

  private remember(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1));
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Follows redirects until `stop(url)` is true for a redirect target; returns that URL, or the final page. */
  async follow(url: string, stop: (url: URL) => boolean, init: { method?: string; body?: URLSearchParams } = {}): Promise<{ url: URL; html: string }> {
    let current = new URL(url);
    let request: { method?: string; body?: URLSearchParams } = init;
    for (let hops = 0; hops < 20; hops++) {
      const response = await fetch(current, {
        method: request.method ?? 'GET',
        body: request.body,
        redirect: 'manual',
        headers: { cookie: this.cookieHeader(), ...(request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      });
      this.remember(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, current);
        if (stop(next)) return { url: next, html: '' };
        current = next;
        request = {};
        continue;
      }
      return { url: current, html: await response.text() };
    }
    throw new Error('Too many redirects');
  }

  /** Submits the page's first form with its hidden fields plus `fields`. */
  async submitForm(page: { url: URL; html: string }, fields: Record<string, string>, stop: (url: URL) => boolean) {
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(page.html);
    if (!form) throw new Error(`No form on ${page.url}:\n${page.html.slice(0, 500)}`);
    const body = new URLSearchParams();
    for (const input of form[2]!.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) body.set(input[1]!, input[2]!);
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return this.follow(new URL(form[1]!.replace(/&amp;/g, '&'), page.url).toString(), stop, { method: 'POST', body });
  }
}
