/*
 * The resume files each upload route reads (ADR 048). The routes accept exactly these and the
 * file pickers offer exactly these, both built from this one list, so a picker never offers a
 * file the server refuses (a GIF, an SVG) and the server never reads a kind the
 * picker hides.
 */

export const RESUME_FILE_KINDS = {
  pdf: { mediaType: 'application/pdf', extensions: ['.pdf'] },
  docx: { mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['.docx'] },
  /** Word 97–2003, as the spec's wizard accepts (part 2 §7). */
  doc: { mediaType: 'application/msword', extensions: ['.doc'] },
  json: { mediaType: 'application/json', extensions: ['.json'] },
  png: { mediaType: 'image/png', extensions: ['.png'] },
  jpeg: { mediaType: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  webp: { mediaType: 'image/webp', extensions: ['.webp'] },
} as const;
export type ResumeFileKind = keyof typeof RESUME_FILE_KINDS;

/** Pictures of a resume, read by OCR (or by the AI service's vision input with `openai`). */
export const RESUME_IMAGE_KINDS = ['png', 'jpeg', 'webp'] as const satisfies readonly ResumeFileKind[];

/** `POST /api/extract-resume` (the resume upload page): documents, JSON Resume and images. */
export const EXTRACT_RESUME_KINDS = ['pdf', 'docx', 'doc', 'json', ...RESUME_IMAGE_KINDS] as const satisfies readonly ResumeFileKind[];
/** `POST /api/parse-resume` (the profile wizard, spec part 2 §5: documents only). */
export const PARSE_RESUME_KINDS = ['pdf', 'docx', 'doc'] as const satisfies readonly ResumeFileKind[];

/** The kind a media type or file extension names, among `kinds`; null when it is none of them. */
export function resumeFileKind(kinds: readonly ResumeFileKind[], file: { type?: string; name?: string }): ResumeFileKind | null {
  const type = (file.type ?? '').split(';')[0]!.trim().toLowerCase();
  const name = (file.name ?? '').toLowerCase();
  return (
    kinds.find((kind) => RESUME_FILE_KINDS[kind].mediaType === type) ??
    kinds.find((kind) => (RESUME_FILE_KINDS[kind].extensions as readonly string[]).some((extension) => name.endsWith(extension))) ??
    null
  );
}

/** A file input's `accept` for these kinds: every extension and media type. */
export const resumeFileAccept = (kinds: readonly ResumeFileKind[]): string =>
  kinds.flatMap((kind) => [...RESUME_FILE_KINDS[kind].extensions, RESUME_FILE_KINDS[kind].mediaType]).join(',');
