import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BillingPeriod, PAID_PLAN_IDS, PaidPlanId, POSITION_HEADER, planById, type SubscriptionPlan } from '@hireloop/contracts';
import { comparePositions } from '@hireloop/platform/event-store';
import { SIMULATED_PORTAL_PATH, type SimulatedPortal, type SimulatedPortalAction, type SimulatedPortalView } from '@hireloop/platform/payments';
import { withPosition } from '../shared/request-context';
import { testModePage } from './simulated-checkout';

const SessionParams = z.object({ sessionId: z.string().regex(/^bps_[A-Za-z0-9_]{1,120}$/, 'Not a billing portal session id') });

/** The portal's form: one `action`, and the plan and period for a change. */
const PortalForm = z.discriminatedUnion('action', [
  z.object({ action: z.literal('change'), plan: z.string() }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('renew') }),
  z.object({ action: z.literal('end-period') }),
]);

export const PORTAL_NOTICE = 'TEST MODE — simulated billing portal. Nothing is charged or refunded.';
const NOT_FOUND = 'This billing portal link does not exist or has expired. Open Manage billing again from Hireloop.';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const priceText = (plan: SubscriptionPlan, period: BillingPeriod) => (period === 'annual' ? `$${plan.annualPrice}/year` : `$${plan.price}/month`);
const statusText: Record<string, string> = { trialing: 'Free trial', active: 'Active', past_due: 'Payment past due', unpaid: 'Payment past due', paused: 'Paused' };

function portalBody(view: SimulatedPortalView, base: string): string {
  const back = `<p><a href="${escapeHtml(view.returnUrl)}">Return to Hireloop</a></p>`;
  const subscription = view.subscription;
  if (!subscription) return `<h1>Billing</h1><p>Your company has no subscription to manage. Choose a plan on the pricing page.</p>${back}`;
  const plan = planById(subscription.planId);
  const until = dateText(subscription.currentPeriodEnd);
  const next = subscription.scheduledChange ? planById(subscription.scheduledChange.planId) : null;
  const outlook = subscription.cancelAtPeriodEnd
    ? `<p><strong>Your plan ends on ${until}.</strong> You keep ${plan.name} until then; then your company is on the Free plan.</p>`
    : next && subscription.scheduledChange
      ? `<p><strong>Your plan changes to ${next.name} (${priceText(next, subscription.scheduledChange.billingPeriod)}) on ${until}.</strong></p>`
      : `<p>Renews on ${until}.</p>`;
  const options = PAID_PLAN_IDS.flatMap((planId) =>
    (['monthly', 'annual'] as const).map((period) => {
      const option = planById(planId);
      const current = planId === subscription.planId && period === subscription.billingPeriod;
      const chosen = subscription.scheduledChange ? subscription.scheduledChange.planId === planId && subscription.scheduledChange.billingPeriod === period : current;
      return `<label><input type="radio" name="plan" value="${planId}:${period}"${chosen ? ' checked' : ''}> ${option.name} — ${priceText(option, period)}${current ? ' (current plan)' : ''}</label><br>`;
    }),
  ).join('\n');
  const action = `${base}/${view.sessionId}`;
  return `<h1>Manage your Hireloop plan</h1>
<p>Current plan: <strong>${plan.name}</strong> (${priceText(plan, subscription.billingPeriod)}) · ${statusText[subscription.status] ?? subscription.status}</p>
${outlook}
<form method="post" action="${action}"><fieldset><legend>Change plan</legend>
<p>Changes take effect at the next billing cycle, on ${until}.</p>
${options}
<input type="hidden" name="action" value="change"><p><button type="submit">Update plan</button></p></fieldset></form>
${
  subscription.cancelAtPeriodEnd
    ? `<form method="post" action="${action}"><input type="hidden" name="action" value="renew"><button type="submit">Don’t cancel</button></form>`
    : `<form method="post" action="${action}"><input type="hidden" name="action" value="cancel"><button type="submit" class="secondary">Cancel plan</button></form>`
}
<form method="post" action="${action}"><fieldset><legend>Test clock</legend><p>Let the current period end now, as it would on ${until}.</p>
<input type="hidden" name="action" value="end-period"><button type="submit" class="secondary">End the period now</button></fieldset></form>
${back}`;
}

/**
 * The simulated adapter's billing portal (ADR 063), served where Stripe's hosted portal would be.
 * Its actions are Stripe's portal's — change plan from the next period, cancel at the period's
 * end, take a cancellation back — plus a test clock. Each posts the signed event Stripe would send
 * (`customer.subscription.updated` / `.deleted`) to `POST /api/stripe/webhook`: the same route,
 * signature check and decider as Stripe's. The session id is the capability, as Stripe's portal
 * link is; it lasts an hour and only manages its own company's subscription.
 */
export const simulatedPortalRoutes: FastifyPluginAsyncZod<{ portal: SimulatedPortal }> = async (app, { portal }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
  const html = (title: string, body: string) => testModePage(title, body, PORTAL_NOTICE);

  app.get(`${SIMULATED_PORTAL_PATH}/:sessionId`, { schema: { hide: true, params: SessionParams } }, async (request, reply) => {
    const view = portal.find(request.params.sessionId);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!view) return reply.code(404).send(html('Billing portal not found', `<h1>Billing portal not found</h1><p>${NOT_FOUND}</p><p><a href="/pricing">Back to pricing</a></p>`));
    return reply.send(html('Billing portal', portalBody(view, SIMULATED_PORTAL_PATH)));
  });

  app.post(`${SIMULATED_PORTAL_PATH}/:sessionId`, { schema: { hide: true, params: SessionParams } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    const form = PortalForm.safeParse(request.body);
    let action: SimulatedPortalAction | null = null;
    if (form.success && form.data.action === 'change') {
      const [planId, period] = form.data.plan.split(':');
      const plan = PaidPlanId.safeParse(planId);
      const billingPeriod = BillingPeriod.safeParse(period);
      if (plan.success && billingPeriod.success) action = { kind: 'change', planId: plan.data, billingPeriod: billingPeriod.data };
    } else if (form.success && form.data.action !== 'change') {
      action = { kind: form.data.action };
    }
    if (!action) return reply.code(400).send(html('Billing portal', `<h1>Choose what to do</h1><p>Pick a plan and period, or cancel, then submit again.</p><p><a href="${SIMULATED_PORTAL_PATH}/${request.params.sessionId}">Back to the billing portal</a></p>`));
    const done = portal.act(request.params.sessionId, action);
    if (!done) return reply.code(404).send(html('Billing portal not found', `<h1>Billing portal not found</h1><p>${NOT_FOUND}</p><p><a href="/pricing">Back to pricing</a></p>`));
    let position = '';
    for (const delivery of done.deliveries) {
      // Through the HTTP route itself, as Stripe delivers: raw body and signature header.
      const answer = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: delivery.payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature } });
      if (answer.statusCode !== 200) {
        request.log.error({ statusCode: answer.statusCode }, 'simulated webhook delivery refused');
        return reply.code(502).send(html('Billing portal', '<h1>Change not recorded</h1><p>The change could not be recorded. Please try again.</p>'));
      }
      const appended = answer.headers[POSITION_HEADER];
      if (typeof appended === 'string' && appended && (!position || comparePositions(appended, position) > 0)) position = appended;
    }
    // Back to the portal page, which shows the subscription as it is now.
    return withPosition(reply, position).redirect(`${SIMULATED_PORTAL_PATH}/${request.params.sessionId}`, 303);
  });
};
