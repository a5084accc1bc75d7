import { describe, expect, it } from 'vitest';
import { emptyPostJobForm, toPostJobBody } from './post-job-form';

describe('post-a-job form', () => {
  const filled = {
    ...emptyPostJobForm('Acme'),
    title: ' Platform Engineer ',
    location: 'Berlin',
    description: 'Keep the lights on.',
  };

  it('needs a title, a location and a description', () => {
    expect(toPostJobBody(emptyPostJobForm())).toBeNull();
    expect(toPostJobBody({ ...filled, title: '  ' })).toBeNull();
    expect(toPostJobBody({ ...filled, location: '' })).toBeNull();
    expect(toPostJobBody({ ...filled, description: '\n' })).toBeNull();
  });

  it('sends the defaults: Full-time, Entry level, not remote, no salary and no benefits', () => {
    expect(toPostJobBody(filled)).toEqual({
      title: 'Platform Engineer',
      company: 'Acme',
      location: 'Berlin',
      salary: null,
      type: 'Full-time',
      remote: false,
      description: 'Keep the lights on.',
      requirements: [],
      skills: [],
      experience: 'Entry level',
      benefits: null,
    });
  });

  it('splits requirements by line and skills by comma, dropping blanks', () => {
    const body = toPostJobBody({
      ...filled,
      requirements: '5 years of Go\n\n  Kubernetes  \r\nOn call',
      skills: 'Go, , Kubernetes ,Terraform,',
      salary: ' $120k ',
      benefits: 'Equity',
      remote: true,
      type: 'Contract',
      experience: 'Senior level',
    });
    expect(body).toMatchObject({
      requirements: ['5 years of Go', 'Kubernetes', 'On call'],
      skills: ['Go', 'Kubernetes', 'Terraform'],
      salary: '$120k',
      benefits: 'Equity',
      remote: true,
      type: 'Contract',
      experience: 'Senior level',
    });
  });
});
