import type { CandidateProfile } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import {
  aiSummaryAccess,
  availabilityLabel,
  canRegenerateSummary,
  contactAction,
  experienceText,
  fullName,
  generatedDate,
  initials,
  limitedPreview,
  safeLink,
  salaryText,
  visibleSkills,
} from './profile-display';

describe('experience', () => {
  it("reads a bare number as years, keeps a value that already says 'year', and says when there is none", () => {
    expect(experienceText('5')).toBe('5 years');
    expect(experienceText('5+')).toBe('5+ years');
    expect(experienceText('5+ years')).toBe('5+ years');
    expect(experienceText('1 Year')).toBe('1 Year');
    expect(experienceText('  ')).toBe('Not specified');
    expect(experienceText('')).toBe('Not specified');
    expect(experienceText(null)).toBe('Not specified');
  });
});

describe('initials and names', () => {
  it('takes the first letter of the first and last name, in capitals', () => {
    expect(initials('Ada', 'Lovelace')).toBe('AL');
    expect(initials(' grace ', 'hopper')).toBe('GH');
    expect(initials('Émile', '')).toBe('É');
    expect(initials('', '')).toBe('?');
  });

  it('joins the names that exist', () => {
    expect(fullName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullName('Ada', '')).toBe('Ada');
    expect(fullName('', '')).toBe('');
  });
});

describe('salary', () => {
  it('prefixes a dollar sign unless the value has one', () => {
    expect(salaryText('120k - 150k')).toBe('$120k - 150k');
    expect(salaryText('95000')).toBe('$95000');
    expect(salaryText('$120k - $150k')).toBe('$120k - $150k');
    expect(salaryText('')).toBe('Not specified');
    expect(salaryText(undefined)).toBe('Not specified');
  });
});

describe('skills shown', () => {
  const skills = ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'GraphQL', 'Docker', 'AWS'];

  it('shows the first few and counts the rest', () => {
    expect(visibleSkills(skills, 5)).toEqual({ shown: skills.slice(0, 5), more: 2 });
    expect(visibleSkills(skills, 8)).toEqual({ shown: skills, more: 0 });
    expect(visibleSkills([], 5)).toEqual({ shown: [], more: 0 });
  });

  it('counts the ones the server left out of a limited answer', () => {
    expect(visibleSkills(skills.slice(0, 3), 8, 12)).toEqual({ shown: skills.slice(0, 3), more: 9 });
  });
});

describe('badges, links and dates', () => {
  it("says 'Actively Looking' only for immediate availability", () => {
    expect(availabilityLabel('immediate')).toBe('Actively Looking');
    expect(availabilityLabel('open')).toBe('Open to Opportunities');
  });

  it('keeps only http(s) links', () => {
    expect(safeLink('https://github.com/ada')).toBe('https://github.com/ada');
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink('')).toBeNull();
  });

  it('writes a date people read, and nothing for a broken one', () => {
    expect(generatedDate('2026-03-01T23:30:00.000Z')).toBe('Mar 1, 2026');
    expect(generatedDate('soon')).toBeNull();
  });
});

describe('who may do what', () => {
  it('lets the owner and companies regenerate a summary, and nobody else', () => {
    expect(canRegenerateSummary({ isOwner: true, viewerType: 'candidate' })).toBe(true);
    expect(canRegenerateSummary({ isOwner: false, viewerType: 'company' })).toBe(true);
    expect(canRegenerateSummary({ isOwner: false, viewerType: 'candidate' })).toBe(false);
    expect(canRegenerateSummary({ isOwner: false, viewerType: null })).toBe(false);
  });

  it("shows someone else's AI summary box to companies (Regenerate) and admins (read), tells visitors who reads it, shows candidates none (ADR 070)", () => {
    expect(aiSummaryAccess({ viewerType: 'company', isAdmin: false })).toBe('regenerate');
    expect(aiSummaryAccess({ viewerType: 'candidate', isAdmin: true })).toBe('read');
    expect(aiSummaryAccess({ viewerType: 'candidate', isAdmin: false })).toBe('none');
    expect(aiSummaryAccess({ viewerType: null, isAdmin: false })).toBe('sign-up');
  });

  it('offers Contact only to a company on a paid plan', () => {
    expect(contactAction({ viewerType: 'company', onPaidPlan: true })).toBe('contact');
    expect(contactAction({ viewerType: 'company', onPaidPlan: false })).toBe('upgrade');
    expect(contactAction({ viewerType: 'candidate', onPaidPlan: true })).toBe('upgrade');
    expect(contactAction({ viewerType: null, onPaidPlan: false })).toBe('upgrade');
  });
});

describe("the owner's limited preview", () => {
  it('carries exactly what a non-owner gets: no name, contact details, links or pictures', () => {
    const profile = {
      id: 'p1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      title: 'Engineer',
      location: 'London',
      availability: 'open',
      workPreference: 'remote',
      skills: Array.from({ length: 10 }, (_, i) => `Skill ${i + 1}`),
    } as CandidateProfile;
    const preview = limitedPreview(profile, 8);
    expect(preview).toEqual({
      id: 'p1',
      title: 'Engineer',
      location: 'London',
      availability: 'open',
      workPreference: 'remote',
      skills: profile.skills.slice(0, 8),
      skillCount: 10,
    });
  });
});
