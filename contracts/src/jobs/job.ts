import type { Job } from './api';
import type { JobPosted } from './events';

/** A freshly posted job as the board shows it. */
export const jobFromPosted = (data: JobPosted, createdAt: string): Job => ({
  id: data.jobId,
  shareToken: data.shareToken,
  title: data.title,
  company: data.company,
  companyId: data.companyId,
  location: data.location,
  salary: data.salary,
  type: data.type,
  remote: data.remote,
  description: data.description,
  requirements: data.requirements,
  skills: data.skills,
  benefits: data.benefits,
  experience: data.experience,
  createdAt,
  isActive: true,
  source: data.source,
  externalUrl: data.externalUrl,
  matchScore: null,
  matchReasons: [],
  warnings: [],
  firstSeenAt: null,
  lastSeenAt: null,
  validThrough: null,
});
