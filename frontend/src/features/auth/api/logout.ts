import { sendJson } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';
import { clearTabDrafts } from '../../../lib/tab-drafts';

/**
 * `POST /api/auth/logout`, then forget the session here even if the call failed, and go home
 * with a full reload so nothing of the old session stays in memory.
 */
export async function logout(): Promise<void> {
  try {
    await sendJson('POST', '/api/auth/logout');
  } catch {
    // Signing out on this device must not depend on the server answering.
  } finally {
    clearSession();
    clearTabDrafts();
    window.location.assign('/');
  }
}
