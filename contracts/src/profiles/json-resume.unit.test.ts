import { describe, expect, it } from 'vitest';
import { JsonResume, jsonResumeToExtracted } from './json-resume';

// The real JSON Resume samples are read in json-resume.data.test.ts (../shared/data).
const NOW = new Date('2026-11-23T12:00:00Z');

describe('JSON Resume import', () => {
  it('refuses what is not a JSON Resume object, and leaves everything empty for an empty one', () => {
    expect(JsonResume.safeParse([1, 2]).success).toBe(false);
    expect(JsonResume.safeParse({ basics: { name: 42 } }).success).toBe(false);
    expect(jsonResumeToExtracted({}, NOW)).toMatchObject({ personalInfo: { name: '', email: '' }, experience: [], totalExperience: '', preferredRoles: [] });
  });
});
