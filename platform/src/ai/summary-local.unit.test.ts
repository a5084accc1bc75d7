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
      fitRoles: ['Software Engineer', 'Frontend Engineer'],
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

  it('suggests the role families that at least two of the candidate’s own skills point to, most matches first', () => {
    const summary = summarizeCandidateLocally({
      title: 'Senior Data Engineer',
      skills: ['Python', 'SQL', 'Kafka', 'dbt', 'Airflow', 'Docker', 'Kubernetes', 'Figma'],
      experience: '6 years',
      workPreference: 'hybrid',
      availability: 'immediate',
    });
    // Data Engineer: 5 of the skills; DevOps: 2; nothing for a single skill (Figma).
    expect(summary.fitRoles).toEqual(['Senior Data Engineer', 'Data Engineer', 'DevOps / Platform Engineer']);
    expect(summarizeCandidateLocally({ title: '', skills: ['Accounting', 'Payroll', 'Excel'], experience: '', workPreference: 'onsite', availability: 'open' }).fitRoles).toEqual(['Accountant']);
    expect(summarizeCandidateLocally({ title: 'Designer', skills: ['Figma', 'React'], experience: '', workPreference: 'onsite', availability: 'open' }).fitRoles).toEqual(['Designer']);
  });

  it('quotes an experience that is not in years as written', () => {
    expect(summarizeCandidateLocally({ title: 'Designer', skills: ['Figma'], experience: 'Senior level', workPreference: 'hybrid', availability: 'open' }).summaryText).toBe(
      'Designer (experience: Senior level). Lists Figma. Prefers hybrid work and is open to the right opportunity.',
    );
  });
});
