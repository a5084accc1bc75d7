import { PROFILE_MESSAGES, RESUME_MAX_BYTES } from '@hireloop/contracts';

const BYTES_PER_MB = 1024 * 1024;

/**
 * What the resume upload page accepts (spec part 2 §5: the wizard's PDF and Word documents, and
 * images): by extension, and by MIME type for browsers that name a file by its type only. A JSON
 * Resume (`.json`) is accepted too, as the server reads it (issue 10).
 */
const RESUME_EXTENSIONS = ['.pdf', '.doc', '.docx', '.json'] as const;
const RESUME_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/json',
] as const;

/** The file input's `accept`: the file picker offers these first. */
export const RESUME_FILE_ACCEPT = ['image/*', ...RESUME_EXTENSIONS, ...RESUME_MIME_TYPES].join(',');

/** Said when a file of another kind (a .txt, a spreadsheet) is chosen or dropped. */
export const UNSUPPORTED_RESUME_FILE =
  'Please choose an image, a PDF, a Word document (.doc or .docx) or a JSON Resume (.json) file.';

/** A size as people read it on the upload page: megabytes with two decimals, "0.01 MB" at least for a non-empty file. */
export function formatSizeInMb(bytes: number): string {
  if (bytes <= 0) return '0.00 MB';
  const megabytes = Math.max(bytes / BYTES_PER_MB, 0.01);
  return `${megabytes.toFixed(2)} MB`;
}

export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot).toLowerCase();
}

/** Whether the page takes this kind of file: an image, a PDF, a Word document or a JSON Resume. */
export function isAcceptedResumeFile(file: Pick<File, 'name' | 'type'>): boolean {
  return (
    isImageFile(file) ||
    (RESUME_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)) ||
    (RESUME_MIME_TYPES as readonly string[]).includes(file.type)
  );
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
