import type { ExtractedResume } from '@hireloop/contracts';

/** The AI port: turns a resume's plain text into structured fields. */
export interface ResumeAi {
  extractResume(text: string): Promise<ExtractedResume>;
}
