import { localResumeAi } from './local';
import { createOpenAiAdapter } from './openai';
import { summarizeCandidateLocally } from './summary-local';
import type { AiPort } from './types';

export type { AiPort, CandidateAi, CandidateFacts, CandidateSummaryResult, ResumeAi, ResumeImage } from './types';
export { AiServiceError } from './types';

/** The offline adapter: the embedded default (images reach it as OCR text from the resume reader, ADR 048). */
export function localAi(options: { now: () => Date }): AiPort {
  const resumes = localResumeAi(options);
  return {
    provider: 'local',
    extractResume: (text) => resumes.extractResume(text),
    summarizeCandidate: (facts) => Promise.resolve(summarizeCandidateLocally(facts)),
  };
}

export interface AiSettings {
  AI_PROVIDER: 'local' | 'openai';
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_MODEL: string;
  OPENAI_TIMEOUT_MS: number;
}

/** The adapter the configuration names (`AI_PROVIDER`). */
export function createAi(settings: AiSettings, options: { now: () => Date }): AiPort {
  if (settings.AI_PROVIDER === 'local') return localAi(options);
  return createOpenAiAdapter({
    // A local OpenAI-compatible server may need no key; the SDK insists on one.
    apiKey: settings.OPENAI_API_KEY ?? 'no-key',
    baseURL: settings.OPENAI_BASE_URL,
    model: settings.OPENAI_MODEL,
    timeoutMs: settings.OPENAI_TIMEOUT_MS,
  });
}
