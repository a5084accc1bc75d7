import officialSchema from '@jsonresume/schema/schema.json' with { type: 'json' };
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { sampleProfileContent } from '../testing/profiles';
import type { CandidateProfile } from './api';
import { JsonResume, jsonResumeToExtracted, profileToJsonResume } from './json-resume';

// The real JSON Resume samples are read in json-resume.data.test.ts (../shared/data).
const NOW = new Date('2026-11-23T12:00:00Z');

describe('JSON Resume import', () => {
  it('refuses what is not a JSON Resume object, and leaves everything empty for an empty one', () => {
    expect(JsonResume.safeParse([1, 2]).success).toBe(false);
    expect(JsonResume.safeParse({ basics: { name: 42 } }).success).toBe(false);
    expect(jsonResumeToExtracted({}, NOW)).toMatchObject({ personalInfo: { name: '', email: '' }, experience: [], totalExperience: '', preferredRoles: [] });
  });
});

describe('JSON Resume download', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile(officialSchema);
  const profile = (overrides: Partial<CandidateProfile> = {}): CandidateProfile => ({
    ...sampleProfileContent(),
    id: 'profile-1',
    userId: 'user-1',
    isPrivate: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });
  // What the download sends: undefined fields are left out of the JSON.
  const downloaded = (candidate: CandidateProfile) => JSON.parse(JSON.stringify(profileToJsonResume(candidate))) as Record<string, unknown>;

  it('passes the official JSON Resume schema when the profile has no portfolio or email (no "" for a uri or an email)', () => {
    const json = downloaded(profile({ portfolioUrl: '', email: '' }));
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.basics).not.toHaveProperty('url');
    expect(json.basics).not.toHaveProperty('email');
  });

  it('passes the official schema with every link filled in, and keeps them', () => {
    const json = downloaded(profile({ portfolioUrl: 'https://ada.example', linkedinUrl: 'https://linkedin.com/in/ada', githubUrl: 'https://github.com/ada' }));
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json.basics).toMatchObject({ url: 'https://ada.example', email: 'ada@example.com' });
  });
});
