import { createHash } from 'node:crypto';

/** One application per candidate per job: the stream is named by both. */
export const applicationStreamId = (jobId: string, candidateUserId: string) =>
  `application-${createHash('sha256').update(`${jobId}:${candidateUserId}`).digest('hex')}`;
