import type { ProfileContent } from '../profiles/events';

/**
 * A complete profile's content for tests (every field of `ProfileContent`), so a test names only
 * what it is about. Not used by the product.
 */
export const sampleProfileContent = (overrides: Partial<ProfileContent> = {}): ProfileContent => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  title: 'Software Engineer',
  skills: ['TypeScript'],
  experience: '5+ years',
  location: 'London, UK',
  summary: 'Bio',
  phone: '+44 20 5555 0100',
  email: 'ada@example.com',
  linkedinUrl: '',
  githubUrl: '',
  portfolioUrl: '',
  education: '',
  salaryExpectation: '',
  profilePicture: null,
  coverPhoto: null,
  availability: 'immediate',
  workPreference: 'hybrid',
  isPublic: true,
  ...overrides,
});
