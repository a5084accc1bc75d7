import { z } from 'zod';

/** One of the signed-in candidate's applications, as the dashboard's Applications card lists it. */
export const CandidateApplication = z.object({
  applicationId: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  location: z.string(),
  appliedAt: z.string(),
  /** Whether the job still takes applications (closed jobs stay listed). */
  jobIsOpen: z.boolean(),
});
export type CandidateApplication = z.infer<typeof CandidateApplication>;

/** `GET /api/applications`: the signed-in candidate's applications, newest first (part 2 §2). */
export const MyApplicationsResponse = z.object({ applications: z.array(CandidateApplication) });
export type MyApplicationsResponse = z.infer<typeof MyApplicationsResponse>;
