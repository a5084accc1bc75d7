import { type ExtractedResume, ExtractResumeResponse, PROFILE_MESSAGES } from '@hireloop/contracts';
import { useMutation } from '@tanstack/react-query';
import { clientErrorText, NetworkError, parseAnswer, sendForm } from '../../../lib/api-client';

export const EXTRACT_RESUME_PATH = '/api/extract-resume';

/** An answer of `POST /api/extract-resume` that says it failed (`success: false`) without an error status. */
export class ResumeExtractionError extends Error {
  override readonly name = 'ResumeExtractionError';
}

/**
 * `POST /api/extract-resume` (multipart, field `resume`): the extracted resume. Refusals come back
 * as 4xx `{ success: false, data: null, error }` (413 too large, 415 not the type it claims, 422
 * unreadable, 401 signed out) and are thrown as the client's `ApiError`.
 */
export async function extractResume(file: File, { signal }: { signal?: AbortSignal } = {}): Promise<ExtractedResume> {
  const form = new FormData();
  form.append('resume', file, file.name);
  const answer = parseAnswer(ExtractResumeResponse, await sendForm(EXTRACT_RESUME_PATH, form, { signal }), EXTRACT_RESUME_PATH);
  if (!answer.success || !answer.data) throw new ResumeExtractionError(answer.error?.trim() || PROFILE_MESSAGES.parseFailedDetail);
  return answer.data;
}

/**
 * What to tell the person when extraction fails: the server's reason for refusing the file (a
 * 4xx), the network message, or the spec's 'Failed to parse resume. Please try again.'
 */
export function extractionErrorText(error: unknown): string {
  if (error instanceof ResumeExtractionError || error instanceof NetworkError) return error.message;
  return clientErrorText(error) ?? PROFILE_MESSAGES.parseFailedDetail;
}

/** Extraction as a mutation: nothing is cached, the result belongs to the page that asked. */
export function useExtractResume() {
  return useMutation({ mutationFn: (file: File) => extractResume(file) });
}
