import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { POSITION_HEADER, SUBSCRIPTION_MESSAGES, annualSaving, planById } from '@hireloop/contracts';
import { comparePositions } from '@hireloop/platform/event-store';
import { SIMULATED_CHECKOUT_PATH, type SimulatedCheckout } from '@hireloop/platform/payments';
import { withPosition } from '../shared/request-context';

const SessionParams = z.object({ sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{1,120}$/, 'Not a checkout session id') });

const CHECKOUT_NOTICE = 'TEST MODE — simulated checkout. No card is asked for and no money is taken.';

/** A page of the simulated provider (checkout, billing portal), marked as test mode at its top. */
export const testModePage = (title: string, body: string, notice: string = CHECKOUT_NOTICE) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Hireloop</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111}
.test{background:#fde68a;border:1px solid #d97706;padding:.5rem .75rem;border-radius:.375rem;font-weight:600}
button{background:#111;color:#fff;border:0;padding:.75rem 1.25rem;border-radius:.375rem;font-size:1rem;cursor:pointer}
a{color:#2563eb}
fieldset{border:1px solid #ddd;border-radius:.375rem;margin:1rem 0;padding:.75rem 1rem}
.secondary{background:#fff;color:#111;border:1px solid #111}</style></head>
<body><p class="test" role="status">${notice}</p>${body}</body></html>`;

const page = (title: string, body: string) => testModePage(title, body);

/**
 * The simulated adapter's checkout page (ADR 030), served where Stripe's hosted page would be.
 * Confirming it posts the signed events Stripe would send to `POST /api/stripe/webhook` — the
 * same route, signature check and decider — then sends the browser back like Stripe does.
 * The session id is the capability, as a Stripe checkout link is; it only ever grants a trial.
 */
export const simulatedCheckoutRoutes: FastifyPluginAsyncZod<{ checkout: SimulatedCheckout }> = async (app, { checkout }) => {
  // The page's form posts application/x-www-form-urlencoded; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  app.get(`${SIMULATED_CHECKOUT_PATH}/:sessionId`, { schema: { hide: true, params: SessionParams } }, async (request, reply) => {
    const session = checkout.find(request.params.sessionId);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!session) return reply.code(404).send(page('Checkout not found', `<h1>Checkout not found</h1><p>${SUBSCRIPTION_MESSAGES.checkoutNotFound}</p><p><a href="/pricing">Back to pricing</a></p>`));
    const plan = planById(session.planId);
    const price = session.billingPeriod === 'annual' ? `$${plan.annualPrice}/year (save $${annualSaving(plan)})` : `$${plan.price}/month`;
    const done = session.status === 'complete' ? '<p>This checkout is already complete; confirming again changes nothing.</p>' : '';
    return reply.send(
      page(
        'Test checkout',
        `<h1>Subscribe to ${plan.name}</h1><p>${price} after a ${session.trialDays}-day free trial.</p>${done}
<form method="post" action="${SIMULATED_CHECKOUT_PATH}/${session.sessionId}/confirm"><button type="submit">Start free trial</button></form>
<p><a href="${session.cancelUrl}">Cancel and go back</a></p>`,
      ),
    );
  });

  app.post(`${SIMULATED_CHECKOUT_PATH}/:sessionId/confirm`, { schema: { hide: true, params: SessionParams } }, async (request, reply) => {
    const completed = checkout.complete(request.params.sessionId);
    if (!completed) return reply.code(404).type('text/html; charset=utf-8').send(page('Checkout not found', `<h1>Checkout not found</h1><p>${SUBSCRIPTION_MESSAGES.checkoutNotFound}</p>`));
    // The latest position the deliveries appended at: the answer carries it, as every command's does (read-your-writes).
    let position = '';
    for (const delivery of completed.deliveries) {
      // Through the HTTP route itself, as Stripe delivers: raw body and signature header.
      const answer = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: delivery.payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature } });
      if (answer.statusCode !== 200) {
        request.log.error({ statusCode: answer.statusCode }, 'simulated webhook delivery refused');
        return reply.code(502).type('text/html; charset=utf-8').send(page('Checkout failed', '<h1>Checkout failed</h1><p>The subscription could not be recorded. Please try again.</p>'));
      }
      const appended = answer.headers[POSITION_HEADER];
      if (typeof appended === 'string' && appended && (!position || comparePositions(appended, position) > 0)) position = appended;
    }
    return withPosition(reply, position).redirect(completed.redirectTo, 303);
  });
};
