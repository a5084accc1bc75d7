import { AssistantUser, type AssistantApplyBody, type AssistantAutoAuthBody, type AssistantJobSearchBody, type GenerateInviteBody } from '@hireloop/contracts';
import { z } from 'zod';
import { AssistantRefusedError, AssistantUnavailableError, type AssistantPort } from './types';

export interface HttpAssistantOptions {
  /** The provider's API: the spec's paths (`/auth`, `/job-search`, `/apply-job`, `/auto-auth`, `/generate-invite`) are under it. */
  baseUrl: string;
  /** The deployment's key with the provider (`ASSISTANT_API_KEY`), sent as a bearer token on every call but `/auth`. */
  apiKey?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const Answer = z.object({ success: z.boolean().optional(), error: z.string().optional() }).loose();
const AuthAnswer = Answer.extend({ user: AssistantUser.loose().optional() });
const SearchAnswer = Answer.extend({ jobs: z.array(z.record(z.string(), z.unknown())).default([]), total: z.number().int().nonnegative().optional() });
const ApplyAnswer = Answer.extend({ applicationId: z.string().optional(), application_id: z.string().optional(), appliedAt: z.string().optional() });
const InviteAnswer = Answer.extend({ invite_code: z.string().optional() });

/**
 * The external provider over HTTP, speaking the spec's wire protocol (part 1 §7): JSON bodies
 * with snake_case fields, answers `{ success, …, error }`. A refusal (4xx, or `success: false`)
 * carries the provider's message; anything else that goes wrong is "unavailable" (502). The
 * user's token and key go only in the `/auth` body, never in a URL (URLs end up in logs).
 */
export function createHttpAssistant(options: HttpAssistantOptions): AssistantPort {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  async function call<T extends z.ZodType>(path: string, body: object, schema: T, withKey = true): Promise<z.output<T>> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(withKey && options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new AssistantUnavailableError(`The assistant at ${base} could not be reached (${path})`, { cause: error });
    }
    const text = await response.text().catch(() => '');
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const parsed = schema.safeParse(json ?? {});
    if (response.status >= 400 && response.status < 500) {
      const message = parsed.success ? (parsed.data as { error?: string }).error : undefined;
      throw new AssistantRefusedError(response.status, message ?? '');
    }
    if (!response.ok) throw new AssistantUnavailableError(`The assistant answered ${response.status} (${path})`);
    if (json === undefined || !parsed.success) throw new AssistantUnavailableError(`The assistant's answer to ${path} was not understood`);
    const answer = parsed.data as { success?: boolean; error?: string };
    if (answer.success === false) throw new AssistantRefusedError(400, answer.error ?? '');
    return parsed.data;
  }

  return {
    kind: 'http',
    async authenticate({ userToken, apiKey }) {
      try {
        const answer = await call('/auth', { user_token: userToken, api_key: apiKey }, AuthAnswer, false);
        return answer.success === true && answer.user ? AssistantUser.parse(answer.user) : null;
      } catch (error) {
        if (error instanceof AssistantRefusedError) return null;
        throw error;
      }
    },
    async searchJobs(body: AssistantJobSearchBody) {
      const answer = await call('/job-search', body, SearchAnswer);
      return { jobs: answer.jobs, total: answer.total ?? answer.jobs.length };
    },
    async applyToJob(body: AssistantApplyBody) {
      const answer = await call('/apply-job', body, ApplyAnswer);
      const applicationId = answer.applicationId ?? answer.application_id;
      if (!applicationId) throw new AssistantUnavailableError("The assistant's answer to /apply-job had no application id");
      return { applicationId, appliedAt: answer.appliedAt ?? new Date().toISOString() };
    },
    async generateInvite(body: GenerateInviteBody) {
      const answer = await call('/generate-invite', body, InviteAnswer);
      return answer.success === true && answer.invite_code ? answer.invite_code : null;
    },
    async autoAuth(body: AssistantAutoAuthBody) {
      try {
        const answer = await call('/auto-auth', body, Answer);
        return answer.success === true;
      } catch (error) {
        if (error instanceof AssistantRefusedError) return false;
        throw error;
      }
    },
  };
}
