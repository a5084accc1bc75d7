import { BillingPortalResponse } from '@hireloop/contracts';
import { useMutation } from '@tanstack/react-query';
import { parseAnswer, sendJson } from '../../../lib/api-client';

/** `POST /api/subscription/portal`: the billing portal of the company's payment provider (ADR 063). */
export const BILLING_PORTAL_PATH = '/api/subscription/portal';

export async function openBillingPortal(): Promise<BillingPortalResponse> {
  return parseAnswer(BillingPortalResponse, await sendJson('POST', BILLING_PORTAL_PATH, {}), BILLING_PORTAL_PATH);
}

/** Opens the portal and sends the browser there; what changes comes back by the provider's webhook. */
export function useOpenBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
