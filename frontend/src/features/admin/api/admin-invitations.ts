import { type BulkInvitationBody, BulkInvitationResponse, type SendInvitationBody, SendInvitationResponse } from '@hireloop/contracts';
import { useMutation } from '@tanstack/react-query';
import { parseAnswer, sendJson } from '../../../lib/api-client';

/** `POST /api/job-invitations/send` (part 2 §7): an admin may invite to any job posted on Hireloop. */
export async function sendAdminInvitation(body: SendInvitationBody): Promise<SendInvitationResponse> {
  const path = '/api/job-invitations/send';
  return parseAnswer(SendInvitationResponse, await sendJson('POST', path, body), path);
}

export interface BulkInvitationRequest {
  body: BulkInvitationBody;
  /**
   * One key per confirmed batch (ADR 015): pressing the confirm button again after a lost answer
   * replays the first answer instead of inviting the same people twice.
   */
  idempotencyKey: string;
}

/** `POST /api/job-invitations/bulk` (part 2 §7): the answer's `summary.succeeded` of `summary.total`. */
export async function sendBulkInvitations({ body, idempotencyKey }: BulkInvitationRequest): Promise<BulkInvitationResponse> {
  const path = '/api/job-invitations/bulk';
  return parseAnswer(BulkInvitationResponse, await sendJson('POST', path, body, { headers: { 'Idempotency-Key': idempotencyKey } }), path);
}

export const useSendAdminInvitation = () => useMutation({ mutationFn: sendAdminInvitation });
export const useSendBulkInvitations = () => useMutation({ mutationFn: sendBulkInvitations });
