import { describe, expect, it } from 'vitest';
import {
  FIELDS,
  MISSED,
  answerOf,
  formatTable,
  scoreAnswer,
  scoreCount,
  scoreSkills,
  scoreText,
  totalsOf,
  type Answer,
  type GroundTruth,
} from './score';

describe('scoring an extracted field against the ground truth', () => {
  it('ignores case, spacing and punctuation around words, but not the words', () => {
    expect(scoreText('Sunnyvale, CA', 'sunnyvale ,  ca')).toBe(1);
    expect(scoreText('Yahoo!', 'Yahoo')).toBe(1);
    expect(scoreText('Sunnyvale, CA', 'Sunnyvale, CA, USA')).toBe(0);
    expect(scoreText('John Doe', 'John')).toBe(0);
  });

  it('compares phones by their digits only', () => {
    expect(scoreText('+1 (415) 555-0142', '+1 415.555.0142', 'phone')).toBe(1);
    expect(scoreText('+1 (415) 555-0142', '(415) 555-0142', 'phone')).toBe(0);
  });

  it('accepts any listed alternative, and an empty answer only where null is listed', () => {
    expect(scoreText(['Pune, India', 'Pune'], 'Pune')).toBe(1);
    expect(scoreText(['Pune, India', 'Pune'], '')).toBe(0);
    expect(scoreText(['Your Location', null], '')).toBe(1);
    expect(scoreText(['Your Location', null], 'Somewhere else')).toBe(0);
  });

  it('expects an empty answer where the truth is a bare null', () => {
    expect(scoreText(null, '')).toBe(1);
    expect(scoreText(null, 'Paris')).toBe(0);
  });

  it('scores a count by any listed number', () => {
    expect(scoreCount(3, 3)).toBe(1);
    expect(scoreCount([2, 3], 2)).toBe(1);
    expect(scoreCount([2, 3], 4)).toBe(0);
  });

  it('scores skills by the share of listed ones found, keeping C, C++ and C# apart', () => {
    expect(scoreSkills(['C++', 'Python', 'Epic', 'HIPAA'], ['python', 'c', 'HIPAA', 'Figma'])).toBe(0.5);
    expect(scoreSkills(['C#'], ['C'])).toBe(0);
    expect(scoreSkills(['.NET'], ['.net'])).toBe(1);
  });

  it('gives full marks for an empty skills truth only when no skill is invented', () => {
    expect(scoreSkills([], [])).toBe(1);
    expect(scoreSkills([], ['Python'])).toBe(0);
  });
});

const truth: GroundTruth = {
  name: 'Ana Lima',
  email: 'ana@example.com',
  phone: '+55 11 91234-5678',
  location: ['São Paulo, Brazil', null],
  title: 'Nurse',
  company: 'Hospital Central',
  experienceCount: [2, 3],
  educationCount: 1,
  skills: ['Epic', 'Patient Care'],
};

const answer: Answer = {
  name: 'ANA LIMA',
  email: 'ana@example.com',
  phone: '11 91234 5678',
  location: '',
  title: 'Registered Nurse',
  company: 'Hospital Central',
  experienceCount: 2,
  educationCount: 1,
  skills: ['Epic'],
};

describe('a file and a set of files', () => {
  it('scores every field of one answer', () => {
    expect(scoreAnswer(truth, answer)).toEqual({
      name: 1,
      email: 1,
      phone: 0,
      location: 1,
      title: 0,
      company: 1,
      experienceCount: 1,
      educationCount: 1,
      skills: 0.5,
    });
  });

  it('reads the title and company of the first job listed', () => {
    const extracted = answerOf({
      personalInfo: { name: 'A', email: '', phone: '', location: '', linkedin: '', github: '' },
      summary: '',
      experience: [
        { title: 'Nurse', company: 'Hospital Central', duration: '2020 - Present', description: '', technologies: [] },
        { title: 'Aide', company: 'Clinic', duration: '2018 - 2020', description: '', technologies: [] },
      ],
      education: [],
      skills: { technical: ['Epic'], soft: ['Empathy'] },
      certifications: [],
      projects: [],
      totalExperience: '',
      preferredRoles: [],
    });

    expect(extracted).toMatchObject({ title: 'Nurse', company: 'Hospital Central', experienceCount: 2, skills: ['Epic', 'Empathy'] });
  });

  it('counts an unread file as a miss on every field in the totals', () => {
    const totals = totalsOf([scoreAnswer(truth, answer), MISSED]);

    expect(totals.files).toBe(2);
    expect(totals.byField.email).toBe(1);
    expect(totals.byField.skills).toBe(0.5);
    expect(totals.overall).toBeCloseTo(6.5 / (2 * FIELDS.length));
    expect(formatTable(totals, 'field')).toContain('| email | 1 | 50.0 % |');
  });
});
