import { describe, expect, it } from 'vitest';
import { summarizeCandidateLocally } from './summary-local';

describe('the offline candidate summary', () => {
  it('states only the facts given, and names its model', () => {
    const summary = summarizeCandidateLocally({
      title: 'Software Engineer',
      skills: ['TypeScript', 'PostgreSQL', 'typescript', ' ', 'React'],
      experience: '5+ years',
      workPreference: 'remote',
      availability: 'immediate',
    });

    expect(summary).toEqual({
      summaryText: 'Software Engineer with 5+ years of experience. Lists TypeScript, PostgreSQL and React. Prefers remote work and is available to start immediately.',
      strengths: ['TypeScript', 'PostgreSQL', 'React', '5+ years of experience'],
      fitRoles: ['Software Engineer', 'TypeScript role', 'PostgreSQL role'],
      model: 'local',
    });
  });

  it('says little when little is known, and is the same every time', () => {
    const facts = { title: '', skills: [], experience: '', workPreference: 'onsite', availability: 'open' } as const;

    expect(summarizeCandidateLocally(facts)).toEqual({
      summaryText: 'Candidate. Prefers on-site work and is open to the right opportunity.',
      strengths: [],
      fitRoles: [],
      model: 'local',
    });
    expect(summarizeCandidateLocally(facts)).toEqual(summarizeCandidateLocally(facts));
  });

  it('quotes an experience that is not in years as written', () => {
    expect(summarizeCandidateLocally({ title: 'Designer', skills: ['Figma'], experience: 'Senior level', workPreference: 'hybrid', availability: 'open' }).summaryText).toBe(
      'Designer (experience: Senior level). Lists Figma. Prefers hybrid work and is open to the right opportunity.',
    );
  });
});
