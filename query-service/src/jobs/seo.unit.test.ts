import { describe, expect, it } from 'vitest';
import { createMemoryReadStore } from '@hireloop/platform/read-store';
import { jobBoardProjection } from '@hireloop/projections/job-board/projection';
import { physicalCollection } from '@hireloop/projections/shared/projection';
import { parseSalary, renderJobPageFor } from './seo';

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
