/** Why an uploaded resume file was refused before any text was read from it. */
export type ResumeFileRefusal =
  | 'type-mismatch'
  /** Zero bytes: nothing was sent (a file picked from a cloud folder not yet downloaded, a failed save). */
  | 'empty'
  /** Locked with a password (an encrypted PDF, a Word file saved with "Encrypt with password"). */
  | 'password-protected'
  | 'unsupported-type'
  | 'too-large-uncompressed'
  | 'too-many-entries'
  | 'image-too-large'
  /** Reading it needed more memory than a worker may use (its heap limit ended it). */
  | 'too-complex'
  | 'unreadable';

/** An uploaded resume the service will not read; `message` is safe to show the uploader. */
export class ResumeFileRejectedError extends Error {
  constructor(
    readonly reason: ResumeFileRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'ResumeFileRejectedError';
  }
}
