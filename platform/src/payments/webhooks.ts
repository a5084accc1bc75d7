import Stripe from 'stripe';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookSignatureError, type SignedDelivery, type WebhookEvent } from './types';

/**
 * Webhook signatures, with the Stripe SDK for both adapters: the simulated one signs its events
 * exactly as Stripe does, so the one verifying path is exercised offline too.
 */
export function verifyWebhook(secret: string, rawBody: Buffer | string, signatureHeader: string, receivedAt: Date): WebhookEvent {
  try {
    // constructEvent checks the HMAC over the exact bytes received and the timestamp's age.
    const event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAt.getTime());
    return event as unknown as WebhookEvent;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      const stale = /tolerance/i.test(error.message);
      throw new WebhookSignatureError(stale ? 'stale' : 'invalid', error.message);
    }
    // A signed body that is not JSON.
    throw new WebhookSignatureError('invalid', error instanceof Error ? error.message : String(error));
  }
}

/** Signs a payload as Stripe would (the SDK's test helper), at `timestamp` seconds. */
export function signWebhook(secret: string, payload: string, timestamp: number): SignedDelivery {
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}
