import { describe, expect, it } from 'vitest';
import { MATCH_SCORE_VERSION, experienceYears, matchCandidate, matchJob, matcherFor, type MatchJob, type MatchProfile } from './match-score';

/**
 * The match score's specification (ADR 027), as a table: each row a profile and a job, and
 * the score, reasons and warnings they must give. Points: skills 50, seniority 20, location 20,
 * job type 10.
 */
const ada: MatchProfile = {
  title: 'Frontend Engineer',
  skills: ['React', 'TS', 'node', 'GraphQL', 'CSS'],
  experience: '4 years',
  location: 'Austin, TX',
  workPreference: 'hybrid',
};
const job: MatchJob = {
  title: 'Frontend Engineer',
  skills: ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'AWS', 'Docker'],
  requirements: [],
  experience: 'Mid level',
  location: 'Austin, TX 78701',
  remote: false,
  type: 'Full-time',
};

interface Row {
  name: string;
  profile: MatchProfile;
  job: MatchJob;
  score: number;
  reasons: string[];
  warnings: string[];
}

const rows: Row[] = [
  {
    name: 'half the listed skills (synonyms count), right level, same city, full-time',
    profile: ada,
    job,
    // 25 + 20 + 20 + 10
    score: 75,
    reasons: [
      'You have 3 of 6 listed skills: React, TypeScript and Node.js.',
      'Your 4 years of experience fit this Mid level job (2–5 years).',
      'The job is in Austin, TX 78701, where you are.',
    ],
    warnings: [],
  },
  {
    name: 'every listed skill, remote job for a remote worker',
    profile: { ...ada, workPreference: 'remote' },
    job: { ...job, skills: ['reactjs', 'typescript', 'GraphQL'], remote: true, location: 'Remote' },
    // 50 + 20 + 20 + 10
    score: 100,
    reasons: [
      'You have 3 of 3 listed skills: React, TypeScript and GraphQL.',
      'Your 4 years of experience fit this Mid level job (2–5 years).',
      'The job is remote, as you prefer.',
    ],
    warnings: [],
  },
  {
    name: 'on-site in another country, senior level: two warnings',
    profile: ada,
    job: { ...job, experience: 'Senior level', location: 'Berlin, Germany' },
    // 25 + 12 (one year short) + 0 + 10
    score: 47,
    reasons: ['You have 3 of 6 listed skills: React, TypeScript and Node.js.'],
    warnings: [
      'The job asks for Senior level experience (5+ years); you have 4 years.',
      'The job is on-site in Berlin, Germany; you are in Austin, TX.',
    ],
  },
  {
    name: 'none of the listed skills',
    profile: ada,
    job: { ...job, skills: ['Go', 'Rust', 'Kafka', 'Kubernetes'] },
    // 0 + 20 + 20 + 10
    score: 50,
    reasons: ['Your 4 years of experience fit this Mid level job (2–5 years).', 'The job is in Austin, TX 78701, where you are.'],
    warnings: ['You have none of the listed skills: Go, Rust, Kafka and 1 more.'],
  },
  {
    name: 'Golang and k8s are Go and Kubernetes; fewer than half is a warning naming what is missing',
    profile: { ...ada, skills: ['Golang', 'k8s', 'Python'], experience: '7 years' },
    job: { ...job, skills: ['Go', 'Kubernetes', 'Terraform', 'AWS', 'Kafka'], experience: 'Senior level' },
    // round(50 * 2/5) = 20 + 20 + 20 + 10
    score: 70,
    reasons: [
      'You have 2 of 5 listed skills: Go and Kubernetes.',
      'Your 7 years of experience fit this Senior level job (5+ years).',
      'The job is in Austin, TX 78701, where you are.',
    ],
    warnings: ['You do not list Terraform, AWS and Kafka.'],
  },
  {
    name: 'no skills listed: the ones its title and requirements name',
    profile: ada,
    job: { ...job, title: 'React Developer', skills: [], requirements: ['3+ years with TypeScript', 'Experience with Postgres and k8s'] },
    // skills named: TypeScript, PostgreSQL, Kubernetes, React → 2 of 4 = 25; + 20 + 20 + 10
    score: 75,
    reasons: [
      'You have 2 of 4 skills the job names: TypeScript and React.',
      'Your 4 years of experience fit this Mid level job (2–5 years).',
      'The job is in Austin, TX 78701, where you are.',
    ],
    warnings: [],
  },
  {
    name: 'no skills anywhere: half the skill points, no sentence about skills',
    profile: ada,
    job: { ...job, title: 'Store Manager', skills: [], requirements: ['Friendly and reliable'] },
    // 25 + 20 + 20 + 10
    score: 75,
    reasons: ['Your 4 years of experience fit this Mid level job (2–5 years).', 'The job is in Austin, TX 78701, where you are.'],
    warnings: [],
  },
  {
    name: 'same state, another city',
    profile: ada,
    job: { ...job, location: 'Dallas, TX' },
    // 25 + 20 + 10 + 10
    score: 65,
    reasons: ['You have 3 of 6 listed skills: React, TypeScript and Node.js.', 'Your 4 years of experience fit this Mid level job (2–5 years).'],
    warnings: ['The job is on-site in Dallas, TX; you are in Austin, TX.'],
  },
  {
    name: 'a remote-only candidate in the job\'s own city',
    profile: { ...ada, workPreference: 'remote' },
    job,
    // 25 + 20 + 14 + 10
    score: 69,
    reasons: [
      'You have 3 of 6 listed skills: React, TypeScript and Node.js.',
      'Your 4 years of experience fit this Mid level job (2–5 years).',
      'The job is in Austin, TX 78701, where you are.',
    ],
    warnings: ['The job is on-site in Austin, TX 78701; you prefer remote work.'],
  },
  {
    name: 'a remote job for someone who prefers on-site work',
    profile: { ...ada, workPreference: 'onsite' },
    job: { ...job, remote: true },
    // 25 + 20 + 12 + 10
    score: 67,
    reasons: ['You have 3 of 6 listed skills: React, TypeScript and Node.js.', 'Your 4 years of experience fit this Mid level job (2–5 years).'],
    warnings: ['The job is remote; you prefer working on-site.'],
  },
  {
    name: 'an internship for a senior: over-qualified twice',
    profile: { ...ada, experience: '12 years' },
    job: { ...job, experience: 'Entry level', type: 'Internship' },
    // 25 + 12 + 20 + 3
    score: 60,
    reasons: ['You have 3 of 6 listed skills: React, TypeScript and Node.js.', 'The job is in Austin, TX 78701, where you are.'],
    warnings: [
      'The job is Entry level (0–2 years); you have 12 years of experience.',
      'This is an internship; you have 12 years of experience.',
    ],
  },
  {
    name: 'a little over the level still fits; a contract counts 8',
    profile: { ...ada, experience: '7 years' },
    job: { ...job, type: 'Contract' },
    // 25 + 20 + 20 + 8
    score: 73,
    reasons: [
      'You have 3 of 6 listed skills: React, TypeScript and Node.js.',
      'Your 7 years of experience cover this Mid level job (2–5 years).',
      'The job is in Austin, TX 78701, where you are.',
    ],
    warnings: [],
  },
  {
    name: 'far too junior for an executive job',
    profile: { ...ada, experience: '1 year' },
    job: { ...job, experience: 'Executive level' },
    // 25 + 4 + 20 + 10
    score: 59,
    reasons: ['You have 3 of 6 listed skills: React, TypeScript and Node.js.', 'The job is in Austin, TX 78701, where you are.'],
    warnings: ['The job asks for Executive level experience (10+ years); you have 1 year.'],
  },
  {
    name: 'experience without a number, no location given: neutral points, no sentences about them',
    profile: { ...ada, experience: 'Some', location: '' },
    job,
    // 25 + 10 + 10 + 10
    score: 55,
    reasons: ['You have 3 of 6 listed skills: React, TypeScript and Node.js.'],
    warnings: [],
  },
  {
    name: 'US locations count as one country; part-time',
    profile: { ...ada, location: 'Seattle, WA', experience: '3-5 years' },
    job: { ...job, location: 'New York, NY', type: 'Part-time' },
    // 25 + 20 + 10 + 8
    score: 63,
    reasons: ['You have 3 of 6 listed skills: React, TypeScript and Node.js.', 'Your 3 years of experience fit this Mid level job (2–5 years).'],
    warnings: ['The job is on-site in New York, NY; you are in Seattle, WA.'],
  },
];

describe('matchJob', () => {
  it.each(rows)('$name → $score', ({ profile, job: theJob, score, reasons, warnings }) => {
    expect(matchJob(profile, theJob)).toEqual({ score, reasons, warnings, version: MATCH_SCORE_VERSION });
  });

  it('has at least twelve rows, and the same inputs always give the same answer', () => {
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows) expect(matchJob(row.profile, row.job)).toEqual(matchJob(structuredClone(row.profile), structuredClone(row.job)));
  });

  it('scores every job of the table the same way when one profile is scored against many jobs (matcherFor)', () => {
    for (const row of rows) {
      const match = matcherFor(row.profile);
      // Every job of the table against this profile, twice: remembered facts change nothing.
      for (const other of [...rows, ...rows]) expect(match(other.job)).toEqual(matchJob(row.profile, other.job));
    }
  });

  it('compares skills without case, and never gives more than 3 reasons and 2 warnings', () => {
    const lower = matchJob({ ...ada, skills: ada.skills.map((skill) => skill.toUpperCase()) }, job);
    expect(lower).toEqual(matchJob(ada, job));
    for (const row of rows) {
      const result = matchJob(row.profile, row.job);
      expect(result.reasons.length).toBeLessThanOrEqual(3);
      expect(result.warnings.length).toBeLessThanOrEqual(2);
      expect(result.score).toBeGreaterThanOrEqual(0);
      expect(result.score).toBeLessThanOrEqual(100);
    }
  });

  it('reads the years of an experience text', () => {
    expect(experienceYears('5 years')).toBe(5);
    expect(experienceYears('10+ years')).toBe(10);
    expect(experienceYears('3-5 years')).toBe(3);
    expect(experienceYears('Senior')).toBeNull();
  });
});

describe('matchCandidate: the same match told to the company (issue 24)', () => {
  it('gives every row of the table the same score, and as many reasons and warnings, as the candidate sees', () => {
    for (const row of rows) {
      const forCompany = matchCandidate(row.profile, row.job);
      const forCandidate = matchJob(row.profile, row.job);
      expect(forCompany.score).toBe(forCandidate.score);
      expect(forCompany.version).toBe(MATCH_SCORE_VERSION);
      expect(forCompany.reasons).toHaveLength(forCandidate.reasons.length);
      expect(forCompany.warnings).toHaveLength(forCandidate.warnings.length);
      // Never "you": the company is not the candidate.
      for (const sentence of [...forCompany.reasons, ...forCompany.warnings]) expect(sentence).not.toMatch(/\b(?:you|your)\b/i);
    }
  });

  it('speaks of the candidate in the third person', () => {
    expect(matchCandidate(ada, job)).toEqual({
      score: 75,
      reasons: [
        'The candidate has 3 of 6 listed skills: React, TypeScript and Node.js.',
        'Their 4 years of experience fit this Mid level job (2–5 years).',
        'The job is in Austin, TX 78701, where they are.',
      ],
      warnings: [],
      version: MATCH_SCORE_VERSION,
    });
    const far = matchCandidate({ ...ada, skills: ['Java'], location: 'Seattle, WA', experience: '1 year' }, { ...job, experience: 'Senior level' });
    expect(far.warnings).toEqual(['The candidate has none of the listed skills: React, TypeScript, Node.js and 3 more.', 'The job asks for Senior level experience (5+ years); they have 1 year.']);
    expect(matchCandidate({ ...ada, workPreference: 'remote' }, { ...job, remote: true, location: 'Remote' }).reasons).toContain('The job is remote, as they prefer.');
  });
});
