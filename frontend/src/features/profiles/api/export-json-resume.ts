import { getJson } from '../../../lib/api-client';

export const JSON_RESUME_PATH = '/api/profile/json-resume';

/**
 * `GET /api/profile/json-resume`: the signed-in candidate's profile as a JSON Resume, saved as
 * `resume.json`. The call carries the session's bearer token, so it is fetched and handed to the
 * browser as a file rather than opened as a link.
 */
export async function downloadJsonResume({
  save = saveFile,
}: { save?: (fileName: string, contents: Blob) => void } = {}): Promise<void> {
  const resume = await getJson(JSON_RESUME_PATH);
  save('resume.json', new Blob([JSON.stringify(resume, null, 2)], { type: 'application/json' }));
}

function saveFile(fileName: string, contents: Blob) {
  const url = URL.createObjectURL(contents);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
