import { describe, expect, it } from 'vitest';
import { matchCandidate } from '@hireloop/projections/matching/match-score';
import { seedPlan } from './seed';

/**
 * The seed's story for match scores on candidate cards (issue 24): Northwind Analytics, choosing
 * one of its open jobs on Browse Candidates, sees each seeded public candidate scored with reasons,
 * and Lena Marsh, its Senior Data Engineer's natural fit, at the top. Scored from what a card shows.
 */
describe('what Northwind sees when it matches the seeded candidates to its jobs', () => {
  const { companies, candidates } = seedPlan(new Date('2026-11-27T12:00:00Z'));
  const northwind = companies.find((company) => company.account.companyName === 'Northwind Analytics')!;
  const openJobs = northwind.jobs.filter((planned) => planned.closedAt === null).map((planned) => planned.job);
  const cards = candidates
    .filter((candidate) => candidate.profile.isPublic)
    .map((candidate) => ({
      name: candidate.account.name,
      card: { title: candidate.profile.jobTitle ?? '', skills: candidate.profile.skills ?? [], experience: candidate.profile.experience ?? '', location: candidate.profile.location ?? '', workPreference: candidate.profile.workPreference ?? 'hybrid' },
    }));
  /** A post's list field, given as a list or as text (the form's way). */
  const asList = (value: string | string[] | null | undefined, separator: string) => (Array.isArray(value) ? value : (value ?? '').split(separator).map((item) => item.trim()).filter(Boolean));
  const job = (title: string) => {
    const found = openJobs.find((open) => open.title === title)!;
    return { title: found.title, skills: asList(found.skills, ','), requirements: asList(found.requirements, '\n'), experience: found.experience ?? '', location: found.location, remote: found.remote ?? false, type: found.type ?? 'Full-time' };
  };

  it('has open jobs and public candidates to match', () => {
    expect(openJobs.map((open) => open.title)).toContain('Senior Data Engineer');
    expect(cards.length).toBeGreaterThanOrEqual(2);
  });

  it('scores every public candidate against each open job with at least one reason or warning', () => {
    for (const open of openJobs) {
      for (const { card } of cards) {
        const match = matchCandidate(card, job(open.title));
        expect(match.reasons.length + match.warnings.length).toBeGreaterThan(0);
      }
    }
  });

  it('puts Lena Marsh first for the Senior Data Engineer role, with the skills she has named', () => {
    const ranked = cards.map(({ name, card }) => ({ name, ...matchCandidate(card, job('Senior Data Engineer')) })).sort((a, b) => b.score - a.score);
    expect(ranked[0]!.name).toBe('Lena Marsh');
    expect(ranked[0]!.score).toBeGreaterThanOrEqual(80);
    expect(ranked[0]!.reasons[0]).toMatch(/^The candidate has 7 of 7 listed skills: /);
  });
});
