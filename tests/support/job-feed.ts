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

const cdata = (text: string) => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/**
 * The same jobs as an XML job feed of Indeed's shape (`<source><job>…`, every value in CDATA), at
 * least `bytes` long (ADR 117: the streaming XML import's bench). Answers how many jobs and bytes.
 */
export async function writeXmlJobFeed(path: string, bytes: number, options: { prefix?: string } = {}): Promise<{ jobs: number; bytes: number }> {
  const out = createWriteStream(path);
  let written = 0;
  const write = async (text: string) => {
    written += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('<?xml version="1.0" encoding="utf-8"?>\n<source>\n<publisher>Hireloop bench</publisher>\n<publisherurl>https://jobs.example/</publisherurl>\n');
  let jobs = 0;
  while (written < bytes) {
    const job = feedJob(jobs, options.prefix);
    await write(
      `<job><title>${cdata(job.title)}</title><date>${cdata(job.postedAt ?? '')}</date><referencenumber>${cdata(job.externalId as string)}</referencenumber>` +
        `<url>${cdata(job.url ?? '')}</url><company>${cdata(job.company as string)}</company><city>${cdata(job.location)}</city>` +
        `<description>${cdata(job.description)}</description><salary>${cdata(job.salary ?? '')}</salary><jobtype>${cdata(job.type ?? '')}</jobtype>` +
        `${(job.skills ?? []).map((skill) => `<category>${cdata(skill)}</category>`).join('')}<remotetype>${job.remote ? 'Fully remote' : 'On-site'}</remotetype></job>\n`,
    );
    jobs++;
  }
  await write('</source>\n');
  out.end();
  await once(out, 'finish');
  return { jobs, bytes: written };
}
