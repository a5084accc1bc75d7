import { DEFAULT_ASSISTANT_PATH, type AssistantSettings } from '@hireloop/contracts';
import type { Config } from '../config';
import { createHttpAssistant } from './http';
import type { AssistantPort } from './types';

export * from './types';
export { createHttpAssistant } from './http';

/** The built-in provider's key when `ASSISTANT_API_KEY` is not set (ADR 043: not a secret; the user token is the proof). */
export const BUILT_IN_ASSISTANT_KEY = 'hireloop-built-in';

type AssistantConfig = Pick<Config, 'ASSISTANT_API_URL' | 'ASSISTANT_API_KEY' | 'ASSISTANT_TIMEOUT_MS'>;

/** The HTTP adapter when `ASSISTANT_API_URL` is set; otherwise null: the command service uses its built-in provider. */
export function createAssistant(config: AssistantConfig): AssistantPort | null {
  if (!config.ASSISTANT_API_URL) return null;
  return createHttpAssistant({ baseUrl: config.ASSISTANT_API_URL, apiKey: config.ASSISTANT_API_KEY, timeoutMs: config.ASSISTANT_TIMEOUT_MS });
}

/** What the browser is told (GET /api/auth/providers): the path segment, the embedded pages, the origin to trust. */
export function assistantSettings(
  config: Partial<Pick<Config, 'ASSISTANT_PATH' | 'ASSISTANT_NAME' | 'ASSISTANT_SIGNIN_URL' | 'ASSISTANT_SIGNUP_URL' | 'ASSISTANT_DASHBOARD_URL' | 'ASSISTANT_ORIGIN'>>,
): AssistantSettings {
  const path = config.ASSISTANT_PATH ?? DEFAULT_ASSISTANT_PATH;
  const signInUrl = config.ASSISTANT_SIGNIN_URL ?? `/api/${path}/frame/sign-in`;
  // '' is the app's own origin: the built-in pages are served by Hireloop itself.
  const origin = config.ASSISTANT_ORIGIN ?? (config.ASSISTANT_SIGNIN_URL ? new URL(config.ASSISTANT_SIGNIN_URL).origin : '');
  return {
    path,
    name: config.ASSISTANT_NAME ?? 'MySALT AI',
    signInUrl,
    signUpUrl: config.ASSISTANT_SIGNUP_URL ?? `/api/${path}/frame/sign-up`,
    dashboardUrl: config.ASSISTANT_DASHBOARD_URL ?? '/dashboard',
    origin,
  };
}

/** The built-in provider at the default path, as the browser is told when nothing is configured. */
export const DEFAULT_ASSISTANT_SETTINGS: AssistantSettings = assistantSettings({});

/** Origins the SPA must be allowed to frame (CSP `frame-src`) for the assistant panel. */
export function assistantFrameOrigins(settings: AssistantSettings): string[] {
  const origins = [settings.signInUrl, settings.signUpUrl].filter((url) => /^https?:\/\//i.test(url)).map((url) => new URL(url).origin);
  return [...new Set(origins)];
}
