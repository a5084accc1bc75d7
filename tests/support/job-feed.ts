import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { HireloopFeedJobInput } from '@hireloop/contracts/imports/feed';
import { syntheticJob } from '../../cli/src/demo-jobs';

/**
 * A Hireloop feed of any size, written as a stream (the bench's 100 MB feed, the tests' 12 MB
 * one): realistic jobs (cli/src/demo-jobs.ts) with HTML descriptions of about 2.4 kB, so a
 * 100 MB feed holds about 40,000 jobs, the size of feed issue 26 names.
 */
export const feedJob = (i: number, prefix = 'GEN'): HireloopFeedJobInput => {
  const job = syntheticJob(i);
  const paragraphs = job.description.split(/\n+/).map((text) => `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`);
  return {
    externalId: `${prefix}-${i}`,
    title: job.title,
    company: job.company,
    location: job.location,
    description: [...paragraphs, `<ul>${job.requirements.map((line) => `<li>${line}</li>`).join('')}</ul>`, ...paragraphs].join('\n'),
    salary: job.salary,
    type: job.type as HireloopFeedJobInput['type'],
    remote: job.remote,
    requirements: job.requirements,
    skills: job.skills,
    experience: job.experience as HireloopFeedJobInput['experience'],
    benefits: job.benefits,
    url: `https://jobs.example/${prefix}/${i}`,
    postedAt: new Date(Date.UTC(2026, 4, 1) + (i % 30) * 86_400_000).toISOString(),
  };
};

/**
 * Writes `{ "source": "indeed", "jobs": [ … ] }` to `path` until it is at least `bytes` long;
 * answers how many jobs and bytes it wrote. `sourceLast` puts `source` after the list (the
 * document whose format is known only at its end).
 */
export async function writeJobFeed(path: string, bytes: number, options: { prefix?: string; sourceLast?: boolean } = {}): Promise<{ jobs: number; bytes: number }> {
  const out = createWriteStream(path);
  let written = 0;
  const write = async (text: string) => {
    written += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(options.sourceLast ? '{"jobs":[\n' : '{"source":"indeed","jobs":[\n');
  let jobs = 0;
  while (written < bytes) {
    await write(`${jobs ? ',\n' : ''}${JSON.stringify(feedJob(jobs, options.prefix))}`);
    jobs++;
  }
  await write(options.sourceLast ? '\n],"source":"indeed"}\n' : '\n]}\n');
  out.end();
  await once(out, 'finish');
  return { jobs, bytes: written };
}
