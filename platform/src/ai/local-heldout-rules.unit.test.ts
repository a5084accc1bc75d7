import { describe, expect, it } from 'vitest';
import { splitTitleAndCompany, titleScore } from './job-titles';
import { extractResumeLocally, unzipColumns } from './local';
import { countryOf, findLocation } from './resume-contact';
import { findDateSpan } from './resume-dates';
import { headingOf } from './resume-sections';

/*
 * The rules ADR 115 added after scoring a held-out set of public resume templates, each on a
 * short made-up text (no third-party content), so each fails without its rule.
 */
const NOW = new Date('2026-11-23T12:00:00Z');
const noSkill = () => false;

describe('countries by any English name', () => {
  it('reads a place ending in an official or less common country name', () => {
    expect(findLocation(['Mira Sol', 'Mapo-gu, Seoul, Republic of Korea'], noSkill)).toBe('Mapo-gu, Seoul, Republic of Korea');
    expect(findLocation(['Ada Obi', 'Ikeja, Lagos, Nigeria'], noSkill)).toBe('Ikeja, Lagos, Nigeria');
    expect(findLocation(['Lan Tran', 'Hanoi, Viet Nam'], noSkill)).toBe('Hanoi, Viet Nam');
    expect(countryOf('Kampala, Uganda')).toBe('UG');
  });

  it('keeps a US state that is also a country a US place', () => {
    expect(countryOf('Atlanta, Georgia')).not.toBe('GE');
  });
});

describe('headings in the other grammatical number', () => {
  it('knows a singular or plural form of a listed heading', () => {
    expect(headingOf('Extracurricular Activity')?.section).toBe('other');
    expect(headingOf('Work Experiences')?.section).toBe('experience');
    expect(headingOf('Publication')?.section).toBe('other');
  });

  it('does not make a heading of an unrelated word', () => {
    expect(headingOf('Experimentss')).toBeUndefined();
    expect(headingOf('Kotlin')).toBeUndefined();
  });

  it('ends the experience section at an "Extracurricular Activity" heading', () => {
    const text = [
      'Jo Park',
      'jo@example.org',
      'Experience',
      'Nimbus Labs | Busan',
      'Platform Engineer | Mar. 2021 – Present',
      'Extracurricular Activity',
      'Chess Club | Busan',
      'Member | Jun. 2012 – Present',
    ].join('\n');
    expect(extractResumeLocally(text, NOW).experience).toHaveLength(1);
  });
});

describe('entries printed side by side', () => {
  const grid = [
    'Nimbus Labs | Quarry Works',
    'Platform Engineer | Web Developer',
    'Austin, TX | Dallas, TX',
    'January 2020 to Present | May 2016 to December 2019',
    'Built the deploy pipeline. | Wrote the billing pages.',
  ];

  it('reads the columns one after the other', () => {
    expect(unzipColumns(grid)).toEqual([
      'Nimbus Labs', 'Platform Engineer', 'Austin, TX', 'January 2020 to Present', 'Built the deploy pipeline.', '',
      'Quarry Works', 'Web Developer', 'Dallas, TX', 'May 2016 to December 2019', 'Wrote the billing pages.', '',
    ]);
  });

  it('finds both jobs of a two-column grid', () => {
    const resume = extractResumeLocally(['Jo Park', 'jo@example.org', 'Experience', ...grid].join('\n'), NOW);
    expect(resume.experience.map((job) => [job.title, job.company])).toEqual([
      ['Platform Engineer', 'Nimbus Labs'],
      ['Web Developer', 'Quarry Works'],
    ]);
  });

  it('leaves an ordinary "Title | Dates" row alone', () => {
    const lines = ['Nimbus Labs | Austin, TX', 'Platform Engineer | 2020 – Present', 'Built the deploy pipeline.'];
    expect(unzipColumns(lines)).toEqual(lines);
  });
});

describe('skill categories printed without a colon', () => {
  const skillsOf = (rows: readonly string[]) =>
    extractResumeLocally(['Jo Park', 'jo@example.org', 'Skills', ...rows].join('\n'), NOW).skills.technical;

  it('cuts a category run into the first item of its list', () => {
    const skills = skillsOf(['DevOps Terraform, Nomad, Consul', 'Backend Koa, Hapi, Fastify']);
    expect(skills.slice(0, 6)).toEqual(['Terraform', 'Nomad', 'Consul', 'Koa', 'Hapi', 'Fastify']);
  });

  it('does not list a category name alone as a skill', () => {
    const skills = skillsOf(['Web Technologies', 'Advanced', 'HTML5, CSS3, Sass', 'Tools', 'Webpack, Vite, Git']);
    expect(skills).not.toContain('Web Technologies');
    expect(skills).not.toContain('Tools');
    expect(skills.slice(0, 3)).toEqual(['HTML5', 'CSS3', 'Sass']);
  });

  it('keeps a two-word skill that starts like a category', () => {
    expect(skillsOf(['Cloud Run, BigQuery']).slice(0, 2)).toEqual(['Cloud Run', 'BigQuery']);
    const listed = extractResumeLocally(['Jo Park', 'jo@example.org', 'Skills', '• Bookkeeping', '• Communication skills'].join('\n'), NOW).skills;
    expect([...listed.technical, ...listed.soft]).toContain('Communication skills');
  });
});

describe('an expected end date', () => {
  it('reads "Expected" or "Exp." before the end of a range', () => {
    expect(findDateSpan('Aug 2021 – Expected May 2025')).toMatchObject({ start: 'Aug 2021', end: 'May 2025', kind: 'range' });
    expect(findDateSpan('Researcher | Mar. 2016 Exp. Jun. 2017')).toMatchObject({ start: 'Mar. 2016', end: 'Jun. 2017', kind: 'range' });
  });
});

describe('Chinese job titles', () => {
  it('knows title heads such as 专家, 负责人, 首席…官 and -师', () => {
    expect(titleScore('高级技术专家')).toBeGreaterThan(0);
    expect(titleScore('联合创始人 & 首席技术官')).toBeGreaterThan(0);
    expect(titleScore('架构师')).toBeGreaterThan(0);
  });

  it('puts the employer named first in the company', () => {
    expect(splitTitleAndCompany(['星河', '资深算法专家 & 推荐系统负责人'])).toEqual({ title: '资深算法专家 & 推荐系统负责人', company: '星河' });
  });
});
