import type { ExtractedResume } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { resumeSections } from './resume-sections';
import { SAMPLE_RESUME } from './sample-resume';

const empty: ExtractedResume = {
  personalInfo: { name: '', email: '', phone: '', location: '', linkedin: '', github: '' },
  summary: '',
  experience: [],
  education: [],
  skills: { technical: [], soft: [] },
  certifications: [],
  projects: [],
  totalExperience: '',
  preferredRoles: [],
};

const titles = (resume: ExtractedResume) => resumeSections(resume).map((section) => section.title);

describe('the sections of an extracted resume', () => {
  it('always shows the five sections the spec names, in its order, even when nothing was found', () => {
    expect(titles(empty)).toEqual(['Personal Information', 'Professional Summary', 'Work Experience', 'Skills', 'Education']);
  });

  it('adds certifications and projects only when the resume has some', () => {
    expect(titles({ ...empty, certifications: ['CKA'] })).toEqual([...titles(empty), 'Certifications']);
    expect(titles({ ...empty, projects: [{ name: 'Tidewatch', description: '', technologies: [] }] })).toEqual([
      ...titles(empty),
      'Projects',
    ]);
    expect(titles({ ...empty, certifications: ['  '] })).toEqual(titles(empty));
  });

  it('shows every section of the demo’s sample, projects included', () => {
    expect(resumeSections(SAMPLE_RESUME).map((section) => section.id)).toEqual([
      'personal',
      'summary',
      'experience',
      'skills',
      'education',
      'certifications',
      'projects',
    ]);
  });
});
