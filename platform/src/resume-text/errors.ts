/** Why an uploaded resume file was refused before any text was read from it. */
export type ResumeFileRefusal =
  | 'type-mismatch'
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
