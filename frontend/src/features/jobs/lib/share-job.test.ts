import { describe, expect, it } from 'vitest';
import {
  descriptionExcerpt,
  emailBody,
  emailShareUrl,
  facebookShareUrl,
  jobShareUrl,
  linkedInShareUrl,
  xShareUrl,
} from './share-job';

const job = { title: 'Staff Engineer', company: 'Acme & Co', description: 'Build things.' };
const url = 'https://hireloop.example/share/job/tok123';

describe('share links', () => {
  it('points to /share/job/{shareToken} on this site', () => {
    expect(jobShareUrl('https://hireloop.example', 'tok123')).toBe(url);
    expect(jobShareUrl('https://hireloop.example/', 'a/b')).toBe('https://hireloop.example/share/job/a%2Fb');
  });

  it('hands the link to LinkedIn, Facebook and X, encoded', () => {
    expect(linkedInShareUrl(url)).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fhireloop.example%2Fshare%2Fjob%2Ftok123',
    );
    expect(facebookShareUrl(url)).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fhireloop.example%2Fshare%2Fjob%2Ftok123',
    );
    expect(xShareUrl(url, 'Staff Engineer at Acme & Co')).toBe(
      'https://x.com/intent/post?text=Staff%20Engineer%20at%20Acme%20%26%20Co&url=https%3A%2F%2Fhireloop.example%2Fshare%2Fjob%2Ftok123',
    );
  });
});

describe('email draft', () => {
  it('keeps a short description whole', () => {
    expect(descriptionExcerpt('  Build things.  ')).toBe('Build things.');
    expect(descriptionExcerpt('x'.repeat(200))).toBe('x'.repeat(200));
  });

  it('cuts the description to its first 200 characters', () => {
    const description = `${'a'.repeat(150)} ${'b'.repeat(100)}`;
    const excerpt = descriptionExcerpt(description);
    expect(excerpt).toBe(`${description.slice(0, 200)}...`);
    expect(excerpt.length).toBe(203);
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(descriptionExcerpt(`${'🚀'.repeat(201)}`)).toBe(`${'🚀'.repeat(200)}...`);
  });

  it('writes the job, the excerpt and the link into the body of a mailto draft', () => {
    const body = emailBody({ ...job, description: 'd'.repeat(300) }, url);
    expect(body).toBe(
      `I thought you might be interested in this job: Staff Engineer at Acme & Co\n\n${'d'.repeat(200)}...\n\n${url}`,
    );
    const mailto = emailShareUrl(job, url);
    expect(mailto.startsWith('mailto:?subject=')).toBe(true);
    const params = new URLSearchParams(mailto.slice('mailto:?'.length));
    expect(params.get('subject')).toBe('Job opportunity: Staff Engineer at Acme & Co');
    expect(params.get('body')).toBe(emailBody(job, url));
  });
});
