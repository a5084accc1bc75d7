import type { AssistantApplyBody, AssistantAutoAuthBody, AssistantJobSearchBody, AssistantUser, GenerateInviteBody } from '@hireloop/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The AI-assistant port (ADR 043): what `POST /api/{assistant}/…` and `POST /api/public/generate-invite`
 * ask of the assistant the deployment is connected to. Adapters: `http` (an external provider,
 * `ASSISTANT_API_URL`) and `built-in` (the default, offline: Hireloop's own board and application
 * flow, in command-service/src/assistant). The credentials pass through and are never kept.
 */
export interface AssistantPort {
  readonly kind: 'http' | 'built-in';
  /** The user the credentials belong to, or null when the provider refuses them. */
  authenticate(credentials: { userToken: string; apiKey: string }, call: AssistantCall): Promise<AssistantUser | null>;
  searchJobs(body: AssistantJobSearchBody, call: AssistantCall): Promise<{ jobs: Array<Record<string, unknown>>; total: number }>;
  /** `position`: where the built-in provider's application landed in the log (read-your-writes). */
  applyToJob(body: AssistantApplyBody, call: AssistantCall): Promise<{ applicationId: string; appliedAt: string; position?: string }>;
  /** A code for the provider's sign-up address, or null when the provider answered without one. */
  generateInvite(body: GenerateInviteBody, call: AssistantCall): Promise<string | null>;
  /** Whether the provider confirms the user its embedded sign-in page reported. */
  autoAuth(body: AssistantAutoAuthBody, call: AssistantCall): Promise<boolean>;
}

/** The request being answered: the built-in provider reads its session; the HTTP adapter does not. */
export interface AssistantCall {
  request: FastifyRequest;
}

/** The provider could not be reached, timed out or answered nonsense (the route answers 502). */
export class AssistantUnavailableError extends Error {
  override readonly name = 'AssistantUnavailableError';
}

/** The provider refused a call with its own message (the route answers 4xx with it). */
export class AssistantRefusedError extends Error {
  override readonly name = 'AssistantRefusedError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
