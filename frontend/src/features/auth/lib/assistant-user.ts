import { ASSISTANT_DEFAULT_AVATAR, ASSISTANT_DEFAULT_NAME, ASSISTANT_USER_STORAGE_KEY, type AssistantUser } from '@hireloop/contracts';

/** The AI-assistant user kept in this browser (part 1 §3): the returned fields, with aiName and aiAvatar defaulted. */
export type StoredAssistantUser = AssistantUser & { aiName: string; aiAvatar: string };

/** Keeps the user the assistant vouched for (never the token or the key). */
export function storeAssistantUser(user: AssistantUser): StoredAssistantUser {
  const stored: StoredAssistantUser = { ...user, aiName: user.aiName || ASSISTANT_DEFAULT_NAME, aiAvatar: user.aiAvatar || ASSISTANT_DEFAULT_AVATAR };
  try {
    localStorage.setItem(ASSISTANT_USER_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or refused: the connection still worked for this page.
  }
  return stored;
}

export function readAssistantUser(): StoredAssistantUser | null {
  try {
    const raw = localStorage.getItem(ASSISTANT_USER_STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<StoredAssistantUser>) : null;
    return value && typeof value.id === 'string' && typeof value.email === 'string'
      ? { ...(value as StoredAssistantUser), aiName: value.aiName || ASSISTANT_DEFAULT_NAME, aiAvatar: value.aiAvatar || ASSISTANT_DEFAULT_AVATAR }
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether a `message` event is the embedded sign-in page reporting success: from the expected
 * origin only (`expectedOrigin`, or this app's own when '' — the built-in pages), of type
 * `auth_success`, naming the user and their email. Anything else is ignored.
 */
export function trustedAuthSuccess(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  expectedOrigin: string,
  ownOrigin: string,
): { mysalt_user_id: string; email: string } | null {
  if (event.origin !== (expectedOrigin || ownOrigin)) return null;
  const data = event.data as { type?: unknown; mysalt_user_id?: unknown; user_id?: unknown; email?: unknown } | null;
  if (!data || typeof data !== 'object' || data.type !== 'auth_success') return null;
  const id = typeof data.mysalt_user_id === 'string' ? data.mysalt_user_id : typeof data.user_id === 'string' ? data.user_id : null;
  if (!id || typeof data.email !== 'string' || !data.email) return null;
  return { mysalt_user_id: id, email: data.email };
}
