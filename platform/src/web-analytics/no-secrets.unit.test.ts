import { randomBytes } from 'node:crypto';
import { PageViewBody } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { randomIds } from '../runtime';
import { createGa4PageViewSink } from './measurement-protocol';

/*
 * No secret reaches an analytics event (ADR 061): a page view is the only analytics sent from the
 * server (to GA4, and counted into `PageViewsCounted`), and it carries a route pattern, never an
 * address. Links that carry a secret — a password reset, an invitation — are refused as routes,
 * whatever token they hold, so neither the log nor GA4 ever sees one.
 */
describe('no secret in an analytics event', () => {
  const resetToken = () => randomIds.newToken(32);
  /** An invitation token's shape: its id in hex, a dot, its secret (ADR 031). */
  const invitationToken = () => `${randomBytes(16).toString('hex')}.${randomIds.newToken(32)}`;

  it('a page view naming a reset or invitation link is refused, for any token', () => {
    for (let i = 0; i < 200; i++) {
      for (const route of [`/reset-password/${resetToken()}`, `/invitation/${invitationToken()}`, `/reset-password?token=${resetToken()}`]) {
        expect(PageViewBody.safeParse({ route }).success, route).toBe(false);
      }
    }
    // Their patterns are what is counted.
    for (const route of ['/reset-password', '/invitation/$token']) expect(PageViewBody.safeParse({ route }).success, route).toBe(true);
  });

  it('what goes to GA4 is the route pattern: the body holds no token, and the API secret only in the collect address', async () => {
    const sent: Array<{ url: string; body: string }> = [];
    const sink = createGa4PageViewSink({
      measurementId: 'G-ABCDEFGHIJ',
      apiSecret: 'ga4-api-secret-value',
      publicUrl: 'https://hireloop.example',
      fetch: async (url, init) => {
        sent.push({ url: String(url), body: String(init?.body) });
        return new Response(null, { status: 204 });
      },
    });
    sink!.pageView('/invitation/$token');
    await expect.poll(() => sent.length).toBe(1);
    expect(JSON.parse(sent[0]!.body).events).toEqual([{ name: 'page_view', params: { page_location: 'https://hireloop.example/invitation/$token', engagement_time_msec: 1 } }]);
    expect(sent[0]!.body).not.toContain('ga4-api-secret-value');
  });
});
