import type { Config } from '../config';
import type { Clock } from '../runtime';
import { createSimulatedPayments } from './simulated';
import { createStripePayments } from './stripe';
import type { PaymentsPort } from './types';

export * from './types';
export { createSimulatedPayments, SIMULATED_CHECKOUT_PATH, SIMULATED_PORTAL_PATH } from './simulated';
export { createStripePayments } from './stripe';
export { signWebhook } from './webhooks';

/** The Payments adapter the configuration asks for: Stripe when a secret key is set, else the simulated one. */
export function createPayments(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE' | 'publicUrl'>, clock: Clock): PaymentsPort {
  if (config.STRIPE_SECRET_KEY) {
    // loadConfig has checked that the webhook secret is set with the key.
    return createStripePayments({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '', apiBase: config.STRIPE_API_BASE });
  }
  return createSimulatedPayments({ publicUrl: config.publicUrl, webhookSecret: config.STRIPE_WEBHOOK_SECRET, clock });
}
