/** Texts shown to people, verbatim from the product spec. */
export const MESSAGES = {
  accountExists: 'An account with this email already exists. Please sign in instead.',
  invalidLogin: 'Invalid email or password. Please try again.',
  passwordTooShort: 'Password must be at least 8 characters long',
  sessionExpired: 'Session expired',
  signInRequired: 'Please sign in to continue',
  jobRequiredFields: 'Please fill in all required fields (Title, Location, Description).',
  companyOnly: 'Only company accounts can post jobs',
  jobNotFound: "Job Not Found - The job you're looking for doesn't exist or the link has expired.",
  versionConflict: 'This record was changed by someone else at the same time. Reload and try again.',
  signInSuccess: 'Sign in successful!',
  companyCreated: 'Company account created successfully!',
  candidateCreated: 'Account created successfully! Redirecting to dashboard...',
} as const;
