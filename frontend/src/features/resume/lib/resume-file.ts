import {
  EXTRACT_RESUME_KINDS,
  PROFILE_MESSAGES,
  RESUME_IMAGE_KINDS,
  RESUME_MAX_BYTES,
  resumeFileAccept,
  resumeFileKind,
} from '@hireloop/contracts';

const BYTES_PER_MB = 1024 * 1024;

/**
 * The file input's `accept` on the resume upload page: exactly what `POST /api/extract-resume`
 * reads (contracts' resume-files list, ADR 048): PDF, Word .docx, JSON Resume, and PNG, JPEG or
 * WebP images, by extension and by media type.
 */
export const RESUME_FILE_ACCEPT = resumeFileAccept(EXTRACT_RESUME_KINDS);

/** Said when a file of another kind (a .txt, a spreadsheet, a GIF) is chosen or dropped. */
export const UNSUPPORTED_RESUME_FILE =
  'Please choose a PNG, JPEG or WebP image, a PDF, a Word document (.docx) or a JSON Resume (.json) file.';

/** A size as people read it on the upload page: megabytes with two decimals, "0.01 MB" at least for a non-empty file. */
export function formatSizeInMb(bytes: number): string {
  if (bytes <= 0) return '0.00 MB';
  const megabytes = Math.max(bytes / BYTES_PER_MB, 0.01);
  return `${megabytes.toFixed(2)} MB`;
}

export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}

/** Whether the server reads this file as a picture (by OCR): the page says "Reading the image…". */
export function isResumeImage(file: Pick<File, 'name' | 'type'>): boolean {
  return resumeFileKind(RESUME_IMAGE_KINDS, file) !== null;
}

/** Whether the page takes this kind of file: an image, a PDF, a Word document or a JSON Resume. */
export function isAcceptedResumeFile(file: Pick<File, 'name' | 'type'>): boolean {
  return resumeFileKind(EXTRACT_RESUME_KINDS, file) !== null;
}

/**
 * Why the browser refuses a file before sending it, or null when it may go. Over 5 MB it says
 * what the server would answer (413), so the person reads the same words either way.
 */
export function resumeFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!isAcceptedResumeFile(file)) return UNSUPPORTED_RESUME_FILE;
  if (file.size > RESUME_MAX_BYTES) return PROFILE_MESSAGES.resumeTooLarge;
  return null;
}
