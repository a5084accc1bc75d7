import { z } from 'zod';

/** Stream `application-<sha256(jobId:candidateUserId)>`: one application per candidate per job. */
export const ApplicationSubmitted = z.object({
  applicationId: z.string(),
  jobId: z.string(),
  candidateUserId: z.string(),
  submittedAt: z.string(),
});
export type ApplicationSubmitted = z.infer<typeof ApplicationSubmitted>;

export type ApplicationEvent = { type: 'ApplicationSubmitted'; data: ApplicationSubmitted };
