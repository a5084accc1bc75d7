import { describe, expect, it } from 'vitest';
import { extractResumeLocally } from './local';

// How the extractor does on the real resumes is measured in local.data.test.ts (../shared/data).
const NOW = new Date('2026-11-23T12:00:00Z');

describe('the offline resume extractor', () => {
  it('leaves unknown fields empty for text that is not a resume', () => {
    const extracted = extractResumeLocally('lorem ipsum dolor sit amet', NOW);

    expect(extracted.personalInfo).toEqual({
      name: '',
      email: '',
      phone: '',
      location: '',
      linkedin: '',
      github: '',
    });
    expect(extracted.experience).toEqual([]);
    expect(extracted.totalExperience).toBe('');
  });
});
