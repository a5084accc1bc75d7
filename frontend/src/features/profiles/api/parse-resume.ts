import { ResumeParseResult, WIZARD_RESUME_EXTENSIONS } from '@hireloop/contracts';
import { useMutation } from '@tanstack/react-query';
import { parseAnswer, sendJson } from '../../../lib/api-client';

export const PARSE_RESUME_PATH = '/api/parse-resume';

/** Whether the wizard takes `file` (spec part 2, §5: only .pdf, .doc and .docx), by its name. */
export function isWizardResumeFile(file: Pick<File, 'name'>): boolean {
  const name = file.name.toLowerCase();
  return WIZARD_RESUME_EXTENSIONS.some((extension) => name.endsWith(extension));
}

/**
 * `POST /api/parse-resume` (multipart, field `resume`): what the resume says, to prefill the
 * wizard. A refusal (too large, not really a PDF, unreadable…) throws with the server's reason.
 */
export async function parseResume(file: File, { signal }: { signal?: AbortSignal } = {}): Promise<ResumeParseResult> {
  const form = new FormData();
  form.append('resume', file, file.name);
  return parseAnswer(ResumeParseResult, await sendJson('POST', PARSE_RESUME_PATH, form, { signal }), PARSE_RESUME_PATH);
}

/** Parsing writes nothing the app reads back: no query to refresh. */
export function useParseResume() {
  return useMutation({ mutationFn: (file: File) => parseResume(file) });
}
