import { describe, expect, it } from 'vitest';
import { addSkill, addSkills, emptyProfileForm, profileFormWithParsed } from './profile-form';
import { formatDay, suggestedJobsTerm, topSkills } from './suggested-jobs';

describe('profile form values', () => {
  it('adds a skill trimmed, ignoring empties and duplicates in any case', () => {
    expect(addSkill([], '  React ')).toEqual(['React']);
    expect(addSkill(['React'], 'react')).toEqual(['React']);
    expect(addSkill(['React'], '   ')).toEqual(['React']);
    expect(addSkills(['Go'], ['Rust', ' go ', 'Rust', 'SQL'])).toEqual(['Go', 'Rust', 'SQL']);
  });

  it('prefills from a parsed resume, keeping what the resume leaves empty', () => {
    const current = { ...emptyProfileForm(), jobTitle: 'Engineer', location: 'Porto', skills: ['Go'], linkedinUrl: 'https://x.y' };
    const next = profileFormWithParsed(current, {
      jobTitle: ' Backend Engineer ',
      skills: ['go', 'Kafka'],
      experience: '5 years',
      location: '',
      bio: '',
      phone: '',
      email: 'a@b.c',
      education: '',
      workHistory: [],
    });
    expect(next).toMatchObject({
      jobTitle: 'Backend Engineer',
      location: 'Porto',
      skills: ['Go', 'Kafka'],
      experience: '5 years',
      email: 'a@b.c',
      linkedinUrl: 'https://x.y',
    });
  });
});

describe('suggested jobs', () => {
  it('shows the first three skills', () => {
    expect(topSkills({ skills: ['a', 'b', 'c', 'd'] })).toEqual(['a', 'b', 'c']);
    expect(topSkills({ skills: ['a'] })).toEqual(['a']);
  });

  it('searches the board for the title, or the top skill without one', () => {
    expect(suggestedJobsTerm({ title: ' Staff Engineer ', skills: ['Go'] })).toBe('Staff Engineer');
    expect(suggestedJobsTerm({ title: '', skills: ['Go', 'Rust'] })).toBe('Go');
    expect(suggestedJobsTerm({ title: 'x'.repeat(300), skills: [] })).toHaveLength(200);
  });

  it('writes dates as people read them', () => {
    expect(formatDay('2026-03-01T12:00:00.000Z')).toBe('March 1, 2026');
    expect(formatDay('not a date')).toBe('');
  });
});
