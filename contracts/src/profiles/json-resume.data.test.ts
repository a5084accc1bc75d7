import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type CandidateProfile, candidateFromExtraction } from './api';
import { JsonResume, jsonResumeToExtracted, profileToJsonResume } from './json-resume';
import { ExtractedResume } from './resume';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const samplesDir = path.join(repoRoot, '../shared/data/resumes/jsonresume');
const NOW = new Date('2026-11-23T12:00:00Z');
const sample = async (file: string) => JsonResume.parse(JSON.parse(await readFile(path.join(samplesDir, file), 'utf8')));

/** What each sample says, read from the file by hand. */
const EXPECTED: Record<string, { name: string; email: string; location: string; title: string; firstJob: [string, string]; institutions: string[]; skills: string[]; linkedin: string; github: string }> = {
  'resume-schema_sample.resume.json': {
    name: 'Richard Hendriks',
    email: 'richard.hendriks@mail.com',
    location: 'San Francisco, California, US',
    title: 'Programmer',
    firstJob: ['CEO/President', 'Pied Piper'],
    institutions: ['University of Oklahoma'],
    skills: ['HTML', 'CSS', 'Javascript'],
    linkedin: '',
    github: '',
  },
  'fresh-test-resumes_jane-fullstacker.jrs.json': {
    name: 'Jane Q. Fullstacker',
    email: 'jdoe@onecoolstartup.io',
    location: 'Mountain View, CA, US',
    title: 'Senior Developer',
    firstJob: ['Head Code Ninja', 'Area 52'],
    institutions: ['Cornell University'],
    skills: ['JavaScript', 'HTML 5', 'CSS'],
    linkedin: '',
    github: 'https://github.com/janef-was-here',
  },
  'linkedin-profile-reader_alex_Profile.expected.json': {
    name: 'Alexander Pico',
    email: 'alex.pico@gladstone.ucsf.edu',
    location: 'San Francisco, California, United States',
    title: 'Research Investigator and Core Director of Bioinformatics at Gladstone Institutes',
    firstJob: ['Bioinformatics Core Director, Research Investigator', 'Gladstone Institutes'],
    institutions: ['The Rockefeller University'],
    skills: ['MySQL'],
    linkedin: 'https://www.linkedin.com/in/apico',
    github: '',
  },
  'linkedin-profile-reader_benjamin_Profile.expected.json': {
    name: 'Benjamin Gin',
    email: 'ironfist565@gmail.com',
    location: 'San Francisco, California, United States',
    title: '-- Data Science and Statistic Student @ UCSB',
    firstJob: ['Bioinformatician', 'Gladstone Institutes'],
    institutions: ['UC Santa Barbara'],
    skills: ['Spoken English'],
    linkedin: 'https://www.linkedin.com/in/benjamin-gin',
    github: '',
  },
};

describe('JSON Resume import', () => {
  it('has an expectation for every sample in shared/data', async () => {
    const files = (await readdir(samplesDir)).filter((file) => file.endsWith('.json'));
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.keys(EXPECTED))('maps %s to an extracted resume', async (file) => {
    const expected = EXPECTED[file]!;

    const extracted = ExtractedResume.parse(jsonResumeToExtracted(await sample(file), NOW));

    expect(extracted.personalInfo).toMatchObject({ name: expected.name, email: expected.email, location: expected.location, linkedin: expected.linkedin, github: expected.github });
    expect(extracted.preferredRoles[0]).toBe(expected.title);
    expect([extracted.experience[0]?.title, extracted.experience[0]?.company]).toEqual(expected.firstJob);
    expect(extracted.education.map((entry) => entry.institution)).toEqual(expect.arrayContaining(expected.institutions));
    expect(extracted.skills.technical).toEqual(expect.arrayContaining(expected.skills));
  });

  it('reads dates, degrees and projects of the official sample', async () => {
    const extracted = jsonResumeToExtracted(await sample('resume-schema_sample.resume.json'), NOW);

    expect(extracted.experience[0]!.duration).toBe('2013-12-01 - 2014-12-01');
    expect(extracted.totalExperience).toBe('1+ years');
    expect(extracted.education[0]).toEqual({ degree: 'Bachelor in Information Technology', institution: 'University of Oklahoma', year: '2014', gpa: '4.0' });
    expect(extracted.projects[0]).toMatchObject({ name: 'Miss Direction', technologies: ['GoogleMaps', 'Chrome Extension', 'Javascript'] });
  });

  it('reads the legacy 0.x form (work[].company, education[].gpa) and counts an open-ended job to today', async () => {
    const extracted = jsonResumeToExtracted(await sample('fresh-test-resumes_jane-fullstacker.jrs.json'), NOW);

    expect(extracted.experience[0]).toMatchObject({ company: 'Area 52', duration: '2013-09 - Present' });
    expect(extracted.education[0]!.gpa).toBe('3.5');
    expect(extracted.totalExperience).toMatch(/^\d+\+ years$/);
  });
});

describe('JSON Resume export', () => {
  it('writes a profile as JSON Resume that reads back to the same facts', async () => {
    const extracted = jsonResumeToExtracted(await sample('resume-schema_sample.resume.json'), NOW);
    const payload = candidateFromExtraction(extracted);
    const profile: CandidateProfile = {
      ...payload,
      id: 'profile-1',
      userId: 'user-1',
      profilePicture: null,
      coverPhoto: null,
      isPublic: true,
      isPrivate: false,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    };

    const json = JsonResume.parse(profileToJsonResume(profile));
    const back = jsonResumeToExtracted(json, NOW);

    expect(json.basics).toMatchObject({ name: 'Richard Hendriks', label: 'CEO/President', email: 'richard.hendriks@mail.com', phone: '(912) 555-4321' });
    expect(json.education).toEqual([{ studyType: 'Bachelor in Information Technology', institution: 'University of Oklahoma' }]);
    expect(back.personalInfo.name).toBe('Richard Hendriks');
    expect(back.skills.technical).toEqual(profile.skills);
    expect(back.education[0]!.institution).toBe('University of Oklahoma');
  });
});
