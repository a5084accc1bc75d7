import type { Availability, ExtractedResume, WorkPreference } from '@hireloop/contracts';

/** The AI port: turns a resume's plain text into structured fields. */
export interface ResumeAi {
  extractResume(text: string): Promise<ExtractedResume>;
  /**
   * Reads a resume photographed or scanned as an image (vision input). Absent when the adapter
   * has no vision (the offline one): the route then reads the image by OCR in the resume
   * reader's worker and passes the text to `extractResume` (ADR 048).
   */
  extractResumeFromImage?(image: ResumeImage): Promise<ExtractedResume>;
}

export interface ResumeImage {
  readonly bytes: Uint8Array;
  /** `image/png`, `image/jpeg` or `image/webp`. */
  readonly mediaType: string;
}

/**
 * What the AI may know about a candidate to summarise them: only facts that identify nobody.
 * Never the name, contact details, links, pictures, education or the candidate's own bio.
 */
export interface CandidateFacts {
  readonly title: string;
  readonly skills: readonly string[];
  /** As the candidate wrote it, such as "5+ years". */
  readonly experience: string;
  readonly workPreference: WorkPreference;
  readonly availability: Availability;
}

export interface CandidateSummaryResult {
  readonly summaryText: string;
  readonly strengths: readonly string[];
  readonly fitRoles: readonly string[];
  /** Which model wrote it: "local" for the offline adapter. */
  readonly model: string;
}

/** The AI port's candidate side: a short summary of a profile for companies. */
export interface CandidateAi {
  summarizeCandidate(facts: CandidateFacts): Promise<CandidateSummaryResult>;
}

/** One adapter does both: `local` (offline, the embedded default) or `openai`. */
export interface AiPort extends ResumeAi, CandidateAi {
  readonly provider: 'local' | 'openai';
}

/** The AI service failed or answered something unusable; `message` names what, never the input. */
export class AiServiceError extends Error {
  override readonly name = 'AiServiceError';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}
