import type { AiPort } from '@hireloop/platform/ai';
import type { AssistantPort } from '@hireloop/platform/assistant';
import type { AssistantSettings, Job, JobContent, JobListQuery } from '@hireloop/contracts';
import type { AccountSecrets } from '@hireloop/platform/accounts/types';
import type { Bus } from '@hireloop/platform/bus';
import type { EventStore } from '@hireloop/platform/event-store';
import type { IdempotencyStore } from '@hireloop/platform/idempotency/types';
import type { IdentityProvider } from '@hireloop/platform/identity/oidc';
import type { Mailer } from '@hireloop/platform/mailer/types';
import type { OutboxStore } from '@hireloop/platform/outbox';
import type { PaymentsPort } from '@hireloop/platform/payments';
import type { PersonalDataProtection } from '@hireloop/platform/personal-data/protected-event-store';
import type { ProfilePictureStore } from '@hireloop/platform/profile-pictures/types';
import type { ResumeReader } from '@hireloop/platform/resume-text/extractor';
import type { RateLimiter } from '@hireloop/platform/rate-limit/types';
import type { ReactionCheckpoints } from '@hireloop/platform/reactions/checkpoints';
import type { Clock, IdGenerator } from '@hireloop/platform/runtime';
import type { McpReads } from './mcp-reads';

/** What the command side needs from the outside world; the composition root (cli) provides it. */
export interface CommandServiceDeps {
  /** Seals personal fields on append and opens them on read (ADR 019). */
  eventStore: EventStore;
  /** Forgets a person: deletes their key and rewrites legacy clear-text events (ADR 019). */
  personalData: Pick<PersonalDataProtection, 'erase'>;
  secrets: AccountSecrets;
  rateLimiter: RateLimiter;
  /** The first answers of writes sent with an Idempotency-Key (ADR 015). */
  idempotency: IdempotencyStore;
  /** How far each reaction has read the log; without it a reaction reads the log from its start on each start. */
  reactionCheckpoints?: ReactionCheckpoints;
  /** Carries mail to the mail worker (durable work queue). */
  bus: Bus;
  clock: Clock;
  ids: IdGenerator;
  sessionTtlMs: number;
  /** Where people reach the app, for links in emails and sign-in redirects. */
  publicUrl: string;
  /** LinkedIn sign-in, when configured. */
  linkedin: IdentityProvider | null;
  /** Read by admins when it is the outbox (embedded profile without SMTP). */
  mailer: Mailer;
  /** Where mail appended with events waits for the relay (ADR 053); an erasure forgets the person's address there (ADR 061). */
  outbox: Pick<OutboxStore, 'forget'>;
  /**
   * Profile pictures and cover photos as files (ADR 046); the composition root gives the
   * PostgreSQL adapter. Default: one in memory, made by `registerCommandService`.
   */
  pictures?: ProfilePictureStore;
  /** The AI port (ADR 025); default: the offline `local` adapter. */
  ai?: AiPort;
  /** The Payments port (ADR 030); default: the `simulated` adapter. */
  payments?: PaymentsPort;
  /** Reads uploaded resumes in worker threads with a time limit; default: one started on demand. */
  resumeReader?: ResumeReader;
  /**
   * The AI-assistant connection (ADR 043): the `http` adapter when configured (else the built-in
   * provider), what the browser is told, and the key the built-in provider wants. Default: built
   * in, at `/api/mysalt`, with the built-in key.
   */
  assistant?: { port: AssistantPort | null; settings: AssistantSettings; apiKey?: string };
  /** The board search of the job-board read model (the built-in assistant's job search); the composition root provides it. */
  searchBoard?: (query: JobListQuery) => Promise<{ jobs: Job[]; total: number }>;
  /** Counts a page view the browser reported after consent (ADR 041); without it the route is not offered. */
  onPageView?: (route: string) => void;
  /** What the MCP tools read (ADR 042); without it the MCP endpoint is not offered (API keys still are). */
  mcpReads?: McpReads;
  /** Saved searches and job alerts (ADR 067); the composition root provides them. Without it neither is offered. */
  savedSearches?: SavedSearchSupport;
}

/** A board search as a candidate saved it. */
export interface SavedSearchCriteria {
  keywords: string;
  location: string;
  type: string;
}

/** What saved searches need of the read side (ADR 067): the candidate's list and the board's own matching rules. */
export interface SavedSearchSupport {
  /** Whose saved search it is, from the read model (an unsubscribe link names the search only), or null. */
  ownerOf(searchId: string): Promise<string | null>;
  /** Whether a new job (its `JobPosted` or `JobImported` data) matches a search, by the board's rules. */
  matches(job: JobContent, search: SavedSearchCriteria): boolean;
}
