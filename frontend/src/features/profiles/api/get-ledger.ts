import { LedgerResponse } from '@hireloop/contracts';
import { useQuery } from '@tanstack/react-query';
import { getJson, parseAnswer } from '../../../lib/api-client';

export const LEDGER_PATH = '/api/profile/ledger';
export const ledgerQueryKey = (userId: string) => [LEDGER_PATH, userId] as const;

/** `GET /api/profile/ledger` (candidates): which companies saw what of them, and when (ADR 037). */
export async function getLedger({ signal }: { signal?: AbortSignal } = {}): Promise<LedgerResponse> {
  return parseAnswer(LedgerResponse, await getJson(LEDGER_PATH, { signal }), LEDGER_PATH);
}

export function useLedger(userId: string) {
  return useQuery({ queryKey: ledgerQueryKey(userId), queryFn: getLedger, retry: false });
}
