import { MESSAGES, PostJobBody } from '@hireloop/contracts';
import { describe, expect, it } from 'vitest';
import { emptyPostJobForm, isMissingRequiredField, type PostJobFormValues } from './post-job-form';

/** What the form submits: its values through its resolver's schema, the contract's `PostJobBody`. */
const submitted = (values: PostJobFormValues) => PostJobBody.safeParse(values);

describe('post-a-job form', () => {
  const filled: PostJobFormValues = {
    ...emptyPostJobForm('Acme'),
    title: ' Platform Engineer ',
    location: 'Berlin',
    description: 'Keep the lights on.',
  };

  it('needs a title, a location and a description, each refused with the spec’s words', () => {
    const empty = submitted(emptyPostJobForm());
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['title'], message: MESSAGES.jobRequiredFields },
      { path: ['location'], message: MESSAGES.jobRequiredFields },
      { path: ['description'], message: MESSAGES.jobRequiredFields },
    ]);
    expect(submitted({ ...filled, title: '  ' }).success).toBe(false);
    expect(submitted({ ...filled, location: '' }).success).toBe(false);
    expect(submitted({ ...filled, description: '\n' }).success).toBe(false);
  });

  it('sends the defaults: Full-time, Entry level, not remote, no salary and no benefits', () => {
    expect(submitted(filled).data).toEqual({
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
    const body = submitted({
      ...filled,
      requirements: '5 years of Go\n\n  Kubernetes  \r\nOn call',
      skills: 'Go, , Kubernetes ,Terraform,',
      salary: ' $120k ',
      benefits: 'Equity',
      remote: true,
      type: 'Contract',
      experience: 'Senior level',
    }).data;
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

  it('says "Missing Required Fields" only when a required field is what is missing', () => {
    expect(isMissingRequiredField([undefined, MESSAGES.jobRequiredFields])).toBe(true);
    expect(isMissingRequiredField([undefined, 'At most 200 characters'])).toBe(false);
  });
});
