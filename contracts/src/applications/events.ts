import { z } from 'zod';
import type { EventSchemas } from '../common/events';

/** Stream `application-<sha256(jobId:candidateUserId)>`: one application per candidate per job. */
export const ApplicationSubmitted = z.object({
  applicationId: z.string(),
  jobId: z.string(),
  candidateUserId: z.string(),
  submittedAt: z.string(),
});
export type ApplicationSubmitted = z.infer<typeof ApplicationSubmitted>;

export type ApplicationEvent = { type: 'ApplicationSubmitted'; data: ApplicationSubmitted };

export const ApplicationEventSchemas = { ApplicationSubmitted } satisfies EventSchemas<ApplicationEvent>;
