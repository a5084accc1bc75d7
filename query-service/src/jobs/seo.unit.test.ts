import { describe, expect, it } from 'vitest';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { physicalCollection } from '@hireloop/projections/shared/projection';
import { sampleJob } from '@hireloop/contracts/testing/jobs';
import { countryCode, jobPostingJsonLd, parseSalary, renderJobPageFor } from './seo';

describe("a job page's structured data", () => {
  it.each([
    ['$150k - $185k', { currency: 'USD', value: { '@type': 'QuantitativeValue', minValue: 150000, maxValue: 185000, unitText: 'YEAR' } }],
    ['CAD 110,000 - 135,000', { currency: 'CAD', value: { '@type': 'QuantitativeValue', minValue: 110000, maxValue: 135000, unitText: 'YEAR' } }],
    ['$45/hour', { currency: 'USD', value: { '@type': 'QuantitativeValue', value: 45, unitText: 'HOUR' } }],
    ['€5,000 per month', { currency: 'EUR', value: { '@type': 'QuantitativeValue', value: 5000, unitText: 'MONTH' } }],
  ])('reads the salary %j as a schema.org amount', (salary, expected) => {
    expect(parseSalary(salary)).toEqual({ '@type': 'MonetaryAmount', ...expected });
  });

  it('gives no amount when the salary names no currency or no number', () => {
    expect(parseSalary('Competitive')).toBeNull();
    expect(parseSalary('150000')).toBeNull();
    expect(parseSalary(null)).toBeNull();
  });
});

describe('job pages for the SPA fallback', () => {
  const html = '<html><head><title>Hireloop</title></head><body></body></html>';

  it('leaves paths that are not job pages to the SPA', async () => {
    expect(await renderJobPageFor(createMemoryReadStore(), '/jobs', html, 'https://hireloop.example')).toBeNull();
  });

  it('answers an unknown job, or a key that is not valid percent-encoding, with the app and a 404', async () => {
    const readStore = createMemoryReadStore();
    await readStore.ensureCollection(physicalCollection(jobBoardProjection, 'jobs'));
    expect(await renderJobPageFor(readStore, '/job/no-such-job', html, 'https://hireloop.example')).toEqual({ status: 404, html });
    expect(await renderJobPageFor(readStore, '/share/job/%E0%A4%A', html, 'https://hireloop.example')).toEqual({ status: 404, html });
  });
});

describe("a job page's place (Google's JobPosting rules)", () => {
  const posting = (location: string, remote = false) =>
    jobPostingJsonLd(sampleJob({ location, remote }), 'https://hireloop.example');

  it.each([
    ['Austin, TX 78701', { addressLocality: 'Austin', addressRegion: 'TX', postalCode: '78701', addressCountry: 'US' }],
    ['Lisbon, Portugal', { addressLocality: 'Lisbon', addressCountry: 'PT' }],
    ['Berlin, Germany', { addressLocality: 'Berlin', addressCountry: 'DE' }],
    ['London, UK', { addressLocality: 'London', addressCountry: 'GB' }],
    ['United States', { addressCountry: 'US' }],
    ['Atlanta, Georgia', { addressLocality: 'Atlanta', addressRegion: 'Georgia', addressCountry: 'US' }],
  ])('%s: locality, region and postal code as written, the country as an ISO 3166-1 code', (location, address) => {
    const json = posting(location);
    expect(json.jobLocation).toEqual({ '@type': 'Place', address: { '@type': 'PostalAddress', ...address } });
    expect(json.jobLocationType).toBeUndefined();
  });

  it.each([
    ['Remote, San Francisco, CA 94105', 'US', { addressLocality: 'San Francisco', addressRegion: 'CA', postalCode: '94105', addressCountry: 'US' }],
    ['Berlin, Germany (Remote)', 'DE', { addressLocality: 'Berlin', addressCountry: 'DE' }],
    ['Remote, United States', 'US', null],
    ['Remote - Canada', 'CA', null],
  ])('a remote job at %j says where applicants may live (%s), with its office when it has one', (location, country, address) => {
    const json = posting(location, true);
    expect(json.jobLocationType).toBe('TELECOMMUTE');
    expect(json.applicantLocationRequirements).toEqual({ '@type': 'Country', name: country });
    if (address) expect(json.jobLocation).toEqual({ '@type': 'Place', address: { '@type': 'PostalAddress', ...address } });
    else expect(json.jobLocation).toBeUndefined();
  });

  it('a remote job open worldwide says so', () => {
    const json = posting('Remote (Worldwide)', true);
    expect(json.jobLocationType).toBe('TELECOMMUTE');
    expect(json.applicantLocationRequirements).toEqual({ '@type': 'AdministrativeArea', name: 'Worldwide' });
  });

  it('reads country names and codes people write', () => {
    expect(['USA', 'U.S.A.', 'United States', 'United Kingdom', 'Portugal', 'Deutschland'].map(countryCode)).toEqual(['US', 'US', 'US', 'GB', 'PT', undefined]);
    expect(countryCode('TX')).toBeUndefined();
  });
});
