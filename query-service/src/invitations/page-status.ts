import { invitationIdOfToken } from '@hireloop/contracts';
import { hashToken } from '@hireloop/platform/accounts/tokens';
import type { ReadStore } from '@hireloop/platform/read-store';
import { findInvitationByToken } from '@hireloop/projections/invitations/queries';
import { findJob } from '@hireloop/projections/job-board/queries';

/**
 * The HTTP status of an invitation link (`/invitation/:token`) for the SPA's fallback, as job pages
 * have theirs: 200 for a link that opens an invitation, 404 (with the same app, which shows "Invitation
 * Not Found") for an unknown, malformed or expired one; null for other paths. The HTML is the plain app:
 * nothing of the invitation is written into it.
 */
export async function renderInvitationPageFor(readStore: ReadStore, pathname: string, indexHtml: string, now: Date): Promise<{ status: number; html: string } | null> {
  const match = /^\/invitation\/([^/]+)$/.exec(pathname);
  if (!match) return null;
  let token: string;
  try {
    token = decodeURIComponent(match[1]!);
  } catch {
    return { status: 404, html: indexHtml };
  }
  const invitationId = invitationIdOfToken(token);
  const invitation = invitationId ? await findInvitationByToken(readStore, invitationId, hashToken(token), now) : null;
  const opens = invitation !== null && (await findJob(readStore, invitation.jobId)) !== null;
  return { status: opens ? 200 : 404, html: indexHtml };
}
