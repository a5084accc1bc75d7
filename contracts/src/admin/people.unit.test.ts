import { describe, expect, it } from 'vitest';
import { CreateAdminCandidateBody, CreateAdminCompanyBody, UpdateAdminCandidateBody } from './people';

const messages = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message);

/**
 * A name too long is refused for being too long, not as missing: a `z.string({ error })` message
 * covers every check without its own (zod 4), so each limit names itself.
 */
describe('the admin people forms say what is wrong with a field', () => {
  it('a first or last name over 100 characters is too long, not required', () => {
    expect(messages(CreateAdminCandidateBody.safeParse({ firstName: 'A'.repeat(101), lastName: 'B', email: 'a@b.example' }))).toEqual([
      'First name must be at most 100 characters',
    ]);
    expect(messages(UpdateAdminCandidateBody.safeParse({ firstName: 'A', lastName: 'B'.repeat(101) }))).toEqual(['Last name must be at most 100 characters']);
    expect(messages(CreateAdminCandidateBody.safeParse({ firstName: ' ', lastName: 'B', email: 'a@b.example' }))).toEqual(['First name is required']);
  });

  it('an email over 254 characters is too long; a company name over 200 characters too', () => {
    expect(messages(CreateAdminCandidateBody.safeParse({ firstName: 'A', lastName: 'B', email: `${'a'.repeat(250)}@b.example` }))).toEqual([
      'Email must be at most 254 characters',
    ]);
    expect(messages(CreateAdminCompanyBody.safeParse({ name: 'N'.repeat(201) }))).toEqual(['Company name must be at most 200 characters']);
    expect(messages(CreateAdminCompanyBody.safeParse({ name: '' }))).toEqual(['Company name is required']);
  });
});
